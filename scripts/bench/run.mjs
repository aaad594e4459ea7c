#!/usr/bin/env node
// One script on purpose (over 300 lines): every measurement runs in one process against the same build, so the tables compare.
// `npm run bench`: the shop's benchmarks, measured side by side in one run on the production build.
// Prints tables and writes bench/results.json. Not part of `npm test`.
//
// Options: --duration <s> (each load run, default 10), --connections <n> (default 10),
// --lighthouse-runs <n> (default 5, the median is kept), --rounds <n> (the scale section's rounds, default 3;
// its ratios are the rounds' median), --no-postgres, --only <sections> (comma-separated,
// of shop, figures, drop, scale; a partial run writes bench/results-<sections>.json, not bench/results.json).
// DATABASE_URL_BENCH (default postgres://postgres@127.0.0.1:5432/test) is where a fresh database is made.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

import pg from 'pg';

import { seedDataFolder } from '../lib/prepared-data.mjs';
import { measureClientJs } from './client-js.mjs';
import { startCountingProxy } from './counting-proxy.mjs';
import { DROP_COLUMNS, measureDrop } from './drop.mjs';
import { FIGURES_COLUMNS, measureFigures } from './figures.mjs';
import { measureLighthouse } from './lighthouse.mjs';
import { fetchRaw, measure } from './load.mjs';
import { kilobytes, megabytes, ratio, table, verdict } from './report.mjs';
import { measureScale } from './scale.mjs';
import { scaleReport } from './scale-report.mjs';
import { residentBytes, root, startApi, startEdgeStorefront, startStaticServer, startStorefront } from './servers.mjs';

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'lighthouse-runs': { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    'no-postgres': { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const SECTIONS = ['shop', 'figures', 'drop', 'scale'];
const only = options.only ? options.only.split(',').map((s) => s.trim()) : null;
const unknown = only?.filter((s) => !SECTIONS.includes(s)) ?? [];
if (only && (unknown.length || only.length === 0)) {
  console.error(`bench: --only takes some of ${SECTIONS.join(', ')}; not ${unknown.join(', ') || 'nothing'}`);
  process.exit(2);
}
const runs = (section) => !only || only.includes(section);
const DURATION = Number(options.duration);
const CONNECTIONS = Number(options.connections);
const LIGHTHOUSE_RUNS = Number(options['lighthouse-runs']);
const ROUNDS = Number(options.rounds);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const POSTGRES_URL = process.env.DATABASE_URL_BENCH || 'postgres://postgres@127.0.0.1:5432/test';
const JS_BUDGET_BYTES = 120 * 1024;
const PRODUCT = 'Tracer Tee';

const log = (message) => console.error(`bench: ${message}`);

/** `name=value` of the session cookie an answer sets. */
function sessionCookie(answer) {
  const cookie = [answer.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('__session='));
  return cookie?.split(';')[0];
}

async function inStockVariant(apiUrl) {
  const details = JSON.parse(
    (await fetchRaw(`${apiUrl}/api/products/details?product_name=${encodeURIComponent(PRODUCT)}`)).body.toString(),
  );
  const variant = details.variants.find((v) => v.in_stock);
  if (!variant) throw new Error(`${PRODUCT} has no variant in stock`);
  return variant.id;
}

/** A shopper with one item in the cart, the way a browser gets there: Add to Cart on the product page. */
async function shopperWithCart(storefrontUrl, variantId) {
  const productPath = `/product/${encodeURIComponent(PRODUCT)}`;
  const added = await fetchRaw(`${storefrontUrl}${productPath}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: storefrontUrl },
    body: new URLSearchParams({ intent: 'add-to-cart', variantId }).toString(),
  });
  let cookie = sessionCookie(added);
  if (added.status !== 303 || !cookie) throw new Error(`Add to Cart answered ${added.status}`);
  // Showing the product page once takes the 'Added to Cart!' flash out of the session.
  const shown = await fetchRaw(`${storefrontUrl}${productPath}`, { headers: { Cookie: cookie } });
  cookie = sessionCookie(shown) ?? cookie;
  const cart = await fetchRaw(`${storefrontUrl}/cart`, { headers: { Cookie: cookie } });
  if (!cart.body.toString().includes('data-testid="cart-line"')) throw new Error('the bench shopper has no cart line on /cart');
  return cookie;
}

async function createBenchDatabase() {
  const name = `shop_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: POSTGRES_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

async function apiRoutes(apiUrl, variantId) {
  return [
    { label: 'static JSON (/livez)', url: `${apiUrl}/livez` },
    { label: 'POST products/list', url: `${apiUrl}/api/products/list`, method: 'POST' },
    { label: 'GET products/details', url: `${apiUrl}/api/products/details?product_name=${encodeURIComponent(PRODUCT)}` },
    // No cart cookie: every request is a new shopper's first add (a new cart and its line).
    {
      label: 'POST cart/add',
      url: `${apiUrl}/api/cart/add`,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ variant_id: variantId }),
    },
  ];
}

async function measureApi(backend, apiUrl, variantId) {
  const rows = [];
  let staticRps = null;
  for (const route of await apiRoutes(apiUrl, variantId)) {
    log(`API on ${backend}: ${route.label}`);
    const result = await measure({ ...route, duration: DURATION, connections: CONNECTIONS });
    staticRps ??= result.rps;
    rows.push({ backend, route: route.label, ...result, ratio: ratio(result.rps, staticRps) });
  }
  return rows;
}

const work = mkdtempSync(join(os.tmpdir(), 'shop-bench-'));
const stops = [];
const results = {
  measuredAt: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    loadAverageAtStart: os.loadavg().map((l) => Number(l.toFixed(2))),
  },
  settings: {
    durationSeconds: DURATION,
    connections: CONNECTIONS,
    lighthouseRuns: LIGHTHOUSE_RUNS,
    rounds: ROUNDS,
    sections: only ?? SECTIONS,
  },
};

try {
  if (
    !existsSync(join(root, 'build/index.js')) ||
    !existsSync(join(root, 'build/api/server.mjs')) ||
    !existsSync(join(root, 'build/edge/worker.mjs'))
  )
    throw new Error('no production build: run `node scripts/build.mjs --edge` first');
  if (runs('shop') && !existsSync(CHROMIUM)) throw new Error(`Chromium is not at ${CHROMIUM} (set CHROMIUM_PATH)`);

  if (runs('shop')) {
    log('starting the API (PGlite) and the storefront');
    const dataDir = join(work, 'data');
    mkdirSync(dataDir);
    // A first start on an empty data folder (the build is done): database, catalogue, images, card frames.
    const startedAt = Date.now();
    const api = await startApi({ dataDir });
    stops.push(api.stop);
    const firstStartSeconds = (Date.now() - startedAt) / 1000;
    const firstStartRssMb = megabytes(residentBytes(api.pid));
    results.firstStart = {
      seconds: Math.round(firstStartSeconds * 10) / 10,
      rssMb: firstStartRssMb,
      targetSeconds: 60,
      targetRssMb: 350,
      verdict: verdict(firstStartSeconds <= 60 && firstStartRssMb <= 350),
    };
    const storefront = await startStorefront({ dataDir, apiUrl: api.url });
    stops.push(storefront.stop);
    const variantId = await inStockVariant(api.url);
    const cookie = await shopperWithCart(storefront.url, variantId);
    const productPath = `/product/${encodeURIComponent(PRODUCT)}`;
    const pages = [
      { label: '/', path: '/', headers: {} },
      { label: `/product/${PRODUCT}`, path: productPath, headers: {} },
      { label: '/cart (with a session)', path: '/cart', headers: { Cookie: cookie } },
    ];

    // Upstream calls per render, through a counting proxy in front of the same API and a storefront of its own.
    log('counting upstream calls per page');
    const proxy = await startCountingProxy(api.url);
    const counted = await startStorefront({ dataDir, apiUrl: proxy.url, publicApiUrl: api.url });
    const upstream = [];
    for (const page of pages) {
      const render = () => fetchRaw(`${counted.url}${page.path}`, { headers: page.headers });
      const first = await proxy.count(render);
      const again = await proxy.count(render);
      upstream.push({ page: page.label, first: first.length, warm: again.length, calls: again.join(', ') || first.join(', ') });
    }
    await counted.stop();
    await proxy.stop();
    const upstreamTargets = { '/': 0, [`/product/${PRODUCT}`]: 1 };
    results.upstream = upstream.map((row) => ({
      ...row,
      target: row.page in upstreamTargets ? `≤ ${upstreamTargets[row.page]} warm` : null,
      verdict: row.page in upstreamTargets ? verdict(row.warm <= upstreamTargets[row.page]) : '–',
    }));

    log('client JavaScript per page (Chromium, first visit)');
    const [, value] = cookie.split(/=(.*)/s);
    const js = await measureClientJs(
      pages.map((page) => ({ label: page.label, url: `${storefront.url}${page.path}`, withSession: 'Cookie' in page.headers })),
      { chromiumPath: CHROMIUM, cookies: [{ name: '__session', value, url: storefront.url }] },
    );
    results.clientJs = js.map((row) => ({
      page: row.label,
      scripts: row.scripts,
      rawKb: kilobytes(row.rawBytes),
      gzipKb: kilobytes(row.gzipBytes),
      budgetKb: row.label === '/' ? kilobytes(JS_BUDGET_BYTES) : null,
      verdict: row.label === '/' ? verdict(row.gzipBytes <= JS_BUDGET_BYTES) : '–',
    }));

    log(`Lighthouse, mobile, median of ${LIGHTHOUSE_RUNS} runs`);
    const lighthouse = await measureLighthouse(
      pages.slice(0, 2).map((page) => ({ label: page.label, url: `${storefront.url}${page.path}` })),
      { chromiumPath: CHROMIUM, runs: LIGHTHOUSE_RUNS },
    );
    results.lighthouse = lighthouse.map(({ label, ...row }) => ({
      page: label,
      ...row,
      scores: row.runs.map((run) => run.score).join(' '),
      verdict: verdict(row.score >= 95 && row.cls === 0),
    }));

    // SSR against a bare node:http server sending the very same bytes, run after run.
    log('storefront SSR against the bare node:http baseline');
    const routes = {};
    for (const [i, page] of pages.entries()) {
      const answer = await fetchRaw(`${storefront.url}${page.path}`, { headers: page.headers });
      if (answer.status !== 200) throw new Error(`${page.label} answered ${answer.status}`);
      const file = join(work, `page-${i}.html`);
      writeFileSync(file, answer.body);
      routes[`/page-${i}`] = { file, type: answer.headers['content-type'] };
      page.bytes = answer.body.length;
    }
    writeFileSync(join(work, 'routes.json'), JSON.stringify(routes));
    const baseline = await startStaticServer(join(work, 'routes.json'));
    stops.push(baseline.stop);
    results.ssr = [];
    for (const [i, page] of pages.entries()) {
      log(`SSR ${page.label}`);
      const shop = await measure({
        url: `${storefront.url}${page.path}`,
        headers: page.headers,
        duration: DURATION,
        connections: CONNECTIONS,
      });
      const bare = await measure({ url: `${baseline.url}/page-${i}`, duration: DURATION, connections: CONNECTIONS });
      results.ssr.push({
        page: page.label,
        htmlKb: kilobytes(page.bytes),
        rps: shop.rps,
        p50: shop.p50,
        p99: shop.p99,
        failures: shop.failures,
        baselineRps: bare.rps,
        baselineP50: bare.p50,
        baselineP99: bare.p99,
        ratio: ratio(shop.rps, bare.rps),
        verdict: page.label === '/' ? verdict(ratio(shop.rps, bare.rps) >= 0.5) : '–',
      });
    }

    // The same pages from the edge build on workerd, measured right after Node's, and the worker's size.
    log('storefront SSR on the edge build (workerd)');
    const edge = await startEdgeStorefront({ dataDir, apiUrl: api.url });
    stops.push(edge.stop);
    const workerBytes = readFileSync(join(root, 'build/edge/worker.mjs'));
    results.edge = {
      workerGzipKb: kilobytes(gzipSync(workerBytes, { level: 9 }).length),
      workerRawKb: kilobytes(workerBytes.length),
      limitKb: 3 * 1024,
      pages: [],
    };
    results.edge.verdict = verdict(results.edge.workerGzipKb <= results.edge.limitKb);
    for (const page of pages) {
      const onEdge = await measure({ url: `${edge.url}${page.path}`, headers: page.headers, duration: DURATION, connections: CONNECTIONS });
      const onNode = await measure({
        url: `${storefront.url}${page.path}`,
        headers: page.headers,
        duration: DURATION,
        connections: CONNECTIONS,
      });
      results.edge.pages.push({
        page: page.label,
        edgeRps: onEdge.rps,
        edgeP50: onEdge.p50,
        edgeFailures: onEdge.failures,
        nodeRps: onNode.rps,
        nodeP50: onNode.p50,
        ratio: ratio(onEdge.rps, onNode.rps),
      });
    }
    await edge.stop();

    results.api = await measureApi('PGlite', api.url, variantId);
    const memory = [
      { server: 'storefront (server.mjs)', rssMb: megabytes(residentBytes(storefront.pid)) },
      { server: 'API on PGlite', rssMb: megabytes(residentBytes(api.pid)) },
      { server: 'baseline (node:http)', rssMb: megabytes(residentBytes(baseline.pid)) },
    ];

    if (options['no-postgres']) {
      results.postgres = 'skipped (--no-postgres)';
    } else {
      let database;
      try {
        database = await createBenchDatabase();
      } catch (error) {
        results.postgres = `skipped: PostgreSQL at ${POSTGRES_URL} is not reachable (${error.message})`;
        log(results.postgres);
      }
      if (database) {
        try {
          log('starting an API on PostgreSQL (a fresh database)');
          const pgDataDir = join(work, 'data-postgres');
          mkdirSync(pgDataDir);
          // The drawn art copied (scripts/lib/prepared-data.mjs); the first start measured above is the PGlite one.
          seedDataFolder(pgDataDir, { database: false });
          const pgApi = await startApi({ dataDir: pgDataDir, databaseUrl: database.url });
          try {
            results.api.push(...(await measureApi('PostgreSQL', pgApi.url, await inStockVariant(pgApi.url))));
            memory.push({ server: 'API on PostgreSQL', rssMb: megabytes(residentBytes(pgApi.pid)) });
          } finally {
            await pgApi.stop();
          }
        } finally {
          await database.drop();
        }
      }
    }
    results.memory = memory;
  }

  if (runs('figures')) {
    log("the dashboard's figures with 100,000 orders");
    results.figures = await measureFigures({
      duration: DURATION,
      connections: CONNECTIONS,
      postgresUrl: options['no-postgres'] ? null : POSTGRES_URL,
      work,
    });
  }
  if (runs('drop')) {
    log('the drop rehearsal: 300 shoppers at the launch of 50 units, 1 per customer');
    results.drop = await measureDrop({
      duration: DURATION,
      connections: CONNECTIONS,
      postgresUrl: options['no-postgres'] ? null : POSTGRES_URL,
      work,
    });
  }
  if (runs('scale')) {
    log('the shop at scale: 1,000 products, 100,000 orders, a customer with 500');
    results.scale = await measureScale({
      duration: DURATION,
      connections: CONNECTIONS,
      rounds: ROUNDS,
      postgresUrl: options['no-postgres'] ? null : POSTGRES_URL,
      work,
    });
  }
  results.machine.loadAverageAtEnd = os.loadavg().map((l) => Number(l.toFixed(2)));

  const out = join(root, 'bench');
  mkdirSync(out, { recursive: true });
  const resultsFile = only ? `results-${only.join('-')}.json` : 'results.json';
  writeFileSync(join(out, resultsFile), `${JSON.stringify(results, null, 2)}\n`);

  if (results.ssr) {
    console.log(`\nStorefront SSR (${DURATION} s, ${CONNECTIONS} connections; baseline: node:http sending the same bytes)\n`);
    console.log(
      table(
        [
          ['page', 'page'],
          ['htmlKb', 'HTML KB'],
          ['rps', 'req/s'],
          ['p50', 'p50 ms'],
          ['p99', 'p99 ms'],
          ['baselineRps', 'baseline req/s'],
          ['baselineP50', 'baseline p50'],
          ['baselineP99', 'baseline p99'],
          ['ratio', 'ratio'],
          ['verdict', '≥ 0.5 on /'],
        ],
        results.ssr,
      ),
    );
    console.log(`\nStorefront SSR, edge build on workerd beside Node (same run)\n`);
    console.log(
      table(
        [
          ['page', 'page'],
          ['edgeRps', 'edge req/s'],
          ['edgeP50', 'edge p50 ms'],
          ['edgeFailures', 'failures'],
          ['nodeRps', 'Node req/s'],
          ['nodeP50', 'Node p50 ms'],
          ['ratio', 'edge / Node'],
        ],
        results.edge.pages,
      ),
    );
    console.log(
      `\nWorker bundle: ${results.edge.workerGzipKb} KB gzip (${results.edge.workerRawKb} KB raw), limit ${results.edge.limitKb} KB: ${results.edge.verdict}`,
    );
    console.log(`\nShop API (ratio to the static JSON route of the same server)\n`);
    console.log(
      table(
        [
          ['backend', 'database'],
          ['route', 'route'],
          ['rps', 'req/s'],
          ['p50', 'p50 ms'],
          ['p99', 'p99 ms'],
          ['failures', 'failures'],
          ['ratio', 'ratio'],
        ],
        results.api,
      ),
    );
    if (typeof results.postgres === 'string') console.log(`\nPostgreSQL: ${results.postgres}`);
  }
  if (results.figures) {
    console.log(`\nBack-office dashboard (GET /api/admin/figures): a seeded shop, then 100,000 orders over a year\n`);
    console.log(table(FIGURES_COLUMNS, results.figures));
  }
  if (results.drop) {
    console.log(
      '\nDrop rehearsal: 300 guests arrive within 3 s of the launch of 50 units (1 per customer), Quick Purchase without JavaScript, then pay\n',
    );
    console.log(table(DROP_COLUMNS, results.drop.rows));
    for (const problem of results.drop.problems) console.log(`PROBLEM: ${problem}`);
  }
  if (results.scale) {
    console.log(`\nThe shop at scale\n`);
    console.log(scaleReport(results.scale, { duration: DURATION, connections: CONNECTIONS, rounds: ROUNDS }));
  }
  if (results.ssr) {
    console.log('\nClient JavaScript on a first visit (gzip, as sent)\n');
    console.log(
      table(
        [
          ['page', 'page'],
          ['scripts', 'scripts'],
          ['rawKb', 'raw KB'],
          ['gzipKb', 'gzip KB'],
          ['budgetKb', 'budget KB'],
          ['verdict', 'verdict'],
        ],
        results.clientJs,
      ),
    );
    console.log(`\nLighthouse, mobile (median of ${LIGHTHOUSE_RUNS})\n`);
    console.log(
      table(
        [
          ['page', 'page'],
          ['score', 'performance'],
          ['lcpMs', 'LCP ms'],
          ['cls', 'CLS'],
          ['tbtMs', 'TBT ms'],
          ['fcpMs', 'FCP ms'],
          ['scores', 'all runs'],
          ['verdict', '≥ 95, CLS 0'],
        ],
        results.lighthouse,
      ),
    );
    console.log('\nUpstream (API) calls per page render\n');
    console.log(
      table(
        [
          ['page', 'page'],
          ['first', 'first render'],
          ['warm', 'warm cache'],
          ['target', 'target'],
          ['verdict', 'verdict'],
          ['calls', 'calls'],
        ],
        results.upstream,
      ),
    );
    console.log(
      `\nAPI first start on an empty data folder (PGlite): ${results.firstStart.seconds} s (target 60 s), RSS ${results.firstStart.rssMb} MB once serving (target 350 MB): ${results.firstStart.verdict}`,
    );
    console.log('\nResident memory after the load runs\n');
    console.log(
      table(
        [
          ['server', 'server'],
          ['rssMb', 'RSS MB'],
        ],
        results.memory,
      ),
    );
  }
  console.log(
    `\nLoad average (1, 5, 15 min): ${results.machine.loadAverageAtStart.join(', ')} at the start, ${results.machine.loadAverageAtEnd.join(', ')} at the end.`,
  );
  console.log(`bench/${resultsFile} written.`);
} catch (error) {
  console.error(`bench: ${error instanceof Error ? error.stack : error}`);
  process.exitCode = 1;
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
}
