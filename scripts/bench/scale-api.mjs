// The shop at scale (scale.mjs): the API's routes on one database, each beside /livez, in rounds.

import { fetchRaw, measure } from './load.mjs';
import { kilobytes, median, ratio, round, spread, verdict } from './report.mjs';
import { accessToken, apiJson, sampleProduct, startBareList } from './scale-browser.mjs';
import { BROWSER_ENCODING, CUSTOMER, FEW, FEW_ORDERS, FILTER, MANY_ORDERS, TARGETS } from './scale-data.mjs';
import {} from './servers.mjs';

const log = (message) => console.error(`bench: ${message}`);

/** The rounds' median of a rate or a latency, and of a ratio (rounded as ratio() rounds). */
export const middle = (values, digits = 0) => {
  const value = median(values);
  return value === null ? null : round(value, digits);
};
export const middleRatio = (values) => ratio(median(values), 1);

/** The rounds' median rate and latencies, and their failures summed. */
function roundsSummary(results) {
  return {
    rps: middle(results.map((result) => result.rps)),
    p50: middle(
      results.map((result) => result.p50),
      1,
    ),
    p99: middle(
      results.map((result) => result.p99),
      1,
    ),
    failures: results.reduce((sum, result) => sum + result.failures, 0),
  };
}

/** The API's routes on one database, each beside /livez, in `rounds` rounds. */
export async function measureApi(backend, apiUrl, { duration, connections, rounds }) {
  const bare = await startBareList(`${apiUrl}/api/products/list`);
  try {
    return await measureApiRoutes(backend, apiUrl, bare.url, { duration, connections, rounds });
  } finally {
    await bare.stop();
  }
}

/** The API's routes measured at scale: the catalogue's (the list also beside the bare server), a cart add, and a customer's orders and stats. */
async function apiRoutesAtScale(apiUrl, bareUrl) {
  const product = await sampleProduct(apiUrl);
  const filter = new URLSearchParams(FILTER);
  const firstPage = await apiJson(`${apiUrl}/api/products/browse?${filter}`);
  if (firstPage.pages > 1) filter.set('page', '2');
  const [many, few] = [await accessToken(apiUrl, CUSTOMER.email), await accessToken(apiUrl, FEW.email)];
  const routes = [
    // The spec's whole array, as it is (no Accept-Encoding) and as HTTP clients ask for it; each
    // also beside the bare server writing the same bytes.
    { label: 'POST products/list', url: `${apiUrl}/api/products/list`, method: 'POST', catalogue: true, bare: `${bareUrl}/list` },
    {
      label: `POST products/list, Accept-Encoding: ${BROWSER_ENCODING}`,
      url: `${apiUrl}/api/products/list`,
      method: 'POST',
      headers: { 'Accept-Encoding': BROWSER_ENCODING },
      catalogue: true,
      bare: `${bareUrl}/list-br`,
    },
    {
      label: `GET products/browse (${firstPage.total} found, page ${filter.get('page') ?? 1})`,
      url: `${apiUrl}/api/products/browse?${filter}`,
      catalogue: true,
    },
    {
      label: 'GET products/details',
      url: `${apiUrl}/api/products/details?product_name=${encodeURIComponent(product.name)}`,
      catalogue: true,
    },
    // No cart cookie: every request is a new shopper's first add.
    {
      label: 'POST cart/add',
      url: `${apiUrl}/api/cart/add`,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ variant_id: product.variantId }),
    },
    {
      label: `GET user/purchases (${MANY_ORDERS} orders)`,
      url: `${apiUrl}/api/user/purchases`,
      headers: { Authorization: `Bearer ${many}` },
    },
    {
      label: `GET user/stats (${FEW_ORDERS} orders)`,
      url: `${apiUrl}/api/user/stats`,
      headers: { Authorization: `Bearer ${few}` },
      stats: 'few',
    },
    {
      label: `GET user/stats (${MANY_ORDERS} orders)`,
      url: `${apiUrl}/api/user/stats`,
      headers: { Authorization: `Bearer ${many}` },
      stats: 'many',
    },
  ];
  return routes;
}

/** One route in `rounds` rounds, each beside /livez (whose runs go to `livez`): its row, and the bare server's after it when it has one. */
async function measureApiRoute(backend, route, routes, { livezUrl, livez, duration, connections, rounds }) {
  const rows = [];
  log(`scale, API on ${backend}: ${route.label}, ${rounds} rounds`);
  const { label, catalogue, stats: which, bare: bareRouteUrl, ...request } = route;
  const sample = await fetchRaw(request.url, { method: request.method, headers: request.headers, body: request.body });
  if (sample.status >= 300) throw new Error(`${label} answered ${sample.status}`);
  // Each round measures /livez, then the route: the ratio is taken within the round, and the
  // verdict is on the rounds' median (see measurePages).
  const results = [];
  const ratios = [];
  // The many-order customer's stats are measured beside the few-order one's in each round, and
  // compared directly: a ratio of two ratios to /livez would carry both of their rounds' noise.
  const fewStats = which === 'many' ? routes.find((other) => other.stats === 'few') : null;
  const flats = [];
  const bares = [];
  const bareOfLivez = [];
  const ofBare = [];
  for (let n = 0; n < rounds; n += 1) {
    const warmup = n === 0 ? 2 : 1;
    const base = await measure({ url: livezUrl, duration, connections, warmup });
    const result = await measure({ ...request, duration, connections, warmup });
    livez.push(base);
    results.push(result);
    ratios.push(ratio(result.rps, base.rps));
    if (bareRouteUrl) {
      const bareResult = await measure({ url: bareRouteUrl, duration, connections, warmup });
      bares.push(bareResult);
      bareOfLivez.push(ratio(bareResult.rps, base.rps));
      ofBare.push(ratio(result.rps, bareResult.rps));
    }
    if (fewStats) {
      const fewResult = await measure({ url: fewStats.url, headers: fewStats.headers, duration, connections, warmup });
      flats.push(ratio(result.rps, fewResult.rps));
    }
  }
  const row = {
    backend,
    route: label,
    answerKb: kilobytes(sample.body.length),
    ...roundsSummary(results),
    ratio: middleRatio(ratios),
    spread: spread(ratios),
    target: '–',
    verdict: '–',
  };
  if (catalogue)
    Object.assign(row, {
      target: `≥ ${TARGETS.catalogue} of /livez`,
      verdict: verdict(row.ratio >= TARGETS.catalogue && row.failures === 0),
    });
  if (which === 'many') {
    // Flat: the many-order customer's rate against the few-order one's, within each round.
    const flat = middleRatio(flats);
    const range = flats.length > 1 ? `, rounds ${spread(flats)}` : '';
    Object.assign(row, {
      target: `≥ ${TARGETS.statsFlat} of ${FEW_ORDERS} orders' (${flat}${range})`,
      verdict: verdict(flat >= TARGETS.statsFlat && row.failures === 0),
    });
  }
  rows.push(row);
  if (bareRouteUrl) {
    // The same bytes from a bare server, beside the same /livez: how near the route is to writing them.
    rows.push({
      backend,
      route: '  bare node:http server, the same bytes',
      answerKb: row.answerKb,
      ...roundsSummary(bares),
      ratio: middleRatio(bareOfLivez),
      spread: spread(bareOfLivez),
      target: `the route above at ${middleRatio(ofBare)} of it (rounds ${spread(ofBare)})`,
      verdict: '–',
    });
  }
  return rows;
}

async function measureApiRoutes(backend, apiUrl, bareUrl, { duration, connections, rounds }) {
  const livezUrl = `${apiUrl}/livez`;
  const routes = await apiRoutesAtScale(apiUrl, bareUrl);
  const rows = [];
  const livez = [];
  for (const route of routes)
    rows.push(...(await measureApiRoute(backend, route, routes, { livezUrl, livez, duration, connections, rounds })));
  const p = (key) =>
    middle(
      livez.map((result) => result[key]),
      key === 'rps' ? 0 : 1,
    );
  rows.unshift({
    backend,
    route: `GET /livez (${livez.length} runs)`,
    answerKb: null,
    rps: p('rps'),
    p50: p('p50'),
    p99: p('p99'),
    failures: livez.reduce((sum, result) => sum + result.failures, 0),
    ratio: 1,
    spread: null,
    target: '–',
    verdict: '–',
  });
  return rows;
}
