import type { MessageKey, Translate } from './i18n';

/**
 * The words of an order the API sends as the shop's own English (its status, how it was paid), said
 * in the page's language; anything the shop does not know stays as it came.
 */
const STATUS_KEYS: Record<string, MessageKey> = {
  processing: 'order.status.processing',
  shipped: 'order.status.shipped',
  delivered: 'order.status.delivered',
  refunded: 'order.status.refunded',
  cancelled: 'order.status.cancelled',
};

/** An order's status (compared case-insensitively, as docs/product.md#orders compares them). */
export function statusLabel(status: string, t: Translate): string {
  const key = STATUS_KEYS[status.trim().toLowerCase()];
  return key ? t(key) : status;
}

/** 'Credit Card' and 'Credit Card ending in 4242', as the shop's payment providers record them. */
export function paymentMethodLabel(method: string, t: Translate): string {
  const card = /^Credit Card(?: ending in (\d{4}))?$/.exec(method.trim());
  if (!card) return method;
  return card[1] ? t('payment.cardEndingIn', { digits: card[1] }) : t('payment.card');
}
