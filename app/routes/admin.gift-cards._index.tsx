import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';

import { adminGiftCardListSchema, issuedGiftCardSchema } from '@contract/api/gift-cards';
import { formatGiftCardCode, GIFT_CARD_LIMITS } from '@contract/gift-cards';
import { formatEuro } from '@contract/money';
import { formatLaunchTime } from '@contract/shop-time';

import { TableScroll } from '~/components/admin/table-scroll';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction = () => [{ title: pageTitle('Gift cards') }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const [list, { notice, headers }] = await Promise.all([staff.api.request('GET', 'admin/gift-cards', adminGiftCardListSchema), takeNotice(context)]);
  return json({ ...list, notice, owner: staff.role === 'owner' }, { headers: { ...ADMIN_HEADERS, ...headers } });
}

/** Euros as the owner types them ("25" or "25,50"), in cents. */
const issueForm = z.object({
  amount: z
    .string()
    .trim()
    .transform((value) => Math.round(Number(value.replace(',', '.')) * 100))
    .pipe(
      z
        .number({ invalid_type_error: 'Enter an amount in euros' })
        .int()
        .min(GIFT_CARD_LIMITS.minAmount, `At least ${formatEuro(GIFT_CARD_LIMITS.minAmount)}`)
        .max(GIFT_CARD_LIMITS.maxAmount, `At most ${formatEuro(GIFT_CARD_LIMITS.maxAmount)}`),
    ),
  expires_on: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Enter a date')
    .optional(),
});

/** The owner issues a card; its code is shown once, in the notice after the redirect, and never again. */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  if (staff.role !== 'owner') return json({ error: 'Only an owner may issue gift cards.' }, { status: 403, headers: ADMIN_HEADERS });
  const parsed = issueForm.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return json({ error: parsed.error.issues[0].message }, { status: 400, headers: ADMIN_HEADERS });
  const { amount, expires_on } = parsed.data;
  try {
    const issued = await staff.api.request('POST', 'admin/gift-cards', issuedGiftCardSchema, {
      body: { amount, expires_at: expires_on ? `${expires_on}T23:59:59Z` : null },
    });
    return redirectWithNotice(
      context,
      `/admin/gift-cards/${issued.card.id}`,
      `Gift card issued for ${formatEuro(amount)}. Its code, shown only now: ${formatGiftCardCode(issued.code)}`,
    );
  } catch (error) {
    return json({ error: adminErrorText(error) }, { status: failureStatus(error), headers: ADMIN_HEADERS });
  }
}

export const cardState = (card: { disabled_at: string | null; expires_at: string | null; balance: number }) =>
  card.disabled_at ? 'Disabled' : card.expires_at && new Date(card.expires_at) <= new Date() ? 'Expired' : card.balance === 0 ? 'Spent' : 'Usable';

export default function AdminGiftCards() {
  const { cards, outstanding, store_credit_outstanding, notice, owner } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section aria-labelledby="gift-cards-heading">
      <h1 id="gift-cards-heading">Gift cards</h1>
      <div role="status">{notice ? <p className="notice notice--success">{notice}</p> : null}</div>
      <p>
        Owed on gift cards: <strong>{formatEuro(outstanding)}</strong>. Owed as store credit: <strong>{formatEuro(store_credit_outstanding)}</strong>. Both
        are a liability until spent; the dashboard counts gift-card sales apart from product revenue.
      </p>
      {owner ? (
        <Form method="post" className="admin-form" noValidate>
          <h2>Issue a gift card</h2>
          <label htmlFor="gift-card-amount">Amount (€)</label>
          <input id="gift-card-amount" name="amount" inputMode="decimal" required aria-describedby={actionData?.error ? 'gift-card-error' : undefined} />
          <label htmlFor="gift-card-expiry">Expires on (optional; no expiry by default)</label>
          <input id="gift-card-expiry" name="expires_on" type="date" />
          {actionData?.error ? (
            <p className="notice notice--error" role="alert" id="gift-card-error">
              {actionData.error}
            </p>
          ) : null}
          <button type="submit" className="button">
            Issue gift card
          </button>
        </Form>
      ) : null}
      {cards.length === 0 ? (
        <p>No gift cards yet.</p>
      ) : (
        <TableScroll label="Gift cards">
          <table className="admin-table">
            <caption className="visually-hidden">Every gift card, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Card</th>
                <th scope="col">Issued</th>
                <th scope="col">Amount</th>
                <th scope="col">Balance</th>
                <th scope="col">Expires</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {cards.map((card) => (
                <tr key={card.id}>
                  <th scope="row">
                    <Link to={`/admin/gift-cards/${card.id}`}>····{card.last4}</Link>
                  </th>
                  <td>
                    {formatLaunchTime(card.created_at)} by {card.issued_by}
                  </td>
                  <td>{formatEuro(card.initial_amount)}</td>
                  <td>{formatEuro(card.balance)}</td>
                  <td>{card.expires_at ? formatLaunchTime(card.expires_at) : 'Never'}</td>
                  <td>{cardState(card)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
