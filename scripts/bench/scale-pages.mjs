// The shop at scale (scale.mjs): the storefront's pages as a signed-in customer, each beside the minimal
// Remix app sending a page of the same size, then compressed, in rounds.
import os from 'node:os';

import { startCountingProxy } from './counting-proxy.mjs';
import { fetchRaw, measure } from './load.mjs';
import { kilobytes, megabytes, ratio, spread, verdict } from './report.mjs';
import { middle, middleRatio } from './scale-api.mjs';
import { addToCart, latestOrderId, minimalPageOf, sampleProducts, signInThroughLogin } from './scale-browser.mjs';
import { BROWSER_ENCODING, CART_LINES, FEW_ORDERS, FILTER, MANY_ORDERS, PASSWORD, SEARCH, SMALL_TARGETS, TARGETS } from './scale-data.mjs';
import { residentBytes, startStorefront } from './servers.mjs';

const log = (message) => console.error(`bench: ${message}`);

/**
 * The API calls of a second render of each page (caches warm), through a counting proxy and a
 * storefront of its own; the session cookie the first render sets is sent with the second, as a browser does.
 */
async function upstreamCalls(dataDir, apiUrl, pages, jar) {
  const proxy = await startCountingProxy(apiUrl);
  const counted = await startStorefront({ dataDir, apiUrl: proxy.url, publicApiUrl: apiUrl });
  try {
    const calls = [];
    for (const page of pages) {
      const render = async () => jar.take(await fetchRaw(`${counted.url}${page.path}`, { headers: { Cookie: jar.header() } }));
      await render();
      calls.push(await proxy.count(render));
    }
    return calls;
  } finally {
    await counted.stop();
    await proxy.stop();
  }
}

/** The pages at scale, as the customer with MANY_ORDERS orders: each at least TARGETS.page of the minimal app (`/` TARGETS.home). */
export function scalePages(productPath) {
  return [
    { label: '/ (signed in)', path: '/', target: TARGETS.home },
    { label: 'product page (signed in)', path: productPath },
    { label: `/cart (${CART_LINES} lines)`, path: '/cart' },
    { label: '/profile', path: '/profile' },
    { label: `/orders (${MANY_ORDERS} orders)`, path: '/orders' },
    { label: 'filtered listing', path: `/?${new URLSearchParams(FILTER)}` },
    { label: `search "${SEARCH}"`, path: `/?q=${SEARCH}` },
  ].map((page) => ({ target: TARGETS.page, ...page }));
}

/**
 * The small shop's pages (the seeded catalogue), as a customer with FEW_ORDERS orders and SMALL.wishlist
 * wishlist entries, with issue #36's targets (rate and CPU per request against the minimal app).
 */
export function smallPages(productPath, orderId) {
  return [
    { label: '/ (signed in)', path: '/', target: SMALL_TARGETS.home },
    { label: 'product page (signed in)', path: productPath, target: SMALL_TARGETS.product },
    { label: `/cart (${CART_LINES} lines)`, path: '/cart', target: SMALL_TARGETS.cart },
    { label: `/orders (${FEW_ORDERS} orders)`, path: '/orders', target: SMALL_TARGETS.account },
    { label: '/profile', path: '/profile', target: SMALL_TARGETS.account },
    { label: '/orders?open=<latest order>', path: `/orders?open=${orderId}`, target: SMALL_TARGETS.orderPage },
    { label: '/order-details', path: '/order-details', target: SMALL_TARGETS.orderDetails },
  ].map((page) => ({ ...page, cpuTarget: SMALL_TARGETS.cpu }));
}

/** The lowest and highest one-minute load average of some measures ('low–high'), printed beside their figures. */
const loadOf = (results) => spread(results.map((result) => result.load));

/** A page's row: the rounds' medians beside the minimal app's, compressed, CPU per request, and the API calls of a warm render. */
function pageRow(page, { plain, packed, minimalPage, runs, calls }) {
  const toMinimal = middleRatio(runs.toMinimal);
  const toPlain = middleRatio(runs.toPlain);
  const cpuToMinimal = middleRatio(runs.cpuToMinimal);
  const cpuMs = middle(
    runs.shop.map((run) => run.cpuMs),
    2,
  );
  const minimalCpuMs = middle(
    runs.yardstick.map((run) => run.cpuMs),
    2,
  );
  return {
    page: page.label,
    htmlKb: kilobytes(plain.body.length),
    rps: middle(runs.shop.map((run) => run.rps)),
    p50: middle(
      runs.shop.map((run) => run.p50),
      1,
    ),
    minimalKb: kilobytes(minimalPage.bytes),
    minimalRps: middle(runs.yardstick.map((run) => run.rps)),
    ratio: toMinimal,
    spread: spread(runs.toMinimal),
    target: `≥ ${page.target}`,
    verdict: verdict(toMinimal >= page.target && runs.failures === 0),
    cpuMs,
    minimalCpuMs,
    cpuRatio: cpuToMinimal,
    cpuSpread: spread(runs.cpuToMinimal),
    cpuTarget: page.cpuTarget ? `≤ ${page.cpuTarget}×` : '–',
    cpuVerdict: page.cpuTarget ? verdict(cpuToMinimal !== null && cpuToMinimal <= page.cpuTarget) : '–',
    load: loadOf([...runs.yardstick, ...runs.shop, ...runs.compressed]),
    encoding: packed.headers['content-encoding'] ?? 'none',
    wireKb: kilobytes(packed.body.length),
    compressedRps: middle(runs.compressed.map((run) => run.rps)),
    compressedCpuMs: middle(
      runs.compressed.map((run) => run.cpuMs),
      2,
    ),
    compressedRatio: toPlain,
    compressedSpread: spread(runs.toPlain),
    compressedVerdict: verdict(toPlain >= TARGETS.compressed && runs.failures === 0),
    apiRssMb: megabytes(Math.max(...runs.apiRss)),
    failures: runs.failures,
    apiCalls: calls.length,
    calls: calls.join(', '),
  };
}

/**
 * The storefront's pages as `customer` (signed in through /login, CART_LINES items in the cart), each
 * beside the minimal app sending a page of the same size, then with `Accept-Encoding: br, gzip`. Each
 * measure also takes the CPU time of the processes serving it (storefront and API; the minimal app)
 * per request, the machine's load average, and the API's resident memory at its end. `only` keeps the
 * pages whose label holds it (to measure one page while working on it).
 */
export async function measurePages(
  { storefront, api, minimal },
  dataDir,
  { duration, connections, rounds },
  { customer, pagesFor, productQuery, only },
) {
  const products = await sampleProducts(api.url, productQuery, CART_LINES);
  const productPath = `/product/${encodeURIComponent(products[0].name)}`;
  const jar = await signInThroughLogin(storefront.url, customer.email, PASSWORD);
  for (const product of products) await addToCart(storefront.url, jar, `/product/${encodeURIComponent(product.name)}`, product.variantId);
  const pages = pagesFor(productPath, await latestOrderId(api.url, customer.email)).filter(
    (page) => !only || page.label.includes(only) || page.path === only,
  );
  if (pages.length === 0) throw new Error(`no page is called "${only}"`);
  const calls = await upstreamCalls(dataDir, api.url, pages, jar);
  const rows = [];
  // A browser sends back the session cookie each answer sets (the badge count kept in it lasts 30 s,
  // and the cart page renews it once it is 15 s old); autocannon sends one cookie throughout. So each
  // run starts with the cookie a visit of the cart and then of the page leaves: its count is under
  // 15 s old and stays fresh through the run, as a browser's would.
  const visit = async (url, headers = {}) => {
    const answer = await fetchRaw(url, { headers: { ...headers, Cookie: jar.header() } });
    jar.take(answer);
    return answer;
  };
  const renewed = async (url) => {
    await visit(`${storefront.url}/cart`);
    await visit(url);
  };
  const shopPids = [storefront.pid, api.pid];
  for (const [i, page] of pages.entries()) {
    const url = `${storefront.url}${page.path}`;
    const plain = await visit(url);
    if (plain.status !== 200) throw new Error(`${page.label} answered ${plain.status}`);
    const packed = await visit(url, { 'Accept-Encoding': BROWSER_ENCODING });
    const minimalPage = await minimalPageOf(minimal.url, plain.body.length);
    log(`scale, page ${page.label} (${kilobytes(plain.body.length)} KB), ${rounds} rounds, load average ${os.loadavg()[0].toFixed(1)}`);
    // Each round measures the minimal app, then the page, then the page compressed, one after the
    // other, and the ratios are taken within the round: a machine whose speed drifts from one
    // minute to the next slows both sides of a ratio alike. The verdict is on the rounds' median.
    const runs = { shop: [], yardstick: [], compressed: [], toMinimal: [], toPlain: [], cpuToMinimal: [], apiRss: [], failures: 0 };
    for (let n = 0; n < rounds; n += 1) {
      const warmup = n === 0 ? 2 : 1;
      const yardstick = await measure({ url: `${minimal.url}${minimalPage.path}`, duration, connections, warmup, pids: [minimal.pid] });
      await renewed(url);
      const shop = await measure({ url, headers: { Cookie: jar.header() }, duration, connections, warmup, pids: shopPids });
      runs.apiRss.push(residentBytes(api.pid));
      await renewed(url);
      const compressed = await measure({
        url,
        headers: { Cookie: jar.header(), 'Accept-Encoding': BROWSER_ENCODING },
        duration,
        connections,
        warmup,
        pids: shopPids,
      });
      runs.apiRss.push(residentBytes(api.pid));
      runs.shop.push(shop);
      runs.yardstick.push(yardstick);
      runs.compressed.push(compressed);
      runs.toMinimal.push(ratio(shop.rps, yardstick.rps));
      runs.toPlain.push(ratio(compressed.rps, shop.rps));
      runs.cpuToMinimal.push(ratio(shop.cpuMs, yardstick.cpuMs));
      runs.failures += shop.failures + compressed.failures;
      const [web, apiMs] = shop.cpuByProcess;
      log(
        `  round ${n + 1}: ${shop.cpuMs} CPU ms per request (storefront ${web}, API ${apiMs}) against the minimal app's ${yardstick.cpuMs}`,
      );
    }
    rows.push(pageRow(page, { plain, packed, minimalPage, runs, calls: calls[i] }));
  }
  return rows;
}
