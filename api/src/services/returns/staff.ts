import type { Return } from '@contract/api/returns';

import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import type { AppConfig } from '../../deps.js';
import { DomainError } from '../../domain-error.js';
import { type Actor, recordAudit } from '../audit.js';
import { renderEmail } from '../mail-templates.js';
import { mailWords } from '../mail-words.js';
import { queueOrderMail, sendQueuedMail } from '../order-mail.js';
import { refundOrder } from '../refunds/run.js';
import { parcelLink } from '../shipping/carriers.js';
import { addStockIn, sendBackInStock, type StockChange } from '../stock.js';
import { type RefundingDeps, returnColumns, type ReturnDeps, toReturns } from './read.js';
import { linesText } from './request.js';

// ---------------------------------------------------------------------------------------------
// The back office: received, then refunded or exchanged (or cancelled)

async function loadReturn(db: Db, number: string) {
  const row = await db.selectFrom('returns').select(returnColumns).where('number', '=', number).executeTakeFirst();
  if (!row) throw new DomainError('not_found', `No return ${number}`);
  return row;
}

const conflict = (row: { number: string; status: Return['status'] }, wanted: string) =>
  new DomainError('return_status_conflict', `Return ${row.number} is ${row.status}: ${wanted}`);

/** Where and in which language the order's emails go. */
function buyerOf(db: Db, purchaseId: string) {
  return db.selectFrom('purchases').select(['email', 'locale']).where('id', '=', purchaseId).executeTakeFirstOrThrow();
}

/** Requested → received: the parcel is back in the workroom. Staff and owners. */
export async function receiveReturn(deps: ReturnDeps, number: string, actor: Actor): Promise<Return> {
  const found = await loadReturn(deps.db, number);
  const now = deps.clock.now();
  const done = await inTransaction(deps.db, async (trx) => {
    const row = await trx
      .updateTable('returns')
      .set({ status: 'received', received_at: now })
      .where('id', '=', found.id)
      .where('status', '=', 'requested')
      .returning(returnColumns)
      .executeTakeFirst();
    if (!row) return null;
    await recordAudit(trx, now, actor, {
      action: 'return.receive',
      subject_type: 'order',
      subject_id: found.purchase_id,
      before: { return: found.number, status: 'requested' },
      after: { return: found.number, status: 'received' },
    });
    const [answer] = await toReturns(trx, [row]);
    const buyer = await buyerOf(trx, row.purchase_id);
    const w = mailWords(buyer.locale).returns;
    const mailJob = await queueOrderMail(trx, now, row.purchase_id, {
      to: buyer.email,
      ...renderEmail({
        subject: w.receivedSubject(row.number),
        heading: w.receivedHeading,
        paragraphs: [w.received(row.number, answer.order_number), row.kind === 'exchange' ? w.receivedExchange : w.receivedRefund],
        locale: buyer.locale,
      }),
    });
    return { answer, mailJob };
  });
  if (!done) throw conflict(found, 'only a requested return can be marked received');
  await sendQueuedMail(deps, [done.mailJob]);
  return done.answer;
}

/** Received → refunded: the returned lines are refunded through the refunds service and go back on sale. Owners. */
export async function refundReturn(
  deps: RefundingDeps & { config: Pick<AppConfig, 'storefrontUrl' | 'jwtSecret'> },
  number: string,
  actor: Actor,
): Promise<Return> {
  const found = await loadReturn(deps.db, number);
  if (found.kind !== 'refund') throw conflict(found, 'it is an exchange; ship the new size instead');
  if (found.status !== 'received')
    throw conflict(found, found.status === 'requested' ? 'mark the parcel received first' : 'it cannot be refunded now');
  const items = await deps.db
    .selectFrom('return_items')
    .select(['purchase_item_id', 'quantity'])
    .where('return_id', '=', found.id)
    .execute();
  // The return's own key: posting twice, or two owners at once, refund once (ADR 023).
  const done = await refundOrder(
    deps,
    {
      order: found.purchase_id,
      idempotency_key: `return-${found.id}`,
      full: false,
      lines: items.map((item) => ({ item_id: item.purchase_item_id, quantity: item.quantity })),
      amount: 0,
      restock: true,
      reason: `Return ${found.number}`,
    },
    actor,
    { returnId: found.id, asStoreCredit: found.refund_to === 'store_credit' },
  );
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (trx) => {
    const refunded = await trx
      .updateTable('returns')
      .set({ status: 'refunded', refund_id: done.refund.id, closed_at: now })
      .where('id', '=', found.id)
      .where('status', '=', 'received')
      .returning(returnColumns)
      .executeTakeFirst();
    if (refunded) {
      await recordAudit(trx, now, actor, {
        action: 'return.refund',
        subject_type: 'order',
        subject_id: found.purchase_id,
        before: { return: found.number, status: 'received' },
        after: { return: found.number, status: 'refunded', refund: done.refund.id },
      });
    }
    return refunded;
  });
  // Another post settled it first: the same refund, answered again.
  return (await toReturns(deps.db, [row ?? (await loadReturn(deps.db, number))]))[0];
}

/** Received → exchanged: the new size leaves as a second parcel of the order, and the returned units go back on sale. Owners. */
export async function shipExchange(deps: ReturnDeps, number: string, carrier: string, tracking: string, actor: Actor): Promise<Return> {
  const found = await loadReturn(deps.db, number);
  if (found.kind !== 'exchange') throw conflict(found, 'it is a refund; refund it instead');
  const now = deps.clock.now();
  const shipped = await inTransaction(deps.db, async (trx) => {
    const row = await trx
      .updateTable('returns')
      .set({ status: 'exchanged', carrier, tracking_number: tracking, closed_at: now })
      .where('id', '=', found.id)
      .where('status', '=', 'received')
      .returning(returnColumns)
      .executeTakeFirst();
    if (!row) return null;
    const items = await trx
      .selectFrom('return_items as ri')
      .innerJoin('purchase_items as pi', 'pi.id', 'ri.purchase_item_id')
      .select(['pi.variant_id', 'ri.quantity', 'pi.sku', 'ri.exchange_sku'])
      .where('ri.return_id', '=', row.id)
      .orderBy('pi.variant_id')
      .execute();
    const changes: NonNullable<StockChange>[] = [];
    for (const item of items) {
      const change = item.variant_id ? await addStockIn(trx, now, { variantId: item.variant_id }, item.quantity) : null;
      if (change) changes.push(change);
    }
    await recordAudit(trx, now, actor, {
      action: 'return.exchange',
      subject_type: 'order',
      subject_id: row.purchase_id,
      before: { return: row.number, status: 'received' },
      after: {
        return: row.number,
        status: 'exchanged',
        carrier,
        tracking_number: tracking,
        units: items.map((item) => `${item.quantity} × ${item.sku} for ${item.exchange_sku}`).join(', '),
        restocked: 'yes',
      },
    });
    const [answer] = await toReturns(trx, [row]);
    // The owner's carrier list makes the link (migration 042); a name not on it, the old rule.
    const { url: link } = await parcelLink(trx, carrier, tracking);
    const buyer = await buyerOf(trx, answer.purchase_id);
    const w = mailWords(buyer.locale).returns;
    const mailJob = await queueOrderMail(trx, now, answer.purchase_id, {
      to: buyer.email,
      ...renderEmail({
        subject: w.exchangeSubject(answer.number),
        heading: w.exchangeHeading,
        paragraphs: [
          w.exchangeShipped(answer.number, answer.order_number, carrier, linesText(answer.lines, w)),
          w.tracking(tracking),
          w.nothingToPay,
        ],
        action: link ? { label: w.track, url: link } : undefined,
        locale: buyer.locale,
      }),
    });
    return { answer, changes, mailJob };
  });
  if (!shipped)
    throw conflict(found, found.status === 'requested' ? 'mark the parcel received first' : 'its exchange cannot be shipped now');
  await sendQueuedMail(deps, [shipped.mailJob]);
  for (const change of shipped.changes) await sendBackInStock(deps, change);
  if (shipped.changes.length) await deps.onCatalogueChange?.();
  return shipped.answer;
}

/** Requested or received → cancelled: the units may be returned again, an exchange's size goes back on sale. Owners. */
export async function cancelReturn(deps: ReturnDeps, number: string, actor: Actor): Promise<Return> {
  const found = await loadReturn(deps.db, number);
  const now = deps.clock.now();
  const cancelled = await inTransaction(deps.db, async (trx) => {
    const row = await trx
      .updateTable('returns')
      .set({ status: 'cancelled', closed_at: now })
      .where('id', '=', found.id)
      .where('status', 'in', ['requested', 'received'])
      .returning(returnColumns)
      .executeTakeFirst();
    if (!row) return null;
    const items = await trx
      .selectFrom('return_items')
      .select(['purchase_item_id', 'quantity', 'exchange_variant_id'])
      .where('return_id', '=', row.id)
      .orderBy('purchase_item_id')
      .execute();
    const changes: NonNullable<StockChange>[] = [];
    for (const item of items) {
      await trx
        .updateTable('purchase_items')
        .set((eb) => ({ returned_quantity: eb('returned_quantity', '-', item.quantity) }))
        .where('id', '=', item.purchase_item_id)
        .execute();
    }
    for (const item of items
      .filter((i) => i.exchange_variant_id)
      .sort((a, b) => a.exchange_variant_id!.localeCompare(b.exchange_variant_id!))) {
      const change = await addStockIn(trx, now, { variantId: item.exchange_variant_id! }, item.quantity);
      if (change) changes.push(change);
    }
    await recordAudit(trx, now, actor, {
      action: 'return.cancel',
      subject_type: 'order',
      subject_id: row.purchase_id,
      before: { return: row.number, status: found.status },
      after: { return: row.number, status: 'cancelled' },
    });
    const [answer] = await toReturns(trx, [row]);
    const buyer = await buyerOf(trx, answer.purchase_id);
    const w = mailWords(buyer.locale).returns;
    const mailJob = await queueOrderMail(trx, now, answer.purchase_id, {
      to: buyer.email,
      ...renderEmail({
        subject: w.cancelledSubject(answer.number),
        heading: w.cancelledHeading,
        paragraphs: [w.cancelled(answer.number, answer.order_number), w.questions],
        locale: buyer.locale,
      }),
    });
    return { answer, changes, mailJob };
  });
  if (!cancelled) throw conflict(found, 'only an open return can be cancelled');
  await sendQueuedMail(deps, [cancelled.mailJob]);
  for (const change of cancelled.changes) await sendBackInStock(deps, change);
  if (cancelled.changes.length) await deps.onCatalogueChange?.();
  return cancelled.answer;
}
