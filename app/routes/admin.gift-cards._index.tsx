import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';

import { formatGiftCardCode } from '@contract/gift-cards';
import { formatEuro } from '@contract/money';
import { formatLaunchTime } from '@contract/shop-time';

import { AdminNotice } from '~/components/admin/admin-notice';
import { GiftCardOwnerForms } from '~/components/admin/gift-card-forms';
import { TableScroll } from '~/components/admin/table-scroll';
import { giftCardAdminForm } from '~/forms/gift-cards-admin';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { addGiftCardProduct, issueGiftCard, listGiftCards } from '~/lib/admin/gift-cards.server';
import { changeShopSettings, shopSettings } from '~/lib/admin/settings.server';
import { failureStatus } from '~/lib/api.server';
import { readFormData } from '~/lib/form-data.server';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction = () => [{ title: pageTitle('Gift cards') }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const [list, settings, { notice, headers }] = await Promise.all([listGiftCards(staff), shopSettings(staff), takeNotice(context)]);
  return json(
    { ...list, bonus: settings.store_credit_bonus_percent, notice, owner: staff.role === 'owner' },
    { headers: { ...ADMIN_HEADERS, ...headers } },
  );
}

/** The owner issues a card, adds a gift-card product, or sets the bonus on returns taken as credit. */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  if (staff.role !== 'owner') return json({ error: 'Only an owner may change gift cards.' }, { status: 403, headers: ADMIN_HEADERS });
  const parsed = giftCardAdminForm.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return json({ error: parsed.error.issues[0].message }, { status: 400, headers: ADMIN_HEADERS });
  const post = parsed.data;
  try {
    if (post.intent === 'product') {
      await addGiftCardProduct(staff, { name: post.name, amounts: post.amounts });
      return redirectWithNotice(
        context,
        '/admin/gift-cards',
        `${post.name} is on sale at /gift-cards: ${post.amounts.map((a) => formatEuro(a)).join(', ')}.`,
      );
    }
    if (post.intent === 'bonus') {
      await changeShopSettings(staff, { store_credit_bonus_percent: post.percent });
      return redirectWithNotice(context, '/admin/gift-cards', `Returns refunded as store credit now get ${post.percent}% more.`);
    }
    const issued = await issueGiftCard(staff, {
      amount: post.amount,
      expires_at: post.expires_on ? `${post.expires_on}T23:59:59Z` : null,
      recipient_email: post.recipient_email,
    });
    // The code is shown once, in the notice after the redirect, and never again.
    return redirectWithNotice(
      context,
      `/admin/gift-cards/${issued.card.id}`,
      `Gift card issued for ${formatEuro(post.amount)}${post.expires_on ? `, expiring at the end of ${post.expires_on}` : ''}${post.recipient_email ? `, and emailed to ${post.recipient_email}` : ''}. Its code, shown only now: ${formatGiftCardCode(issued.code)}`,
    );
  } catch (error) {
    return json({ error: adminErrorText(error) }, { status: failureStatus(error), headers: ADMIN_HEADERS });
  }
}

export const cardState = (card: { disabled_at: string | null; expires_at: string | null; balance: number }) =>
  card.disabled_at
    ? 'Disabled'
    : card.expires_at && new Date(card.expires_at) <= new Date()
      ? 'Expired'
      : card.balance === 0
        ? 'Spent'
        : 'Usable';

export default function AdminGiftCards() {
  const { cards, outstanding, store_credit_outstanding, bonus, notice, owner } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section aria-labelledby="gift-cards-heading">
      <h1 id="gift-cards-heading">Gift cards</h1>
      <AdminNotice notice={notice} />
      <p>
        Owed on gift cards: <strong>{formatEuro(outstanding)}</strong>. Owed as store credit:{' '}
        <strong>{formatEuro(store_credit_outstanding)}</strong>. Both are a liability until spent; the dashboard counts gift-card sales
        apart from product revenue.
      </p>
      {owner ? <GiftCardOwnerForms bonus={bonus} error={actionData?.error ?? null} /> : null}
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
