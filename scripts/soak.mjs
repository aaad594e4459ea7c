#!/usr/bin/env node
// `npm run test:soak`: the shop under load, without loss. Concurrent shoppers browse, fill carts,
// sign in as guests, check out and pay through the test payment page (some decline, cancel or
// press Pay twice) for a bounded time, first on one API and one storefront (PGlite), then on two
// of each on one PostgreSQL and one Redis behind HAProxy. After each run: zero 5xx,
// every paid session exactly one purchase, stock never below zero, stock sold = items purchased.
// The cluster run also checks sessions across storefronts, shared rate limits and the cache hook,
// then the faults of issue 44 (faultRun): Redis frozen, an API killed, another sent SIGTERM.
// The cluster run and its faults are in scripts/lib/soak/; both runs share one ledger check and one report.
//
// SOAK_SECONDS (12) and SOAK_SHOPPERS (10) size each run. The cluster uses CLUSTER_DATABASE_URL,
// else DATABASE_URL_TEST, else postgres://postgres@127.0.0.1:5432/test (a database of its own is
// created there and dropped), and REDIS_URL (redis://127.0.0.1:6379). Without them it is skipped,
// unless DATABASE_URL_TEST or SOAK_REQUIRE_CLUSTER is set (CI), when it fails instead.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { seedDataFolder } from './lib/prepared-data.mjs';
import { freePort, root, startProgram } from './lib/processes.mjs';
import { checkLedger, loadCatalogue, runLoad, stockBySku } from './lib/shoppers.mjs';
import { clusterRun } from './lib/soak/cluster-run.mjs';
import {
  check,
  cleanUp,
  hasFailed,
  log,
  report,
  results,
  running,
  SECONDS,
  seconds,
  secret,
  SHOPPERS,
  temporary,
} from './lib/soak/common.mjs';

process.on('SIGINT', () => {
  void cleanUp().then(() => process.exit(130));
});

async function singleInstance() {
  console.log('\nsoak 1/2: one API (PGlite) and one storefront');
  const started = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-soak-'));
  temporary.add(dataDir);
  // The drawn art and the seeded database, copied (scripts/lib/prepared-data.mjs): no part of what this run checks.
  const prepared = seedDataFolder(dataDir);
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const api = await startProgram('api', {
    label: 'api',
    port: apiPort,
    log,
    env: { DATA_DIR: dataDir, PUBLIC_API_URL: apiUrl, STOREFRONT_URL: webUrl, JWT_SECRET: secret(), DEV_MAILBOX: '1' },
  });
  running.add(api.stop);
  const web = await startProgram('storefront', {
    label: 'web',
    port: webPort,
    log,
    env: { DATA_DIR: dataDir, API_URL: apiUrl, PUBLIC_API_URL: apiUrl, SESSION_SECRET: secret() },
  });
  running.add(web.stop);
  console.log(`  started in ${seconds(Date.now() - started)} (${prepared})`);

  const adminToken = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
  const catalogue = await loadCatalogue(apiUrl);
  const initialStock = await stockBySku(apiUrl, adminToken);
  const run = await runLoad({ webUrl, apiUrl, adminToken, shoppers: SHOPPERS, seconds: SECONDS, catalogue, label: 'single' });
  const finalStock = await stockBySku(apiUrl, adminToken);
  await web.stop();
  await api.stop();
  running.delete(web.stop);
  running.delete(api.stop);

  // The API has let go of the embedded database: read the ledger from it directly.
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(join(dataDir, 'pglite'));
  try {
    const ledger = await checkLedger({
      query: async (sql) => (await db.query(sql)).rows,
      initialStock,
      finalStock,
      minStock: run.minStock,
      paid: run.outcome.paid,
    });
    report('single instance (PGlite)', run, ledger);
  } finally {
    await db.close();
  }
  console.log(`  phase took ${seconds(Date.now() - started)}`);
  return { storageDir: join(dataDir, 'storage') };
}

const total = Date.now();
try {
  const built = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--if-stale', '--quiet'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the build failed');
  const single = await singleInstance();
  await clusterRun(single.storageDir);
} catch (error) {
  check('soak run', false, error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  await cleanUp();
}
console.log(`\nsoak: ${hasFailed() ? 'FAILED' : 'passed'} in ${seconds(Date.now() - total)}`);
for (const r of results)
  console.log(`  ${r.name}: ${r.requests} requests in ${r.seconds.toFixed(1)} s, ${r.purchases} purchases, ${r.errors} 5xx`);
process.exit(hasFailed() ? 1 : 0);
