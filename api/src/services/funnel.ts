import { sql } from 'kysely';

import { ALL_PRODUCTS_ID, type Funnel, FUNNEL_STEPS, type FunnelStep, type StepCounts } from '@contract/api/insights';
import { addDays, shopDay } from '@contract/shop-time';

import type { Db } from '../db/database.js';
import type { Logger } from './logger.js';

/**
 * The funnel without tracking (issue 41, ADR 056): counters per shop day, step and product, added to
 * by the API's own handling of the requests that make each step (an add to cart, a checkout opened,
 * the payment page served, an order paid), and by the storefront's batches of product page views. No
 * visitor, session, cookie or address is read or stored: one event adds one to the product's counter
 * and to the day's total, in one `INSERT ... ON CONFLICT DO UPDATE SET n = n + excluded.n`, rows in
 * product order so two at once never wait on each other in a cycle.
 */
export async function countFunnel(db: Db, now: Date, step: FunnelStep, productIds: readonly string[], n = 1): Promise<void> {
  const day = shopDay(now);
  const products = [...new Set(productIds)].sort();
  const rows = [ALL_PRODUCTS_ID, ...products].map((product_id) => ({ day, step, product_id, n }));
  await db
    .insertInto('funnel_counts')
    .values(rows)
    .onConflict((oc) => oc.columns(['day', 'step', 'product_id']).doUpdateSet({ n: sql`funnel_counts.n + excluded.n` }))
    .execute();
}

/** As countFunnel, for the requests of shoppers: a counter that fails is logged, and the shopper's request goes on. */
export async function noteFunnel(deps: { db: Db; log: Logger }, now: Date, step: FunnelStep, productIds: readonly string[]): Promise<void> {
  try {
    await countFunnel(deps.db, now, step, productIds);
  } catch (error) {
    deps.log.error(`counting the funnel's ${step} failed`, error);
  }
}

/** The storefront's batched product page views, by product name: one statement per day and product. Answers the views counted. */
export async function countProductViews(db: Db, views: readonly { day: string; product: string; n: number }[]): Promise<number> {
  const names = [...new Set(views.map((view) => view.product))];
  if (!names.length) return 0;
  const products = await db.selectFrom('products').select(['id', 'name']).where('name', 'in', names).execute();
  const idOf = new Map(products.map((p) => [p.name, p.id]));
  let counted = 0;
  for (const view of views) {
    const id = idOf.get(view.product);
    if (!id) continue;
    await db
      .insertInto('funnel_counts')
      .values([ALL_PRODUCTS_ID, id].map((product_id) => ({ day: view.day, step: 'view' as const, product_id, n: view.n })))
      .onConflict((oc) => oc.columns(['day', 'step', 'product_id']).doUpdateSet({ n: sql`funnel_counts.n + excluded.n` }))
      .execute();
    counted += view.n;
  }
  return counted;
}

const zero = (): StepCounts => Object.fromEntries(FUNNEL_STEPS.map((step) => [step, 0])) as StepCounts;

/** The funnel of the last `days` shop days up to `now`: per day, in total, per product, and its biggest drop. */
export async function readFunnel(db: Db, now: Date, days: number): Promise<Funnel> {
  const to = shopDay(now);
  const from = addDays(to, -(days - 1));
  const rows = await db
    .selectFrom('funnel_counts as f')
    .leftJoin('products as p', 'p.id', 'f.product_id')
    .select(['f.step', 'f.product_id', 'p.name', 'f.n', sql<string>`to_char(f.day, 'YYYY-MM-DD')`.as('day')])
    .where('f.day', '>=', from)
    .where('f.day', '<=', to)
    .execute();
  const byDay = new Map<string, StepCounts>();
  for (let day = from; day <= to; day = addDays(day, 1)) byDay.set(day, zero());
  const totals = zero();
  const byProduct = new Map<string, { product_id: string; name: string } & StepCounts>();
  for (const row of rows) {
    if (row.product_id === ALL_PRODUCTS_ID) {
      byDay.get(row.day)![row.step] += row.n;
      totals[row.step] += row.n;
      continue;
    }
    const product = byProduct.get(row.product_id) ?? { product_id: row.product_id, name: row.name ?? 'Removed product', ...zero() };
    product[row.step] += row.n;
    byProduct.set(row.product_id, product);
  }
  return {
    from,
    to,
    days: [...byDay].map(([day, counts]) => ({ day, ...counts })),
    totals,
    biggest_drop: biggestDrop(totals),
    products: [...byProduct.values()].sort((a, b) => b.view - a.view || b.paid - a.paid || a.name.localeCompare(b.name)),
  };
}

/** The step that keeps the smallest share of those who reached the one before it (steps with nobody before them skipped). */
export function biggestDrop(totals: StepCounts): Funnel['biggest_drop'] {
  let worst: Funnel['biggest_drop'] = null;
  for (let i = 1; i < FUNNEL_STEPS.length; i++) {
    const from = FUNNEL_STEPS[i - 1]!;
    const to = FUNNEL_STEPS[i]!;
    const before = totals[from];
    if (before <= 0) continue;
    const lost = Math.max(0, before - totals[to]);
    const rate = Math.round((lost / before) * 1000) / 1000;
    if (!worst || rate > worst.rate) worst = { from, to, lost, rate };
  }
  return worst;
}

/** A step of a checkout (its payment page served, its order paid), counted for the products it holds. */
export async function noteCheckoutFunnel(deps: { db: Db; log: Logger }, now: Date, sessionId: string, step: FunnelStep): Promise<void> {
  try {
    const rows = await deps.db
      .selectFrom('checkout_session_items as i')
      .innerJoin('product_variants as v', 'v.id', 'i.variant_id')
      .select('v.product_id')
      .where('i.checkout_session_id', '=', sessionId)
      .execute();
    await countFunnel(
      deps.db,
      now,
      step,
      rows.map((row) => row.product_id),
    );
  } catch (error) {
    deps.log.error(`counting the funnel's ${step} failed`, error);
  }
}
