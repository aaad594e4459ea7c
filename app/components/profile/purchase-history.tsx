import type { SerializeFrom } from '@remix-run/node';
import { Link } from '@remix-run/react';

import { displayAmount } from '@contract/money';
import { orderNumber } from '@contract/order-number';

import { OrderStatus } from '~/components/orders/order-status';
import { formatLongDate } from '~/lib/dates';
import { ACCOUNT_MESSAGES } from '~/lib/messages';
import type { PurchaseListItem } from '~/lib/purchases';

/**
 * The profile's latest purchases with the count of all of them (docs/product.md#profile); each opens its order on
 * /orders. `purchases` is null when they could not be loaded (only logged, as docs/product.md#profile has it).
 */
export function PurchaseHistory({ purchases, count }: { purchases: SerializeFrom<PurchaseListItem>[] | null; count: number | null }) {
  return (
    <section className="profile-panel purchase-history" aria-labelledby="purchase-history-heading">
      <h2 id="purchase-history-heading">
        Purchase History{count !== null ? <span className="purchase-history__count"> ({count})</span> : null}
      </h2>
      {purchases && purchases.length === 0 ? <p className="profile-panel__empty">{ACCOUNT_MESSAGES.noPurchases}</p> : null}
      {purchases?.length ? (
        <ul className="purchase-history__list">
          {purchases.map((purchase) => (
            <li key={purchase.purchase_id}>
              <Link to={`/orders?order_id=${encodeURIComponent(purchase.purchase_id)}`} className="purchase-history__item">
                <span className="purchase-history__number">{orderNumber(purchase.purchase_id, purchase.date)}</span>
                <span className="purchase-history__date">{formatLongDate(purchase.date)}</span>
                <span className="purchase-history__items">{purchase.items.join(', ')}</span>
                <span className="purchase-history__total">{displayAmount(purchase.total)}</span>
                <OrderStatus status={purchase.status} />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <Link to="/orders" className="button button--ghost button--small">
        {ACCOUNT_MESSAGES.viewAllOrders}
      </Link>
    </section>
  );
}
