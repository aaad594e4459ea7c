import { Link } from '@remix-run/react';

import { displayAmount } from '@contract/money';
import { shopClock } from '@contract/shop-time';

import { TableScroll } from '~/components/admin/table-scroll';
import { buyerLabel, orderStatusLabel } from '~/lib/admin/order-words';
import { useI18n } from '~/lib/i18n';

export interface OrderRow {
  purchase_id: string;
  order_number: string;
  date: string;
  total: string;
  status: string;
  email?: string;
  refunded?: string | null;
  carrier?: string | null;
  tracking_number?: string | null;
}

/**
 * Orders, newest first, each linking to its page: the order list (with the buyer, refunds and
 * tracking: `withBuyer`) and a customer's page (their own orders, so no buyer column). With
 * `selectFor`, each row has a checkbox `order` belonging to that form (the list's packing slips). Its
 * words are the orders area's: a page that shows it loads `admin-orders`.
 */
export function OrdersTable({
  orders,
  caption,
  withBuyer = false,
  selectFor,
}: {
  orders: OrderRow[];
  caption?: string;
  withBuyer?: boolean;
  selectFor?: string;
}) {
  const { locale, t } = useI18n();
  return (
    <TableScroll label={t('adminOrders.title')}>
      <table className="admin-table">
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {selectFor ? (
              <th scope="col">
                <span className="visually-hidden">{t('adminOrders.table.choose')}</span>
              </th>
            ) : null}
            <th scope="col">{t('adminOrders.order')}</th>
            <th scope="col">{t('adminOrders.table.date')}</th>
            {withBuyer ? <th scope="col">{t('adminOrders.customer')}</th> : null}
            <th scope="col">{t('adminOrders.total')}</th>
            <th scope="col">{t('adminOrders.status')}</th>
            {withBuyer ? <th scope="col">{t('adminOrders.tracking')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.purchase_id}>
              {selectFor ? (
                <td>
                  <input
                    type="checkbox"
                    name="order"
                    value={order.order_number}
                    form={selectFor}
                    aria-label={t('adminOrders.table.chooseOrder', { number: order.order_number })}
                  />
                </td>
              ) : null}
              <td>
                <Link to={`/admin/orders/${order.order_number}`}>{order.order_number}</Link>
              </td>
              <td>{shopClock(order.date)}</td>
              {withBuyer ? <td>{buyerLabel(order.email ?? '', t)}</td> : null}
              <td>{displayAmount(order.total, locale)}</td>
              <td>
                {orderStatusLabel(order.status, t)}
                {withBuyer && order.refunded && !['Refunded', 'Cancelled'].includes(order.status)
                  ? ` ${t('adminOrders.table.refunded', { amount: displayAmount(order.refunded, locale) })}`
                  : ''}
              </td>
              {withBuyer ? <td>{order.tracking_number ? `${order.carrier} ${order.tracking_number}` : '–'}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
