import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';

import { formatEuro } from '@contract/money';
import { formatLaunchTime } from '@contract/shop-time';

import { AdminNotice } from '~/components/admin/admin-notice';
import { LedgerTable } from '~/components/admin/ledger-table';
import { ADMIN_HEADERS, adminErrorText } from '~/lib/admin.server';
import { giftCardState } from '~/lib/admin/catalogue-words';
import { disableGiftCard, getGiftCard } from '~/lib/admin/gift-cards.server';
import { adminI18n } from '~/lib/admin/i18n.server';
import { failureStatus } from '~/lib/api.server';
import { metaTranslator, useI18n } from '~/lib/i18n';
import { serverTranslator } from '~/lib/i18n.server';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('adminCatalogue.giftCard.title')) },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const [detail, { notice, headers }, i18n] = await Promise.all([
    getGiftCard(staff, params.id ?? ''),
    takeNotice(context),
    adminI18n(context, 'admin-catalogue', 'admin-people'),
  ]);
  return json({ ...detail, notice, owner: staff.role === 'owner', i18n }, { headers: { ...ADMIN_HEADERS, ...headers } });
}

/** Disabling a lost card: it stops paying at once; the ledger keeps its balance. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const t = serverTranslator(staff.locale, 'admin-catalogue');
  if (staff.role !== 'owner') return json({ error: t('adminCatalogue.giftCard.ownerOnly') }, { status: 403, headers: ADMIN_HEADERS });
  try {
    const { card } = await disableGiftCard(staff, params.id ?? '');
    return redirectWithNotice(context, `/admin/gift-cards/${card.id}`, t('adminCatalogue.giftCard.disabledNotice', { last4: card.last4 }));
  } catch (error) {
    return json({ error: adminErrorText(error, staff.locale) }, { status: failureStatus(error), headers: ADMIN_HEADERS });
  }
}

export default function AdminGiftCard() {
  const { card, ledger, notice, owner } = useLoaderData<typeof loader>();
  const { t, locale } = useI18n();
  return (
    <section aria-labelledby="gift-card-heading">
      <p>
        <Link to="/admin/gift-cards">{t('adminCatalogue.giftCard.all')}</Link>
      </p>
      <h1 id="gift-card-heading">{t('adminCatalogue.giftCard.heading', { last4: card.last4 })}</h1>
      <AdminNotice notice={notice} />
      <dl className="admin-facts">
        <dt>{t('adminCatalogue.common.balance')}</dt>
        <dd>
          {t('adminCatalogue.giftCard.balanceOf', {
            balance: formatEuro(card.balance, locale),
            initial: formatEuro(card.initial_amount, locale),
          })}
        </dd>
        <dt>{t('adminCatalogue.common.state')}</dt>
        <dd>{giftCardState(card, t)}</dd>
        <dt>{t('adminCatalogue.common.issued')}</dt>
        <dd>
          {t('adminCatalogue.giftCards.issuedBy', { date: formatLaunchTime(card.created_at, undefined, locale), who: card.issued_by })}
          {card.recipient_email ? t('adminCatalogue.giftCard.forEmail', { email: card.recipient_email }) : ''}
        </dd>
        <dt>{t('adminCatalogue.common.expires')}</dt>
        <dd>{card.expires_at ? formatLaunchTime(card.expires_at, undefined, locale) : t('adminCatalogue.common.never')}</dd>
      </dl>
      {owner && !card.disabled_at ? (
        <Form method="post">
          <button type="submit" className="button button--danger">
            {t('adminCatalogue.giftCard.disable')}
          </button>
        </Form>
      ) : null}
      <h2>{t('adminCatalogue.giftCard.ledger')}</h2>
      <LedgerTable entries={ledger} label={t('adminCatalogue.giftCard.ledgerLabel', { last4: card.last4 })} />
    </section>
  );
}
