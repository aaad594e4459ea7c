import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { BRAND } from '@contract/brand';
import { orderNumber } from '@contract/order-number';
import {
  RETURN_REASON_LABELS,
  RETURN_WINDOW_DAYS,
  returnLineLabel,
  type Return,
  type ReturnOptions,
  type ReturnReason,
  type returnRequestSchema,
} from '@contract/api/returns';
import { trackingUrl } from '@contract/tracking';
import type { z } from 'zod';
import type { AppConfig, AppDeps } from '../deps.js';
import { isGuest } from '../auth/users.js';
import type { Db } from '../db/database.js';
import { DomainError } from '../domain-error.js';
import { recordAudit, type Actor } from './audit.js';
import { findOrder } from './fulfilment.js';
import { renderEmail } from './mail-templates.js';
import { queueOrderMail, sendQueuedMail } from './order-mail.js';
import { refundOrder } from './refunds.js';
import { addStockIn, sendBackInStock, type StockChange } from './stock.js';
import { inTransaction } from '../db/transaction.js';

/**
 * Returns and size exchanges (ADR 032). A return claims its units on the order's lines with one
 * conditional UPDATE per line, and an exchange its new size from stock the same way, both in the
 * return's own transaction: two requests at once can never send back more than was bought, nor an
 * exchange take a unit that is not there. Staff mark the parcel received; an owner then refunds the
 * lines through the refunds service (restocking them) or ships the exchange as a second parcel.
 */

type ReturnDeps = Pick<AppDeps, 'db' | 'mail' | 'log' | 'clock' | 'onCatalogueChange'> & { config: Pick<AppConfig, 'storefrontUrl' | 'jwtSecret'> };
type RefundingDeps = ReturnDeps & Pick<AppDeps, 'payments'>;
type ReturnRequest = z.output<typeof returnRequestSchema>;
type ReturnRow = { id: string; number: string; purchase_id: string; kind: 'refund' | 'exchange'; reason: string; comment: string; status: Return['status']; carrier: string | null; tracking_number: string | null; created_at: Date; received_at: Date | null; closed_at: Date | null };

const DAY_MS = 24 * 60 * 60_000;
const SIZE = 'size';

// ---------------------------------------------------------------------------------------------
// The signed link a guest returns with (the delivery email carries it): the order's id and an HMAC.

const TOKEN_PURPOSE = 'order-returns.v1';

function tokenSignature(secret: string, purchaseId: string): string {
  return createHmac('sha256', secret).update(`${TOKEN_PURPOSE}.${purchaseId}`).digest('base64url');
}

export function returnToken(secret: string, purchaseId: string): string {
  return `${purchaseId}.${tokenSignature(secret, purchaseId)}`;
}

/** Whether an order is this shopper's own. */
export async function isBuyersPurchase(db: Db, purchaseId: string, userId: string): Promise<boolean> {
  const owner = await db.selectFrom('purchases').select('user_id').where('id', '=', purchaseId).executeTakeFirst();
  return owner?.user_id === userId;
}

/** The order a return link names, when its signature holds; otherwise not_found, saying nothing more. */
export function purchaseOfReturnToken(secret: string, token: string): string {
  const [purchaseId, signature] = token.split('.');
  if (purchaseId && signature && /^[0-9a-f-]{36}$/i.test(purchaseId)) {
    const expected = Buffer.from(tokenSignature(secret, purchaseId));
    const given = Buffer.from(signature);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return purchaseId;
  }
  throw new DomainError('not_found', 'This return link is not valid. Use the link in your delivery email.');
}

/** Where the delivery email sends a buyer to return: a guest to the signed page, a member to their order's return page. */
export function returnLink(config: Pick<AppConfig, 'storefrontUrl' | 'jwtSecret'>, purchaseId: string, guest: boolean): string {
  const path = guest ? `/returns/${returnToken(config.jwtSecret, purchaseId)}` : `/orders/${purchaseId}/return`;
  return new URL(path, config.storefrontUrl).toString();
}

// ---------------------------------------------------------------------------------------------
// Reading

const returnColumns = ['id', 'number', 'purchase_id', 'kind', 'reason', 'comment', 'status', 'carrier', 'tracking_number', 'created_at', 'received_at', 'closed_at'] as const;

async function toReturns(db: Db, rows: ReturnRow[]): Promise<Return[]> {
  if (rows.length === 0) return [];
  const [items, orders] = await Promise.all([
    db
      .selectFrom('return_items as ri')
      .innerJoin('purchase_items as pi', 'pi.id', 'ri.purchase_item_id')
      .select(['ri.return_id', 'ri.purchase_item_id', 'ri.quantity', 'ri.exchange_variant_id', 'ri.exchange_sku', 'ri.exchange_description', 'pi.name', 'pi.sku', 'pi.variant_description', 'pi.position'])
      .where(
        'ri.return_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('pi.position')
      .execute(),
    db
      .selectFrom('purchases')
      .select(['id', 'created_at'])
      .where('id', 'in', [...new Set(rows.map((row) => row.purchase_id))])
      .execute(),
  ]);
  const placed = new Map(orders.map((order) => [order.id, order.created_at]));
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    purchase_id: row.purchase_id,
    order_number: orderNumber(row.purchase_id, placed.get(row.purchase_id) ?? row.created_at),
    kind: row.kind,
    reason: row.reason as ReturnReason,
    comment: row.comment,
    status: row.status,
    lines: items
      .filter((item) => item.return_id === row.id)
      .map((item) => ({
        item_id: item.purchase_item_id,
        name: item.name,
        sku: item.sku,
        variant: item.variant_description,
        quantity: item.quantity,
        exchange: item.exchange_sku ? { variant_id: item.exchange_variant_id, sku: item.exchange_sku, description: item.exchange_description ?? '' } : null,
      })),
    carrier: row.carrier,
    tracking_number: row.tracking_number,
    tracking_url: trackingUrl(row.carrier, row.tracking_number),
    created_at: row.created_at.toISOString(),
    received_at: row.received_at?.toISOString() ?? null,
    closed_at: row.closed_at?.toISOString() ?? null,
  }));
}

/** An order's returns, oldest first. */
export async function returnsOfPurchase(db: Db, purchaseId: string): Promise<Return[]> {
  return toReturns(db, await db.selectFrom('returns').select(returnColumns).where('purchase_id', '=', purchaseId).orderBy('created_at').orderBy('number').execute());
}

/** Returns for the back office, newest first: all, one order's, or those at one step. */
export async function listReturns(db: Db, filter: { order?: string; status?: Return['status']; limit: number }) {
  let query = db.selectFrom('returns').select(returnColumns);
  if (filter.order) query = query.where('purchase_id', '=', (await findOrder(db, filter.order)).id);
  if (filter.status) query = query.where('status', '=', filter.status);
  const rows = await query.orderBy('created_at', 'desc').orderBy('number').limit(filter.limit).execute();
  const returns = await toReturns(db, rows);
  const emails = rows.length
    ? new Map((await db.selectFrom('purchases').select(['id', 'email']).where('id', 'in', [...new Set(rows.map((row) => row.purchase_id))]).execute()).map((p) => [p.id, p.email]))
    : new Map<string, string>();
  return returns.map((item) => ({ ...item, email: emails.get(item.purchase_id) ?? '' }));
}

export async function returnByNumber(db: Db, number: string): Promise<Return> {
  const row = await db.selectFrom('returns').select(returnColumns).where('number', '=', number).executeTakeFirst();
  if (!row) throw new DomainError('not_found', `No return ${number}`);
  return (await toReturns(db, [row]))[0];
}

/** The end of an order's return window, or null while it has not been delivered. */
export function windowEnd(deliveredAt: Date | null): Date | null {
  return deliveredAt ? new Date(deliveredAt.getTime() + RETURN_WINDOW_DAYS * DAY_MS) : null;
}

/** Units of each line that may still be sent back: bought, less those in returns, less those refunded outside a return. */
function returnableSql() {
  return sql<number>`(purchase_items.quantity - purchase_items.returned_quantity - purchase_items.refunded_quantity + coalesce((
    SELECT sum(ri.quantity) FROM return_items ri JOIN returns r ON r.id = ri.return_id
    WHERE ri.purchase_item_id = purchase_items.id AND r.status = 'refunded'), 0))::int`;
}

/** Another size of the product a line was bought in: same product and other options, a different size. */
async function sizesFor(db: Db, lines: { product_id: string | null; variant_id: string | null; variant_attributes: { attribute_name: string; value: string }[] }[]) {
  const productIds = [...new Set(lines.map((line) => line.product_id).filter((id): id is string => Boolean(id)))];
  if (productIds.length === 0) return () => [];
  const variants = await db
    .selectFrom('product_variants as v')
    .select(['v.id', 'v.sku', 'v.product_id', 'v.description', 'v.stock_quantity', 'v.position'])
    .select((eb) =>
      eb
        .selectFrom('variant_attributes as a')
        .select(sql<{ attribute_name: string; value: string }[]>`coalesce(jsonb_agg(jsonb_build_object('attribute_name', a.attribute_name, 'value', a.value) ORDER BY a."order"), '[]'::jsonb)`.as('options'))
        .whereRef('a.variant_id', '=', 'v.id')
        .as('options'),
    )
    .where('v.product_id', 'in', productIds)
    .orderBy('v.position')
    .execute();
  return (line: (typeof lines)[number]) => {
    const others = (attributes: { attribute_name: string; value: string }[]) =>
      JSON.stringify(
        attributes
          .filter((a) => a.attribute_name !== SIZE)
          .map((a) => [a.attribute_name, a.value])
          .sort(),
      );
    const mine = others(line.variant_attributes);
    return variants
      .filter((v) => v.product_id === line.product_id && v.id !== line.variant_id && others(v.options ?? []) === mine)
      .map((v) => ({ variant_id: v.id, sku: v.sku, description: v.description, size: (v.options ?? []).find((a) => a.attribute_name === SIZE)?.value ?? v.description, in_stock: v.stock_quantity > 0 }))
      .filter((v) => v.size);
  };
}

/** What the return form offers for one order, and the returns made so far. */
export async function returnOptions(deps: Pick<AppDeps, 'db' | 'clock'>, purchaseId: string): Promise<ReturnOptions> {
  const { db } = deps;
  const order = await db.selectFrom('purchases').select(['id', 'user_id', 'status', 'created_at', 'delivered_at']).where('id', '=', purchaseId).executeTakeFirst();
  if (!order) throw new DomainError('not_found', 'Purchase not found');
  const [items, returns, guest] = await Promise.all([
    db
      .selectFrom('purchase_items')
      .select(['id', 'name', 'sku', 'variant_description', 'quantity', 'product_id', 'variant_id', 'variant_attributes'])
      .select(returnableSql().as('returnable'))
      .where('purchase_id', '=', order.id)
      .orderBy('position')
      .execute(),
    returnsOfPurchase(db, order.id),
    isGuest(db, order.user_id),
  ]);
  const sizes = await sizesFor(db, items);
  const ends = windowEnd(order.delivered_at);
  const lines = items.map((item) => ({
    item_id: item.id,
    name: item.name,
    sku: item.sku,
    variant: item.variant_description,
    quantity: item.quantity,
    returnable: Math.max(0, item.returnable),
    sizes: sizes(item).map(({ variant_id, sku, size, in_stock }) => ({ variant_id, sku, size, in_stock })),
  }));
  const settled = ['refunded', 'cancelled'].includes(order.status.toLowerCase());
  const closed =
    settled || lines.every((line) => line.returnable === 0)
      ? ('nothing_left' as const)
      : order.status.toLowerCase() !== 'delivered' || !ends
        ? ('not_delivered' as const)
        : deps.clock.now() >= ends
          ? ('window_passed' as const)
          : null;
  return {
    purchase_id: order.id,
    order_number: orderNumber(order.id, order.created_at),
    guest,
    delivered_at: order.delivered_at?.toISOString() ?? null,
    window_ends_at: ends?.toISOString() ?? null,
    closed,
    lines,
    returns,
  };
}

// ---------------------------------------------------------------------------------------------
// The buyer asks

const NUMBER_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const newReturnNumber = () => `R-${Array.from({ length: 6 }, () => NUMBER_ALPHABET[randomInt(NUMBER_ALPHABET.length)]).join('')}`;

const dayText = (date: Date) => date.toISOString().slice(0, 10);

/** Writes the buyer's own step on the order's timeline (the audit log), in the step's transaction. */
async function recordBuyerStep(trx: Db, at: Date, email: string, purchaseId: string, action: string, after: Record<string, unknown>) {
  await trx
    .insertInto('audit_log')
    .values({ at, actor: email, action, subject_type: 'order', subject_id: purchaseId, before: null, after: JSON.stringify(after) })
    .execute();
}

export async function requestReturn(deps: ReturnDeps, purchaseId: string, request: ReturnRequest): Promise<Return> {
  const { db, clock } = deps;
  const now = clock.now();
  const exchange = request.lines.some((line) => line.exchange_variant_id);
  // Lines in one order of locks, so two returns of the same order never wait on each other in a circle.
  const lines = [...request.lines].sort((a, b) => a.item_id.localeCompare(b.item_id));
  const created = await inTransaction(db, async (trx) => {
    const order = await trx.selectFrom('purchases').select(['id', 'email', 'status', 'created_at', 'delivered_at']).where('id', '=', purchaseId).forUpdate().executeTakeFirst();
    if (!order) throw new DomainError('not_found', 'Purchase not found');
    const number = orderNumber(order.id, order.created_at);
    const ends = windowEnd(order.delivered_at);
    if (['refunded', 'cancelled'].includes(order.status.toLowerCase())) {
      throw new DomainError('already_returned', `Order ${number} is ${order.status}: there is nothing left to return`);
    }
    if (order.status.toLowerCase() !== 'delivered' || !ends) {
      throw new DomainError('order_status_conflict', `Order ${number} is ${order.status}: it can be returned once it has been delivered`);
    }
    if (now >= ends) {
      throw new DomainError('return_window_passed', `The ${RETURN_WINDOW_DAYS}-day return window of order ${number} closed on ${dayText(ends)}`);
    }
    const items = await trx
      .selectFrom('purchase_items')
      .select(['id', 'name', 'sku', 'product_id', 'variant_id', 'variant_attributes'])
      .where('purchase_id', '=', order.id)
      .execute();
    const byId = new Map(items.map((item) => [item.id, item]));
    const sizes = exchange ? await sizesFor(trx, items) : () => [];
    const kept: { item_id: string; quantity: number; exchange: { variant_id: string; sku: string; description: string } | null }[] = [];
    for (const line of lines) {
      const item = byId.get(line.item_id);
      if (!item) throw new DomainError('invalid_request', `Order ${number} has no line ${line.item_id}`);
      // The claim: only while enough units are left on the line, decided by the row itself.
      const claimed = await trx
        .updateTable('purchase_items')
        .set((eb) => ({ returned_quantity: eb('returned_quantity', '+', line.quantity) }))
        .where('id', '=', item.id)
        .where(sql<boolean>`${returnableSql()} >= ${line.quantity}`)
        .returning('id')
        .executeTakeFirst();
      if (!claimed) {
        const left = await trx.selectFrom('purchase_items').select(returnableSql().as('returnable')).where('id', '=', item.id).executeTakeFirstOrThrow();
        throw new DomainError(
          'already_returned',
          left.returnable <= 0 ? `${item.name} (${item.sku}) has already been returned` : `Only ${left.returnable} of ${item.name} (${item.sku}) can still be returned`,
        );
      }
      kept.push({ item_id: item.id, quantity: line.quantity, exchange: null });
    }
    // Exchanges take their new size from stock now, in variant order, each only if enough is left.
    const exchanges = lines.filter((line) => line.exchange_variant_id).sort((a, b) => a.exchange_variant_id!.localeCompare(b.exchange_variant_id!));
    for (const line of exchanges) {
      const item = byId.get(line.item_id)!;
      const size = sizes(item).find((option) => option.variant_id === line.exchange_variant_id);
      if (!size) throw new DomainError('invalid_request', `${item.name} does not come in that size`);
      const taken = await trx
        .updateTable('product_variants')
        .set((eb) => ({ stock_quantity: eb('stock_quantity', '-', line.quantity) }))
        .where('id', '=', size.variant_id)
        .where('stock_quantity', '>=', line.quantity)
        .returning(['sku', 'description'])
        .executeTakeFirst();
      if (!taken) {
        throw new DomainError('exchange_sold_out', `Size ${size.size} of ${item.name} has just sold out. Choose another size, or ask for a refund instead.`);
      }
      kept.find((k) => k.item_id === line.item_id)!.exchange = { variant_id: size.variant_id, sku: taken.sku, description: taken.description };
    }
    let row: ReturnRow | undefined;
    for (let attempt = 0; !row && attempt < 8; attempt++) {
      row = await trx
        .insertInto('returns')
        .values({ number: newReturnNumber(), purchase_id: order.id, kind: exchange ? 'exchange' : 'refund', reason: request.reason, comment: request.comment, status: 'requested', created_at: now })
        .onConflict((oc) => oc.column('number').doNothing())
        .returning(returnColumns)
        .executeTakeFirst();
    }
    if (!row) throw new Error('no free return number');
    const returnId = row.id;
    await trx
      .insertInto('return_items')
      .values(
        kept.map((k) => ({
          return_id: returnId,
          purchase_item_id: k.item_id,
          quantity: k.quantity,
          exchange_variant_id: k.exchange?.variant_id ?? null,
          exchange_sku: k.exchange?.sku ?? null,
          exchange_description: k.exchange?.description ?? null,
        })),
      )
      .execute();
    const units = kept.map((k) => `${k.quantity} × ${byId.get(k.item_id)!.sku}${k.exchange ? ` for ${k.exchange.sku}` : ''}`).join(', ');
    await recordBuyerStep(trx, now, order.email, order.id, 'return.request', { return: row.number, status: 'requested', reason: RETURN_REASON_LABELS[request.reason], units });
    // The buyer's email is queued with the return (ADR 044).
    const [answer] = await toReturns(trx, [row]);
    const mailJob = await queueOrderMail(trx, now, order.id, { to: order.email, ...requestedEmail(answer) });
    return { answer, mailJob };
  });
  await sendQueuedMail(deps, [created.mailJob]);
  if (exchange) await deps.onCatalogueChange?.();
  return created.answer;
}

const lineText = (line: Return['lines'][number]) => `${line.quantity} × ${returnLineLabel(line)}${line.exchange ? `, exchanged for ${line.exchange.description || line.exchange.sku}` : ''}`;
const returnAddress = `${BRAND.name} Returns, ${BRAND.studio.line1}, ${BRAND.studio.postalCode} ${BRAND.studio.city}, ${BRAND.studio.country}`;

function requestedEmail(item: Return) {
  return renderEmail({
    subject: `Your ${BRAND.name} return ${item.number} for order ${item.order_number}`,
    heading: `Return ${item.number} is open`,
    paragraphs: [
      `We have your return request for order ${item.order_number}: ${item.lines.map(lineText).join('; ')}.`,
      ...(item.kind === 'exchange' ? ['The new size is put aside for you and leaves as soon as your parcel reaches us.'] : []),
      `How to send it back: pack the items unworn with their labels, write ${item.number} on the parcel, and send it within 14 days to ${returnAddress}.`,
      item.kind === 'exchange' ? 'We email you the tracking number when the exchange ships.' : 'We email you when it arrives and when your refund is on its way.',
    ],
  });
}

// ---------------------------------------------------------------------------------------------
// The back office: received, then refunded or exchanged (or cancelled)

async function loadReturn(db: Db, number: string) {
  const row = await db.selectFrom('returns').select(returnColumns).where('number', '=', number).executeTakeFirst();
  if (!row) throw new DomainError('not_found', `No return ${number}`);
  return row;
}

const conflict = (row: { number: string; status: Return['status'] }, wanted: string) =>
  new DomainError('return_status_conflict', `Return ${row.number} is ${row.status}: ${wanted}`);

async function emailOf(db: Db, purchaseId: string) {
  return (await db.selectFrom('purchases').select('email').where('id', '=', purchaseId).executeTakeFirstOrThrow()).email;
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
    await recordAudit(trx, now, actor, { action: 'return.receive', subject_type: 'order', subject_id: found.purchase_id, before: { return: found.number, status: 'requested' }, after: { return: found.number, status: 'received' } });
    const [answer] = await toReturns(trx, [row]);
    const mailJob = await queueOrderMail(trx, now, row.purchase_id, {
      to: await emailOf(trx, row.purchase_id),
      ...renderEmail({
        subject: `We have received your ${BRAND.name} return ${row.number}`,
        heading: 'Your return has arrived',
        paragraphs: [
          `Return ${row.number} for order ${answer.order_number} has reached our workroom.`,
          row.kind === 'exchange' ? 'Your new size is being packed; we email you its tracking number when it ships.' : 'Your refund follows shortly; we email you when it is on its way.',
        ],
      }),
    });
    return { answer, mailJob };
  });
  if (!done) throw conflict(found, 'only a requested return can be marked received');
  await sendQueuedMail(deps, [done.mailJob]);
  return done.answer;
}

/** Received → refunded: the returned lines are refunded through the refunds service and go back on sale. Owners. */
export async function refundReturn(deps: RefundingDeps & { config: Pick<AppConfig, 'storefrontUrl' | 'jwtSecret'> }, number: string, actor: Actor): Promise<Return> {
  const found = await loadReturn(deps.db, number);
  if (found.kind !== 'refund') throw conflict(found, 'it is an exchange; ship the new size instead');
  if (found.status !== 'received') throw conflict(found, found.status === 'requested' ? 'mark the parcel received first' : 'it cannot be refunded now');
  const items = await deps.db.selectFrom('return_items').select(['purchase_item_id', 'quantity']).where('return_id', '=', found.id).execute();
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
    { returnId: found.id },
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
      await recordAudit(trx, now, actor, { action: 'return.refund', subject_type: 'order', subject_id: found.purchase_id, before: { return: found.number, status: 'received' }, after: { return: found.number, status: 'refunded', refund: done.refund.id } });
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
      after: { return: row.number, status: 'exchanged', carrier, tracking_number: tracking, units: items.map((item) => `${item.quantity} × ${item.sku} for ${item.exchange_sku}`).join(', '), restocked: 'yes' },
    });
    const [answer] = await toReturns(trx, [row]);
    const link = trackingUrl(carrier, tracking);
    const mailJob = await queueOrderMail(trx, now, answer.purchase_id, {
      to: await emailOf(trx, answer.purchase_id),
      ...renderEmail({
        subject: `Your ${BRAND.name} exchange ${answer.number} has shipped`,
        heading: 'Your new size is on its way',
        paragraphs: [
          `The exchange for return ${answer.number} (order ${answer.order_number}) has left our workroom with ${carrier}: ${answer.lines.map(lineText).join('; ')}.`,
          `Tracking number: ${tracking}.`,
          'Nothing more to pay.',
        ],
        action: link ? { label: 'Track your parcel', url: link } : undefined,
      }),
    });
    return { answer, changes, mailJob };
  });
  if (!shipped) throw conflict(found, found.status === 'requested' ? 'mark the parcel received first' : 'its exchange cannot be shipped now');
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
    const items = await trx.selectFrom('return_items').select(['purchase_item_id', 'quantity', 'exchange_variant_id']).where('return_id', '=', row.id).orderBy('purchase_item_id').execute();
    const changes: NonNullable<StockChange>[] = [];
    for (const item of items) {
      await trx
        .updateTable('purchase_items')
        .set((eb) => ({ returned_quantity: eb('returned_quantity', '-', item.quantity) }))
        .where('id', '=', item.purchase_item_id)
        .execute();
    }
    for (const item of items.filter((i) => i.exchange_variant_id).sort((a, b) => a.exchange_variant_id!.localeCompare(b.exchange_variant_id!))) {
      const change = await addStockIn(trx, now, { variantId: item.exchange_variant_id! }, item.quantity);
      if (change) changes.push(change);
    }
    await recordAudit(trx, now, actor, { action: 'return.cancel', subject_type: 'order', subject_id: row.purchase_id, before: { return: row.number, status: found.status }, after: { return: row.number, status: 'cancelled' } });
    const [answer] = await toReturns(trx, [row]);
    const mailJob = await queueOrderMail(trx, now, answer.purchase_id, {
      to: await emailOf(trx, answer.purchase_id),
      ...renderEmail({
        subject: `Your ${BRAND.name} return ${answer.number} has been cancelled`,
        heading: 'Your return is cancelled',
        paragraphs: [`Return ${answer.number} for order ${answer.order_number} has been cancelled.`, 'Questions? Reply to this email.'],
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

