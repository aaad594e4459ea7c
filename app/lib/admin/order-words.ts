import { ERASED_EMAIL_DOMAIN } from '@contract/erased';
import type { ReturnReason, ReturnStatus } from '@contract/returns';

import type { MessageKey, Translate } from '~/lib/i18n';

/** An order's status as the API says it (its English word), with the key of the back office's word for it. */
const ORDER_STATUS_KEYS: Record<string, MessageKey> = {
  Processing: 'adminOrders.orderStatus.processing',
  Shipped: 'adminOrders.orderStatus.shipped',
  Delivered: 'adminOrders.orderStatus.delivered',
  Cancelled: 'adminOrders.orderStatus.cancelled',
  Refunded: 'adminOrders.orderStatus.refunded',
  'Partially refunded': 'adminOrders.orderStatus.partiallyRefunded',
};

/** An order's status in the member's language; a status the back office does not know yet, as the API says it. */
export function orderStatusLabel(status: string, t: Translate): string {
  return Object.hasOwn(ORDER_STATUS_KEYS, status) ? t(ORDER_STATUS_KEYS[status]) : status;
}

/** A return's step, as RETURN_STATUS_LABELS says it in English. */
export const RETURN_STATUS_KEYS: Record<ReturnStatus, MessageKey> = {
  requested: 'adminOrders.returnStatus.requested',
  received: 'adminOrders.returnStatus.received',
  refunded: 'adminOrders.returnStatus.refunded',
  exchanged: 'adminOrders.returnStatus.exchanged',
  cancelled: 'adminOrders.returnStatus.cancelled',
};

/** Why the buyer sent it back, as RETURN_REASON_LABELS says it in English. */
export const RETURN_REASON_KEYS: Record<ReturnReason, MessageKey> = {
  too_small: 'adminOrders.reason.tooSmall',
  too_big: 'adminOrders.reason.tooBig',
  not_as_pictured: 'adminOrders.reason.notAsPictured',
  damaged: 'adminOrders.reason.damaged',
  changed_mind: 'adminOrders.reason.changedMind',
  other: 'adminOrders.reason.other',
};

/** The buyer as the back office names them: their email, or that they were erased (as customerLabel says in English). */
export function buyerLabel(email: string, t: Translate): string {
  return email.endsWith(`@${ERASED_EMAIL_DOMAIN}`) ? t('adminOrders.customerErased') : email;
}
