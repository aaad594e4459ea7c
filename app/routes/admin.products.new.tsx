import { parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';

import { productCreateFormSchema } from '@contract/api/products-admin';

import { ProductForm } from '~/components/admin/product-form';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { ADMIN_MESSAGES } from '~/lib/admin/messages';
import { descriptionPreview, ownerOnlyAnswer } from '~/lib/admin/product-forms.server';
import { createProduct } from '~/lib/admin/products.server';
import { failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff } from '~/lib/staff-session.server';

export const meta: MetaFunction = () => [{ title: pageTitle('New product') }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  if (staff.role !== 'owner') return ownerOnlyAnswer();
  return json({ forbidden: false as const }, { headers: ADMIN_HEADERS });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  if (staff.role !== 'owner') return ownerOnlyAnswer();
  const formData = await readFormData(request);
  const preview = descriptionPreview(formData, productCreateFormSchema);
  if (preview) return preview;
  const submission = parseWithZod(formData, { schema: productCreateFormSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400, headers: ADMIN_HEADERS });
  try {
    const product = await createProduct(staff, submission.value);
    const variants = product.variants.length;
    return redirectWithNotice(
      context,
      `/admin/products/${product.id}`,
      `${product.name} was created with ${variants} variant${variants === 1 ? '' : 's'}.`,
    );
  } catch (error) {
    return json(
      { result: submission.reply({ formErrors: [adminErrorText(error)] }) },
      { status: failureStatus(error), headers: ADMIN_HEADERS },
    );
  }
}

export default function NewProduct() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section aria-labelledby="new-product-heading">
      <p>
        <Link to="/admin/products">All products</Link>
      </p>
      <h1 id="new-product-heading">New product</h1>
      {data.forbidden || (actionData && 'forbidden' in actionData) ? (
        <p role="alert">{ADMIN_MESSAGES.productsOwnerOnly}</p>
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
