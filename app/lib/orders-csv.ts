import { toCsv } from './csv';
import { isoDay } from './dates';
import { displayAmount } from '@contract/money';
import { orderNumber } from '@contract/order-number';
import type { PurchaseListItem } from './purchases';

/** The columns of order_history.csv (docs/product.md#orders-csv). */
export const CSV_COLUMNS = ['Order Number', 'Date', 'Items', 'Total', 'Status'] as const;

/** The status, and what was refunded when the status does not already say so ("Shipped (refunded €45.00)"). */
export function statusWithRefund(order: Pick<PurchaseListItem, 'status' | 'refunded'>): string {
  const closed = ['refunded', 'cancelled'].includes(order.status.toLowerCase());
  return order.refunded && !closed ? `${order.status} (refunded ${order.refunded})` : order.status;
}

/** Orders as order_history.csv: one row each, items joined by commas. */
export function ordersCsv(orders: readonly PurchaseListItem[]): string {
  return toCsv([
    CSV_COLUMNS,
    ...orders.map((order) => [
      orderNumber(order.purchase_id, order.date),
      isoDay(order.date),
      order.items.join(', '),
      displayAmount(order.total),
      statusWithRefund(order),
    ]),
  ]);
}
