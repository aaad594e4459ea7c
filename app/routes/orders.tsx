import {
  type ActionFunctionArgs,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  type SerializeFrom,
} from '@remix-run/node';
import { Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';

import { ACCOUNT_RULES } from '@contract/shop-rules';

import { GuestAccountPanel } from '~/components/orders/guest-account-panel';
import { GuestDataPanel } from '~/components/orders/guest-data-panel';
import { OrderCard, orderCardId } from '~/components/orders/order-card';
import { OrderStats } from '~/components/orders/order-stats';
import { OrdersLoading } from '~/components/orders/orders-loading';
import { OrdersToolbar } from '~/components/orders/orders-toolbar';
import { YourConsents } from '~/components/profile/your-consents';
import { DELETE_ACCOUNT_INTENT } from '~/components/profile/your-data';
import { GUEST_ACCOUNT_INTENT } from '~/forms/guest-account-intent';
import { accountApi, isNotAuthenticated, PURCHASE_ID } from '~/lib/account.server';
import { deleteOwnData } from '~/lib/account-deletion.server';
import { upstreamStatus } from '~/lib/api.server';
import { requireUser, signedOutHere } from '~/lib/auth.server';
import { consentAction } from '~/lib/consents.server';
import { formNotAccepted, readFormData } from '~/lib/form-data.server';
import { keepGuestAsAccount } from '~/lib/guest-account.server';
import { localizedPath, metaTranslator, pathWithoutLocale, useI18n } from '~/lib/i18n';
import { i18nData, serverTranslator } from '~/lib/i18n.server';
import { BACK_LINKS, type NavigationHandle, translatedBack } from '~/lib/navigation';
import { ordersHref, type OrdersQuery, readOrdersQuery } from '~/lib/orders-query';
import { pageTitle } from '~/lib/page-title';
import type { PurchaseDetail, PurchaseListItem } from '~/lib/purchases';
import type { RenderMemoHandle } from '~/lib/render-memo.server';
import accountStyles from '~/styles/account.css';

// Drawn from the address and the loaders' data alone: kept as rendered (ADR 083).
export const handle: NavigationHandle & RenderMemoHandle = { pageTitle: 'Orders', back: BACK_LINKS.backToProfile, rendersFromData: true };

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export const meta: MetaFunction = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('title.orders')) },
  { name: 'robots', content: 'noindex' },
];

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/**
 * The shopper's orders: the pages shown so far of the search and filter in the address (ADR 010)
 * with the stats and the detail of the order the address opens (one call). A guest
 * signed in by code sees their own orders too, with the way to keep them in an account (ADR 048).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const query = readOrdersQuery(new URL(request.url).searchParams);
  const account = await accountApi(context);
  const size = ACCOUNT_RULES.ordersPageSize;
  // The list, the statistics and the order the address opens come in one call (issue #36).
  const open = query.open && PURCHASE_ID.test(query.open) ? query.open : undefined;
  // A guest has no profile: their consents are on this page, read beside the orders.
  const [orders, consents] = await Promise.all([
    account.ordersPage(query.pages * size, { q: query.q, status: query.status }, open).then(
      (value) => ({ status: 'fulfilled' as const, value }),
      (reason: unknown) => ({ status: 'rejected' as const, reason }),
    ),
    user.user_type === 'guest' ? guestConsents(account) : null,
  ]);
  // A spent refresh token signed the shopper out on the way: the sign-in page, as for any visitor.
  const signedOut = await signedOutHere(request, context);
  if (signedOut) throw signedOut;
  // The message of the post that led here (an account just made): read once, so the session is written.
  const flash = account.session.get('flash') ?? null;
  if (flash) context.markChanged();
  const headers = { ...(await account.commit()), ...NO_STORE };
  const i18n = i18nData(context, 'account', 'returns', 'forms');
  const t = serverTranslator(context.locale, 'account');

  if (orders.status === 'rejected') {
    if (isNotAuthenticated(orders.reason)) {
      return json({ state: 'not-authenticated' as const, error: t('profile.notAuthenticated'), i18n }, { status: 401, headers });
    }
    console.error('Orders could not be loaded:', orders.reason);
    return json(
      { state: 'error' as const, error: t('orders.errorPrefix', { message: t('orders.failedToFetch') }), i18n },
      { status: upstreamStatus(orders.reason), headers },
    );
  }
  const { purchases: list, stats } = orders.value;
  if (!stats) console.error('Order statistics could not be loaded: the API answered none');
  const opened = orders.value.opened;
  return json(
    {
      state: 'ready' as const,
      // Receipts and the CSV export stay with accounts (spec: registered users); a guest is offered one.
      guest: user.user_type === 'guest' ? { email: user.email, consents } : null,
      flash,
      orders: list,
      stats,
      query,
      // docs/product.md#constants: only when the last page came back with exactly a page, and at least a page is shown.
      canLoadMore: list.length === query.pages * size && list.length >= size,
      opened: query.open
        ? {
            id: query.open,
            detail: opened,
            error: opened ? null : t('orders.detailsFailed'),
          }
        : null,
      i18n,
    },
    { headers },
  );
}

/** A guest's consents, or null (the panel says so) when the API could not read them. */
function guestConsents(account: Awaited<ReturnType<typeof accountApi>>) {
  return account.consents().catch((error: unknown) => {
    // A spent sign-in is the orders' answer to give (the sign-in page), not an error of the consents.
    if (!isNotAuthenticated(error)) console.error('Consents could not be loaded:', error);
    return null;
  });
}

/**
 * The page's forms, a guest's: keeping their email as an account (then these orders are its own), and
 * the consent panel's withdraw and ask for marketing emails, as on the profile.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const formData = await readFormData(request);
  const here = localizedPath('/orders', context.locale);
  const guest = user.user_type === 'guest';
  const consent = guest ? consentAction(request, context, formData, here) : null;
  if (consent) return consent;
  if (guest && formData.get('intent') === DELETE_ACCOUNT_INTENT) return deleteOwnData(context, formData, 'guest');
  if (formData.get('intent') !== GUEST_ACCOUNT_INTENT) throw formNotAccepted();
  return keepGuestAsAccount(request, context, user, formData, here);
}

export default function OrdersPage() {
  const data = useLoaderData<typeof loader>();
  // A guest's deletion refused (a mistyped email, an order still on its way) says why beside its form.
  const acted = useActionData<{ deleteError?: string }>();
  const deleteError = acted && 'deleteError' in acted ? (acted.deleteError ?? null) : null;
  const navigation = useNavigation();
  const { locale, t } = useI18n();
  if (data.state !== 'ready') {
    return (
      <section className="orders orders--message" aria-labelledby="orders-heading">
        <h1 id="orders-heading" className="page-title">
          {t('orders.heading')}
        </h1>
        <p className="notice notice--error" role="alert">
          {data.error}
        </p>
        <div className="button-row">
          {data.state === 'not-authenticated' ? (
            <Link
              to={localizedPath(`/login?redirectTo=${encodeURIComponent(localizedPath('/orders', locale))}`, locale)}
              className="button"
            >
              {t('orders.logIn')}
            </Link>
          ) : null}
          <Link to={localizedPath(BACK_LINKS.backToProfile.to, locale)} className="button button--ghost">
            {translatedBack(BACK_LINKS.backToProfile, t)}
          </Link>
        </div>
      </section>
    );
  }
  const { guest, flash, orders, stats, query, canLoadMore, opened } = data;
  const next =
    navigation.state === 'loading' && pathWithoutLocale(navigation.location.pathname) === '/orders'
      ? readOrdersQuery(new URLSearchParams(navigation.location.search))
      : null;
  // A new search or filter replaces the list; Load More keeps it while the next page comes.
  const searching = next !== null && (next.q !== query.q || next.status !== query.status);
  const filtered = Boolean(query.q || query.status);
  return (
    <section className="orders" aria-labelledby="orders-heading">
      <h1 id="orders-heading" className="page-title">
        {t('orders.heading')}
      </h1>
      {flash ? (
        <p className={`notice notice--${flash.kind}`} role={flash.kind === 'error' ? 'alert' : 'status'}>
          {flash.message}
        </p>
      ) : null}
      {guest ? <GuestAccountPanel email={guest.email} /> : null}
      {guest ? <YourConsents consents={guest.consents} guest /> : null}
      {guest ? <GuestDataPanel error={deleteError} /> : null}
      <OrderStats stats={stats} />
      <OrdersToolbar q={query.q} status={query.status} canExport={!guest} />
      {searching ? (
        <OrdersLoading />
      ) : orders.length === 0 ? (
        <div className="orders-empty">
          <h2>{t('orders.noneFound')}</h2>
          <p>{filtered ? t('orders.adjustFilters') : t('orders.startShoppingHint')}</p>
          {filtered ? null : (
            <Link to={localizedPath('/', locale)} className="button">
              {t('orders.startShopping')}
            </Link>
          )}
        </div>
      ) : (
        <OrderList
          orders={orders}
          query={query}
          opened={opened}
          canLoadMore={canLoadMore}
          loadingMore={next !== null && !searching}
          receipts={!guest}
        />
      )}
    </section>
  );
}

type Opened = { id: string; detail: SerializeFrom<PurchaseDetail> | null; error: string | null } | null;

/** The cards, one expanded at a time; the deep-linked one is scrolled to and highlighted for 3 s. */
function OrderList({
  orders,
  query,
  opened,
  canLoadMore,
  loadingMore,
  receipts,
}: {
  orders: SerializeFrom<PurchaseListItem>[];
  query: OrdersQuery;
  opened: Opened;
  canLoadMore: boolean;
  loadingMore: boolean;
  receipts: boolean;
}) {
  const [expandedId, setExpandedId] = useState(query.open);
  useEffect(() => setExpandedId(query.open), [query.open]);

  const [highlightId, setHighlightId] = useState(query.orderId);
  const cards = useRef(new Map<string, HTMLElement>());
  useEffect(() => {
    setHighlightId(query.orderId);
    if (!query.orderId) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    cards.current.get(query.orderId)?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'center' });
    const timer = window.setTimeout(() => setHighlightId(null), ACCOUNT_RULES.orderHighlightMs);
    return () => window.clearTimeout(timer);
  }, [query.orderId]);

  const view = { q: query.q, status: query.status, pages: query.pages };
  const firstOfNextPage = `orders-page-${query.pages + 1}`;
  const { locale, t } = useI18n();
  return (
    <>
      <ol className="order-list" aria-busy={loadingMore || undefined}>
        {orders.map((order, index) => {
          const expanded = expandedId === order.purchase_id;
          const pageStart = index > 0 && index % ACCOUNT_RULES.ordersPageSize === 0;
          return (
            <li key={order.purchase_id} id={pageStart ? `orders-page-${index / ACCOUNT_RULES.ordersPageSize + 1}` : undefined}>
              <OrderCard
                ref={(element) => {
                  if (element) cards.current.set(order.purchase_id, element);
                  else cards.current.delete(order.purchase_id);
                }}
                order={order}
                expanded={expanded}
                highlighted={highlightId === order.purchase_id}
                toggleHref={`${localizedPath(ordersHref({ ...view, open: expanded ? null : order.purchase_id }), locale)}#${orderCardId(order.purchase_id)}`}
                onToggle={() => setExpandedId(expanded ? null : order.purchase_id)}
                serverDetail={opened && opened.id === order.purchase_id ? opened : null}
                receipts={receipts}
              />
            </li>
          );
        })}
      </ol>
      {canLoadMore ? (
        <div className="orders-more">
          <Link
            to={`${localizedPath(ordersHref({ ...view, pages: query.pages + 1, open: expandedId }), locale)}#${firstOfNextPage}`}
            className="button"
            aria-disabled={loadingMore || undefined}
          >
            {t('orders.loadMore')}
          </Link>
        </div>
      ) : null}
    </>
  );
}
