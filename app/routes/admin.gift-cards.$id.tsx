import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';

import { formatEuro } from '@contract/money';
import { formatLaunchTime } from '@contract/shop-time';

import { AdminNotice } from '~/components/admin/admin-notice';
import { LedgerTable } from '~/components/admin/ledger-table';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { disableGiftCard, getGiftCard } from '~/lib/admin/gift-cards.server';
import { failureStatus } from '~/lib/api.server';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, takeNotice } from '~/lib/staff-session.server';

import { cardState } from './admin.gift-cards._index';

export const meta: MetaFunction = () => [{ title: pageTitle('Gift card') }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const [detail, { notice, headers }] = await Promise.all([getGiftCard(staff, params.id ?? ''), takeNotice(context)]);
  return json({ ...detail, notice, owner: staff.role === 'owner' }, { headers: { ...ADMIN_HEADERS, ...headers } });
}

/** Disabling a lost card: it stops paying at once; the ledger keeps its balance. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  if (staff.role !== 'owner') return json({ error: 'Only an owner may disable a gift card.' }, { status: 403, headers: ADMIN_HEADERS });
  try {
    const { card } = await disableGiftCard(staff, params.id ?? '');
    return redirectWithNotice(context, `/admin/gift-cards/${card.id}`, `Gift card ····${card.last4} is disabled: it can no longer pay.`);
  } catch (error) {
    return json({ error: adminErrorText(error) }, { status: failureStatus(error), headers: ADMIN_HEADERS });
  }
}

export default function AdminGiftCard() {
  const { card, ledger, notice, owner } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="gift-card-heading">
      <p>
        <Link to="/admin/gift-cards">All gift cards</Link>
      </p>
      <h1 id="gift-card-heading">Gift card ····{card.last4}</h1>
      <AdminNotice notice={notice} />
      <dl className="admin-facts">
        <dt>Balance</dt>
        <dd>
          {formatEuro(card.balance)} of {formatEuro(card.initial_amount)}
        </dd>
        <dt>State</dt>
        <dd>{cardState(card)}</dd>
        <dt>Issued</dt>
        <dd>
          {formatLaunchTime(card.created_at)} by {card.issued_by}
          {card.recipient_email ? `, for ${card.recipient_email}` : ''}
        </dd>
        <dt>Expires</dt>
        <dd>{card.expires_at ? formatLaunchTime(card.expires_at) : 'Never'}</dd>
      </dl>
      {owner && !card.disabled_at ? (
        <Form method="post">
          <button type="submit" className="button button--danger">
            Disable this card (lost or stolen)
          </button>
        </Form>
      ) : null}
      <h2>Ledger</h2>
      <LedgerTable entries={ledger} label={`Every change of gift card ····${card.last4}, oldest first`} />
    </section>
  );
}
