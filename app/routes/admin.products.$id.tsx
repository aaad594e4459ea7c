import { parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';

import {
  adminProductParamSchema,
  imageUpdateSchema,
  imageUploadFieldsSchema,
  italianTextsFormSchema,
  POINT_CODES,
  productEditFormSchema,
  sizeChartRequestSchema,
  variantCreateFormSchema,
  variantEditFormSchema,
} from '@contract/api/products-admin';
import { formatLaunchTime } from '@contract/shop-time';

import { AdminNotice } from '~/components/admin/admin-notice';
import { ItalianTextsForm } from '~/components/admin/italian-texts-form';
import { ProductForm } from '~/components/admin/product-form';
import { ProductImages } from '~/components/admin/product-images';
import { ProductVariants } from '~/components/admin/product-variants';
import { SizeChartForm } from '~/components/admin/size-chart-form';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { adminI18n } from '~/lib/admin/i18n.server';
import { descriptionPreview, ownerOnlyAnswer, productFormValues } from '~/lib/admin/product-forms.server';
import {
  addVariant,
  archiveProduct,
  getProduct,
  moveImage,
  removeImage,
  saveImage,
  saveItalianTexts,
  saveProduct,
  saveSizeChart,
  saveVariant,
  uploadImage,
} from '~/lib/admin/products.server';
import { failureStatus } from '~/lib/api.server';
import type { ShopContext } from '~/lib/context.server';
import { getEnv } from '~/lib/env.server';
import { readFormData } from '~/lib/form-data.server';
import { metaTranslator, useI18n } from '~/lib/i18n';
import { serverFormMessage, serverTranslator } from '~/lib/i18n.server';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, type SignedInStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction<typeof loader> = ({ location, matches, data }) => [
  {
    title: pageTitle(
      data && 'product' in data && data.product
        ? data.product.name
        : metaTranslator(location, matches, data).t('adminCatalogue.product.title'),
    ),
  },
  { name: 'robots', content: 'noindex' },
];

function productId(params: { id?: string }) {
  const parsed = adminProductParamSchema.safeParse({ id: params.id });
  if (!parsed.success) throw json({ message: 'Product not found' }, { status: 404, headers: ADMIN_HEADERS });
  return parsed.data.id;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  if (staff.role !== 'owner') return ownerOnlyAnswer(context);
  const id = productId(params);
  const [product, { notice, headers }, i18n] = await Promise.all([
    getProduct(staff, id),
    takeNotice(context),
    adminI18n(context, 'admin-catalogue'),
  ]);
  return json(
    { forbidden: false as const, product, values: productFormValues(product), notice, storageBase: getEnv().STORAGE_URL, i18n },
    { headers: { ...ADMIN_HEADERS, ...headers } },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  if (staff.role !== 'owner') return ownerOnlyAnswer(context);
  const id = productId(params);
  const formData = await readFormData(request);
  const t = wordsOf(staff).t;
  const intent = String(formData.get('intent') ?? '');
  if (intent.startsWith('image-')) return imageAction(context, staff, id, intent, formData);
  if (intent === 'variant-save' || intent === 'variant-add') return variantAction(context, staff, id, intent, formData);
  if (intent === 'size-chart') return sizeChartAction(context, staff, id, formData);
  if (intent === 'italian') return italianAction(context, staff, id, formData);
  if (intent === 'archive' || intent === 'restore') {
    try {
      const product = await archiveProduct(staff, id, intent === 'archive');
      return redirectWithNotice(
        context,
        `/admin/products/${id}`,
        t(intent === 'archive' ? 'adminCatalogue.product.archived' : 'adminCatalogue.product.restored', { name: product.name }),
      );
    } catch (error) {
      return json(
        { imageForm: 'archive', message: adminErrorText(error, staff.locale) },
        { status: failureStatus(error), headers: ADMIN_HEADERS },
      );
    }
  }
  const preview = descriptionPreview(formData, productEditFormSchema);
  if (preview) return preview;
  const submission = parseWithZod(formData, { schema: productEditFormSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400, headers: ADMIN_HEADERS });
  try {
    const product = await saveProduct(staff, id, submission.value);
    return redirectWithNotice(context, `/admin/products/${id}`, t('adminCatalogue.product.saved', { name: product.name }));
  } catch (error) {
    return json(
      { result: submission.reply({ formErrors: [adminErrorText(error, staff.locale)] }) },
      { status: failureStatus(error), headers: ADMIN_HEADERS },
    );
  }
}

/** What the forms' helpers need of the signed-in member: their API client and language. */
type Staff = Pick<SignedInStaff, 'api' | 'locale'>;

/** The member's words: notices and refusals (`t`), and the schemas' messages (`fm`), in their language. */
const wordsOf = (staff: Staff) => ({ t: serverTranslator(staff.locale, 'admin-catalogue'), fm: serverFormMessage(staff.locale) });

const splitList = (value: FormDataEntryValue | null, separator: RegExp) =>
  String(value ?? '')
    .split(separator)
    .map((part) => part.trim())
    .filter(Boolean);

/** The variant forms: add one, or save one (its price, stock and listing). */
async function variantAction(context: ShopContext, staff: Staff, id: string, intent: 'variant-add' | 'variant-save', formData: FormData) {
  const variantId = String(formData.get('variantId') ?? '');
  const which = intent === 'variant-add' ? 'new-variant' : variantId;
  const { t, fm } = wordsOf(staff);
  const refuse = (message: string, status = 400) => json({ variantForm: which, message }, { status, headers: ADMIN_HEADERS });
  const fields = Object.fromEntries(formData);
  try {
    if (intent === 'variant-add') {
      const parsed = variantCreateFormSchema.safeParse(fields);
      if (!parsed.success) return refuse(fm(parsed.error.issues[0].message));
      const product = await addVariant(staff, id, parsed.data);
      const added = product.variants.at(-1)?.description ?? t('adminCatalogue.variants.fallback');
      return redirectWithNotice(context, `/admin/products/${id}`, t('adminCatalogue.variants.added', { variant: added }));
    }
    if (!/^[0-9a-f-]{36}$/i.test(variantId)) return refuse(t('adminCatalogue.variants.notFound'), 404);
    const parsed = variantEditFormSchema.safeParse(fields);
    if (!parsed.success) return refuse(fm(parsed.error.issues[0].message));
    const product = await saveVariant(staff, id, variantId, parsed.data);
    const saved = product.variants.find((v) => v.id === variantId)?.description ?? t('adminCatalogue.variants.fallback');
    return redirectWithNotice(context, `/admin/products/${id}`, t('adminCatalogue.variants.saved', { variant: saved }));
  } catch (error) {
    return refuse(adminErrorText(error, staff.locale), failureStatus(error));
  }
}

/**
 * The size chart form: measurements named anew redraw the table first (nothing saved); otherwise the
 * rows with any measurement go to the API, which names a gap.
 */
async function sizeChartAction(context: ShopContext, staff: Staff, id: string, formData: FormData) {
  const { t, fm } = wordsOf(staff);
  const points = splitList(formData.get('points'), /,/);
  const answer = (message: string, kind: 'draft' | 'error', status: number) =>
    json({ chartForm: true as const, points, message, kind }, { status, headers: ADMIN_HEADERS });
  if (points.join(', ') !== String(formData.get('table_points') ?? '')) {
    return answer(
      points.length ? t('adminCatalogue.chart.draft') : t('adminCatalogue.form.pointsMin'),
      points.length ? 'draft' : 'error',
      points.length ? 200 : 400,
    );
  }
  const rows = new Map<string, Record<string, number>>();
  for (const [name, raw] of formData) {
    const match = /^cm\.(.+)\.([A-J])$/.exec(name);
    const text = String(raw).trim().replace(',', '.');
    if (!match || !text) continue;
    const value = Number(text);
    if (!Number.isFinite(value))
      return answer(
        t('adminCatalogue.chart.badValue', {
          point: points[POINT_CODES.indexOf(match[2])] ?? t('adminCatalogue.chart.measurement'),
          size: match[1],
        }),
        'error',
        400,
      );
    rows.set(match[1], { ...rows.get(match[1]), [match[2]]: value });
  }
  const body = {
    fit_description: String(formData.get('fit_description') ?? ''),
    sizing_tips: splitList(formData.get('sizing_tips'), /\r?\n/),
    model_info: splitList(formData.get('model_info'), /\r?\n/),
    points,
    sizes: [...rows].map(([size, values]) => ({ size, values })),
  };
  const parsed = sizeChartRequestSchema.safeParse(body);
  if (!parsed.success) return answer(fm(parsed.error.issues[0].message), 'error', 400);
  try {
    await saveSizeChart(staff, id, parsed.data);
    return redirectWithNotice(context, `/admin/products/${id}`, t('adminCatalogue.chart.saved'));
  } catch (error) {
    return answer(adminErrorText(error, staff.locale), 'error', failureStatus(error));
  }
}

/** The Italian texts: saved as they are, an empty one shown in English on the Italian pages. */
async function italianAction(context: ShopContext, staff: Staff, id: string, formData: FormData) {
  const { t, fm } = wordsOf(staff);
  const refuse = (message: string, status = 400) => json({ italianForm: true as const, message }, { status, headers: ADMIN_HEADERS });
  const parsed = italianTextsFormSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return refuse(fm(parsed.error.issues[0].message));
  try {
    await saveItalianTexts(staff, id, parsed.data);
    return redirectWithNotice(context, `/admin/products/${id}`, t('adminCatalogue.italian.saved'));
  } catch (error) {
    return refuse(adminErrorText(error, staff.locale), failureStatus(error));
  }
}

/** The image forms: upload, save (alt text, focal point), move up or down, remove. */
async function imageAction(context: ShopContext, staff: Staff, id: string, intent: string, formData: FormData) {
  const { t, fm } = wordsOf(staff);
  const imageId = String(formData.get('imageId') ?? '');
  const which = intent === 'image-upload' ? 'upload' : imageId;
  // A refused upload keeps what was typed (a browser never refills the file itself).
  const typed =
    intent === 'image-upload'
      ? {
          alt: String(formData.get('alt') ?? ''),
          type: String(formData.get('type') ?? ''),
          focal_x: String(formData.get('focal_x') ?? ''),
          focal_y: String(formData.get('focal_y') ?? ''),
        }
      : undefined;
  const refuse = (message: string, status = 400) => json({ imageForm: which, message, typed }, { status, headers: ADMIN_HEADERS });
  try {
    if (intent === 'image-upload') {
      const file = formData.get('file');
      if (!(file instanceof File) || file.size === 0) return refuse(t('adminCatalogue.images.chooseFile'));
      const fields = imageUploadFieldsSchema.safeParse(Object.fromEntries([...formData].filter(([, v]) => typeof v === 'string')));
      if (!fields.success) return refuse(fm(fields.error.issues[0].message));
      const form = new FormData();
      form.set('file', file, file.name);
      for (const [key, value] of Object.entries(fields.data)) form.set(key, String(value));
      await uploadImage(staff, id, form);
      return redirectWithNotice(context, `/admin/products/${id}`, t('adminCatalogue.images.uploaded'));
    }
    if (!/^[0-9a-f-]{36}$/i.test(imageId)) return refuse(t('adminCatalogue.images.notFound'), 404);
    if (intent === 'image-save') {
      const change = imageUpdateSchema.safeParse(Object.fromEntries(formData));
      if (!change.success) return refuse(fm(change.error.issues[0].message));
      await saveImage(staff, id, imageId, change.data);
      return redirectWithNotice(context, `/admin/products/${id}`, t('adminCatalogue.images.saved'));
    }
    if (intent === 'image-up' || intent === 'image-down') {
      await moveImage(staff, id, imageId, intent === 'image-up' ? 'up' : 'down');
      return redirectWithNotice(context, `/admin/products/${id}`, t('adminCatalogue.images.moved'));
    }
    if (intent === 'image-remove') {
      await removeImage(staff, id, imageId);
      return redirectWithNotice(context, `/admin/products/${id}`, t('adminCatalogue.images.removed'));
    }
    return refuse(t('adminCatalogue.common.unknownAction'));
  } catch (error) {
    return refuse(adminErrorText(error, staff.locale), failureStatus(error));
  }
}

export default function EditProduct() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, locale } = useI18n();
  if (data.forbidden) return <p role="alert">{t('adminCatalogue.products.ownerOnly')}</p>;
  const { product, values, notice, storageBase } = data;
  return (
    <section aria-labelledby="product-heading">
      <p>
        <Link to="/admin/products">{t('adminCatalogue.products.all')}</Link>
      </p>
      <h1 id="product-heading">{product.name}</h1>
      <AdminNotice notice={notice} />
      <p>
        {product.archived_at ? (
          <strong className="admin-badge">{t('adminCatalogue.common.archived')}</strong>
        ) : product.coming_soon ? (
          <strong className="admin-badge">{t('adminCatalogue.common.comingSoon')}</strong>
        ) : null}{' '}
        {t('adminCatalogue.product.launchOn', { date: formatLaunchTime(product.launch_date, undefined, locale) })}{' '}
        {t('adminCatalogue.product.waiting', { count: product.waiting })}{' '}
        {product.archived_at ? null : <a href={`/product/${encodeURIComponent(product.name)}`}>{t('adminCatalogue.product.viewInShop')}</a>}
      </p>
      <Form
        method="post"
        className="admin-form admin-form--inline"
        aria-label={t(product.archived_at ? 'adminCatalogue.product.bringBack' : 'adminCatalogue.product.archive')}
      >
        <p className="field__hint">
          {t(product.archived_at ? 'adminCatalogue.product.archivedHint' : 'adminCatalogue.product.archiveHint')}
        </p>
        <button type="submit" name="intent" value={product.archived_at ? 'restore' : 'archive'} className="button button--ghost">
          {t(product.archived_at ? 'adminCatalogue.product.bringBack' : 'adminCatalogue.product.archiveButton')}
        </button>
      </Form>
      {/* Side by side on a wide screen: the product's words on one side, its pictures and stock on the other. */}
      <div className="admin-product-sections">
        <div>
          <ProductForm
            key={product.id}
            mode="edit"
            defaultValue={values}
            lastResult={actionData && 'result' in actionData ? (actionData.result as never) : undefined}
            preview={actionData && 'preview' in actionData ? actionData.preview : undefined}
          />
        </div>
        <div>
          <ProductImages product={product} storageBase={storageBase} />
          <ProductVariants product={product} />
          <SizeChartForm key={JSON.stringify(product.size_chart)} product={product} />
          <ItalianTextsForm key={JSON.stringify(product.italian)} product={product} />
        </div>
      </div>
      <p>
        {t('adminCatalogue.product.stockBefore')} <Link to="/admin/stock">{t('adminCatalogue.product.stockLink')}</Link>
        {t('adminCatalogue.product.stockAfter')}
      </p>
    </section>
  );
}
