import { sql } from 'kysely';
import type { z } from 'zod';
import { BRAND } from '@contract/brand';
import { formatEuro } from '@contract/money';
import { orderNumber } from '@contract/order-number';
import type { cancelRequestSchema, orderPaymentSchema, refundableLineSchema, refundRequestSchema, Refund } from '@contract/api/refunds';
import type { AppConfig, AppDeps } from '../deps.js';
import type { Db } from '../db/database.js';
import type { RefundLine } from '../db/schema.js';
import { DomainError } from '../domain-error.js';
import { actorName, recordAudit, type Actor, type AuditActor } from './audit.js';
import { releaseRefundedUnits } from './drops.js';
import { findOrder } from './fulfilment.js';
import { renderEmail } from './mail-templates.js';
import { queueOrderMail, sendQueuedMail } from './order-mail.js';
import { addStockIn, sendBackInStock, type StockChange } from './stock.js';
import { inTransaction } from '../db/transaction.js';
import { withdrawRefundedCards } from './cards.js';

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

type RefundDeps = Pick<AppDeps, 'db' | 'mail' | 'log' | 'clock' | 'payments' | 'onCatalogueChange'> & { config: Pick<AppConfig, 'storefrontUrl'> };
type RefundRequest = z.output<typeof refundRequestSchema>;
type CancelRequest = z.output<typeof cancelRequestSchema>;
type Purchase = Awaited<ReturnType<typeof findOrder>>;
type Item = { id: string; sku: string; name: string; variant_id: string | null; variant_description: string; quantity: number; refunded_quantity: number; unit_price: number; discount: number };
/** Units of a line in a return still open (requested or received): they are refunded through the return. */
type OpenReturnUnits = { item_id: string; return_id: string; number: string; quantity: number }[];
type RefundRow = Awaited<ReturnType<typeof refundsOf>>[number];

/** What one unit gives back: its price less its share of the order's discount, rounded so the shares never pass what was paid. */
export function unitRefund(unitPrice: number, order: { subtotal: number; discount: number }): number {
  if (order.discount <= 0 || order.subtotal <= 0) return unitPrice;
  return Math.max(0, unitPrice - Math.ceil((order.discount * unitPrice) / order.subtotal));
}

/**
 * A line's unit refund. A discount code's share is recorded on each line (a code may cover some
 * products only), so a unit gives back its price less its line's share; orders from before codes
 * carried an order-wide discount, shared over every unit.
 */
export function lineUnitRefund(item: Pick<Item, 'unit_price' | 'quantity' | 'discount'>, order: { subtotal: number; discount: number }, lineShares: boolean): number {
  if (lineShares) return unitRefund(item.unit_price, { subtotal: item.unit_price * item.quantity, discount: item.discount });
  return unitRefund(item.unit_price, order);
}

/** Whether the order's discount is recorded per line. */
const sharedByLine = (items: Pick<Item, 'discount'>[]) => items.some((item) => item.discount > 0);

const isClosed = (status: string) => ['cancelled', 'refunded'].includes(status.toLowerCase());

interface Plan {
  lines: RefundLine[];
  amount: number;
  restock: boolean;
}

function everythingLeft(order: Purchase, items: Item[]): Plan {
  const lines = items
    .filter((item) => item.quantity > item.refunded_quantity)
    .map((item) => {
      const quantity = item.quantity - item.refunded_quantity;
      return { item_id: item.id, sku: item.sku, name: item.name, quantity, amount: quantity * lineUnitRefund(item, order, sharedByLine(items)) };
    });
  return { lines, amount: order.total - order.refunded_total, restock: true };
}

function planRefund(order: Purchase, items: Item[], request: RefundRequest, inReturns: OpenReturnUnits): Plan {
  const number = orderNumber(order.id, order.created_at);
  const left = order.total - order.refunded_total;
  if (order.status.toLowerCase() === 'cancelled') throw new DomainError('order_status_conflict', `Order ${number} is cancelled: it was refunded in full`);
  if (left <= 0) throw new DomainError('refund_exceeds_paid', `Order ${number} has been refunded in full`);
  if (request.full) {
    const open = [...new Set(inReturns.map((held) => held.number))];
    if (open.length) {
      throw new DomainError('return_status_conflict', `${open.length === 1 ? 'Return' : 'Returns'} ${open.join(', ')} ${open.length === 1 ? 'is' : 'are'} open on order ${number}: refund or cancel ${open.length === 1 ? 'it' : 'them'} first, then refund what is left`);
    }
    return { ...everythingLeft(order, items), restock: request.restock };
  }
  const byId = new Map(items.map((item) => [item.id, item]));
  const lines = request.lines.map(({ item_id, quantity }) => {
    const item = byId.get(item_id);
    if (!item) throw new DomainError('invalid_request', `Order ${number} has no line ${item_id}`);
    const open = item.quantity - item.refunded_quantity;
    if (quantity > open) {
      throw new DomainError('refund_exceeds_paid', open === 0 ? `${item.name} (${item.sku}) has been refunded already` : `Only ${open} of ${item.name} (${item.sku}) can still be refunded`);
    }
    const held = inReturns.filter((unit) => unit.item_id === item_id);
    const heldUnits = held.reduce((sum, unit) => sum + unit.quantity, 0);
    if (heldUnits > 0 && quantity > open - heldUnits) {
      const returns = [...new Set(held.map((unit) => unit.number))].join(', ');
      throw new DomainError(
        'return_status_conflict',
        `${heldUnits} of ${item.name} (${item.sku}) ${heldUnits === 1 ? 'is' : 'are'} in return ${returns}: refund ${heldUnits === 1 ? 'it' : 'them'} from the return`,
      );
    }
    return { item_id, sku: item.sku, name: item.name, quantity, amount: quantity * lineUnitRefund(item, order, sharedByLine(items)) };
  });
  const amount = lines.reduce((sum, line) => sum + line.amount, 0) + request.amount;
  if (amount <= 0) throw new DomainError('invalid_request', 'Choose units to refund or an amount');
  if (amount > left) throw new DomainError('refund_exceeds_paid', `${formatEuro(amount)} is more than can still be refunded on order ${number}: at most ${formatEuro(left)}`);
  // What the open returns will give back stays for them, so their refunds can still be made.
  const held = inReturns.reduce((sum, unit) => sum + unit.quantity * lineUnitRefund(byId.get(unit.item_id) ?? { unit_price: 0, quantity: 1, discount: 0 }, order, sharedByLine(items)), 0);
  if (held > 0 && amount > left - held) {
    const returns = [...new Set(inReturns.map((unit) => unit.number))].join(', ');
    throw new DomainError(
      'refund_exceeds_paid',
      `${formatEuro(amount)} is more than can be refunded now on order ${number}: at most ${formatEuro(Math.max(0, left - held))}, as return ${returns} will give back ${formatEuro(held)}`,
    );
  }
  return { lines, amount, restock: request.restock };
}

function planCancellation(order: Purchase, items: Item[]): Plan {
  const number = orderNumber(order.id, order.created_at);
  if (order.status.toLowerCase() !== 'processing') {
    throw new DomainError('order_status_conflict', `Order ${number} is ${order.status}: only an order not shipped yet can be cancelled${isClosed(order.status) ? '' : '; refund it instead'}`);
  }
  return everythingLeft(order, items);
}

/** The units of an order in returns still open (requested or received), by line and return. */
function openReturnUnits(db: Db, purchaseId: string): Promise<OpenReturnUnits> {
  return db
    .selectFrom('return_items as ri')
    .innerJoin('returns as r', 'r.id', 'ri.return_id')
    .select(['ri.purchase_item_id as item_id', 'r.id as return_id', 'r.number', 'ri.quantity'])
    .where('r.purchase_id', '=', purchaseId)
    .where('r.status', 'in', ['requested', 'received'])
    .orderBy('r.number')
    .execute();
}

/** The provider that took an order's payment, and whether this API can refund through it. */
async function paymentOf(db: Db, order: Purchase) {
  const session = order.checkout_session_id
    ? await db.selectFrom('checkout_sessions').select(['provider', 'provider_session_id']).where('id', '=', order.checkout_session_id).executeTakeFirst()
    : undefined;
  return { provider: session?.provider ?? null, providerSessionId: session?.provider_session_id ?? null };
}

/** A refund of units and/or an amount; `returnId` is the return it refunds, whose own units it may take. */
export async function refundOrder(deps: RefundDeps, request: RefundRequest, actor: Actor, options: { returnId?: string } = {}) {
  return runRefund(deps, request.order, request.idempotency_key, actor, 'refund', request.reason, (order, items, inReturns) =>
    planRefund(
      order,
      items,
      request,
      inReturns.filter((unit) => unit.return_id !== options.returnId),
    ),
  );
}

export async function cancelOrder(deps: RefundDeps, request: CancelRequest, actor: Actor) {
  return runRefund(deps, request.order, request.idempotency_key, actor, 'cancellation', request.reason, planCancellation);
}

async function runRefund(
  deps: RefundDeps,
  reference: string,
  key: string,
  actor: Actor,
  kind: 'refund' | 'cancellation',
  reason: string,
  plan: (order: Purchase, items: Item[], inReturns: OpenReturnUnits) => Plan,
) {
  const { db, clock } = deps;
  const found = await findOrder(db, reference);
  const number = orderNumber(found.id, found.created_at);

  // 1. Claim.
  const claim = await inTransaction(db, async (trx) => {
    const order = await trx.selectFrom('purchases').selectAll().where('id', '=', found.id).forUpdate().executeTakeFirstOrThrow();
    const earlier = await trx.selectFrom('refunds').selectAll().where('purchase_id', '=', order.id).where('idempotency_key', '=', key).executeTakeFirst();
    if (earlier) return { refund: earlier, replayed: true };
    const items = await trx
      .selectFrom('purchase_items')
      .select(['id', 'sku', 'name', 'variant_id', 'variant_description', 'quantity', 'refunded_quantity', 'unit_price', 'discount'])
      .where('purchase_id', '=', order.id)
      .orderBy('position')
      .execute();
    // Read under the order's lock, which a return request takes too: no return can claim units meanwhile.
    const { lines, amount, restock } = plan(order, items, await openReturnUnits(trx, order.id));
    const payment = await paymentOf(trx, order);
    if (!payment.provider || !payment.providerSessionId) throw new DomainError('refund_unavailable', `Order ${number} has no payment to refund`);
    if (payment.provider !== deps.payments.name) {
      throw new DomainError('refund_unavailable', `Order ${number} was paid with ${payment.provider}, which this shop is not connected to now`);
    }
    const now = clock.now();
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
        provider: payment.provider,
        status: 'pending',
        actor: actorName(actor),
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('purchases')
      .set((eb) => ({ refunded_total: eb('refunded_total', '+', amount), ...(kind === 'cancellation' ? { status: 'Cancelled' } : {}) }))
      .where('id', '=', order.id)
      .execute();
    for (const line of lines) {
      await trx
        .updateTable('purchase_items')
        .set((eb) => ({ refunded_quantity: eb('refunded_quantity', '+', line.quantity) }))
        .where('id', '=', line.item_id)
        .execute();
    }
    return { refund, replayed: false };
  });

  let refund = claim.refund;
  if (refund.status === 'failed') throw new DomainError('refund_failed', refund.failure ?? 'The payment provider refused the refund');
  if (refund.status === 'pending') {
    // 2. Ask the provider; 3. settle.
    const payment = await paymentOf(db, found);
    let providerRefundId: string;
    try {
      ({ providerRefundId } = await deps.payments.refund({
        providerSessionId: payment.providerSessionId ?? '',
        amount: refund.amount,
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
  return { order_number: number, status: order.status, refunded_total: order.refunded_total, refund: toRefund(refund), replayed: claim.replayed };
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

async function settleSucceeded(deps: RefundDeps, pending: RefundRow, providerRefundId: string, actor: Actor, number: string): Promise<RefundRow> {
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
      const items = await trx.selectFrom('purchase_items').select(['id', 'variant_id']).where('purchase_id', '=', refund.purchase_id).execute();
      const variantOf = new Map(items.map((item) => [item.id, item.variant_id]));
      for (const line of refund.lines) {
        const variantId = variantOf.get(line.item_id);
        // A variant deleted since the sale has nowhere to go back to.
        const change = variantId ? await addStockIn(trx, now, { variantId }, line.quantity) : null;
        if (change) changes.push(change);
      }
    }
    // Units refunded of a product capped per customer are the buyer's to buy again.
    await releaseRefundedUnits(trx, refund.purchase_id, refund.lines);
    // A product no longer owned takes its card with it.
    await withdrawRefundedCards(trx, refund.purchase_id);
    const before = await trx.selectFrom('purchases').select(['status', 'refunded_total', 'total']).where('id', '=', refund.purchase_id).executeTakeFirstOrThrow();
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
    const email = await trx.selectFrom('purchases').select('email').where('id', '=', refund.purchase_id).executeTakeFirstOrThrow();
    const mailJob = await queueOrderMail(trx, now, refund.purchase_id, { to: email.email, ...refundEmail(refund, number) });
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
function markRefundedWhenPaidBack(trx: Db, purchaseId: string) {
  return trx
    .updateTable('purchases')
    .set({ status: 'Refunded' })
    .where('id', '=', purchaseId)
    .where(sql<string>`lower(status)`, '<>', 'cancelled')
    .where('total', '<=', trx.selectFrom('refunds').select(sql<number>`coalesce(sum(amount), 0)::int`.as('paid_back')).where('purchase_id', '=', purchaseId).where('status', '=', 'succeeded'))
    .returning('status')
    .executeTakeFirst();
}

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
    const order = await trx.selectFrom('purchases').select(['id', 'created_at', 'status', 'total', 'refunded_total']).where('id', '=', purchaseId).forUpdate().executeTakeFirstOrThrow();
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
    const email = await trx.selectFrom('purchases').select('email').where('id', '=', purchaseId).executeTakeFirstOrThrow();
    const mailJob = await queueOrderMail(trx, now, purchaseId, { to: email.email, ...refundEmail(refund, orderNumber(order.id, order.created_at)) });
    return { refund, mailJob };
  });
  if (!recorded) return null;
  await sendQueuedMail(deps, [recorded.mailJob]);
  return recorded.refund;
}

function refundEmail(refund: RefundRow, number: string) {
  const units = refund.lines.map((line) => `${line.quantity} × ${line.name} (${line.sku})`);
  const timing = 'It reaches your card within 5 to 10 working days, depending on your bank.';
  if (refund.kind === 'cancellation') {
    return renderEmail({
      subject: `Your ${BRAND.name} order ${number} has been cancelled`,
      heading: 'Your order is cancelled',
      paragraphs: [`Order ${number} has been cancelled and ${formatEuro(refund.amount)} refunded to your payment method.`, timing, 'Questions? Reply to this email.'],
    });
  }
  return renderEmail({
    subject: `Your ${BRAND.name} refund for order ${number}`,
    heading: `We have refunded ${formatEuro(refund.amount)}`,
    paragraphs: [
      `We have refunded ${formatEuro(refund.amount)} on order ${number}.`,
      ...(units.length ? [`For: ${units.join(', ')}.`] : []),
      timing,
      'Questions? Reply to this email.',
    ],
  });
}

export async function refundsOf(db: Db, purchaseId: string) {
  return db.selectFrom('refunds').selectAll().where('purchase_id', '=', purchaseId).orderBy('created_at').orderBy('id').execute();
}

export function toRefund(row: RefundRow): Refund {
  return {
    id: row.id,
    kind: row.kind,
    amount: row.amount,
    lines: row.lines,
    restock: row.restock,
    reason: row.reason,
    provider: row.provider,
    provider_refund_id: row.provider_refund_id,
    status: row.status,
    failure: row.failure,
    actor: row.actor,
    created_at: row.created_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
  };
}

/** An order's payment and what the refund form offers, for the back office's order page. */
export async function refundView(deps: Pick<AppDeps, 'db' | 'payments'>, order: Purchase) {
  const [payment, items, refunds, inReturns] = await Promise.all([
    paymentOf(deps.db, order),
    deps.db
      .selectFrom('purchase_items')
      .select(['id', 'sku', 'name', 'variant_description', 'quantity', 'refunded_quantity', 'unit_price', 'discount'])
      .where('purchase_id', '=', order.id)
      .orderBy('position')
      .execute(),
    refundsOf(deps.db, order.id),
    openReturnUnits(deps.db, order.id),
  ]);
  const lines: z.infer<typeof refundableLineSchema>[] = items.map((item) => ({
    item_id: item.id,
    sku: item.sku,
    name: item.name,
    variant: item.variant_description,
    quantity: item.quantity,
    refunded_quantity: item.refunded_quantity,
    in_return_quantity: inReturns.filter((unit) => unit.item_id === item.id).reduce((sum, unit) => sum + unit.quantity, 0),
    unit_price: item.unit_price,
    unit_refund: lineUnitRefund(item, order, sharedByLine(items)),
  }));
  const paymentOut: z.infer<typeof orderPaymentSchema> = {
    provider: payment.provider,
    provider_session_id: payment.providerSessionId,
    captured: order.total,
    refunded: order.refunded_total,
    refundable: order.status.toLowerCase() === 'cancelled' ? 0 : order.total - order.refunded_total,
    can_refund: Boolean(payment.provider && payment.providerSessionId && payment.provider === deps.payments.name),
  };
  return { payment: paymentOut, lines, refunds: refunds.map(toRefund) };
}
