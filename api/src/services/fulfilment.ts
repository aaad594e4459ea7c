import { sql } from 'kysely';
import type { z } from 'zod';

import type { orderListSchema } from '@contract/api/admin';
import { RETURN_WINDOW_DAYS } from '@contract/api/returns';
import { paidWithBalances } from '@contract/gift-cards';
import type { ShopLocale } from '@contract/locale';
import { formatEuro } from '@contract/money';
import { orderNumber } from '@contract/order-number';
import { addDays, shopDayStart } from '@contract/shop-time';

import { isGuest } from '../auth/users.js';
import type { Db } from '../db/database.js';
import { inTransaction } from '../db/transaction.js';
import type { AppConfig, AppDeps } from '../deps.js';
import { DomainError } from '../domain-error.js';
import { type Actor, actorName, recordAudit } from './audit.js';
import { renderEmail } from './mail-templates.js';
import { mailWords } from './mail-words.js';
import { loadPurchaseSuccess } from './order-confirmation.js';
import { queueOrderMail, sendQueuedMail } from './order-mail.js';
import { findOrder } from './order-reference.js';
import { refundView } from './refunds/read.js';
import { returnLink } from './returns/links.js';
import { parcelLink } from './shipping/carriers.js';

export type OrderRow = z.infer<typeof orderListSchema>[number];

/** Orders newest first, found by number or id, email or item name, and by status; a page of them. */
export async function listOrders(
  db: Db,
  query: { q?: string; status?: string; from?: string; to?: string; limit: number; offset: number } = { limit: 500, offset: 0 },
): Promise<OrderRow[]> {
  let select = db.selectFrom('purchases').selectAll();
  const q = query.q?.trim();
  if (q) {
    const idPrefix = (/^ORD-\d{4}-\d{2}-\d{2}-([0-9A-F]{8})$/i.exec(q)?.[1] ?? q).toLowerCase();
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
    select = select.where((eb) =>
      eb.or([
        ...(/^[0-9a-f-]{4,36}$/.test(idPrefix) ? [eb(sql<string>`id::text`, 'like', `${idPrefix}%`)] : []),
        eb(sql<string>`lower(email)`, 'like', pattern),
        eb.exists(
          eb
            .selectFrom('purchase_items')
            .select(sql`1`.as('one'))
            .whereRef('purchase_items.purchase_id', '=', 'purchases.id')
            .where(sql<string>`lower(purchase_items.name)`, 'like', pattern),
        ),
      ]),
    );
  }
  // Days are the shop's (Italy's), from their midnight; the last one is included: everything before the next.
  if (query.from) select = select.where('created_at', '>=', shopDayStart(query.from));
  if (query.to) select = select.where('created_at', '<', shopDayStart(addDays(query.to, 1)));
  if (query.status === 'Partially refunded') select = select.where('refunded_total', '>', 0).where(sql<boolean>`refunded_total < total`);
  else if (query.status) select = select.where(sql<string>`lower(status)`, '=', query.status.toLowerCase());
  return toOrderRows(await select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).offset(query.offset).execute());
}

/** Every order of one customer, newest first. */
export async function listOrdersOf(db: Db, userId: string): Promise<OrderRow[]> {
  return toOrderRows(
    await db
      .selectFrom('purchases')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
  );
}

function toOrderRows(
  rows: {
    id: string;
    created_at: Date;
    email: string;
    total: number;
    refunded_total: number;
    discount: number;
    discount_code: string | null;
    status: string;
    carrier: string | null;
    tracking_number: string | null;
    gift_card_amount: number;
    gift_card_last4: string | null;
    store_credit_amount: number;
  }[],
): OrderRow[] {
  return rows.map((p) => ({
    purchase_id: p.id,
    order_number: orderNumber(p.id, p.created_at),
    date: p.created_at.toISOString(),
    email: p.email,
    total: formatEuro(p.total),
    status: p.status,
    refunded: p.refunded_total > 0 ? formatEuro(p.refunded_total) : null,
    discount_code: p.discount_code,
    discount: p.discount_code || p.discount > 0 ? formatEuro(p.discount) : null,
    carrier: p.carrier,
    tracking_number: p.tracking_number,
    paid_with_balances: paidWithBalances(p),
  }));
}

type OrderDeps = Pick<AppDeps, 'db' | 'mail' | 'log' | 'clock'>;
type DeliverDeps = OrderDeps & { config: Pick<AppConfig, 'storefrontUrl' | 'jwtSecret'> };

/** The buyer's "your order has shipped" email, queued in the transaction that ships it (ADR 044), in the order's language. */
export function queueShippedMail(
  trx: Db,
  now: Date,
  order: { id: string; email: string; locale: ShopLocale },
  number: string,
  parcel: { carrier: string; tracking: string; url: string | null },
) {
  const w = mailWords(order.locale).shipped;
  return queueOrderMail(trx, now, order.id, {
    to: order.email,
    ...renderEmail({
      subject: w.subject(number),
      heading: w.heading,
      paragraphs: [w.left(number, parcel.carrier), w.tracking(parcel.tracking)],
      action: parcel.url ? { label: w.action, url: parcel.url } : undefined,
      locale: order.locale,
    }),
  });
}

/** Processing → Shipped, with the carrier and tracking number; the buyer gets an email with the tracking link. */
export async function shipOrder(deps: OrderDeps, reference: string, carrierName: string, trackingNumber: string, actor: Actor) {
  const order = await findOrder(deps.db, reference);
  // The owner's carrier list names the carrier and makes its link (migration 042).
  const { carrier, url: link } = await parcelLink(deps.db, carrierName, trackingNumber);
  const shipped = await inTransaction(deps.db, async (trx) => {
    const updated = await trx
      .updateTable('purchases')
      .set({ status: 'Shipped', carrier, tracking_number: trackingNumber, tracking_url: link })
      .where('id', '=', order.id)
      .where(sql<string>`lower(status)`, '=', 'processing')
      .returningAll()
      .executeTakeFirst();
    if (!updated) return null;
    await recordAudit(trx, deps.clock.now(), actor, {
      action: 'order.ship',
      subject_type: 'order',
      subject_id: order.id,
      before: { status: order.status },
      after: { status: updated.status, carrier, tracking_number: trackingNumber },
    });
    const number = orderNumber(updated.id, updated.created_at);
    const mailJob = await queueShippedMail(trx, deps.clock.now(), updated, number, { carrier, tracking: trackingNumber, url: link });
    return { updated, number, mailJob };
  });
  if (!shipped)
    throw new DomainError('order_status_conflict', `Order ${orderNumber(order.id, order.created_at)} is ${order.status}, not Processing`);
  await sendQueuedMail(deps, [shipped.mailJob]);
  return { order_number: shipped.number, status: shipped.updated.status, carrier, tracking_number: trackingNumber, tracking_url: link };
}

/** One order with everything needed to pack, send and refund it. */
export async function orderDetail(deps: Pick<AppDeps, 'db' | 'payments'>, reference: string) {
  const { db } = deps;
  const order = await findOrder(db, reference);
  const [detail, notes, refunds] = await Promise.all([
    loadPurchaseSuccess(db, order.id, order.id),
    db
      .selectFrom('order_notes')
      .select(['id', 'author', 'body', 'created_at'])
      .where('purchase_id', '=', order.id)
      .orderBy('seq')
      .execute(),
    refundView(deps, order),
  ]);
  if (!detail) throw new DomainError('not_found', `No order ${reference.trim()}`);
  return {
    ...detail,
    carrier: order.carrier,
    tracking_number: order.tracking_number,
    tracking_url: order.tracking_url,
    notes: notes.map((note) => ({ ...note, created_at: note.created_at.toISOString() })),
    ...refunds,
  };
}

/** A staff note on an order, written with its audit entry. */
export async function addOrderNote(deps: Pick<AppDeps, 'db' | 'clock'>, reference: string, body: string, actor: Actor) {
  const order = await findOrder(deps.db, reference);
  const now = deps.clock.now();
  return inTransaction(deps.db, async (trx) => {
    const note = await trx
      .insertInto('order_notes')
      .values({ purchase_id: order.id, author: actorName(actor), body, created_at: now })
      .returning(['id', 'author', 'body', 'created_at'])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, now, actor, { action: 'order.note', subject_type: 'order', subject_id: order.id, after: { note: body } });
    return { ...note, created_at: note.created_at.toISOString() };
  });
}

/** Shipped → Delivered. */
export async function deliverOrder(deps: DeliverDeps, reference: string, actor: Actor) {
  const order = await findOrder(deps.db, reference);
  const delivered = await inTransaction(deps.db, async (trx) => {
    const updated = await trx
      .updateTable('purchases')
      // The return window (ADR 032) runs from here.
      .set({ status: 'Delivered', delivered_at: deps.clock.now() })
      .where('id', '=', order.id)
      .where(sql<string>`lower(status)`, '=', 'shipped')
      .returning(['id', 'created_at', 'status', 'email', 'user_id', 'locale'])
      .executeTakeFirst();
    if (!updated) return null;
    await recordAudit(trx, deps.clock.now(), actor, {
      action: 'order.deliver',
      subject_type: 'order',
      subject_id: order.id,
      before: { status: order.status },
      after: { status: updated.status },
    });
    const number = orderNumber(updated.id, updated.created_at);
    const w = mailWords(updated.locale).delivered;
    const mailJob = await queueOrderMail(trx, deps.clock.now(), updated.id, {
      to: updated.email,
      ...renderEmail({
        subject: w.subject(number),
        heading: w.heading,
        paragraphs: [w.arrived(number), w.returns(RETURN_WINDOW_DAYS)],
        action: { label: w.action, url: returnLink(deps.config, updated.id, await isGuest(trx, updated.user_id), updated.locale) },
        locale: updated.locale,
      }),
    });
    return { updated, number, mailJob };
  });
  if (!delivered)
    throw new DomainError('order_status_conflict', `Order ${orderNumber(order.id, order.created_at)} is ${order.status}, not Shipped`);
  await sendQueuedMail(deps, [delivered.mailJob]);
  return { order_number: delivered.number, status: delivered.updated.status };
}
