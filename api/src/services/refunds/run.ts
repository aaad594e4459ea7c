// Running a refund or a cancellation: claim, ask the provider, settle (ADR 023).
import { sql } from 'kysely';

import { formatEuro } from '@contract/money';
import { orderNumber } from '@contract/order-number';

import type { Db } from '../../db/database.js';
import { inTransaction, type Trx } from '../../db/transaction.js';
import type { AppConfig, AppDeps } from '../../deps.js';
import { DomainError } from '../../domain-error.js';
import { type Actor, actorName, recordAudit } from '../audit.js';
import { withdrawRefundedCards } from '../cards.js';
import { releaseRefundedUnits } from '../drops.js';
import { queueOrderMail, sendQueuedMail } from '../order-mail.js';
import type { Purchase } from '../order-reference.js';
import { findOrder } from '../order-reference.js';
import { readSettings } from '../settings.js';
import { addStockIn, sendBackInStock, type StockChange } from '../stock.js';
import { payBackBalances, providerPart, splitRefund } from './balances.js';
import { refundEmail } from './email.js';
import { claimBoughtGiftCards, dropQueuedGiftCardMail, restoreBoughtGiftCards } from './gift-cards-bought.js';
import {
  type CancelRequest,
  type Item,
  type OpenReturnUnits,
  type Plan,
  planCancellation,
  planRefund,
  type RefundRequest,
} from './plan.js';
import { openReturnUnits, paymentOf, type RefundRow, toRefund } from './read.js';

/**
 * Cancellations and refunds (ADR 023). A refund happens in three steps:
 * 1. claim: one transaction, holding the order's row, checks the request against what is left,
 *    records the refund as pending and adds its amount and units to the order's refunded counters
 *    (the CHECK constraints are the last word: never more than was paid or bought);
 * 2. the provider is asked, with the refund's id as its idempotency key;
 * 3. settle: the refund becomes succeeded (units go back on sale, the status follows) or failed
 *    (the claim is released). Only the request that moves it out of pending does the settling.
 * A post that repeats a key finds the refund of the first post and refunds nothing new; a refund left
 * pending (the provider did not answer) is finished by posting its key again.
 */

export type RefundDeps = Pick<AppDeps, 'db' | 'mail' | 'log' | 'clock' | 'payments' | 'onCatalogueChange'> & {
  config: Pick<AppConfig, 'storefrontUrl'>;
};

/** A refund of units and/or an amount; `returnId` is the return it refunds, whose own units it may take. */
export async function refundOrder(
  deps: RefundDeps,
  request: RefundRequest,
  actor: Actor,
  options: { returnId?: string; asStoreCredit?: boolean } = {},
) {
  return runRefund(
    deps,
    request.order,
    request.idempotency_key,
    actor,
    'refund',
    request.reason,
    (order, items, inReturns) =>
      planRefund(
        order,
        items,
        request,
        inReturns.filter((unit) => unit.return_id !== options.returnId),
      ),
    options.asStoreCredit ?? false,
  );
}

export async function cancelOrder(deps: RefundDeps, request: CancelRequest, actor: Actor) {
  return runRefund(deps, request.order, request.idempotency_key, actor, 'cancellation', request.reason, planCancellation);
}

/** The order's refunded total (and its status, on a cancellation) and its lines' refunded units, in the claim's transaction. */
async function markRefunded(trx: Trx, orderId: string, amount: number, kind: 'refund' | 'cancellation', lines: Plan['lines']) {
  await trx
    .updateTable('purchases')
    .set((eb) => ({ refunded_total: eb('refunded_total', '+', amount), ...(kind === 'cancellation' ? { status: 'Cancelled' } : {}) }))
    .where('id', '=', orderId)
    .execute();
  for (const line of lines) {
    await trx
      .updateTable('purchase_items')
      .set((eb) => ({ refunded_quantity: eb('refunded_quantity', '+', line.quantity) }))
      .where('id', '=', line.item_id)
      .execute();
  }
}

async function runRefund(
  deps: RefundDeps,
  reference: string,
  key: string,
  actor: Actor,
  kind: 'refund' | 'cancellation',
  reason: string,
  plan: (order: Purchase, items: Item[], inReturns: OpenReturnUnits) => Plan,
  asStoreCredit = false,
) {
  const { db, clock } = deps;
  const found = await findOrder(db, reference);
  const number = orderNumber(found.id, found.created_at);

  // 1. Claim.
  const claim = await inTransaction(db, async (trx) => {
    const order = await trx.selectFrom('purchases').selectAll().where('id', '=', found.id).forUpdate().executeTakeFirstOrThrow();
    const earlier = await trx
      .selectFrom('refunds')
      .selectAll()
      .where('purchase_id', '=', order.id)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    if (earlier) return { refund: earlier, replayed: true };
    const items = await trx
      .selectFrom('purchase_items')
      .select(['id', 'sku', 'name', 'variant_id', 'variant_description', 'quantity', 'refunded_quantity', 'unit_price', 'discount'])
      .where('purchase_id', '=', order.id)
      .orderBy('position')
      .execute();
    // Read under the order's lock, which a return request takes too: no return can claim units meanwhile.
    const { lines, amount, restock } = plan(order, items, await openReturnUnits(trx, order.id));
    const bonus = asStoreCredit ? { bonusPercent: (await readSettings(trx)).store_credit_bonus_percent } : null;
    const split = await splitRefund(trx, order, amount, bonus);
    const payment = await paymentOf(trx, order);
    // Only the provider's part needs the provider: a refund all to the card or as credit asks nothing of it.
    if (providerPart(amount, split) > 0 && (!payment.provider || !payment.providerSessionId))
      throw new DomainError('refund_unavailable', `Order ${number} has no payment to refund`);
    if (providerPart(amount, split) > 0 && payment.provider !== deps.payments.name) {
      throw new DomainError(
        'refund_unavailable',
        `Order ${number} was paid with ${payment.provider}, which this shop is not connected to now`,
      );
    }
    const now = clock.now();
    // A gift card the order bought stops paying now, and only an unspent one is refunded (ADR 064).
    await claimBoughtGiftCards(trx, now, { id: order.id, number }, lines);
    const refund = await trx
      .insertInto('refunds')
      .values({
        purchase_id: order.id,
        idempotency_key: key,
        kind,
        amount,
        lines: JSON.stringify(lines),
        restock,
        reason,
        provider: payment.provider ?? 'shop',
        ...split,
        status: 'pending',
        actor: actorName(actor),
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await markRefunded(trx, order.id, amount, kind, lines);
    return { refund, replayed: false };
  });

  let refund = claim.refund;
  if (refund.status === 'failed') throw new DomainError('refund_failed', refund.failure ?? 'The payment provider refused the refund');
  if (refund.status === 'pending') {
    // 2. Ask the provider (for its part only; none when the card and the credit take it all); 3. settle.
    const payment = await paymentOf(db, found);
    let providerRefundId = 'balances';
    try {
      if (providerPart(refund.amount, refund) > 0)
        ({ providerRefundId } = await deps.payments.refund({
          providerSessionId: payment.providerSessionId ?? '',
          amount: providerPart(refund.amount, refund),
          idempotencyKey: refund.id,
          metadata: { order_number: number, refund_id: refund.id },
        }));
    } catch (error) {
      if (error instanceof DomainError && error.code === 'refund_failed') {
        await settleFailed(deps, refund, error.detail);
        throw error;
      }
      deps.log.error(`order ${number}: refund ${refund.id} left pending`, error);
      throw new DomainError('upstream_unavailable', 'The payment provider did not answer. Try again: the refund will not be made twice.');
    }
    refund = await settleSucceeded(deps, refund, providerRefundId, actor, number);
  }
  const order = await db.selectFrom('purchases').select(['status', 'refunded_total']).where('id', '=', found.id).executeTakeFirstOrThrow();
  return {
    order_number: number,
    status: order.status,
    refunded_total: order.refunded_total,
    refund: toRefund(refund),
    replayed: claim.replayed,
  };
}

async function settleFailed(deps: RefundDeps, refund: RefundRow, failure: string) {
  await inTransaction(deps.db, async (trx) => {
    const failed = await trx
      .updateTable('refunds')
      .set({ status: 'failed', failure, completed_at: deps.clock.now() })
      .where('id', '=', refund.id)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    if (!failed) return;
    await restoreBoughtGiftCards(trx, deps.clock.now(), refund);
    await trx
      .updateTable('purchases')
      .set((eb) => ({
        refunded_total: eb('refunded_total', '-', refund.amount),
        ...(refund.kind === 'cancellation' ? { status: 'Processing' } : {}),
      }))
      .where('id', '=', refund.purchase_id)
      .execute();
    for (const line of refund.lines) {
      await trx
        .updateTable('purchase_items')
        .set((eb) => ({ refunded_quantity: eb('refunded_quantity', '-', line.quantity) }))
        .where('id', '=', line.item_id)
        .execute();
    }
  });
}

async function settleSucceeded(
  deps: RefundDeps,
  pending: RefundRow,
  providerRefundId: string,
  actor: Actor,
  number: string,
): Promise<RefundRow> {
  const { db, clock } = deps;
  const settled = await inTransaction(db, async (trx) => {
    const now = clock.now();
    const refund = await trx
      .updateTable('refunds')
      .set({ status: 'succeeded', provider_refund_id: providerRefundId, completed_at: now })
      .where('id', '=', pending.id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (!refund) return null;
    const changes: NonNullable<StockChange>[] = [];
    if (refund.restock) {
      const items = await trx
        .selectFrom('purchase_items')
        .select(['id', 'variant_id'])
        .where('purchase_id', '=', refund.purchase_id)
        .execute();
      const variantOf = new Map(items.map((item) => [item.id, item.variant_id]));
      for (const line of refund.lines) {
        const variantId = variantOf.get(line.item_id);
        // A variant deleted since the sale has nowhere to go back to.
        const change = variantId ? await addStockIn(trx, now, { variantId }, line.quantity) : null;
        if (change) changes.push(change);
      }
    }
    // The gift card and the store credit get their part back (ADR 052).
    const paidWith = await trx
      .selectFrom('purchases')
      .select(['user_id', 'gift_card_id'])
      .where('id', '=', refund.purchase_id)
      .executeTakeFirstOrThrow();
    await payBackBalances(trx, now, refund, paidWith);
    await dropQueuedGiftCardMail(trx, now, refund.purchase_id);
    // Units refunded of a product capped per customer are the buyer's to buy again.
    await releaseRefundedUnits(trx, refund.purchase_id, refund.lines);
    // A product no longer owned takes its card with it.
    await withdrawRefundedCards(trx, refund.purchase_id);
    const before = await trx
      .selectFrom('purchases')
      .select(['status', 'refunded_total', 'total'])
      .where('id', '=', refund.purchase_id)
      .executeTakeFirstOrThrow();
    const after = await markRefundedWhenPaidBack(trx, refund.purchase_id);
    await recordAudit(trx, now, actor, {
      action: refund.kind === 'cancellation' ? 'order.cancel' : 'order.refund',
      subject_type: 'order',
      subject_id: refund.purchase_id,
      before: { status: refund.kind === 'cancellation' ? 'Processing' : before.status },
      after: {
        status: after?.status ?? before.status,
        refunded: formatEuro(refund.amount),
        ...(refund.lines.length ? { units: refund.lines.map((line) => `${line.quantity} × ${line.sku}`).join(', ') } : {}),
        restocked: refund.restock ? 'yes' : 'no',
        ...(refund.reason ? { reason: refund.reason } : {}),
      },
    });
    // The buyer's email is queued with the refund (ADR 044); the money is back whatever the mail does.
    const email = await trx
      .selectFrom('purchases')
      .select(['email', 'locale', 'gift_card_last4'])
      .where('id', '=', refund.purchase_id)
      .executeTakeFirstOrThrow();
    const mail = refundEmail(refund, number, email.locale, email.gift_card_last4);
    const mailJob = await queueOrderMail(trx, now, refund.purchase_id, { to: email.email, ...mail });
    return { refund, changes, mailJob };
  });
  if (!settled) {
    // Another post with the same key settled it first.
    return db.selectFrom('refunds').selectAll().where('id', '=', pending.id).executeTakeFirstOrThrow();
  }
  await sendQueuedMail(deps, [settled.mailJob]);
  for (const change of settled.changes) await sendBackInStock(deps, change);
  if (settled.changes.length) await deps.onCatalogueChange?.();
  return settled.refund;
}

/** The order becomes Refunded once its succeeded refunds reach its total (a cancelled one stays Cancelled). */
export function markRefundedWhenPaidBack(trx: Db, purchaseId: string) {
  return trx
    .updateTable('purchases')
    .set({ status: 'Refunded' })
    .where('id', '=', purchaseId)
    .where(sql<string>`lower(status)`, '<>', 'cancelled')
    .where(
      'total',
      '<=',
      trx
        .selectFrom('refunds')
        .select(sql<number>`coalesce(sum(amount), 0)::int`.as('paid_back'))
        .where('purchase_id', '=', purchaseId)
        .where('status', '=', 'succeeded'),
    )
    .returning('status')
    .executeTakeFirst();
}
