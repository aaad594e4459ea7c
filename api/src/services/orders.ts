import type { Selectable } from 'kysely';
import { sql } from 'kysely';

import type { PurchaseStatus } from '@contract/api/orders';
import { paidWithBalances } from '@contract/gift-cards';
import { formatEuro } from '@contract/money';

import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { AppDeps } from '../deps.js';
import { type CardRow, toCardOut } from './cards.js';
import { purchaseSuccessOf } from './order-confirmation.js';
import { giftCardLineSql, returnableSql, returnsClosed, returnsOfPurchase, windowEnd } from './returns/read.js';

export interface PurchaseListItem {
  purchase_id: string;
  date: string;
  total: string;
  status: string;
  items: string[];
  item_count: number;
}

/** The statuses an order moves through, as the list filter names them (lower case). */

export interface PurchaseFilter {
  /** Part of the purchase id, of the order number (ORD-…) or of an item name; case-insensitive. */
  q?: string;
  status?: PurchaseStatus;
}

/** `value` as a LIKE pattern matching it anywhere, its own wildcards taken literally. */
function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The buyer's purchases matching `filter`, newest first, a page at a time: the fields of PurchaseListRow. */
function purchasePage(db: Db, userId: string, limit: number, offset: number, filter: PurchaseFilter) {
  let query = db
    .selectFrom('purchases')
    .select([
      'id',
      'created_at',
      'total',
      'refunded_total',
      'status',
      'discount',
      'discount_code',
      'gift_card_amount',
      'gift_card_last4',
      'store_credit_amount',
    ])
    .where('user_id', '=', userId);
  if (filter.status) query = query.where(sql<string>`lower(status)`, '=', filter.status);
  const q = filter.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    const orderNumber = sql<string>`'ORD-' || to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') || '-' || upper(left(id::text, 8))`;
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`id::text`, 'ilike', pattern),
        eb(orderNumber, 'ilike', pattern),
        eb.exists(
          eb
            .selectFrom('purchase_items')
            .select(sql<number>`1`.as('one'))
            .whereRef('purchase_items.purchase_id', '=', 'purchases.id')
            .where('purchase_items.name', 'ilike', pattern),
        ),
      ]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset);
}

/** The buyer's purchases, newest first, a page at a time; optionally only those matching `filter` (ADR 010). */
export async function listPurchases(
  db: Db,
  userId: string,
  limit: number,
  offset: number,
  filter: PurchaseFilter = {},
): Promise<PurchaseListItem[]> {
  const purchases = await purchasePage(db, userId, limit, offset, filter).execute();
  if (purchases.length === 0) return [];
  const items = await db
    .selectFrom('purchase_items')
    .select(['purchase_id', 'name', 'quantity'])
    .where(
      'purchase_id',
      'in',
      purchases.map((p) => p.id),
    )
    .orderBy('position')
    .execute();
  return purchases.map((purchase) =>
    toPurchaseListItem(
      purchase,
      items.filter((item) => item.purchase_id === purchase.id),
    ),
  );
}

/** What the list reads of a purchase; `created_at` is text when it comes inside JSON. */
export interface PurchaseListRow {
  id: string;
  created_at: Date | string;
  total: number;
  refunded_total: number;
  status: string;
  discount: number;
  discount_code: string | null;
  gift_card_amount: number;
  gift_card_last4: string | null;
  store_credit_amount: number;
}

/** A purchase of the list, from its row and its lines (in their order). */
export function toPurchaseListItem(purchase: PurchaseListRow, lines: readonly { name: string; quantity: number }[]): PurchaseListItem {
  return {
    purchase_id: purchase.id,
    date: new Date(purchase.created_at).toISOString(),
    total: formatEuro(purchase.total),
    status: purchase.status,
    items: lines.map((line) => line.name),
    item_count: lines.reduce((sum, line) => sum + line.quantity, 0),
    // Only on refunded orders: the others keep the spec's fields exactly.
    ...(purchase.refunded_total > 0 ? { refunded: formatEuro(purchase.refunded_total) } : {}),
    ...(purchase.discount > 0 || purchase.discount_code
      ? { discount: formatEuro(purchase.discount), discount_code: purchase.discount_code }
      : {}),
    ...(paidWithBalances(purchase) ? { paid_with_balances: paidWithBalances(purchase) } : {}),
  };
}

type DetailLine = Selectable<Database['purchase_items']> & { returnable: number };

/**
 * The statement of purchaseDetail: the owner's purchase with its lines (with the units each may still
 * send back) and the cards it unlocked as JSON built by the database (the fields the answer takes are
 * numbers, text and JSON, the same either way; as cardsUnlockedBy orders them), and whether it has
 * returns. No row for anyone else's.
 */
function purchaseDetailQuery(db: Db, userId: string, purchaseId: string) {
  return db
    .selectFrom('purchases as pu')
    .selectAll('pu')
    .select(
      sql<DetailLine[]>`(SELECT coalesce(json_agg(row_to_json(l) ORDER BY l.position), '[]'::json) FROM (
        SELECT purchase_items.*, CASE WHEN ${giftCardLineSql()} THEN 0 ELSE ${returnableSql()} END AS returnable
        FROM purchase_items WHERE purchase_items.purchase_id = pu.id) l)`.as('detail_lines'),
    )
    .select(
      sql<CardRow[]>`(SELECT coalesce(json_agg(row_to_json(k) ORDER BY k.name), '[]'::json) FROM (
        SELECT c.id, c.product_id, p.name AS product_name, c.name, c.rarity,
          coalesce(cc.animation_folder_path, c.animation_folder_path) AS animation_folder_path, c.animation_file_name,
          c.animation_file_format, c.animation_length, coalesce(cc.image_path, c.image_path) AS image_path, c.text_color,
          c.accent_color, c.bg_color, c.created_at, u.unlocked_at, u.serial
        FROM user_cards u JOIN cards c ON c.id = u.card_id LEFT JOIN products p ON p.id = c.product_id
          LEFT JOIN card_colours cc ON cc.card_id = u.card_id AND cc.colour = u.colour
        WHERE u.purchase_id = pu.id) k)`.as('detail_cards'),
    )
    .select(sql<boolean>`EXISTS (SELECT 1 FROM returns r WHERE r.purchase_id = pu.id)`.as('detail_has_returns'))
    .where('pu.id', '=', purchaseId)
    .where('pu.user_id', '=', userId);
}

type DetailRow = NonNullable<Awaited<ReturnType<ReturnType<typeof purchaseDetailQuery>['executeTakeFirst']>>>;

/** The answer of a purchase's detail row; its returns are read only when it has some (most orders have none). */
async function purchaseDetailOf(deps: Pick<AppDeps, 'db' | 'clock'>, row: DetailRow) {
  const { detail_lines: items, detail_cards: cards, detail_has_returns: hasReturns, ...purchase } = row;
  const unlocked = cards.map(toCardOut);
  const returns = hasReturns ? await returnsOfPurchase(deps.db, purchase.id) : [];
  const closed = returnsClosed(purchase, items, deps.clock.now());
  return {
    ...purchaseSuccessOf(purchase, items, unlocked, purchase.id),
    tracking_number: purchase.tracking_number,
    carrier: purchase.carrier,
    // Made from the carrier's template when it was shipped (migration 042); null for older orders.
    tracking_url: purchase.tracking_url ?? null,
    returns,
    return_window_ends_at: closed ? null : (windowEnd(purchase.delivered_at)?.toISOString() ?? null),
  };
}

export type PurchaseDetail = Awaited<ReturnType<typeof purchaseDetailOf>>;

/**
 * Every detail field of docs/product.md#data-purchase for the owner's purchase, with its returns and
 * whether one may be made now; undefined for anyone else's. Each row is read once, in one statement
 * (purchaseDetailQuery). PGlite costs most per statement: one instead of four.
 */
export async function purchaseDetail(deps: Pick<AppDeps, 'db' | 'clock'>, userId: string, purchaseId: string) {
  const row = await purchaseDetailQuery(deps.db, userId, purchaseId).executeTakeFirst();
  return row ? purchaseDetailOf(deps, row) : undefined;
}

/** A detail row as row_to_json gives it: its timestamps are text there (the other fields are the same). */
function detailRowFromJson(
  row: Omit<DetailRow, 'created_at' | 'delivered_at'> & { created_at: string; delivered_at: string | null },
): DetailRow {
  return {
    ...row,
    created_at: new Date(row.created_at),
    delivered_at: row.delivered_at === null ? null : new Date(row.delivered_at),
  } as DetailRow;
}

/**
 * Order statistics for the orders page. Defined here (the spec leaves the shape open): counts by
 * status, "in transit" being the shipped orders, and the total spent in cents, net of refunds. Read
 * from the counters a trigger keeps on purchases (migration 014): one row, however many orders.
 */
export interface PurchaseStats {
  total_orders: number;
  delivered: number;
  in_transit: number;
  processing: number;
  total_spent: number;
}

/** The statistics of a shopper without orders (no counters row yet). */
export const NO_PURCHASE_STATS: PurchaseStats = { total_orders: 0, delivered: 0, in_transit: 0, processing: 0, total_spent: 0 };

type OrdersOverviewRow = {
  purchases: (PurchaseListRow & { lines: { name: string; quantity: number }[] })[];
  stats: PurchaseStats | null;
  opened: Parameters<typeof detailRowFromJson>[0] | null;
};

export interface OrdersOverview {
  purchases: PurchaseListItem[];
  stats: PurchaseStats | null;
  /** Only when an order was asked to be opened: its detail, or null when it is not the shopper's. */
  opened?: PurchaseDetail | null;
}

/**
 * The orders page's reads: the first `limit` purchases matching `filter` with their lines, as
 * listPurchases gives them, the statistics, as purchaseStats gives them, and with `open` that order's
 * detail, as purchaseDetail gives it, in one statement (each a JSON value built by the database;
 * PGlite costs most per statement, and this is one instead of four). Should it fail, they are read
 * apart and the statistics, if they fail, are null.
 */
export async function ordersOverview(
  deps: Pick<AppDeps, 'db' | 'clock' | 'log'>,
  userId: string,
  limit: number,
  filter: PurchaseFilter,
  open?: string,
): Promise<OrdersOverview> {
  const { db, log } = deps;
  try {
    const opened = open ? sql`(SELECT row_to_json(d) FROM (${purchaseDetailQuery(db, userId, open)}) d)` : sql`NULL::json`;
    const { rows } = await sql<OrdersOverviewRow>`
      SELECT
        (SELECT coalesce(json_agg(json_build_object(
            'id', pu.id, 'created_at', pu.created_at, 'total', pu.total, 'refunded_total', pu.refunded_total,
            'status', pu.status, 'discount', pu.discount, 'discount_code', pu.discount_code,
          'gift_card_amount', pu.gift_card_amount, 'gift_card_last4', pu.gift_card_last4, 'store_credit_amount', pu.store_credit_amount,
            'lines', (SELECT coalesce(json_agg(json_build_object('name', pi.name, 'quantity', pi.quantity) ORDER BY pi.position), '[]'::json)
                      FROM purchase_items pi WHERE pi.purchase_id = pu.id)
          ) ORDER BY pu.created_at DESC, pu.id DESC), '[]'::json)
         FROM (${purchasePage(db, userId, limit, 0, filter)}) pu) AS purchases,
        (SELECT row_to_json(s) FROM (
           SELECT total_orders, delivered, in_transit, processing, total_spent::float8 AS total_spent
           FROM user_purchase_stats WHERE user_id = ${userId}) s) AS stats,
        ${opened} AS opened
    `.execute(db);
    const [row] = rows;
    return {
      purchases: row.purchases.map(({ lines, ...purchase }) => toPurchaseListItem(purchase, lines)),
      stats: row.stats ?? NO_PURCHASE_STATS,
      ...(open ? { opened: row.opened ? await purchaseDetailOf(deps, detailRowFromJson(row.opened)) : null } : {}),
    };
  } catch (error) {
    log.error('user/orders-overview: the one statement failed, reading its parts apart', error);
    const [purchases, stats, opened] = await Promise.allSettled([
      listPurchases(db, userId, limit, 0, filter),
      purchaseStats(db, userId),
      open ? purchaseDetail(deps, userId, open) : Promise.resolve(undefined),
    ]);
    if (purchases.status === 'rejected') throw purchases.reason;
    if (stats.status === 'rejected') log.error('user/orders-overview: the statistics could not be read', stats.reason);
    // The page shows the list without the order, saying its details could not be loaded.
    if (opened.status === 'rejected') log.error(`user/orders-overview: order ${open} could not be read`, opened.reason);
    return {
      purchases: purchases.value,
      stats: stats.status === 'fulfilled' ? stats.value : null,
      ...(open ? { opened: opened.status === 'fulfilled' ? (opened.value ?? null) : null } : {}),
    };
  }
}

export async function purchaseStats(db: Db, userId: string): Promise<PurchaseStats> {
  const row = await db
    .selectFrom('user_purchase_stats')
    .select(['total_orders', 'delivered', 'in_transit', 'processing', sql<number>`total_spent::float8`.as('total_spent')])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? NO_PURCHASE_STATS;
}
