import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';

import { formatEuro } from '@contract/money';

import { AdminNotice } from '~/components/admin/admin-notice';
import { LedgerTable } from '~/components/admin/ledger-table';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { adjustStoreCredit, customerStoreCredit } from '~/lib/admin/customers.server';
import { adminI18n, adminTranslator } from '~/lib/admin/i18n.server';
import { failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { metaTranslator, useI18n } from '~/lib/i18n';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction<typeof loader> = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('adminPeople.credit.title')) },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const [credit, { notice, headers }, i18n] = await Promise.all([
    customerStoreCredit(staff, params.id ?? ''),
    takeNotice(context),
    adminI18n(context, 'admin-people'),
  ]);
  return json(
    { ...credit, id: params.id ?? '', notice, owner: staff.role === 'owner', i18n },
    { headers: { ...ADMIN_HEADERS, ...headers } },
  );
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
  const t = await adminTranslator(context, 'admin-people');
  if (staff.role !== 'owner') return json({ error: t('adminPeople.credit.ownerOnly') }, { status: 403, headers: ADMIN_HEADERS });
  const parsed = adjustForm.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return json({ error: parsed.error.issues[0].message }, { status: 400, headers: ADMIN_HEADERS });
  const { direction, amount, reason } = parsed.data;
  try {
    const credit = await adjustStoreCredit(staff, params.id ?? '', { amount: direction === 'add' ? amount : -amount, reason });
    const amounts = { amount: formatEuro(amount, staff.locale), balance: formatEuro(credit.balance, staff.locale) };
    return redirectWithNotice(
      context,
      `/admin/customers/${params.id}/store-credit`,
      t(direction === 'add' ? 'adminPeople.credit.added' : 'adminPeople.credit.removed', amounts),
    );
  } catch (error) {
    return json({ error: adminErrorText(error, staff.locale) }, { status: failureStatus(error), headers: ADMIN_HEADERS });
  }
}

export default function AdminStoreCredit() {
  const { balance, ledger, id, notice, owner } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { locale, t, fm } = useI18n();
  return (
    <section aria-labelledby="store-credit-heading">
      <p>
        <Link to={`/admin/customers/${id}`}>{t('adminPeople.credit.back')}</Link>
      </p>
      <h1 id="store-credit-heading">{t('adminPeople.credit.title')}</h1>
      <AdminNotice notice={notice} />
      <p>
        {t('adminPeople.credit.balance')} <strong>{formatEuro(balance, locale)}</strong>
      </p>
      {owner ? (
        <Form method="post" className="admin-form" noValidate>
          <h2>{t('adminPeople.credit.addOrRemove')}</h2>
          <fieldset>
            <legend>{t('adminPeople.credit.change')}</legend>
            <label>
              <input type="radio" name="direction" value="add" defaultChecked /> {t('adminPeople.credit.add')}
            </label>
            <label>
              <input type="radio" name="direction" value="remove" /> {t('adminPeople.credit.remove')}
            </label>
          </fieldset>
          <label htmlFor="credit-amount">{t('adminPeople.credit.amount')}</label>
          <input id="credit-amount" name="amount" inputMode="decimal" required />
          <label htmlFor="credit-reason">{t('adminPeople.credit.reason')}</label>
          <input id="credit-reason" name="reason" required maxLength={200} />
          {actionData?.error ? (
            <p className="notice notice--error" role="alert">
              {fm(actionData.error)}
            </p>
          ) : null}
          <button type="submit" className="button">
            {t('adminPeople.credit.save')}
          </button>
        </Form>
      ) : null}
      <h2>{t('adminPeople.credit.ledger')}</h2>
      <LedgerTable entries={ledger} label={t('adminPeople.credit.ledgerLabel')} />
    </section>
  );
}
