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
import { ADMIN_MESSAGES } from '~/lib/admin/messages';
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
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, type SignedInStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data && 'product' in data && data.product ? data.product.name : 'Product') },
  { name: 'robots', content: 'noindex' },
];

function productId(params: { id?: string }) {
  const parsed = adminProductParamSchema.safeParse({ id: params.id });
  if (!parsed.success) throw json({ message: 'Product not found' }, { status: 404, headers: ADMIN_HEADERS });
  return parsed.data.id;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  if (staff.role !== 'owner') return ownerOnlyAnswer();
  const id = productId(params);
  const [product, { notice, headers }] = await Promise.all([getProduct(staff, id), takeNotice(context)]);
  return json(
    { forbidden: false as const, product, values: productFormValues(product), notice, storageBase: getEnv().STORAGE_URL },
    { headers: { ...ADMIN_HEADERS, ...headers } },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  if (staff.role !== 'owner') return ownerOnlyAnswer();
  const id = productId(params);
  const formData = await readFormData(request);
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
        intent === 'archive' ? `${product.name} is archived: it is out of the shop.` : `${product.name} is back in the shop.`,
      );
    } catch (error) {
      return json({ imageForm: 'archive', message: adminErrorText(error) }, { status: failureStatus(error), headers: ADMIN_HEADERS });
    }
  }
  const preview = descriptionPreview(formData, productEditFormSchema);
  if (preview) return preview;
  const submission = parseWithZod(formData, { schema: productEditFormSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400, headers: ADMIN_HEADERS });
  try {
    const product = await saveProduct(staff, id, submission.value);
    return redirectWithNotice(context, `/admin/products/${id}`, `${product.name} was saved.`);
  } catch (error) {
    return json(
      { result: submission.reply({ formErrors: [adminErrorText(error)] }) },
      { status: failureStatus(error), headers: ADMIN_HEADERS },
    );
  }
}

/** What the forms' helpers need of the signed-in member: their API client. */
type Staff = Pick<SignedInStaff, 'api'>;

const splitList = (value: FormDataEntryValue | null, separator: RegExp) =>
  String(value ?? '')
    .split(separator)
    .map((part) => part.trim())
    .filter(Boolean);

/** The variant forms: add one, or save one (its price, stock and listing). */
async function variantAction(context: ShopContext, staff: Staff, id: string, intent: 'variant-add' | 'variant-save', formData: FormData) {
  const variantId = String(formData.get('variantId') ?? '');
  const which = intent === 'variant-add' ? 'new-variant' : variantId;
  const refuse = (message: string, status = 400) => json({ variantForm: which, message }, { status, headers: ADMIN_HEADERS });
  const fields = Object.fromEntries(formData);
  try {
    if (intent === 'variant-add') {
      const parsed = variantCreateFormSchema.safeParse(fields);
      if (!parsed.success) return refuse(parsed.error.issues[0].message);
      const product = await addVariant(staff, id, parsed.data);
      return redirectWithNotice(context, `/admin/products/${id}`, `${product.variants.at(-1)?.description ?? 'The variant'} was added.`);
    }
    if (!/^[0-9a-f-]{36}$/i.test(variantId)) return refuse('Variant not found', 404);
    const parsed = variantEditFormSchema.safeParse(fields);
    if (!parsed.success) return refuse(parsed.error.issues[0].message);
    const product = await saveVariant(staff, id, variantId, parsed.data);
    const variant = product.variants.find((v) => v.id === variantId);
    return redirectWithNotice(context, `/admin/products/${id}`, `${variant?.description ?? 'The variant'} was saved.`);
  } catch (error) {
    return refuse(adminErrorText(error), failureStatus(error));
  }
}

/**
 * The size chart form: measurements named anew redraw the table first (nothing saved); otherwise the
 * rows with any measurement go to the API, which names a gap.
 */
async function sizeChartAction(context: ShopContext, staff: Staff, id: string, formData: FormData) {
  const points = splitList(formData.get('points'), /,/);
  const answer = (message: string, kind: 'draft' | 'error', status: number) =>
    json({ chartForm: true as const, points, message, kind }, { status, headers: ADMIN_HEADERS });
  if (points.join(', ') !== String(formData.get('table_points') ?? '')) {
    return answer(
      points.length
        ? 'The table has the new measurements: fill them in for each size, then save.'
        : 'Enter at least one measurement, e.g. Chest width',
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
        `Enter the ${points[POINT_CODES.indexOf(match[2])] ?? 'measurement'} of size ${match[1]} in cm, e.g. 56 or 56.5`,
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
  if (!parsed.success) return answer(parsed.error.issues[0].message, 'error', 400);
  try {
    await saveSizeChart(staff, id, parsed.data);
    return redirectWithNotice(context, `/admin/products/${id}`, 'The size chart was saved.');
  } catch (error) {
    return answer(adminErrorText(error), 'error', failureStatus(error));
  }
}

/** The Italian texts: saved as they are, an empty one shown in English on the Italian pages. */
async function italianAction(context: ShopContext, staff: Staff, id: string, formData: FormData) {
  const refuse = (message: string, status = 400) => json({ italianForm: true as const, message }, { status, headers: ADMIN_HEADERS });
  const parsed = italianTextsFormSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return refuse(parsed.error.issues[0].message);
  try {
    await saveItalianTexts(staff, id, parsed.data);
    return redirectWithNotice(context, `/admin/products/${id}`, 'The Italian texts were saved.');
  } catch (error) {
    return refuse(adminErrorText(error), failureStatus(error));
  }
}

/** The image forms: upload, save (alt text, focal point), move up or down, remove. */
async function imageAction(context: ShopContext, staff: Staff, id: string, intent: string, formData: FormData) {
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
      if (!(file instanceof File) || file.size === 0) return refuse('Choose an image file to upload');
      const fields = imageUploadFieldsSchema.safeParse(Object.fromEntries([...formData].filter(([, v]) => typeof v === 'string')));
      if (!fields.success) return refuse(fields.error.issues[0].message);
      const form = new FormData();
      form.set('file', file, file.name);
      for (const [key, value] of Object.entries(fields.data)) form.set(key, String(value));
      await uploadImage(staff, id, form);
      return redirectWithNotice(context, `/admin/products/${id}`, 'The image was uploaded.');
    }
    if (!/^[0-9a-f-]{36}$/i.test(imageId)) return refuse('Image not found', 404);
    if (intent === 'image-save') {
      const change = imageUpdateSchema.safeParse(Object.fromEntries(formData));
      if (!change.success) return refuse(change.error.issues[0].message);
      await saveImage(staff, id, imageId, change.data);
      return redirectWithNotice(context, `/admin/products/${id}`, 'The image was saved.');
    }
    if (intent === 'image-up' || intent === 'image-down') {
      await moveImage(staff, id, imageId, intent === 'image-up' ? 'up' : 'down');
      return redirectWithNotice(context, `/admin/products/${id}`, 'The image was moved.');
    }
    if (intent === 'image-remove') {
      await removeImage(staff, id, imageId);
      return redirectWithNotice(context, `/admin/products/${id}`, 'The image was removed.');
    }
    return refuse('Unknown action');
  } catch (error) {
    return refuse(adminErrorText(error), failureStatus(error));
  }
}

export default function EditProduct() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (data.forbidden) return <p role="alert">{ADMIN_MESSAGES.productsOwnerOnly}</p>;
  const { product, values, notice, storageBase } = data;
  return (
    <section aria-labelledby="product-heading">
      <p>
        <Link to="/admin/products">All products</Link>
      </p>
      <h1 id="product-heading">{product.name}</h1>
      <AdminNotice notice={notice} />
      <p>
        {product.archived_at ? (
          <strong className="admin-badge">Archived</strong>
        ) : product.coming_soon ? (
          <strong className="admin-badge">Coming soon</strong>
        ) : null}{' '}
        Launch {formatLaunchTime(product.launch_date)}. {product.waiting} shopper{product.waiting === 1 ? ' is' : 's are'} waiting for it.{' '}
        {product.archived_at ? null : <a href={`/product/${encodeURIComponent(product.name)}`}>View in the shop</a>}
      </p>
      <Form method="post" className="admin-form admin-form--inline" aria-label={product.archived_at ? 'Bring back to the shop' : 'Archive'}>
        <p className="field__hint">
          {product.archived_at
            ? 'Archived: not listed, its page is gone and it cannot be bought. Its orders stay as they are.'
            : 'Archiving takes the product out of the shop (listing, page, carts and checkouts); its orders stay, and it can be brought back.'}
        </p>
        <button type="submit" name="intent" value={product.archived_at ? 'restore' : 'archive'} className="button button--ghost">
          {product.archived_at ? 'Bring back to the shop' : 'Archive product'}
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
        Every variant's stock, with what open checkouts hold, is also on the <Link to="/admin/stock">Stock</Link> page.
      </p>
    </section>
  );
}
