import { displayAmount } from '@contract/money';
import { orderNumber } from '@contract/order-number';

import { toCsv } from './csv';
import { isoDay } from './dates';
import { DEFAULT_LOCALE, type Locale, type Translate } from './i18n';
import { statusLabel } from './order-words';
import type { PurchaseListItem } from './purchases';

/** The columns of order_history.csv (docs/product.md#orders-csv), as their catalogue keys; English is the spec's. */
export const CSV_COLUMN_KEYS = ['csv.orderNumber', 'csv.date', 'csv.items', 'csv.total', 'csv.status'] as const;

/** An amount the API wrote ('€45.00') with the language's decimal mark; other text as it came. */
const amountIn = (text: string, locale: Locale) => (text.trim().startsWith('€') ? displayAmount(text, locale) : text);

/** The status, and what was refunded when the status does not already say so ("Shipped (refunded €45.00)"). */
export function statusWithRefund(
  order: Pick<PurchaseListItem, 'status' | 'refunded'>,
  t: Translate,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const closed = ['refunded', 'cancelled'].includes(order.status.toLowerCase());
  const status = statusLabel(order.status, t);
  return order.refunded && !closed ? t('csv.statusRefunded', { status, amount: amountIn(order.refunded, locale) }) : status;
}

/**
 * The total, the discount code's saving when the order had one ("€81.60 (discount SUMMER10 -€20.40)"),
 * and what a gift card or store credit paid of it ("€81.60 (paid by gift card ····7K2M €20.00)").
 */
export function totalWithDiscount(
  order: Pick<PurchaseListItem, 'total' | 'discount' | 'discount_code' | 'paid_with_balances'>,
  t: Translate,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const total = displayAmount(order.total, locale);
  const text = !order.discount_code
    ? total
    : order.discount && order.discount !== '€0.00'
      ? t('csv.totalDiscount', { total, code: order.discount_code, amount: amountIn(order.discount, locale) })
      : t('csv.totalFreeShipping', { total, code: order.discount_code });
  return order.paid_with_balances ? t('csv.totalPaidWithBalances', { text, balances: order.paid_with_balances }) : text;
}

/**
 * Orders as order_history.csv: one row each, items joined by commas. The headers and the shop's own
 * words (status, refunded, discount) in the shopper's language; amounts with its decimal mark.
 */
export function ordersCsv(orders: readonly PurchaseListItem[], t: Translate, locale: Locale = DEFAULT_LOCALE): string {
  return toCsv([
    CSV_COLUMN_KEYS.map((key) => t(key)),
    ...orders.map((order) => [
      orderNumber(order.purchase_id, order.date),
      isoDay(order.date),
      order.items.join(', '),
      totalWithDiscount(order, t, locale),
      statusWithRefund(order, t, locale),
    ]),
  ]);
}
