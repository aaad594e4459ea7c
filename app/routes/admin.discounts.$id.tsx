import { parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';

import { discountCodeFormSchema } from '@contract/api/discounts';

import { DiscountForm, discountFormValues } from '~/components/admin/discount-form';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { getDiscountCode, listDiscountCodes, saveDiscountCode } from '~/lib/admin/discounts.server';
import { adminI18n, adminTranslator } from '~/lib/admin/i18n.server';
import { failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { metaTranslator, useI18n } from '~/lib/i18n';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff } from '~/lib/staff-session.server';

export const meta: MetaFunction<typeof loader> = ({ location, matches, data }) => {
  const { t } = metaTranslator(location, matches, data);
  return [
    {
      title: pageTitle(
        data && 'code' in data && data.code
          ? t('adminCatalogue.discount.codeTitle', { code: data.code.code })
          : t('adminCatalogue.discount.title'),
      ),
    },
    { name: 'robots', content: 'noindex' },
  ];
};

const id = z.string().uuid();

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const i18n = await adminI18n(context, 'admin-catalogue');
  if (staff.role !== 'owner')
    return json({ forbidden: true as const, code: null, products: [], categories: [], i18n }, { status: 403, headers: ADMIN_HEADERS });
  const codeId = id.safeParse(params.id);
  if (!codeId.success) throw new Response('Not found', { status: 404 });
  const [code, { products, categories }] = await Promise.all([getDiscountCode(staff, codeId.data), listDiscountCodes(staff)]);
  return json({ forbidden: false as const, code, products, categories, i18n }, { headers: ADMIN_HEADERS });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  if (staff.role !== 'owner') return json({ forbidden: true as const }, { status: 403, headers: ADMIN_HEADERS });
  const codeId = id.safeParse(params.id);
  if (!codeId.success) throw new Response('Not found', { status: 404 });
  const submission = parseWithZod(await readFormData(request), { schema: discountCodeFormSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400, headers: ADMIN_HEADERS });
  try {
    const code = await saveDiscountCode(staff, codeId.data, submission.value);
    const t = await adminTranslator(context, 'admin-catalogue');
    return redirectWithNotice(context, '/admin/discounts', t('adminCatalogue.discount.saved', { code: code.code }));
  } catch (error) {
    return json(
      { result: submission.reply({ formErrors: [adminErrorText(error, staff.locale)] }) },
      { status: failureStatus(error), headers: ADMIN_HEADERS },
    );
  }
}

export default function EditDiscount() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useI18n();
  return (
    <section aria-labelledby="discount-heading">
      <p>
        <Link to="/admin/discounts">{t('adminCatalogue.discount.all')}</Link>
      </p>
      <h1 id="discount-heading">
        {data.code ? t('adminCatalogue.discount.codeTitle', { code: data.code.code }) : t('adminCatalogue.discount.title')}
      </h1>
      {data.forbidden || !data.code ? (
        <p role="alert">{t('adminCatalogue.discounts.ownerOnly')}</p>
      ) : (
        <>
          <p>
            {data.code.max_uses
              ? t('adminCatalogue.discount.usedOf', { count: data.code.uses, max: data.code.max_uses })
              : t('adminCatalogue.discount.used', { count: data.code.uses })}{' '}
            {t(data.code.usable ? 'adminCatalogue.discount.usableNow' : 'adminCatalogue.discount.notUsableNow')}
          </p>
          <DiscountForm
            mode="edit"
            defaultValue={discountFormValues(data.code)}
            choices={data}
            lastResult={actionData && 'result' in actionData ? actionData.result : undefined}
          />
        </>
      )}
    </section>
  );
}
