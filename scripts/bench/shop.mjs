// `npm run bench`'s shop section (run.mjs): the API's first start, upstream calls per page, client
// JavaScript and Lighthouse, storefront SSR beside a bare node:http server and on the edge build, the
// API's routes on PGlite and PostgreSQL, and the servers' memory.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import pg from 'pg';

import { seedDataFolder } from '../lib/prepared-data.mjs';
import { measureClientJs } from './client-js.mjs';
import { startCountingProxy } from './counting-proxy.mjs';
import { measureLighthouse } from './lighthouse.mjs';
import { fetchRaw, measure } from './load.mjs';
import { kilobytes, megabytes, ratio, verdict } from './report.mjs';
import { residentBytes, root, startApi, startEdgeStorefront, startStaticServer, startStorefront } from './servers.mjs';

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

async function createBenchDatabase(postgresUrl) {
  const name = `shop_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: postgresUrl });
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

async function measureApi(backend, apiUrl, variantId, { duration, connections }) {
  const rows = [];
  let staticRps = null;
  for (const route of await apiRoutes(apiUrl, variantId)) {
    log(`API on ${backend}: ${route.label}`);
    const result = await measure({ ...route, duration: duration, connections: connections });
    staticRps ??= result.rps;
    rows.push({ backend, route: route.label, ...result, ratio: ratio(result.rps, staticRps) });
  }
  return rows;
}

/** The API's first start on an empty data folder, measured; then a storefront, and a shopper with a cart. */
async function startShop(work, stops, results) {
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
  return { dataDir, api, storefront, variantId, cookie, pages };
}

async function countUpstream({ api, dataDir, pages }, results) {
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
}

async function clientJsAndLighthouse({ storefront, cookie, pages }, { chromium, lighthouseRuns }, results) {
  log('client JavaScript per page (Chromium, first visit)');
  const [, value] = cookie.split(/=(.*)/s);
  const js = await measureClientJs(
    pages.map((page) => ({ label: page.label, url: `${storefront.url}${page.path}`, withSession: 'Cookie' in page.headers })),
    { chromiumPath: chromium, cookies: [{ name: '__session', value, url: storefront.url }] },
  );
  results.clientJs = js.map((row) => ({
    page: row.label,
    scripts: row.scripts,
    rawKb: kilobytes(row.rawBytes),
    gzipKb: kilobytes(row.gzipBytes),
    budgetKb: row.label === '/' ? kilobytes(JS_BUDGET_BYTES) : null,
    verdict: row.label === '/' ? verdict(row.gzipBytes <= JS_BUDGET_BYTES) : '–',
  }));

  log(`Lighthouse, mobile, median of ${lighthouseRuns} runs`);
  const lighthouse = await measureLighthouse(
    pages.slice(0, 2).map((page) => ({ label: page.label, url: `${storefront.url}${page.path}` })),
    { chromiumPath: chromium, runs: lighthouseRuns },
  );
  results.lighthouse = lighthouse.map(({ label, ...row }) => ({
    page: label,
    ...row,
    scores: row.runs.map((run) => run.score).join(' '),
    verdict: verdict(row.score >= 95 && row.cls === 0),
  }));
}

/** Each page against the bare server sending its bytes; returns the bare server (its memory is reported). */
async function ssrBesideBaseline({ storefront, pages }, { duration, connections }, work, stops, results) {
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
      duration: duration,
      connections: connections,
    });
    const bare = await measure({ url: `${baseline.url}/page-${i}`, duration: duration, connections: connections });
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
  return baseline;
}

async function edgeBesideNode({ api, storefront, dataDir, pages }, { duration, connections }, stops, results) {
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
    const onEdge = await measure({ url: `${edge.url}${page.path}`, headers: page.headers, duration: duration, connections: connections });
    const onNode = await measure({
      url: `${storefront.url}${page.path}`,
      headers: page.headers,
      duration: duration,
      connections: connections,
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
}

/** The API's routes on a fresh PostgreSQL database, unless --no-postgres or it is not reachable. */
async function apiOnPostgres(bench, work, results, memory) {
  const { noPostgres, postgresUrl } = bench;
  if (noPostgres) {
    results.postgres = 'skipped (--no-postgres)';
  } else {
    let database;
    try {
      database = await createBenchDatabase(postgresUrl);
    } catch (error) {
      results.postgres = `skipped: PostgreSQL at ${postgresUrl} is not reachable (${error.message})`;
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
          results.api.push(...(await measureApi('PostgreSQL', pgApi.url, await inStockVariant(pgApi.url), bench)));
          memory.push({ server: 'API on PostgreSQL', rssMb: megabytes(residentBytes(pgApi.pid)) });
        } finally {
          await pgApi.stop();
        }
      } finally {
        await database.drop();
      }
    }
  }
}

/**
 * The shop section into `results` (firstStart, upstream, clientJs, lighthouse, ssr, edge, api, postgres
 * when skipped, memory). `bench`: { duration, connections, lighthouseRuns, chromium, noPostgres, postgresUrl }.
 * Servers it leaves running are stopped through `stops`.
 */
export async function measureShop(bench, work, stops, results) {
  const shop = await startShop(work, stops, results);
  const { api, storefront, variantId } = shop;
  await countUpstream(shop, results);
  await clientJsAndLighthouse(shop, bench, results);
  const baseline = await ssrBesideBaseline(shop, bench, work, stops, results);
  await edgeBesideNode(shop, bench, stops, results);
  results.api = await measureApi('PGlite', api.url, variantId, bench);
  const memory = [
    { server: 'storefront (server.mjs)', rssMb: megabytes(residentBytes(storefront.pid)) },
    { server: 'API on PGlite', rssMb: megabytes(residentBytes(api.pid)) },
    { server: 'baseline (node:http)', rssMb: megabytes(residentBytes(baseline.pid)) },
  ];

  await apiOnPostgres(bench, work, results, memory);
  results.memory = memory;
}
