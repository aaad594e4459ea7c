// The second soak run: two APIs and two storefronts on one PostgreSQL and one Redis, behind HAProxy,
// on a database of its own (created, then dropped). The cluster's own promises are checked first, then
// shoppers buy, a drop launches, and the faults run (./faults.mjs).
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Redis } from 'ioredis';
import pg from 'pg';

import { startCluster } from '../cluster.mjs';
import { runDropRehearsal } from '../drop-rehearsal.mjs';
import { ensureHaproxy } from '../haproxy.mjs';
import { root } from '../processes.mjs';
import { redisServerInstalled, startRedisServer } from '../redis-server.mjs';
import { checkLedger, loadCatalogue, runLoad, stockBySku } from '../shoppers.mjs';
import { hookReachesEveryStorefront, sessionsAcrossStorefronts, sharedRateLimits } from './cluster-checks.mjs';
import { check, log, report, running, SECONDS, seconds, secret, SHOPPERS, temporary } from './common.mjs';
import { faultRun } from './faults.mjs';

/** PostgreSQL and Redis for the cluster, or why not. */
async function clusterServices() {
  const base = process.env.CLUSTER_DATABASE_URL || process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/test';
  const installed = ensureHaproxy({ log: (line) => console.log(`  ${line}`) });
  if (installed.missing) return { missing: `HAProxy (${installed.missing})` };
  // A Redis of the run's own, which the fault run may freeze; the machine's shared Redis is never stopped.
  const ownRedis = redisServerInstalled() ? await startRedisServer() : null;
  if (ownRedis) running.add(ownRedis.stop);
  const redisUrl = ownRedis?.url ?? (process.env.REDIS_URL || 'redis://127.0.0.1:6379');
  const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    return { missing: `PostgreSQL at ${base} (${error.message})` };
  }
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    await admin.end();
    redis.disconnect();
    return { missing: `Redis at ${redisUrl} (${error.message})` };
  }
  return { admin, redis, base, redisUrl, ownRedis };
}

/** Shoppers buying on the cluster, then the ledger. */
async function clusterLoad(cluster, db, adminToken) {
  const catalogue = await loadCatalogue(cluster.apiUrl);
  const initialStock = await stockBySku(cluster.apiUrl, adminToken);
  const load = await runLoad({
    webUrl: cluster.webUrl,
    apiUrl: cluster.apiUrl,
    adminToken,
    shoppers: SHOPPERS,
    seconds: SECONDS,
    catalogue,
    label: 'cluster',
  });
  const finalStock = await stockBySku(cluster.apiUrl, adminToken);
  const ledger = await checkLedger({
    query: async (sql) => (await db.query(sql)).rows,
    initialStock,
    finalStock,
    minStock: load.minStock,
    paid: load.outcome.paid,
  });
  report('cluster (PostgreSQL, Redis)', load, ledger);
}

/** A drop at a smaller scale: everyone at the launch minute, on both instances; exactly the units sold, nobody over the limit, no 5xx. */
async function dropAtLaunch(cluster, db, secrets) {
  const drop = await runDropRehearsal({
    webUrl: cluster.webUrl,
    apiUrl: cluster.apiUrl,
    adminToken: secrets.ADMIN_TOKEN,
    sessionSecret: secrets.SESSION_SECRET,
    shoppers: 40,
    units: 10,
    label: 'soak',
    leadMs: 5000,
    query: async (sql, params) => (await db.query(sql, params)).rows,
  });
  check(
    'a drop: 40 shoppers at the launch of 10 units, 1 each',
    drop.problems.length === 0,
    drop.problems.join('; ') ||
      `${drop.row.unitsSold} sold, ${drop.row.overLimit} over the limit, ${drop.row.serverErrors} 5xx, payment page p50 ${drop.row.p50Ms} ms`,
  );
}

/** On the started cluster: its start, its own promises, a load run, a drop, every instance's share, then the faults. */
async function onTheCluster({ cluster, db, secrets, ownRedis, instanceLines, events }) {
  const migrationFiles = readdirSync(join(root, 'api/src/db/migrations')).filter((name) => name.endsWith('.sql'));
  const { rows: migrations } = await db.query('SELECT name FROM schema_migrations');
  const { rows: products } = await db.query('SELECT COUNT(*)::int AS n, COUNT(DISTINCT name)::int AS names FROM products');
  check(
    'both APIs started at once on the empty database',
    migrations.length === migrationFiles.length && products[0].n > 0 && products[0].n === products[0].names,
    `${migrations.length} migrations applied once, ${products[0].n} products written once`,
  );

  await sessionsAcrossStorefronts(cluster);
  await sharedRateLimits(cluster);
  await hookReachesEveryStorefront(cluster, secrets.ADMIN_TOKEN);

  await clusterLoad(cluster, db, secrets.ADMIN_TOKEN);
  await dropAtLaunch(cluster, db, secrets);
  const served = await cluster.served();
  check(
    'every instance served its share',
    [...served.apis, ...served.storefronts].every((n) => n > 0),
    `APIs ${served.apis.join('/')}, storefronts ${served.storefronts.join('/')}`,
  );
  if (ownRedis) await faultRun({ cluster, ownRedis, adminToken: secrets.ADMIN_TOKEN, db, instanceLines, events });
  else check("faults skipped: no redis-server of the run's own to freeze (Debian package redis-server)", !process.env.DATABASE_URL_TEST);
}

/** The cluster run, on the images the first run drew (`storageDir`); skipped, or failed when required, without PostgreSQL, Redis or HAProxy. */
export async function clusterRun(storageDir) {
  console.log('\nsoak 2/2: two APIs and two storefronts on one PostgreSQL and one Redis, behind HAProxy');
  const services = await clusterServices();
  if (services.missing) {
    const required = Boolean(process.env.DATABASE_URL_TEST || process.env.CLUSTER_DATABASE_URL || process.env.SOAK_REQUIRE_CLUSTER);
    check(`cluster ${required ? 'needs' : 'skipped: no'} ${services.missing}`, !required);
    return;
  }
  const { admin, redis, base, redisUrl, ownRedis } = services;
  const started = Date.now();
  const run = randomBytes(4).toString('hex');
  const database = `shop_cluster_${run}`;
  const redisKeyPrefix = `soak-${run}:`;
  await admin.query(`CREATE DATABASE ${database}`);
  const databaseUrl = Object.assign(new URL(base), { pathname: `/${database}` }).toString();
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-soak-cluster-'));
  temporary.add(dataDir);
  // The images the first run drew: object storage every instance reads.
  cpSync(storageDir, join(dataDir, 'storage'), { recursive: true });
  const secrets = { SESSION_SECRET: secret(), JWT_SECRET: secret(), ADMIN_TOKEN: secret() };
  const db = new pg.Client({ connectionString: databaseUrl });
  const instanceLines = [];
  const events = [];
  let cluster;
  try {
    cluster = await startCluster({
      databaseUrl,
      redisUrl,
      redisKeyPrefix,
      dataDir,
      secrets,
      log: (line) => {
        instanceLines.push(line);
        log(line);
      },
      onEvent: (line) => {
        events.push(line);
        log(line);
      },
      env: { DEV_MAILBOX: '1', JOB_POLL_MS: '1000' },
    });
    running.add(cluster.stop);
    await db.connect();
    console.log(
      `  started in ${seconds(Date.now() - started)}: storefronts ${cluster.storefronts.map((s) => s.url).join(', ')}, APIs ${cluster.apis.map((a) => a.url).join(', ')}`,
    );

    await onTheCluster({ cluster, db, secrets, ownRedis, instanceLines, events });
  } finally {
    await db.end().catch(() => undefined);
    if (cluster) {
      await cluster.stop();
      running.delete(cluster.stop);
    }
    await admin
      .query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
      .catch((error) => console.error(`  could not drop ${database}: ${error.message}`));
    await admin.end();
    const keys = await redis.keys(`${redisKeyPrefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    console.log(`  phase took ${seconds(Date.now() - started)}`);
  }
}
