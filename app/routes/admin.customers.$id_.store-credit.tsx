import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';

import { formatEuro } from '@contract/money';

import { AdminNotice } from '~/components/admin/admin-notice';
import { LedgerTable } from '~/components/admin/ledger-table';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { adjustStoreCredit, customerStoreCredit } from '~/lib/admin/customers.server';
import { failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction = () => [{ title: pageTitle('Store credit') }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const [credit, { notice, headers }] = await Promise.all([customerStoreCredit(staff, params.id ?? ''), takeNotice(context)]);
  return json({ ...credit, id: params.id ?? '', notice, owner: staff.role === 'owner' }, { headers: { ...ADMIN_HEADERS, ...headers } });
}

const adjustForm = z.object({
  direction: z.enum(['add', 'remove']),
  amount: z
    .string()
    .trim()
    .transform((value) => Math.round(Number(value.replace(',', '.')) * 100))
    .pipe(
      z.number({ invalid_type_error: 'Enter an amount in euros' }).int().min(1, 'Enter an amount in euros').max(100_000, 'At most €1,000'),
    ),
  reason: z.string().trim().min(3, 'Give a reason').max(200, 'At most 200 characters'),
});

/** The owner adds or removes credit with a reason; the API audits it and writes the ledger. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  if (staff.role !== 'owner') return json({ error: 'Only an owner may change store credit.' }, { status: 403, headers: ADMIN_HEADERS });
  const parsed = adjustForm.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return json({ error: parsed.error.issues[0].message }, { status: 400, headers: ADMIN_HEADERS });
  const { direction, amount, reason } = parsed.data;
  try {
    const credit = await adjustStoreCredit(staff, params.id ?? '', { amount: direction === 'add' ? amount : -amount, reason });
    const did = direction === 'add' ? `${formatEuro(amount)} added` : `${formatEuro(amount)} removed`;
    return redirectWithNotice(
      context,
      `/admin/customers/${params.id}/store-credit`,
      `${did}. Store credit is now ${formatEuro(credit.balance)}.`,
    );
  } catch (error) {
    return json({ error: adminErrorText(error) }, { status: failureStatus(error), headers: ADMIN_HEADERS });
  }
}

export default function AdminStoreCredit() {
  const { balance, ledger, id, notice, owner } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section aria-labelledby="store-credit-heading">
      <p>
        <Link to={`/admin/customers/${id}`}>Back to the customer</Link>
      </p>
      <h1 id="store-credit-heading">Store credit</h1>
      <AdminNotice notice={notice} />
      <p>
        Balance: <strong>{formatEuro(balance)}</strong>
      </p>
      {owner ? (
        <Form method="post" className="admin-form" noValidate>
          <h2>Add or remove credit</h2>
          <fieldset>
            <legend>Change</legend>
            <label>
              <input type="radio" name="direction" value="add" defaultChecked /> Add
            </label>
            <label>
              <input type="radio" name="direction" value="remove" /> Remove
            </label>
          </fieldset>
          <label htmlFor="credit-amount">Amount (€)</label>
          <input id="credit-amount" name="amount" inputMode="decimal" required />
          <label htmlFor="credit-reason">Reason (kept in the ledger and the audit log)</label>
          <input id="credit-reason" name="reason" required maxLength={200} />
          {actionData?.error ? (
            <p className="notice notice--error" role="alert">
              {actionData.error}
            </p>
          ) : null}
          <button type="submit" className="button">
            Save
          </button>
        </Form>
      ) : null}
      <h2>Ledger</h2>
      <LedgerTable entries={ledger} label="Every change of this customer's store credit, oldest first" />
    </section>
  );
}
