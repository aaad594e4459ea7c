import { sql } from 'kysely';

import { type Figures, FIGURES_DAYS } from '@contract/api/figures';
import { addDays, SHOP_TIME_ZONE, shopDay, shopDayStart } from '@contract/shop-time';

import type { Db } from '../db/database.js';

const TOP = 5;

interface SoldRow {
  variant_id: string | null;
  sku: string;
  name: string;
  variant: string;
  units: number;
  revenue: number;
}

/** Top variants, top products and sell-through per size, from one pass over the period's lines per variant. */
function salesFigures(sold: SoldRow[], sizes: { variant_id: string; size: string; stock_quantity: number }[]) {
  const selling = sold.filter((row) => row.units > 0);
  const topVariants = [...selling]
    .sort((a, b) => b.units - a.units || a.sku.localeCompare(b.sku))
    .slice(0, TOP)
    .map(({ sku, name, variant, units }) => ({ sku, name, variant, units }));
  const byProduct = new Map<string, { name: string; units: number; revenue: number }>();
  for (const row of selling) {
    const product = byProduct.get(row.name) ?? { name: row.name, units: 0, revenue: 0 };
    product.units += row.units;
    product.revenue += row.revenue;
    byProduct.set(row.name, product);
  }
  const topProducts = [...byProduct.values()]
    .sort((a, b) => b.units - a.units || b.revenue - a.revenue || a.name.localeCompare(b.name))
    .slice(0, TOP);
  const soldByVariant = new Map(sold.filter((row) => row.variant_id).map((row) => [row.variant_id!, row.units]));
  const bySize = new Map<string, { size: string; sold: number; on_hand: number }>();
  for (const row of sizes) {
    const size = bySize.get(row.size) ?? { size: row.size, sold: 0, on_hand: 0 };
    size.sold += soldByVariant.get(row.variant_id) ?? 0;
    size.on_hand += row.stock_quantity;
    bySize.set(row.size, size);
  }
  const sellThrough = [...bySize.values()]
    .sort((a, b) => a.size.localeCompare(b.size))
    .map((row) => ({ ...row, rate: row.sold + row.on_hand > 0 ? row.sold / (row.sold + row.on_hand) : 0 }));
  return { topVariants, topProducts, sellThrough };
}

/**
 * The dashboard's figures for the FIGURES_DAYS days up to `now`, days as the shop counts them (Italy's,
 * from midnight to midnight, 23 or 25 hours at the clock changes), each an SQL aggregate over the
 * period only: the cost follows the orders of those days (purchases_created_idx, refunds_completed_idx),
 * not all the orders the shop ever had.
 */
export async function dashboardFigures(db: Db, now: Date): Promise<Figures> {
  const toDay = shopDay(now);
  const fromDay = addDays(toDay, -(FIGURES_DAYS - 1));
  const from = shopDayStart(fromDay);
  const end = shopDayStart(addDays(toDay, 1));

  const [days, sold, sizes, waiting, refused] = await Promise.all([
    // Gift cards sold are not revenue but money owed until spent (ADR 052): counted apart, and an order's
    // revenue is its total less the gift cards in it (what a card pays for later is revenue then).
    sql<{ day: string; orders: number; revenue: number; refunds: number; gift_cards: number }>`
      SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
        coalesce(o.orders, 0)::int AS orders,
        coalesce(o.revenue, 0)::int AS revenue,
        coalesce(r.refunds, 0)::int AS refunds,
        coalesce(o.gift_cards, 0)::int AS gift_cards
      FROM generate_series(${fromDay}::date, ${toDay}::date, interval '1 day') AS d(day)
      LEFT JOIN (
        SELECT (p.created_at AT TIME ZONE ${SHOP_TIME_ZONE})::date AS day, count(*) AS orders,
          sum(p.total - coalesce(g.amount, 0)) AS revenue, sum(coalesce(g.amount, 0)) AS gift_cards
        FROM purchases p
        LEFT JOIN (
          SELECT i.purchase_id, sum(i.quantity * i.unit_price) AS amount
          FROM purchase_items i JOIN products gp ON gp.id = i.product_id AND gp.gift_card GROUP BY 1
        ) g ON g.purchase_id = p.id
        WHERE p.created_at >= ${from} AND p.created_at < ${end} GROUP BY 1
      ) o ON o.day = d.day::date
      LEFT JOIN (
        SELECT (completed_at AT TIME ZONE ${SHOP_TIME_ZONE})::date AS day, sum(amount) AS refunds
        FROM refunds WHERE status = 'succeeded' AND completed_at >= ${from} AND completed_at < ${end} GROUP BY 1
      ) r ON r.day = d.day::date
      ORDER BY d.day`.execute(db),
    // One pass over the period's lines, per variant: top variants, top products and sell-through all come from it.
    sql<SoldRow>`
      SELECT i.variant_id, i.sku, min(i.name) AS name, min(i.variant_description) AS variant,
        sum(i.quantity - i.refunded_quantity)::int AS units, sum((i.quantity - i.refunded_quantity) * i.unit_price)::int AS revenue
      FROM purchases p JOIN purchase_items i ON i.purchase_id = p.id
      WHERE p.created_at >= ${from} AND p.created_at < ${end}
      GROUP BY i.variant_id, i.sku`.execute(db),
    sql<{ variant_id: string; size: string; stock_quantity: number }>`
      SELECT a.variant_id, a.value AS size, v.stock_quantity
      FROM variant_attributes a JOIN product_variants v ON v.id = a.variant_id
      WHERE lower(a.attribute_name) = 'size' AND v.stock_quantity IS NOT NULL`.execute(db),
    sql<{ product_name: string; variant: string | null; sku: string | null; stock_quantity: number | null; waiting: number }>`
      SELECT coalesce(p.name, vp.name) AS product_name, v.description AS variant, v.sku, v.stock_quantity, count(*)::int AS waiting
      FROM wishlist_entries w
      LEFT JOIN products p ON p.id = w.product_id
      LEFT JOIN product_variants v ON v.id = w.product_variant_id
      LEFT JOIN products vp ON vp.id = v.product_id
      WHERE w.notified_at IS NULL
      GROUP BY coalesce(p.name, vp.name), v.description, v.sku, v.stock_quantity
      ORDER BY waiting DESC, product_name, v.sku NULLS FIRST
      LIMIT 10`.execute(db),
    db
      .selectFrom('checkout_sessions')
      .select(['closed_at', 'email', 'total', 'refusal_reason', 'status'])
      .where('status', 'in', ['refund_pending', 'refunded'])
      .where('closed_at', '>=', from)
      .orderBy('closed_at', 'desc')
      .limit(50)
      .execute(),
  ]);

  const { topVariants, topProducts, sellThrough } = salesFigures(sold.rows, sizes.rows);

  const dayRows = days.rows.map(({ gift_cards: _giftCards, ...row }) => ({ ...row, net: row.revenue - row.refunds }));
  const giftCardSales = days.rows.reduce((sum, row) => sum + row.gift_cards, 0);
  const orders = dayRows.reduce((sum, row) => sum + row.orders, 0);
  const revenue = dayRows.reduce((sum, row) => sum + row.revenue, 0);
  const refunds = dayRows.reduce((sum, row) => sum + row.refunds, 0);
  return {
    from: fromDay,
    to: toDay,
    days: dayRows,
    totals: {
      orders,
      revenue,
      refunds,
      net: revenue - refunds,
      average_order_value: orders ? Math.round(revenue / orders) : 0,
      gift_card_sales: giftCardSales,
    },
    top_products: topProducts,
    top_variants: topVariants,
    sell_through: sellThrough,
    demand_waiting: waiting.rows,
    refused_payments: refused.map((row) => ({
      at: new Date(row.closed_at ?? now).toISOString(),
      email: row.email,
      amount: row.total,
      reason: row.refusal_reason ?? '',
      status: row.status === 'refunded' ? ('refunded' as const) : ('refund_pending' as const),
    })),
  };
}
