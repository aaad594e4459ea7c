import { parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';

import { discountCodeFormSchema } from '@contract/api/discounts';

import { DiscountForm } from '~/components/admin/discount-form';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { discountText } from '~/lib/admin/catalogue-words';
import { createDiscountCode, listDiscountCodes } from '~/lib/admin/discounts.server';
import { adminI18n, adminTranslator } from '~/lib/admin/i18n.server';
import { failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { metaTranslator, useI18n } from '~/lib/i18n';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff } from '~/lib/staff-session.server';

export const meta: MetaFunction = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('adminCatalogue.discount.newTitle')) },
  { name: 'robots', content: 'noindex' },
];

const ownerOnly = async (context: Parameters<typeof adminI18n>[0]) =>
  json(
    { forbidden: true as const, products: [], categories: [], i18n: await adminI18n(context, 'admin-catalogue') },
    { status: 403, headers: ADMIN_HEADERS },
  );

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  if (staff.role !== 'owner') return ownerOnly(context);
  const [{ products, categories }, i18n] = await Promise.all([listDiscountCodes(staff), adminI18n(context, 'admin-catalogue')]);
  return json({ forbidden: false as const, products, categories, i18n }, { headers: ADMIN_HEADERS });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  if (staff.role !== 'owner') return ownerOnly(context);
  const submission = parseWithZod(await readFormData(request), { schema: discountCodeFormSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400, headers: ADMIN_HEADERS });
  try {
    const code = await createDiscountCode(staff, submission.value);
    const t = await adminTranslator(context, 'admin-catalogue');
    return redirectWithNotice(
      context,
      '/admin/discounts',
      t('adminCatalogue.discount.created', { code: code.code, description: discountText(code, t, staff.locale) }),
    );
  } catch (error) {
    return json(
      { result: submission.reply({ formErrors: [adminErrorText(error, staff.locale)] }) },
      { status: failureStatus(error), headers: ADMIN_HEADERS },
    );
  }
}

export default function NewDiscount() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useI18n();
  return (
    <section aria-labelledby="new-discount-heading">
      <p>
        <Link to="/admin/discounts">{t('adminCatalogue.discount.all')}</Link>
      </p>
      <h1 id="new-discount-heading">{t('adminCatalogue.discount.newTitle')}</h1>
      {data.forbidden ? (
        <p role="alert">{t('adminCatalogue.discounts.ownerOnly')}</p>
      ) : (
        <DiscountForm
          mode="create"
          defaultValue={{ kind: 'percent', active: 'on' }}
          choices={data}
          lastResult={actionData && 'result' in actionData ? actionData.result : undefined}
        />
      )}
    </section>
  );
}
