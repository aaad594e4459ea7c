#!/usr/bin/env node
// The drop rehearsal of the benchmarks: SHOPPERS guests arrive within three seconds of a drop's
// launch (UNITS units, 1 per customer) and press Quick Purchase without JavaScript, following the
// waiting room when sent there, then pay. On PGlite (one API, one storefront) and on PostgreSQL +
// Redis (two of each behind HAProxy). Beside each, the plain product page's req/s in
// the same setup, so the rush's throughput reads as a ratio.
// Alone: `node scripts/bench/drop.mjs [--shoppers 300] [--units 50] [--no-postgres]` after `node scripts/build.mjs`.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import pg from 'pg';

import { startCluster } from '../lib/cluster.mjs';
import { runDropRehearsal } from '../lib/drop-rehearsal.mjs';
import { seedDataFolder } from '../lib/prepared-data.mjs';
import { freePort, startProgram } from '../lib/processes.mjs';
import { measure } from './load.mjs';
import { ratio, table } from './report.mjs';

const log = (message) => console.error(`bench: ${message}`);
const secret = () => randomBytes(32).toString('base64url');
// Every shopper signs in from the bench's machine: the sign-in limits are for the internet.
const OPEN_LIMITS = { AUTH_IP_LIMIT_PER_MINUTE: '1000000', DEV_MAILBOX: '1' };

async function plainPageRps(webUrl, duration, connections) {
  const list = await (await fetch(`${webUrl}/`)).text();
  const href = /href="(\/product\/[^"?]+)"/.exec(list)?.[1] ?? '/product/Tracer%20Tee';
  return (await measure({ url: `${webUrl}${href}`, duration, connections })).rps;
}

async function onPglite({ shoppers, units, duration, connections, work }) {
  const dataDir = join(work, 'drop-pglite');
  mkdirSync(dataDir, { recursive: true });
  // The drawn art and the seeded database, copied rather than made again (scripts/lib/prepared-data.mjs).
  seedDataFolder(dataDir);
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const sessionSecret = secret();
  const api = await startProgram('api', {
    label: 'api',
    port: apiPort,
    env: { ...OPEN_LIMITS, DATA_DIR: dataDir, PUBLIC_API_URL: apiUrl, STOREFRONT_URL: webUrl, JWT_SECRET: secret() },
    timeoutMs: 300_000,
  });
  const web = await startProgram('storefront', {
    label: 'web',
    port: webPort,
    env: { DATA_DIR: dataDir, API_URL: apiUrl, PUBLIC_API_URL: apiUrl, SESSION_SECRET: sessionSecret },
  });
  try {
    const adminToken = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
    const plain = await plainPageRps(webUrl, duration, connections);
    // PGlite is the API's own: the ledger is read back through the owner's order list.
    const query = async (_sql, [productId]) => ordersOf(apiUrl, adminToken, productId);
    const { row, problems } = await runDropRehearsal({
      webUrl,
      apiUrl,
      adminToken,
      sessionSecret,
      shoppers,
      units,
      label: 'pglite',
      query,
    });
    return { row: { ...row, plainRps: plain, ratio: ratio(row.rushRps, plain) }, problems };
  } finally {
    await web.stop();
    await api.stop();
  }
}

/** Units per buyer of a product, from the back office's order routes (for a database only the API opens). */
async function ordersOf(apiUrl, adminToken, productId) {
  const headers = { Authorization: `Bearer ${adminToken}` };
  const product = await (await fetch(`${apiUrl}/api/admin/products/${productId}`, { headers })).json();
  const rows = [];
  const orders = await (await fetch(`${apiUrl}/api/admin/orders?q=${encodeURIComponent(product.name)}&limit=500`, { headers })).json();
  for (const order of orders) {
    const detail = await (await fetch(`${apiUrl}/api/admin/orders/${order.purchase_id}`, { headers })).json();
    for (const line of detail.lines) if (line.name === product.name) rows.push({ email: order.email, quantity: line.quantity });
  }
  return rows;
}

async function onPostgres({ shoppers, units, duration, connections, work, postgresUrl, redisUrl }) {
  const name = `shop_drop_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  try {
    await admin.connect();
  } catch (error) {
    log(`drop on PostgreSQL skipped: ${postgresUrl} is not reachable (${error.message})`);
    return null;
  }
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const dataDir = join(work, 'drop-cluster');
  mkdirSync(dataDir, { recursive: true });
  seedDataFolder(dataDir, { database: false });
  const secrets = { SESSION_SECRET: secret(), JWT_SECRET: secret(), ADMIN_TOKEN: secret() };
  const db = new pg.Client({ connectionString: url.toString() });
  let cluster;
  try {
    cluster = await startCluster({ databaseUrl: url.toString(), redisUrl, redisKeyPrefix: `${name}:`, dataDir, secrets, env: OPEN_LIMITS });
    await db.connect();
    const plain = await plainPageRps(cluster.webUrl, duration, connections);
    const query = async (sql, params) => (await db.query(sql, params)).rows;
    const { row, problems } = await runDropRehearsal({
      webUrl: cluster.webUrl,
      apiUrl: cluster.apiUrl,
      adminToken: secrets.ADMIN_TOKEN,
      sessionSecret: secrets.SESSION_SECRET,
      shoppers,
      units,
      label: 'cluster',
      query,
    });
    return { row: { ...row, setup: 'PostgreSQL + Redis, 2 + 2 instances', plainRps: plain, ratio: ratio(row.rushRps, plain) }, problems };
  } finally {
    await db.end().catch(() => undefined);
    await cluster?.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** Both setups; rows for the report, and what went wrong. */
export async function measureDrop({
  shoppers = 300,
  units = 50,
  duration = 10,
  connections = 10,
  postgresUrl,
  redisUrl = 'redis://127.0.0.1:6379',
  work,
}) {
  const rows = [];
  const problems = [];
  log(`drop rehearsal on PGlite: ${shoppers} shoppers, ${units} units`);
  const single = await onPglite({ shoppers, units, duration, connections, work });
  rows.push({ ...single.row, setup: 'PGlite, 1 + 1 instance' });
  problems.push(...single.problems.map((p) => `PGlite: ${p}`));
  if (postgresUrl) {
    log(`drop rehearsal on PostgreSQL + Redis, two instances: ${shoppers} shoppers, ${units} units`);
    const cluster = await onPostgres({ shoppers, units, duration, connections, work, postgresUrl, redisUrl });
    if (cluster) {
      rows.push(cluster.row);
      problems.push(...cluster.problems.map((p) => `PostgreSQL: ${p}`));
    }
  }
  return { rows, problems };
}

export const DROP_COLUMNS = [
  ['setup', 'setup'],
  ['shoppers', 'shoppers'],
  ['units', 'units'],
  ['unitsSold', 'sold'],
  ['overLimit', 'over the limit'],
  ['serverErrors', '5xx'],
  ['waited', 'sent to the waiting room'],
  ['p50Ms', 'arrival → payment page p50 ms'],
  ['p99Ms', 'p99 ms'],
  ['rushRps', 'rush req/s'],
  ['plainRps', 'product page req/s'],
  ['ratio', 'ratio'],
];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      shoppers: { type: 'string', default: '300' },
      units: { type: 'string', default: '50' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
      'no-postgres': { type: 'boolean', default: false },
    },
  });
  const work = mkdtempSync(join(os.tmpdir(), 'shop-drop-'));
  try {
    const { rows, problems } = await measureDrop({
      shoppers: Number(values.shoppers),
      units: Number(values.units),
      duration: Number(values.duration),
      connections: Number(values.connections),
      postgresUrl: values['no-postgres'] ? null : process.env.DATABASE_URL_BENCH || 'postgres://postgres@127.0.0.1:5432/test',
      work,
    });
    console.log(table(DROP_COLUMNS, rows));
    for (const problem of problems) console.log(`PROBLEM: ${problem}`);
    if (problems.length) process.exitCode = 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
