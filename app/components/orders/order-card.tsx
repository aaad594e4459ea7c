import type { SerializeFrom } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { forwardRef, useEffect, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';

import { displayAmount } from '@contract/money';
import { orderNumber } from '@contract/order-number';

import { formatLongDate } from '~/lib/dates';
import { useI18n } from '~/lib/i18n';
import type { OrderDetailAnswer, PurchaseDetail, PurchaseListItem } from '~/lib/purchases';

import { OrderDetail } from './order-detail';
import { OrderStatus } from './order-status';

export interface OrderCardProps {
  order: SerializeFrom<PurchaseListItem>;
  expanded: boolean;
  highlighted: boolean;
  /** The address showing this card expanded (or collapsed when it is): the toggle without JavaScript. */
  toggleHref: string;
  /** With JavaScript: expand or collapse in place. */
  onToggle: () => void;
  /** The detail the server loaded with the page (the card opened by the address), if any. */
  serverDetail: { detail: SerializeFrom<PurchaseDetail> | null; error: string | null } | null;
  /** Receipts are for accounts: a guest's card says so instead of offering one. */
  receipts: boolean;
}

export const orderCardId = (purchaseId: string) => `order-${purchaseId}`;

type Detail = SerializeFrom<PurchaseDetail>;

/**
 * The detail of an expanded card: the server's, else fetched on the first expand (and on the next
 * expand after a failure). A plain fetch, so a failure, even of the network, stays inside the card.
 */
function useOrderDetail(id: string, expanded: boolean, serverDetail: OrderCardProps['serverDetail']) {
  const [fetched, setFetched] = useState<Detail | null>(null);
  const [failed, setFailed] = useState(Boolean(serverDetail?.error && !serverDetail.detail));
  const [loading, setLoading] = useState(false);
  const detail = fetched ?? serverDetail?.detail ?? null;
  // Each expand that finds no detail asks once; collapsing (or the detail arriving) ends the request.
  const wanted = expanded && !detail;
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    setLoading(true);
    fetch(`/orders/${encodeURIComponent(id)}/details`, { headers: { Accept: 'application/json' }, signal: controller.signal })
      .then((response) => response.json() as Promise<SerializeFrom<OrderDetailAnswer>>)
      .then((answer) => {
        if (controller.signal.aborted) return;
        setFetched(answer.detail);
        setFailed(!answer.detail);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => {
      controller.abort();
      setLoading(false);
    };
  }, [id, wanted]);
  return { detail, failed, loading };
}

/**
 * An order card (docs/product.md#orders): collapsed or expanded. With JavaScript the detail is fetched on the first
 * expand (again after a failure); without it the toggle is a link and the server renders the detail.
 */
export const OrderCard = forwardRef<HTMLElement, OrderCardProps>(function OrderCard(
  { order, expanded, highlighted, toggleHref, onToggle, serverDetail, receipts },
  ref,
) {
  const hydrated = useHydrated();
  const id = order.purchase_id;
  const number = orderNumber(id, order.date);
  const detailsId = `${orderCardId(id)}-details`;
  const { detail, failed, loading } = useOrderDetail(id, expanded, serverDetail);
  const { locale, t } = useI18n();

  const label = (
    <>
      {expanded ? t('orders.hideDetails') : t('orders.viewDetails')}
      <span className="visually-hidden"> {t('orders.forOrder', { number })}</span>
    </>
  );
  return (
    <article
      ref={ref}
      id={orderCardId(id)}
      className={`order-card${expanded ? ' order-card--expanded' : ''}${highlighted ? ' order-card--highlight' : ''}`}
      aria-labelledby={`${orderCardId(id)}-title`}
      data-testid="order-card"
    >
      <header className="order-card__summary">
        <div className="order-card__heading">
          <h2 id={`${orderCardId(id)}-title`} className="order-card__number">
            {number}
          </h2>
          <p className="order-card__date">{formatLongDate(order.date, locale)}</p>
        </div>
        <OrderStatus status={order.status} />
        <p className="order-card__items">
          {order.items.join(', ')} <span className="order-card__count">({t('orders.itemCount', { count: order.item_count })})</span>
        </p>
        <p className="order-card__total">
          {displayAmount(order.total, locale)}
          {order.refunded ? (
            <span className="order-card__refund">{t('orders.refunded', { amount: displayAmount(order.refunded, locale) })}</span>
          ) : null}
        </p>
        {hydrated ? (
          <button
            type="button"
            className="order-card__toggle"
            aria-expanded={expanded}
            aria-controls={expanded ? detailsId : undefined}
            onClick={onToggle}
          >
            {label}
          </button>
        ) : (
          <Link to={toggleHref} className="order-card__toggle" aria-expanded={expanded} aria-controls={expanded ? detailsId : undefined}>
            {label}
          </Link>
        )}
      </header>
      {expanded ? (
        <div id={detailsId} className="order-card__details">
          {detail ? (
            <OrderDetail detail={detail} receipts={receipts} />
          ) : failed && !loading ? (
            <p className="notice notice--error" role="alert">
              {t('orders.detailsFailed')}
            </p>
          ) : (
            <p role="status">{t('orders.loadingDetails')}</p>
          )}
        </div>
      ) : null}
    </article>
  );
});
