import { sql } from 'kysely';
import type { z } from 'zod';

import { type Return, RETURN_WINDOW_DAYS, type ReturnOptions, type ReturnReason, type returnRequestSchema } from '@contract/api/returns';
import { orderNumber } from '@contract/order-number';

import { isGuest } from '../../auth/users.js';
import type { Db } from '../../db/database.js';
import type { AppConfig, AppDeps } from '../../deps.js';
import { DomainError } from '../../domain-error.js';
import { findOrder } from '../order-reference.js';
import { readSettings } from '../settings.js';
import { parcelLinks } from '../shipping/carriers.js';
import { isAvailable } from '../stock-counted.js';

/**
 * Returns and size exchanges (ADR 032). A return claims its units on the order's lines with one
 * conditional UPDATE per line, and an exchange its new size from stock the same way, both in the
 * return's own transaction: two requests at once can never send back more than was bought, nor an
 * exchange take a unit that is not there. Staff mark the parcel received; an owner then refunds the
 * lines through the refunds service (restocking them) or ships the exchange as a second parcel.
 */

export type ReturnDeps = Pick<AppDeps, 'db' | 'mail' | 'log' | 'clock' | 'onCatalogueChange'> & {
  config: Pick<AppConfig, 'storefrontUrl' | 'jwtSecret'>;
};
export type RefundingDeps = ReturnDeps & Pick<AppDeps, 'payments'>;
export type ReturnRequest = z.output<typeof returnRequestSchema>;
export type ReturnRow = {
  id: string;
  number: string;
  purchase_id: string;
  kind: 'refund' | 'exchange';
  reason: string;
  comment: string;
  status: Return['status'];
  carrier: string | null;
  tracking_number: string | null;
  created_at: Date;
  received_at: Date | null;
  closed_at: Date | null;
  refund_to: 'payment' | 'store_credit';
};

const DAY_MS = 24 * 60 * 60_000;
const SIZE = 'size';

// ---------------------------------------------------------------------------------------------
// Reading

export const returnColumns = [
  'id',
  'number',
  'purchase_id',
  'kind',
  'reason',
  'comment',
  'status',
  'carrier',
  'tracking_number',
  'created_at',
  'received_at',
  'closed_at',
  'refund_to',
] as const;

export async function toReturns(db: Db, rows: ReturnRow[]): Promise<Return[]> {
  if (rows.length === 0) return [];
  const [items, orders, link] = await Promise.all([
    db
      .selectFrom('return_items as ri')
      .innerJoin('purchase_items as pi', 'pi.id', 'ri.purchase_item_id')
      .select([
        'ri.return_id',
        'ri.purchase_item_id',
        'ri.quantity',
        'ri.exchange_variant_id',
        'ri.exchange_sku',
        'ri.exchange_description',
        'pi.name',
        'pi.sku',
        'pi.variant_description',
        'pi.position',
      ])
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
    // The replacement's link as its email gave it: the owner's carrier template, else the old rule.
    parcelLinks(
      db,
      rows.map((row) => row.carrier),
    ),
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
        exchange: item.exchange_sku
          ? { variant_id: item.exchange_variant_id, sku: item.exchange_sku, description: item.exchange_description ?? '' }
          : null,
      })),
    carrier: row.carrier,
    tracking_number: row.tracking_number,
    tracking_url: link(row.carrier, row.tracking_number),
    created_at: row.created_at.toISOString(),
    received_at: row.received_at?.toISOString() ?? null,
    closed_at: row.closed_at?.toISOString() ?? null,
    refund_to: row.refund_to,
  }));
}

/** An order's returns, oldest first. */
export async function returnsOfPurchase(db: Db, purchaseId: string): Promise<Return[]> {
  return toReturns(
    db,
    await db
      .selectFrom('returns')
      .select(returnColumns)
      .where('purchase_id', '=', purchaseId)
      .orderBy('created_at')
      .orderBy('number')
      .execute(),
  );
}

/** Returns for the back office, newest first: all, one order's, or those at one step. */
export async function listReturns(db: Db, filter: { order?: string; status?: Return['status']; limit: number }) {
  let query = db.selectFrom('returns').select(returnColumns);
  if (filter.order) query = query.where('purchase_id', '=', (await findOrder(db, filter.order)).id);
  if (filter.status) query = query.where('status', '=', filter.status);
  const rows = await query.orderBy('created_at', 'desc').orderBy('number').limit(filter.limit).execute();
  const returns = await toReturns(db, rows);
  const emails = rows.length
    ? new Map(
        (
          await db
            .selectFrom('purchases')
            .select(['id', 'email'])
            .where('id', 'in', [...new Set(rows.map((row) => row.purchase_id))])
            .execute()
        ).map((p) => [p.id, p.email]),
      )
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
export function returnableSql() {
  return sql<number>`(purchase_items.quantity - purchase_items.returned_quantity - purchase_items.refunded_quantity + coalesce((
    SELECT sum(ri.quantity) FROM return_items ri JOIN returns r ON r.id = ri.return_id
    WHERE ri.purchase_item_id = purchase_items.id AND r.status = 'refunded'), 0))::int`;
}

/**
 * Whether an order line is a gift card (ADR 064): a code sent by email, nothing to send back and no
 * size to swap, so it is never returned nor exchanged here; the owner refunds an unspent card.
 */
export function giftCardLineSql() {
  return sql<boolean>`coalesce((SELECT gp.gift_card FROM products gp WHERE gp.id = purchase_items.product_id), false)`;
}

/**
 * Another size of the product a line was bought in: same product and other options, a different size.
 * A gift card's amounts are no sizes: its lines are offered none.
 */
export async function sizesFor(
  db: Db,
  lines: { product_id: string | null; variant_id: string | null; variant_attributes: { attribute_name: string; value: string }[] }[],
) {
  const productIds = [...new Set(lines.map((line) => line.product_id).filter((id): id is string => Boolean(id)))];
  if (productIds.length === 0) return () => [];
  const variants = await db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.sku', 'v.product_id', 'v.description', 'v.stock_quantity', 'v.position'])
    .select((eb) =>
      eb
        .selectFrom('variant_attributes as a')
        .select(
          sql<
            { attribute_name: string; value: string }[]
          >`coalesce(jsonb_agg(jsonb_build_object('attribute_name', a.attribute_name, 'value', a.value) ORDER BY a."order"), '[]'::jsonb)`.as(
            'options',
          ),
        )
        .whereRef('a.variant_id', '=', 'v.id')
        .as('options'),
    )
    .where('v.product_id', 'in', productIds)
    .where('p.gift_card', '=', false)
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
      .map((v) => ({
        variant_id: v.id,
        sku: v.sku,
        description: v.description,
        size: (v.options ?? []).find((a) => a.attribute_name === SIZE)?.value ?? v.description,
        in_stock: isAvailable(v.stock_quantity),
      }))
      .filter((v) => v.size);
  };
}

/** Why an order takes no return now, or null while one may be made (its lines' `returnable` units, returnableSql). */
export function returnsClosed(
  order: { status: string; delivered_at: Date | null },
  lines: { returnable: number }[],
  now: Date,
): ReturnOptions['closed'] {
  const ends = windowEnd(order.delivered_at);
  const settled = ['refunded', 'cancelled'].includes(order.status.toLowerCase());
  if (settled || lines.every((line) => line.returnable <= 0)) return 'nothing_left';
  if (order.status.toLowerCase() !== 'delivered' || !ends) return 'not_delivered';
  return now >= ends ? 'window_passed' : null;
}

/** What the return form offers for one order, and the returns made so far. */
export async function returnOptions(deps: Pick<AppDeps, 'db' | 'clock'>, purchaseId: string): Promise<ReturnOptions> {
  const { db } = deps;
  const order = await db
    .selectFrom('purchases')
    .select(['id', 'user_id', 'status', 'created_at', 'delivered_at'])
    .where('id', '=', purchaseId)
    .executeTakeFirst();
  if (!order) throw new DomainError('not_found', 'Purchase not found');
  const [items, returns, guest, settings] = await Promise.all([
    db
      .selectFrom('purchase_items')
      .select(['id', 'name', 'sku', 'variant_description', 'quantity', 'product_id', 'variant_id', 'variant_attributes'])
      .select([returnableSql().as('returnable'), giftCardLineSql().as('gift_card')])
      .where('purchase_id', '=', order.id)
      .orderBy('position')
      .execute(),
    returnsOfPurchase(db, order.id),
    isGuest(db, order.user_id),
    readSettings(db),
  ]);
  const sizes = await sizesFor(db, items);
  const ends = windowEnd(order.delivered_at);
  const lines = items.map((item) => ({
    item_id: item.id,
    name: item.name,
    sku: item.sku,
    variant: item.variant_description,
    quantity: item.quantity,
    returnable: item.gift_card ? 0 : Math.max(0, item.returnable),
    sizes: sizes(item).map(({ variant_id, sku, size, in_stock }) => ({ variant_id, sku, size, in_stock })),
  }));
  const closed = returnsClosed(order, lines, deps.clock.now());
  return {
    purchase_id: order.id,
    order_number: orderNumber(order.id, order.created_at),
    guest,
    store_credit_bonus_percent: settings.store_credit_bonus_percent,
    delivered_at: order.delivered_at?.toISOString() ?? null,
    window_ends_at: ends?.toISOString() ?? null,
    closed,
    lines,
    returns,
  };
}
