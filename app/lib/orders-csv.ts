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

/**
 * The total, the discount code's saving when the order had one ("€81.60 (discount SUMMER10 -€20.40)"),
 * and what a gift card or store credit paid of it ("€81.60 (paid by gift card ····7K2M €20.00)").
 */
export function totalWithDiscount(order: Pick<PurchaseListItem, 'total' | 'discount' | 'discount_code' | 'paid_with_balances'>): string {
  const total = displayAmount(order.total);
  const balances = order.paid_with_balances ? ` (paid by ${order.paid_with_balances})` : '';
  if (!order.discount_code) return `${total}${balances}`;
  return order.discount && order.discount !== '€0.00'
    ? `${total} (discount ${order.discount_code} -${order.discount})${balances}`
    : `${total} (discount ${order.discount_code}: free shipping)${balances}`;
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
