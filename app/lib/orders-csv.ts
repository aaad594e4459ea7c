import { displayAmount } from '@contract/money';
import { orderNumber } from '@contract/order-number';

import { toCsv } from './csv';
import { isoDay } from './dates';
import type { PurchaseListItem } from './purchases';

/** The columns of order_history.csv (docs/product.md#orders-csv). */
export const CSV_COLUMNS = ['Order Number', 'Date', 'Items', 'Total', 'Status'] as const;

/** The status, and what was refunded when the status does not already say so ("Shipped (refunded €45.00)"). */
export function statusWithRefund(order: Pick<PurchaseListItem, 'status' | 'refunded'>): string {
  const closed = ['refunded', 'cancelled'].includes(order.status.toLowerCase());
  return order.refunded && !closed ? `${order.status} (refunded ${order.refunded})` : order.status;
}

/** The total, and the discount code's saving when the order had one ("€81.60 (discount SUMMER10 -€20.40)"). */
export function totalWithDiscount(order: Pick<PurchaseListItem, 'total' | 'discount' | 'discount_code'>): string {
  const total = displayAmount(order.total);
  if (!order.discount_code) return total;
  return order.discount && order.discount !== '€0.00'
    ? `${total} (discount ${order.discount_code} -${order.discount})`
    : `${total} (discount ${order.discount_code}: free shipping)`;
}

/** Orders as order_history.csv: one row each, items joined by commas. */
export function ordersCsv(orders: readonly PurchaseListItem[]): string {
  return toCsv([
    CSV_COLUMNS,
    ...orders.map((order) => [
      orderNumber(order.purchase_id, order.date),
      isoDay(order.date),
      order.items.join(', '),
      totalWithDiscount(order),
      statusWithRefund(order),
    ]),
  ]);
}
