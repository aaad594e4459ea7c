import { sql } from 'kysely';

import type { Demand, ReminderReport } from '@contract/api/insights';
import { SHOP_TIME_ZONE } from '@contract/shop-time';

import type { Db } from '../../db/database.js';
import { readReminderSettings } from './settings.js';

const WEEKS = 12;
const HOUR_MS = 60 * 60 * 1000;

/**
 * The reminders' settings and, per week (from Monday, the shop's time) of the last WEEKS, newest
 * first: reminders sent, links opened, orders recovered and what they paid, all by the week the
 * reminder was sent.
 */
export async function reminderReport(db: Db, now: Date): Promise<ReminderReport> {
  const since = new Date(now.getTime() - WEEKS * 7 * 24 * HOUR_MS);
  const [settings, weeks] = await Promise.all([
    readReminderSettings(db),
    sql<{ week: string; sent: number; opened: number; recovered: number; revenue: number }>`
      SELECT to_char(date_trunc('week', sent_at AT TIME ZONE ${SHOP_TIME_ZONE}), 'YYYY-MM-DD') AS week,
        count(*)::int AS sent,
        count(opened_at)::int AS opened,
        count(recovered_purchase_id)::int AS recovered,
        coalesce(sum(recovered_total), 0)::int AS revenue
      FROM cart_reminders WHERE sent_at IS NOT NULL AND sent_at >= ${since}
      GROUP BY 1 ORDER BY 1 DESC`.execute(db),
  ]);
  return { settings, weeks: weeks.rows };
}

/**
 * Demand per variant, for restocking and re-drops: Notify Me requests waiting for it, every request
 * naming it (its product's too), carts holding it with no add for `abandonedHours`, and units sold
 * since launch against what is left. Most wanted first: waiting requests, then abandoned carts, then
 * sell-through.
 */
export async function variantDemand(db: Db, now: Date, abandonedHours: number, limit = 50): Promise<Demand> {
  const abandonedBefore = new Date(now.getTime() - abandonedHours * HOUR_MS);
  const result = await sql<Omit<Demand[number], 'sell_through'>>`
    SELECT v.sku, p.name AS product_name, v.description AS variant, v.stock_quantity,
      (SELECT count(*) FROM wishlist_entries w WHERE w.product_variant_id = v.id AND w.notified_at IS NULL)::int AS notify_waiting,
      (SELECT count(*) FROM wishlist_entries w WHERE w.product_variant_id = v.id OR w.product_id = v.product_id)::int AS wishlists,
      (SELECT count(DISTINCT i.cart_id) FROM cart_items i WHERE i.variant_id = v.id AND NOT EXISTS (
        SELECT 1 FROM cart_items later WHERE later.cart_id = i.cart_id AND later.created_at >= ${abandonedBefore}))::int AS carts_abandoned,
      (SELECT coalesce(sum(pi.quantity - pi.refunded_quantity), 0) FROM purchase_items pi WHERE pi.variant_id = v.id)::int AS sold
    FROM product_variants v JOIN products p ON p.id = v.product_id
    -- A gift card's amount has no stock to restock (not counted).
    WHERE p.archived_at IS NULL AND v.stock_quantity IS NOT NULL`.execute(db);
  return result.rows
    .map((row) => ({
      ...row,
      sell_through: row.sold + row.stock_quantity > 0 ? Math.round((row.sold / (row.sold + row.stock_quantity)) * 1000) / 1000 : 0,
    }))
    .filter((row) => row.notify_waiting + row.wishlists + row.carts_abandoned + row.sold > 0)
    .sort(
      (a, b) =>
        b.notify_waiting - a.notify_waiting ||
        b.carts_abandoned - a.carts_abandoned ||
        b.sell_through - a.sell_through ||
        a.sku.localeCompare(b.sku),
    )
    .slice(0, limit);
}
