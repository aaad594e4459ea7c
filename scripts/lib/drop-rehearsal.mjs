// A drop rehearsal: shoppers signed in as guests wait on a drop's page, arrive within a few seconds
// of its launch, press Quick Purchase as a browser without JavaScript does (following the waiting
// room when the shop says they are in line), and pay. A third of them also try a second unit, from a
// second tab at the same moment. Afterwards the database is asked what was sold.
// Used by `npm run bench` (scripts/bench/drop.mjs) and, smaller, by the soak run.
import { createCookieSessionStorage } from '@remix-run/node';

import { createBrowser, createStats, formFields } from './shoppers.mjs';

const PAID_CARD = '4242 4242 4242 4242';
const CARD = {
  expiry: '12/34',
  cvc: '123',
  name_on_card: 'Ada Rossi',
  shipping_name: 'Ada Rossi',
  shipping_line1: 'Via XX Settembre 1',
  shipping_city: 'Genova',
  shipping_postal_code: '16121',
  shipping_country: 'IT',
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
}

async function json(url, init = {}) {
  const response = await fetch(url, {
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
    signal: AbortSignal.timeout(30_000),
  });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
  return body;
}

/** A guest account made through the API (the code from the dev mailbox), as the storefront's session holds it. */
async function guest(apiUrl, email, storage, address) {
  // Each shopper from an address of their own (the API believes X-Forwarded-For from this machine).
  const from = { 'X-Forwarded-For': address };
  await json(`${apiUrl}/api/auth/register`, { method: 'POST', headers: from, body: JSON.stringify({ email, guest_checkout: true }) });
  let code;
  for (let attempt = 0; attempt < 50 && !code; attempt += 1) {
    const mail = await json(`${apiUrl}/dev/mailbox.json?to=${encodeURIComponent(email)}`);
    code = /\b(\d{6})\b/.exec(mail[0]?.text ?? '')?.[1];
    if (!code) await sleep(100);
  }
  const signedIn = await json(`${apiUrl}/api/auth/verify-guest`, { method: 'POST', headers: from, body: JSON.stringify({ email, code }) });
  const session = await storage.getSession();
  session.set('accessToken', signedIn.access_token);
  session.set('refreshToken', signedIn.refresh_token);
  const { id, user_type, first_name, last_name, session_expires_at } = signedIn.user;
  session.set('user', { id, email, user_type, first_name, last_name, session_expires_at });
  return (await storage.commitSession(session)).split(';')[0].split('=').slice(1).join('=');
}

/** The crowd signs in first (guests, as most drop shoppers are), ten at a time: their session cookies. */
async function signInCrowd({ apiUrl, storage, shoppers, label, stamp }) {
  const cookies = [];
  for (let i = 0; i < shoppers; i += 10) {
    cookies.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, shoppers - i) }, (_, j) =>
          guest(
            apiUrl,
            `drop-${label}-${stamp}-${i + j}@example.com`.toLowerCase(),
            storage,
            `10.8.${Math.floor((i + j) / 250)}.${((i + j) % 250) + 1}`,
          ),
        ),
      )),
    );
  }
  return cookies;
}

/** The drop's product, launching at `launchAt`, and its units split over the two sizes through the stock route as the owner adds them. */
async function createDrop({ apiUrl, adminToken, name, stamp, launchAt, units }) {
  const admin = { Authorization: `Bearer ${adminToken}` };
  const product = await json(`${apiUrl}/api/admin/products`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({
      name,
      category: 'Drops',
      short_description: 'Fifty pieces, one per customer.',
      long_description: '',
      price: 12_000,
      launch_date: new Date(launchAt).toISOString(),
      purchase_limit: 1,
      sku_prefix: `R${stamp.slice(-8)}`,
      colours: ['Black'],
      sizes: ['M', 'L'],
      stock_per_variant: 0,
    }),
  });
  const [first, second] = product.variants;
  await json(`${apiUrl}/api/admin/restock`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ sku: first.sku, quantity: Math.ceil(units / 2) }),
  });
  await json(`${apiUrl}/api/admin/restock`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ sku: second.sku, quantity: Math.floor(units / 2) }),
  });
  return { product, first, second };
}

/** Quick Purchase as a form post; through the waiting room when sent there. Resolves to the payment page's address, or null. */
async function quickPurchase({ webUrl, path, outcome }, browser, variantId) {
  const page = await browser.get(`${webUrl}${path}`);
  if (page.status !== 200) throw new Error(`product page: ${page.status}`);
  const fields = formFields(page.text, undefined, 'quick-purchase');
  for (let round = 0; round < 60; round += 1) {
    const answer = await browser.postOnly(`${webUrl}${path}`, { ...fields, variantId });
    if (answer.status !== 303) throw new Error(`quick purchase: ${answer.status}`);
    const location = new URL(answer.location, webUrl);
    if (location.pathname.startsWith('/pay/')) return location.toString();
    if (location.pathname === '/waiting-room') {
      outcome.waited += 1;
      // The page reloads itself after its countdown; then, with room, it sends the shopper back.
      let room = await browser.get(location.toString());
      while (room.url.includes('/waiting-room')) {
        await sleep(1000);
        room = await browser.get(new URL(`${location.pathname}${location.search}&try=1`, webUrl).toString());
      }
      continue;
    }
    // Back on the product page with the refusal as a flash: sold out or the limit end the try; anything
    // else (the shop was too slow to answer) is what a shopper presses again for.
    const back = await browser.get(location.toString());
    if (/is limited to 1 unit per customer/.test(back.text)) outcome.limited += 1;
    else if (/is out of stock|Not enough stock/.test(back.text)) outcome.soldOut += 1;
    else {
      outcome.retried += 1;
      await sleep(1000);
      continue;
    }
    return null;
  }
  throw new Error('still in line after a minute');
}

async function pay({ outcome }, browser, payUrl) {
  const paid = await browser.postOnly(payUrl, { ...CARD, card_number: PAID_CARD });
  outcome.payStatuses[paid.status] = (outcome.payStatuses[paid.status] ?? 0) + 1;
  if (paid.status === 303) outcome.paid += 1;
  // 410: the other tab's checkout replaced this one (one open checkout per shopper), which gave its unit back.
  else if (paid.status !== 409 && paid.status !== 410) throw new Error(`payment: ${paid.status}`);
}

/**
 * The launch: everyone is on the page before it (a 'Coming soon' page, served from the caches), then
 * each arrives within `arrivalMs` of it, buys and pays. Returns how long the rush took and the request
 * count when it began.
 */
async function rush(drop, { cookies, launchAt, arrivalMs, first, second, stats, arrivals }) {
  const { webUrl, path, outcome } = drop;
  const browsers = cookies.map((cookie, i) => {
    const browser = createBrowser({ stats, address: `10.9.${Math.floor(i / 250)}.${(i % 250) + 1}` });
    browser.setCookie(webUrl, '__session', cookie);
    return browser;
  });
  await Promise.all(browsers.map((browser) => browser.get(`${webUrl}${path}`)));
  const waitForLaunch = launchAt - Date.now();
  if (waitForLaunch > 0) await sleep(waitForLaunch + 200);

  const rushStarted = performance.now();
  const requestsBefore = stats.requests;
  await Promise.all(
    browsers.map(async (browser, i) => {
      await sleep(Math.random() * arrivalMs);
      const arrived = performance.now();
      try {
        const variant = i % 2 ? first : second;
        // A third of the crowd tries twice at once, from two tabs.
        const tries = i % 3 === 0 ? [variant.id, (i % 2 ? second : first).id] : [variant.id];
        const payUrls = await Promise.all(tries.map((id) => quickPurchase(drop, browser, id)));
        const reached = payUrls.filter(Boolean);
        if (reached.length) arrivals.push(performance.now() - arrived);
        for (const payUrl of reached) await pay(drop, browser, payUrl);
      } catch (error) {
        outcome.failures.push(error instanceof Error ? error.message : String(error));
      }
    }),
  );
  return { rushSeconds: (performance.now() - rushStarted) / 1000, requestsBefore };
}

/** What the database says was sold, per shopper, and what the rehearsal's report shows. */
async function tally({ query, product, units, shoppers, label, stats, arrivals, outcome, rushSeconds, requestsBefore }) {
  const sold = await query(
    `SELECT i.quantity, p.email FROM purchase_items i JOIN purchases p ON p.id = i.purchase_id JOIN product_variants v ON v.id = i.variant_id WHERE v.product_id = $1`,
    [product.id],
  );
  const perShopper = new Map();
  for (const row of sold) perShopper.set(row.email, (perShopper.get(row.email) ?? 0) + Number(row.quantity));
  const unitsSold = [...perShopper.values()].reduce((a, b) => a + b, 0);
  const overLimit = [...perShopper.values()].filter((n) => n > 1).length;
  const serverErrors = stats.serverErrors.length;
  const sorted = arrivals.sort((a, b) => a - b);
  const problems = [];
  if (unitsSold !== units) problems.push(`${unitsSold} units sold, not ${units}`);
  if (overLimit) problems.push(`${overLimit} shoppers bought more than the limit`);
  if (serverErrors) problems.push(`${serverErrors} answers were 5xx`);
  if (outcome.failures.length) problems.push(`${outcome.failures.length} shoppers failed: ${outcome.failures.slice(0, 3).join('; ')}`);
  return {
    problems,
    row: {
      setup: label,
      shoppers,
      units,
      unitsSold,
      overLimit,
      serverErrors,
      waited: outcome.waited,
      paid: outcome.paid,
      soldOut: outcome.soldOut,
      limited: outcome.limited,
      retried: outcome.retried,
      payStatuses: outcome.payStatuses,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      rushRps: Math.round((stats.requests - requestsBefore) / rushSeconds),
    },
  };
}

/**
 * Runs one rehearsal. `query(sql, params)` reads the database (rows). Returns the report's figures and
 * the problems found (units sold other than `units`, a shopper over the limit, any 5xx).
 */
export async function runDropRehearsal({
  webUrl,
  apiUrl,
  adminToken,
  sessionSecret,
  shoppers,
  units,
  label,
  query,
  arrivalMs = 3000,
  leadMs = 8000,
}) {
  const storage = createCookieSessionStorage({
    cookie: { name: '__session', httpOnly: true, sameSite: 'lax', path: '/', secrets: [sessionSecret] },
  });
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `Rehearsal ${label} ${stamp}`;
  const cookies = await signInCrowd({ apiUrl, storage, shoppers, label, stamp });
  const launchAt = Date.now() + leadMs;
  const { product, first, second } = await createDrop({ apiUrl, adminToken, name, stamp, launchAt, units });

  const stats = createStats();
  const arrivals = [];
  const outcome = { paid: 0, soldOut: 0, limited: 0, waited: 0, retried: 0, failures: [], payStatuses: {} };
  const drop = { webUrl, path: `/product/${encodeURIComponent(name)}`, outcome };
  const { rushSeconds, requestsBefore } = await rush(drop, { cookies, launchAt, arrivalMs, first, second, stats, arrivals });
  return tally({ query, product, units, shoppers, label, stats, arrivals, outcome, rushSeconds, requestsBefore });
}
