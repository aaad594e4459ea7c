import { Link } from '@remix-run/react';

import { customerLabel } from '@contract/erased';
import { shopClock } from '@contract/shop-time';

import { TableScroll } from '~/components/admin/table-scroll';

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
 * `selectFor`, each row has a checkbox `order` belonging to that form (the list's packing slips).
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
  return (
    <TableScroll label="Orders">
      <table className="admin-table">
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {selectFor ? (
              <th scope="col">
                <span className="visually-hidden">Choose</span>
              </th>
            ) : null}
            <th scope="col">Order</th>
            <th scope="col">Date (Italian time)</th>
            {withBuyer ? <th scope="col">Customer</th> : null}
            <th scope="col">Total</th>
            <th scope="col">Status</th>
            {withBuyer ? <th scope="col">Tracking</th> : null}
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
                    aria-label={`Choose ${order.order_number}`}
                  />
                </td>
              ) : null}
              <td>
                <Link to={`/admin/orders/${order.order_number}`}>{order.order_number}</Link>
              </td>
              <td>{shopClock(order.date)}</td>
              {withBuyer ? <td>{customerLabel(order.email ?? '')}</td> : null}
              <td>{order.total}</td>
              <td>
                {order.status}
                {withBuyer && order.refunded && !['Refunded', 'Cancelled'].includes(order.status) ? ` (refunded ${order.refunded})` : ''}
              </td>
              {withBuyer ? <td>{order.tracking_number ? `${order.carrier} ${order.tracking_number}` : '–'}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
