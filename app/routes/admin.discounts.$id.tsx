import { parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';

import { discountCodeFormSchema } from '@contract/api/discounts';

import { DiscountForm, discountFormValues } from '~/components/admin/discount-form';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { getDiscountCode, listDiscountCodes, saveDiscountCode } from '~/lib/admin/discounts.server';
import { ADMIN_MESSAGES } from '~/lib/admin/messages';
import { failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff } from '~/lib/staff-session.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data && 'code' in data && data.code ? `Code ${data.code.code}` : 'Discount code') },
  { name: 'robots', content: 'noindex' },
];

const id = z.string().uuid();

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  if (staff.role !== 'owner')
    return json({ forbidden: true as const, code: null, products: [], categories: [] }, { status: 403, headers: ADMIN_HEADERS });
  const codeId = id.safeParse(params.id);
  if (!codeId.success) throw new Response('Not found', { status: 404 });
  const [code, { products, categories }] = await Promise.all([getDiscountCode(staff, codeId.data), listDiscountCodes(staff)]);
  return json({ forbidden: false as const, code, products, categories }, { headers: ADMIN_HEADERS });
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
    return redirectWithNotice(context, '/admin/discounts', `The code ${code.code} was saved.`);
  } catch (error) {
    return json(
      { result: submission.reply({ formErrors: [adminErrorText(error)] }) },
      { status: failureStatus(error), headers: ADMIN_HEADERS },
    );
  }
}

export default function EditDiscount() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section aria-labelledby="discount-heading">
      <p>
        <Link to="/admin/discounts">All discount codes</Link>
      </p>
      <h1 id="discount-heading">{data.code ? `Code ${data.code.code}` : 'Discount code'}</h1>
      {data.forbidden || !data.code ? (
        <p role="alert">{ADMIN_MESSAGES.discountsOwnerOnly}</p>
      ) : (
        <>
          <p>
            Used {data.code.uses} time{data.code.uses === 1 ? '' : 's'}
            {data.code.max_uses ? ` of ${data.code.max_uses}` : ''}.{' '}
            {data.code.usable ? 'Shoppers can use it now.' : 'Shoppers cannot use it now.'}
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
