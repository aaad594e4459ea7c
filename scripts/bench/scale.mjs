#!/usr/bin/env node
// The shop at scale: 1,000 products (made from the seeded ones: their categories, 2–4 colours × 2–3
// sizes, a listed variant now and then, the seeded image files), 100,000 orders over 20,000 customers,
// and a registered customer with 500 orders. The storefront's pages, signed in as that customer, each
// beside a minimal Remix app (bench/minimal-remix) sending a page of the same size, uncompressed, then
// the same page with `Accept-Encoding: br, gzip`; the API's routes beside its /livez, on PGlite and on
// PostgreSQL. Everything is written by the database itself (generate_series) after the API's first start.
// First, the small shop (the seeded catalogue) signed in as a customer with 5 orders, a wishlist and 2
// cart lines: `/`, a product page, `/cart`, `/orders`, `/profile`, a real order's page and
// `/order-details`, on PGlite and on PostgreSQL, with the rate and the server CPU time per request
// (storefront + API) beside the minimal app's, and the load average beside every figure (issue #36).
// Alone: `node scripts/bench/scale.mjs [--duration 10] [--connections 10] [--rounds 3] [--no-postgres]
// [--parts small,scale,api] [--page <label or path>]` after `node scripts/build.mjs`; `npm run bench`
// runs it as one of its sections (`--only scale` for it alone). BENCH_CPU_PROF=<folder> profiles the
// storefront and the API (node --cpu-prof) while the load runs. Its parts: scale-data.mjs (what is written),
// scale-browser.mjs (the shopper), scale-pages.mjs and scale-api.mjs (the measures), scale-report.mjs (the tables).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import pg from 'pg';

import { seedDataFolder } from '../lib/prepared-data.mjs';
import { CUSTOMERS, ORDERS } from './figures.mjs';
import { megabytes } from './report.mjs';
import { measureApi } from './scale-api.mjs';
import { addCustomer, CUSTOMER, fillShop, MANY_ORDERS, pgliteDb, postgresDb, PRODUCTS, SEARCH, SMALL } from './scale-data.mjs';
import { measurePages, scalePages, smallPages } from './scale-pages.mjs';
import { scaleReport } from './scale-report.mjs';
import { residentBytes, root, startApi, startMinimalRemix, startStorefront } from './servers.mjs';

const log = (message) => console.error(`bench: ${message}`);

function buildMinimalRemix() {
  const result = spawnSync(process.execPath, [join(root, 'node_modules/@remix-run/dev/dist/cli.js'), 'build'], {
    cwd: join(root, 'bench/minimal-remix'),
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`the minimal Remix app did not build:\n${result.stdout}\n${result.stderr}`);
}

/** The small shop's pages on a running API (its customer written beforehand), through a storefront of their own. */
async function smallShopPages(api, minimal, dataDir, load, only) {
  const storefront = await startStorefront({ dataDir, apiUrl: api.url });
  try {
    return await measurePages({ storefront, api, minimal }, dataDir, load, {
      customer: SMALL,
      pagesFor: smallPages,
      productQuery: '',
      only,
    });
  } finally {
    await storefront.stop();
  }
}

/**
 * The whole scenario: `{ data, small, smallPostgres, pages, api }` for the report. The small shop's
 * pages on PGlite and, given `postgresUrl`, on a fresh PostgreSQL database; the pages at scale on
 * PGlite (the default setup); the API on both. `parts` (some of 'small', 'scale', 'api') and `only`
 * (a page's label or path) narrow the run while working on one page.
 */
export async function measureScale({
  duration = 10,
  connections = 10,
  rounds = 3,
  postgresUrl,
  work,
  parts = ['small', 'scale', 'api'],
  only,
}) {
  const load = { duration, connections, rounds };
  const stops = [];
  const results = { data: [], small: [], smallPostgres: [], pages: [], api: [], apiPeakMb: null, loadStart: os.loadavg()[0] };
  const wants = (part) => parts.includes(part);
  try {
    log('scale: building the minimal Remix app');
    buildMinimalRemix();
    const minimal = await startMinimalRemix();
    stops.push(minimal.stop);

    const dataDir = join(work, 'scale-pglite');
    mkdirSync(dataDir, { recursive: true });
    // The drawn art and the seeded database copied (scripts/lib/prepared-data.mjs): drawing is no part
    // of what this section measures, and on a loaded machine it outlasted the first start's 240 s.
    log(`scale on PGlite: ${seedDataFolder(dataDir)}`);
    log('scale on PGlite: first start (schema and seeded catalogue)');
    const first = await startApi({ dataDir });
    await first.stop();

    // The small shop first: the seeded catalogue and one customer with a few orders and a wishlist.
    const seeded = pgliteDb(join(dataDir, 'pglite'));
    try {
      await addCustomer(seeded, SMALL);
    } finally {
      await seeded.close();
    }
    if (wants('small')) {
      const api = await startApi({ dataDir });
      try {
        log('small shop (the seeded catalogue) on PGlite: pages');
        results.small = await smallShopPages(api, minimal, dataDir, load, only);
      } finally {
        await api.stop();
      }
    }

    if (wants('scale') || wants('api')) {
      log(`scale on PGlite: writing ${PRODUCTS} products, ${ORDERS} orders over ${CUSTOMERS} customers, a customer with ${MANY_ORDERS}`);
      const db = pgliteDb(join(dataDir, 'pglite'));
      try {
        results.data.push({ backend: 'PGlite', ...(await fillShop(db)) });
      } finally {
        await db.close();
      }
      const api = await startApi({ dataDir });
      stops.push(api.stop);
      if (wants('scale')) {
        // Started after the data is in: its 30-second catalogue cache holds the 1,000 products from the first page.
        const storefront = await startStorefront({ dataDir, apiUrl: api.url });
        stops.push(storefront.stop);
        results.pages = await measurePages({ storefront, api, minimal }, dataDir, load, {
          customer: CUSTOMER,
          pagesFor: scalePages,
          productQuery: SEARCH,
          only,
        });
        results.apiPeakMb = megabytes(residentBytes(api.pid, { peak: true }));
        await storefront.stop();
      }
      if (wants('api')) results.api.push(...(await measureApi('PGlite', api.url, load)));
      await api.stop();
    }

    if (postgresUrl) await onPostgres(postgresUrl, work, load, results, { minimal, wants, only });
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  }
  results.loadEnd = os.loadavg()[0];
  return results;
}

async function onPostgres(postgresUrl, work, load, results, { minimal, wants, only }) {
  const admin = new pg.Client({ connectionString: postgresUrl });
  try {
    await admin.connect();
  } catch (error) {
    log(`scale on PostgreSQL skipped: ${postgresUrl} is not reachable (${error.message})`);
    return;
  }
  const name = `shop_scale_${Date.now().toString(36)}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const dataDir = join(work, 'scale-postgres');
  mkdirSync(dataDir, { recursive: true });
  log(`scale on PostgreSQL: ${seedDataFolder(dataDir, { database: false })}`);
  try {
    log('scale on PostgreSQL: first start (schema and seeded catalogue)');
    const api = await startApi({ dataDir, databaseUrl: url.toString() });
    try {
      const db = await postgresDb(url.toString());
      try {
        if (wants('small')) {
          await addCustomer(db, SMALL);
          log('small shop (the seeded catalogue) on PostgreSQL: pages');
          results.smallPostgres = await smallShopPages(api, minimal, dataDir, load, only);
        }
        if (!wants('api')) return;
        log(`scale on PostgreSQL: writing ${PRODUCTS} products, ${ORDERS} orders, a customer with ${MANY_ORDERS}`);
        // Written while the API runs: the catalogue's version triggers tell its cache.
        results.data.push({ backend: 'PostgreSQL', ...(await fillShop(db)) });
      } finally {
        await db.close();
      }
      results.api.push(...(await measureApi('PostgreSQL', api.url, load)));
    } finally {
      await api.stop();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '3' },
      'no-postgres': { type: 'boolean', default: false },
      // Some of small, scale, api (comma-separated), and one page (its label or path), while working on it.
      parts: { type: 'string', default: 'small,scale,api' },
      page: { type: 'string' },
    },
  });
  const work = mkdtempSync(join(os.tmpdir(), 'shop-scale-'));
  const settings = { duration: Number(values.duration), connections: Number(values.connections), rounds: Number(values.rounds) };
  try {
    const results = await measureScale({
      ...settings,
      postgresUrl: values['no-postgres'] ? null : process.env.DATABASE_URL_BENCH || 'postgres://postgres@127.0.0.1:5432/test',
      work,
      parts: values.parts.split(','),
      only: values.page,
    });
    console.log(scaleReport(results, settings));
  } catch (error) {
    console.error(`bench: ${error instanceof Error ? error.stack : error}`);
    process.exitCode = 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
