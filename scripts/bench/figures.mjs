#!/usr/bin/env node
// The back office's dashboard at scale: GET /api/admin/figures on a seeded shop, then again with
// 100,000 orders over a year from 20,000 customers (one or two lines each, some refunded), on PGlite
// and on PostgreSQL, each beside the same API's /livez in the same run.
// Alone: `node scripts/bench/figures.mjs [--duration 10] [--connections 10] [--no-postgres]` after
// `node scripts/build.mjs`; `npm run bench` runs it as one of its sections.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

import { seedDataFolder } from '../lib/prepared-data.mjs';
import { measure } from './load.mjs';
import { ratio, round, table } from './report.mjs';
import { startApi } from './servers.mjs';

export const ORDERS = 100_000;
export const CUSTOMERS = 20_000;

/**
 * The orders, written by the database itself (generate_series): a minute, not an afternoon of checkouts.
 * Lines name whatever variants the shop has, so the scale scenario (scale.mjs) runs it after adding products;
 * the variant count is a constant of the query, not a column of v, so lines find their variant by a hash
 * join (a nested loop over thousands of variants takes minutes).
 */
export const ORDERS_FILL = `
INSERT INTO users (email, user_type, first_name, last_name, email_verified_at, created_at, updated_at)
SELECT 'scale-' || g || '@example.com', 'guest', 'Scale', 'Customer', now(), now() - interval '400 days', now()
FROM generate_series(1, ${CUSTOMERS}) AS g;

INSERT INTO purchases (user_id, email, status, subtotal, shipping_cost, tax, total, payment_method, first_time_purchase_info, created_at)
SELECT u.id, u.email, (ARRAY['Processing', 'Shipped', 'Delivered', 'Delivered'])[1 + g % 4], 9000, 0, 1623, 9000, 'Credit Card',
  '{"has_new_items": false, "new_items": [], "unlocked_cards": []}',
  now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute'
FROM generate_series(1, ${ORDERS}) AS g
JOIN (SELECT id, email, row_number() OVER (ORDER BY email) AS n FROM users WHERE email LIKE 'scale-%') u ON u.n = 1 + g % ${CUSTOMERS};

WITH v AS (
  SELECT v.id, v.product_id, v.sku, v.description, p.name, row_number() OVER (ORDER BY v.sku) - 1 AS n
  FROM product_variants v JOIN products p ON p.id = v.product_id
),
o AS (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM purchases WHERE email LIKE 'scale-%'),
lines AS (
  SELECT o.id AS purchase_id, o.n, line FROM o CROSS JOIN generate_series(0, 1) AS line WHERE line = 0 OR o.n % 2 = 0
)
INSERT INTO purchase_items (purchase_id, product_id, variant_id, name, sku, variant_description, quantity, unit_price, position, refunded_quantity)
SELECT lines.purchase_id, v.product_id, v.id, v.name, v.sku, v.description, 1 + lines.line, 4500, lines.line,
  CASE WHEN lines.n % 50 = 0 THEN 1 ELSE 0 END
FROM lines JOIN v ON v.n = (lines.n * 7 + lines.line * 3) % (SELECT count(*) FROM product_variants);

UPDATE purchases SET refunded_total = 4500 WHERE email LIKE 'scale-%' AND id IN (SELECT purchase_id FROM purchase_items WHERE refunded_quantity > 0);
INSERT INTO refunds (purchase_id, idempotency_key, kind, amount, lines, provider, status, actor, created_at, completed_at)
SELECT id, 'scale-' || id, 'refund', 4500, '[]', 'test', 'succeeded', 'cli', created_at + interval '2 days', created_at + interval '2 days'
FROM purchases WHERE email LIKE 'scale-%' AND refunded_total > 0;
ANALYZE;
`;

const log = (message) => console.error(`bench: ${message}`);

async function figuresOf(api, token, { duration, connections }) {
  const headers = { Authorization: `Bearer ${token}` };
  const check = await fetch(`${api.url}/api/admin/figures`, { headers });
  if (check.status !== 200) throw new Error(`figures answered ${check.status}`);
  const figures = await check.json();
  const livez = await measure({ url: `${api.url}/livez`, duration, connections });
  const result = await measure({ url: `${api.url}/api/admin/figures`, headers, duration, connections });
  return { orders30Days: figures.totals.orders, livez, result };
}

function row(backend, shop, measured) {
  return {
    backend,
    shop,
    ordersInWindow: measured.orders30Days,
    rps: measured.result.rps,
    p50Ms: measured.result.p50,
    p99Ms: measured.result.p99,
    livezRps: measured.livez.rps,
    ratioToLivez: ratio(measured.result.rps, measured.livez.rps),
  };
}

/** Both databases: a seeded shop, then the same with ORDERS orders. Rows for the report. */
export async function measureFigures({ duration = 10, connections = 10, postgresUrl, work }) {
  const rows = [];
  const dataDir = join(work, 'figures-pglite');
  mkdirSync(dataDir, { recursive: true });
  // The drawn art and the seeded database, copied rather than made again (scripts/lib/prepared-data.mjs).
  seedDataFolder(dataDir);
  log('figures on PGlite: seeded shop');
  let api = await startApi({ dataDir });
  const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
  rows.push(row('PGlite', 'seeded', await figuresOf(api, token, { duration, connections })));
  await api.stop();
  log(`figures on PGlite: writing ${ORDERS} orders`);
  const started = Date.now();
  const db = new PGlite(join(dataDir, 'pglite'));
  await db.exec(ORDERS_FILL);
  await db.close();
  log(`  written in ${round((Date.now() - started) / 1000, 1)} s`);
  api = await startApi({ dataDir });
  rows.push(row('PGlite', `${ORDERS} orders`, await figuresOf(api, token, { duration, connections })));
  await api.stop();

  if (postgresUrl) {
    const name = `shop_figures_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    try {
      await admin.connect();
    } catch (error) {
      log(`figures on PostgreSQL skipped: ${postgresUrl} is not reachable (${error.message})`);
      return rows;
    }
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    const pgDataDir = join(work, 'figures-postgres');
    mkdirSync(pgDataDir, { recursive: true });
    seedDataFolder(pgDataDir, { database: false });
    try {
      log('figures on PostgreSQL: seeded shop');
      const pgApi = await startApi({ dataDir: pgDataDir, databaseUrl: url.toString() });
      const pgToken = readFileSync(join(pgDataDir, 'admin-token'), 'utf8').trim();
      try {
        rows.push(row('PostgreSQL', 'seeded', await figuresOf(pgApi, pgToken, { duration, connections })));
        log(`figures on PostgreSQL: writing ${ORDERS} orders`);
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        await client.query(ORDERS_FILL);
        await client.end();
        rows.push(row('PostgreSQL', `${ORDERS} orders`, await figuresOf(pgApi, pgToken, { duration, connections })));
      } finally {
        await pgApi.stop();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
  return rows;
}

export const FIGURES_COLUMNS = [
  ['backend', 'database'],
  ['shop', 'shop'],
  ['ordersInWindow', 'orders in 30 days'],
  ['rps', 'figures req/s'],
  ['p50Ms', 'p50 ms'],
  ['p99Ms', 'p99 ms'],
  ['livezRps', '/livez req/s'],
  ['ratioToLivez', 'ratio'],
];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
      'no-postgres': { type: 'boolean', default: false },
    },
  });
  const work = mkdtempSync(join(os.tmpdir(), 'shop-figures-'));
  try {
    const rows = await measureFigures({
      duration: Number(values.duration),
      connections: Number(values.connections),
      postgresUrl: values['no-postgres'] ? null : process.env.DATABASE_URL_BENCH || 'postgres://postgres@127.0.0.1:5432/test',
      work,
    });
    console.log(table(FIGURES_COLUMNS, rows));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
