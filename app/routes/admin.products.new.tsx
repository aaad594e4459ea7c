import { parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';

import { productCreateFormSchema } from '@contract/api/products-admin';

import { ProductForm } from '~/components/admin/product-form';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { adminI18n, adminTranslator } from '~/lib/admin/i18n.server';
import { descriptionPreview, ownerOnlyAnswer } from '~/lib/admin/product-forms.server';
import { createProduct } from '~/lib/admin/products.server';
import { failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { metaTranslator, useI18n } from '~/lib/i18n';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff } from '~/lib/staff-session.server';

export const meta: MetaFunction = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('adminCatalogue.products.new')) },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  if (staff.role !== 'owner') return ownerOnlyAnswer(context);
  return json({ forbidden: false as const, i18n: await adminI18n(context, 'admin-catalogue') }, { headers: ADMIN_HEADERS });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  if (staff.role !== 'owner') return ownerOnlyAnswer(context);
  const formData = await readFormData(request);
  const preview = descriptionPreview(formData, productCreateFormSchema);
  if (preview) return preview;
  const submission = parseWithZod(formData, { schema: productCreateFormSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400, headers: ADMIN_HEADERS });
  try {
    const product = await createProduct(staff, submission.value);
    const t = await adminTranslator(context, 'admin-catalogue');
    return redirectWithNotice(
      context,
      `/admin/products/${product.id}`,
      t('adminCatalogue.product.created', { name: product.name, count: product.variants.length }),
    );
  } catch (error) {
    return json(
      { result: submission.reply({ formErrors: [adminErrorText(error, staff.locale)] }) },
      { status: failureStatus(error), headers: ADMIN_HEADERS },
    );
  }
}

export default function NewProduct() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useI18n();
  return (
    <section aria-labelledby="new-product-heading">
      <p>
        <Link to="/admin/products">{t('adminCatalogue.products.all')}</Link>
      </p>
      <h1 id="new-product-heading">{t('adminCatalogue.products.new')}</h1>
      {data.forbidden || (actionData && 'forbidden' in actionData) ? (
        <p role="alert">{t('adminCatalogue.products.ownerOnly')}</p>
      ) : (
        <ProductForm
          mode="create"
          defaultValue={{}}
          lastResult={actionData && 'result' in actionData ? actionData.result : undefined}
          preview={actionData && 'preview' in actionData ? actionData.preview : undefined}
        />
      )}
    </section>
  );
}
