// Refunds the payment provider reports (made in its own dashboard), recorded against the order.
import { formatEuro } from '@contract/money';
import { orderNumber } from '@contract/order-number';

import { inTransaction } from '../../db/transaction.js';
import { actorName, type AuditActor, recordAudit } from '../audit.js';
import { queueOrderMail, sendQueuedMail } from '../order-mail.js';
import { refundEmail } from './email.js';
import type { RefundRow } from './read.js';
import { markRefundedWhenPaidBack, type RefundDeps } from './run.js';

/**
 * A refund made at the payment provider itself (Stripe's Dashboard), told by its notification with the
 * payment's refunded total so far. What that total holds beyond the order's refunded total (the shop's
 * own refunds, made or being made, are in it) is recorded as a refund of money only: units are not
 * touched, nothing goes back on sale. Holding the order's row, so notifications repeated, raced or out
 * of order record each euro once. Null when there is nothing new.
 */
export async function recordProviderRefund(deps: RefundDeps, purchaseId: string, refundedTotal: number): Promise<RefundRow | null> {
  const { db, clock } = deps;
  const actor: AuditActor = { kind: 'provider', name: deps.payments.name };
  const recorded = await inTransaction(db, async (trx) => {
    const order = await trx
      .selectFrom('purchases')
      .select(['id', 'created_at', 'status', 'total', 'refunded_total'])
      .where('id', '=', purchaseId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const amount = Math.min(refundedTotal, order.total) - order.refunded_total;
    if (amount <= 0) return null;
    const now = clock.now();
    const refund = await trx
      .insertInto('refunds')
      .values({
        purchase_id: order.id,
        idempotency_key: `${deps.payments.name}-refunded-total-${refundedTotal}`,
        kind: 'refund',
        amount,
        lines: JSON.stringify([]),
        restock: false,
        reason: `Refunded in the ${deps.payments.name.charAt(0).toUpperCase()}${deps.payments.name.slice(1)} Dashboard`,
        provider: deps.payments.name,
        status: 'succeeded',
        actor: actorName(actor),
        created_at: now,
        completed_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('purchases')
      .set((eb) => ({ refunded_total: eb('refunded_total', '+', amount) }))
      .where('id', '=', order.id)
      .execute();
    const after = await markRefundedWhenPaidBack(trx, order.id);
    await recordAudit(trx, now, actor, {
      action: 'order.refund',
      subject_type: 'order',
      subject_id: order.id,
      before: { status: order.status },
      after: { status: after?.status ?? order.status, refunded: formatEuro(amount), restocked: 'no', reason: refund.reason },
    });
    const email = await trx
      .selectFrom('purchases')
      .select(['email', 'locale', 'gift_card_last4'])
      .where('id', '=', purchaseId)
      .executeTakeFirstOrThrow();
    const mailJob = await queueOrderMail(trx, now, purchaseId, {
      to: email.email,
      ...refundEmail(refund, orderNumber(order.id, order.created_at), email.locale, email.gift_card_last4),
    });
    return { refund, mailJob };
  });
  if (!recorded) return null;
  await sendQueuedMail(deps, [recorded.mailJob]);
  return recorded.refund;
}
