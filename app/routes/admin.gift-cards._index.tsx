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
import { giftCardState } from '~/lib/admin/catalogue-words';
import { addGiftCardProduct, issueGiftCard, listGiftCards } from '~/lib/admin/gift-cards.server';
import { adminI18n } from '~/lib/admin/i18n.server';
import { changeShopSettings, shopSettings } from '~/lib/admin/settings.server';
import { failureStatus } from '~/lib/api.server';
import { formatLongDate } from '~/lib/dates';
import { readFormData } from '~/lib/form-data.server';
import { metaTranslator, useI18n } from '~/lib/i18n';
import { serverFormMessage, serverTranslator } from '~/lib/i18n.server';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('adminCatalogue.giftCards.title')) },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const [list, settings, { notice, headers }, i18n] = await Promise.all([
    listGiftCards(staff),
    shopSettings(staff),
    takeNotice(context),
    adminI18n(context, 'admin-catalogue'),
  ]);
  return json(
    { ...list, bonus: settings.store_credit_bonus_percent, notice, owner: staff.role === 'owner', i18n },
    { headers: { ...ADMIN_HEADERS, ...headers } },
  );
}

/** The owner issues a card, adds a gift-card product, or sets the bonus on returns taken as credit. */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const t = serverTranslator(staff.locale, 'admin-catalogue');
  if (staff.role !== 'owner') return json({ error: t('adminCatalogue.giftCards.ownerOnly') }, { status: 403, headers: ADMIN_HEADERS });
  const parsed = giftCardAdminForm.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success)
    return json({ error: serverFormMessage(staff.locale)(parsed.error.issues[0].message) }, { status: 400, headers: ADMIN_HEADERS });
  const post = parsed.data;
  try {
    if (post.intent === 'product') {
      await addGiftCardProduct(staff, { name: post.name, amounts: post.amounts });
      const amounts = post.amounts.map((a) => formatEuro(a, staff.locale)).join(', ');
      return redirectWithNotice(context, '/admin/gift-cards', t('adminCatalogue.giftCards.onSale', { name: post.name, amounts }));
    }
    if (post.intent === 'bonus') {
      await changeShopSettings(staff, { store_credit_bonus_percent: post.percent });
      return redirectWithNotice(context, '/admin/gift-cards', t('adminCatalogue.giftCards.bonusSaved', { percent: post.percent }));
    }
    const issued = await issueGiftCard(staff, {
      amount: post.amount,
      expires_at: post.expires_on ? `${post.expires_on}T23:59:59Z` : null,
      recipient_email: post.recipient_email,
    });
    // The code is shown once, in the notice after the redirect, and never again.
    const expiry = post.expires_on
      ? t('adminCatalogue.giftCards.issuedExpiry', {
          date: staff.locale === 'en' ? post.expires_on : formatLongDate(`${post.expires_on}T12:00:00Z`, staff.locale),
        })
      : '';
    const emailed = post.recipient_email ? t('adminCatalogue.giftCards.issuedEmailed', { email: post.recipient_email }) : '';
    return redirectWithNotice(
      context,
      `/admin/gift-cards/${issued.card.id}`,
      `${t('adminCatalogue.giftCards.issued', { amount: formatEuro(post.amount, staff.locale) })}${expiry}${emailed}${t(
        'adminCatalogue.giftCards.issuedCode',
        { code: formatGiftCardCode(issued.code) },
      )}`,
    );
  } catch (error) {
    return json({ error: adminErrorText(error, staff.locale) }, { status: failureStatus(error), headers: ADMIN_HEADERS });
  }
}

export default function AdminGiftCards() {
  const { cards, outstanding, store_credit_outstanding, bonus, notice, owner } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, locale } = useI18n();
  return (
    <section aria-labelledby="gift-cards-heading">
      <h1 id="gift-cards-heading">{t('adminCatalogue.giftCards.title')}</h1>
      <AdminNotice notice={notice} />
      <p>
        {t('adminCatalogue.giftCards.owedCards')} <strong>{formatEuro(outstanding, locale)}</strong>.{' '}
        {t('adminCatalogue.giftCards.owedCredit')} <strong>{formatEuro(store_credit_outstanding, locale)}</strong>.{' '}
        {t('adminCatalogue.giftCards.liability')}
      </p>
      {owner ? <GiftCardOwnerForms bonus={bonus} error={actionData?.error ?? null} /> : null}
      {cards.length === 0 ? (
        <p>{t('adminCatalogue.giftCards.none')}</p>
      ) : (
        <TableScroll label={t('adminCatalogue.giftCards.title')}>
          <table className="admin-table">
            <caption className="visually-hidden">{t('adminCatalogue.giftCards.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('adminCatalogue.giftCards.card')}</th>
                <th scope="col">{t('adminCatalogue.common.issued')}</th>
                <th scope="col">{t('adminCatalogue.common.amount')}</th>
                <th scope="col">{t('adminCatalogue.common.balance')}</th>
                <th scope="col">{t('adminCatalogue.common.expires')}</th>
                <th scope="col">{t('adminCatalogue.common.state')}</th>
              </tr>
            </thead>
            <tbody>
              {cards.map((card) => (
                <tr key={card.id}>
                  <th scope="row">
                    <Link to={`/admin/gift-cards/${card.id}`}>····{card.last4}</Link>
                  </th>
                  <td>
                    {t('adminCatalogue.giftCards.issuedBy', {
                      date: formatLaunchTime(card.created_at, undefined, locale),
                      who: card.issued_by,
                    })}
                  </td>
                  <td>{formatEuro(card.initial_amount, locale)}</td>
                  <td>{formatEuro(card.balance, locale)}</td>
                  <td>{card.expires_at ? formatLaunchTime(card.expires_at, undefined, locale) : t('adminCatalogue.common.never')}</td>
                  <td>{giftCardState(card, t)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
