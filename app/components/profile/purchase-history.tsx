import type { SerializeFrom } from '@remix-run/node';
import { Link } from '@remix-run/react';

import { displayAmount } from '@contract/money';
import { orderNumber } from '@contract/order-number';

import { OrderStatus } from '~/components/orders/order-status';
import { formatLongDate } from '~/lib/dates';
import { localizedPath, useI18n } from '~/lib/i18n';
import type { PurchaseListItem } from '~/lib/purchases';

/**
 * The profile's latest purchases with the count of all of them (docs/product.md#profile); each opens its order on
 * /orders. `purchases` is null when they could not be loaded (only logged, as docs/product.md#profile has it).
 */
export function PurchaseHistory({ purchases, count }: { purchases: SerializeFrom<PurchaseListItem>[] | null; count: number | null }) {
  const { locale, t } = useI18n();
  return (
    <section className="profile-panel purchase-history" aria-labelledby="purchase-history-heading">
      <h2 id="purchase-history-heading">
        {t('history.heading')}
        {count !== null ? <span className="purchase-history__count"> ({count})</span> : null}
      </h2>
      {purchases && purchases.length === 0 ? <p className="profile-panel__empty">{t('history.empty')}</p> : null}
      {purchases?.length ? (
        <ul className="purchase-history__list">
          {purchases.map((purchase) => (
            <li key={purchase.purchase_id}>
              <Link
                to={localizedPath(`/orders?order_id=${encodeURIComponent(purchase.purchase_id)}`, locale)}
                className="purchase-history__item"
              >
                <span className="purchase-history__number">{orderNumber(purchase.purchase_id, purchase.date)}</span>
                <span className="purchase-history__date">{formatLongDate(purchase.date, locale)}</span>
                <span className="purchase-history__items">{purchase.items.join(', ')}</span>
                <span className="purchase-history__total">{displayAmount(purchase.total, locale)}</span>
                <OrderStatus status={purchase.status} />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <Link to={localizedPath('/orders', locale)} className="button button--ghost button--small">
        {t('history.viewAll')}
      </Link>
    </section>
  );
}
