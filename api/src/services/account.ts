import { sql } from 'kysely';
import { formatEuro } from '../../../app/lib/money.js';
import type { Db } from '../db/database.js';
import { loadPurchaseSuccess } from './purchases.js';

/** The profile of spec §7 (GET/PUT user/profile). */
export interface ProfileOut {
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  address: string | null;
  member_since: string;
}

export async function getProfile(db: Db, userId: string): Promise<ProfileOut | undefined> {
  const user = await db
    .selectFrom('users')
    .select(['email', 'first_name', 'last_name', 'phone', 'address', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const { created_at, ...rest } = user;
  return { ...rest, member_since: created_at.toISOString() };
}

/** A purchase in the order list (spec §3 "Purchase (list item)"); `total` is display text. */
export interface PurchaseListItem {
  purchase_id: string;
  date: string;
  total: string;
  status: string;
  items: string[];
  item_count: number;
}

/** The buyer's purchases, newest first, a page at a time. */
export async function listPurchases(db: Db, userId: string, limit: number, offset: number): Promise<PurchaseListItem[]> {
  const purchases = await db
    .selectFrom('purchases')
    .select(['id', 'created_at', 'total', 'status'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
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
  return purchases.map((purchase) => {
    const lines = items.filter((item) => item.purchase_id === purchase.id);
    return {
      purchase_id: purchase.id,
      date: purchase.created_at.toISOString(),
      total: formatEuro(purchase.total),
      status: purchase.status,
      items: lines.map((line) => line.name),
      item_count: lines.reduce((sum, line) => sum + line.quantity, 0),
    };
  });
}

/** Every detail field of spec §3 for the owner's purchase; undefined for anyone else's. */
export async function purchaseDetail(db: Db, userId: string, purchaseId: string) {
  const purchase = await db
    .selectFrom('purchases')
    .select(['id', 'user_id', 'tracking_number', 'carrier'])
    .where('id', '=', purchaseId)
    .executeTakeFirst();
  if (!purchase || purchase.user_id !== userId) return undefined;
  const detail = await loadPurchaseSuccess(db, purchase.id, purchase.id);
  if (!detail) return undefined;
  return { ...detail, tracking_number: purchase.tracking_number, carrier: purchase.carrier };
}

/**
 * Order statistics for the orders page. Defined here (the spec leaves the shape open): counts by
 * status, "in transit" being the shipped orders, and the total spent in cents.
 */
export async function purchaseStats(db: Db, userId: string) {
  const row = await db
    .selectFrom('purchases')
    .select([
      sql<number>`count(*)::int`.as('total_orders'),
      sql<number>`count(*) filter (where lower(status) = 'delivered')::int`.as('delivered'),
      sql<number>`count(*) filter (where lower(status) = 'shipped')::int`.as('in_transit'),
      sql<number>`count(*) filter (where lower(status) = 'processing')::int`.as('processing'),
      sql<number>`coalesce(sum(total), 0)::int`.as('total_spent'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row;
}
