import { parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';

import { discountCodeFormSchema } from '@contract/api/discounts';

import { DiscountForm } from '~/components/admin/discount-form';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { createDiscountCode, listDiscountCodes } from '~/lib/admin/discounts.server';
import { ADMIN_MESSAGES } from '~/lib/admin/messages';
import { failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff } from '~/lib/staff-session.server';

export const meta: MetaFunction = () => [{ title: pageTitle('New discount code') }, { name: 'robots', content: 'noindex' }];

const ownerOnly = () => json({ forbidden: true as const, products: [], categories: [] }, { status: 403, headers: ADMIN_HEADERS });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  if (staff.role !== 'owner') return ownerOnly();
  const { products, categories } = await listDiscountCodes(staff);
  return json({ forbidden: false as const, products, categories }, { headers: ADMIN_HEADERS });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  if (staff.role !== 'owner') return ownerOnly();
  const submission = parseWithZod(await readFormData(request), { schema: discountCodeFormSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400, headers: ADMIN_HEADERS });
  try {
    const code = await createDiscountCode(staff, submission.value);
    return redirectWithNotice(context, '/admin/discounts', `The code ${code.code} was created: ${code.description}.`);
  } catch (error) {
    return json(
      { result: submission.reply({ formErrors: [adminErrorText(error)] }) },
      { status: failureStatus(error), headers: ADMIN_HEADERS },
    );
  }
}

export default function NewDiscount() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section aria-labelledby="new-discount-heading">
      <p>
        <Link to="/admin/discounts">All discount codes</Link>
      </p>
      <h1 id="new-discount-heading">New discount code</h1>
      {data.forbidden ? (
        <p role="alert">{ADMIN_MESSAGES.discountsOwnerOnly}</p>
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
