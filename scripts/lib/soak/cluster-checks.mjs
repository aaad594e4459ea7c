// The cluster's own promises, each checked once before its load run: a session works on every
// storefront, rate limits are shared by the APIs, and a catalogue change reaches every storefront's cache.
import { createBrowser, createStats, loadCatalogue, signInAsGuest } from '../shoppers.mjs';
import { check } from './common.mjs';

/** A guest signed in on one storefront instance is signed in on the other: the session is the cookie, signed with the shared secret. */
export async function sessionsAcrossStorefronts(cluster) {
  const [first, second] = cluster.storefronts.map((s) => s.url);
  const stats = createStats();
  const browser = createBrowser({ stats, address: '10.3.0.1' });
  const email = `soak-session-${Date.now()}@example.com`;
  await signInAsGuest(browser, { webUrl: first, apiUrl: cluster.apiUrl, email });
  const { variants } = await loadCatalogue(cluster.apiUrl);
  const variant = variants[0];
  await browser.post(`${first}/product/${encodeURIComponent(variant.product)}`, { intent: 'add-to-cart', variantId: variant.id });
  // The same browser cookie, now answered by the other instance.
  browser.setCookie(second, '__session', browser.cookie(first, '__session'));
  const cart = await browser.get(`${second}/cart`);
  // The empty cart's heading, not its words alone: the page's messages travel with its data.
  const empty = (page) => page.text.includes('<h1>Your cart is empty</h1>');
  const ok = cart.status === 200 && cart.text.includes(variant.product) && cart.text.includes('Logout') && !empty(cart);
  await browser.post(`${second}/cart`, { intent: 'clear' });
  browser.setCookie(first, '__session', browser.cookie(second, '__session'));
  const back = await browser.get(`${first}/cart`);
  check(
    'a session made on one storefront works on the other',
    ok && empty(back),
    `signed in on ${first}, cart seen and cleared on ${second}`,
  );
}

/** One email's sign-in budget is spent across both APIs: once it is gone, each answers 429 with Retry-After. */
export async function sharedRateLimits(cluster) {
  const [first, second] = cluster.apis.map((a) => a.url);
  const email = `soak-limit-${Date.now()}@example.com`;
  const ask = (url) =>
    fetch(`${url}/api/auth/check-email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.3.0.2' },
      body: JSON.stringify({ email }),
    });
  let allowed = 0;
  for (let i = 0; i < 40; i += 1) {
    const response = await ask(i % 2 ? second : first);
    await response.body?.cancel();
    if (response.status !== 200) break;
    allowed += 1;
  }
  const [one, other] = await Promise.all([ask(first), ask(second)]);
  const refused = [one, other].every((r) => r.status === 429 && Number(r.headers.get('retry-after')) > 0);
  // Two separate budgets would have let twice as many through, alternating.
  check(
    'rate limits are shared by both APIs',
    allowed === 20 && refused,
    `${allowed} allowed across both, then 429 with Retry-After ${one.headers.get('retry-after')} s on each`,
  );
}

/** A restock through one API drops the cached product on both storefronts at once, not after the TTL. */
export async function hookReachesEveryStorefront(cluster, adminToken) {
  const list = await (
    await fetch(`${cluster.apiUrl}/api/products/list`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })
  ).json();
  let target;
  for (const name of new Set(list.map((item) => item.name))) {
    const details = await (await fetch(`${cluster.apiUrl}/api/products/details?product_name=${encodeURIComponent(name)}`)).json();
    const soldOut = details.in_stock && details.variants.find((v) => !v.in_stock && v.attributes?.length);
    if (soldOut) {
      target = { name, variant: soldOut };
      break;
    }
  }
  if (!target) return check('the catalogue hook reaches every storefront', false, 'no sold-out variant to restock');
  const query = new URLSearchParams(target.variant.attributes.map((a) => [a.attribute_name, a.value])).toString();
  const page = (url) => fetch(`${url}/product/${encodeURIComponent(target.name)}?${query}`).then((r) => r.text());
  const soldOutBadge = /badge--sold-out/;
  const before = await Promise.all(cluster.storefronts.map((s) => page(s.url)));
  const restocked = await fetch(`${cluster.apis[1].url}/api/admin/restock`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ sku: target.variant.sku, quantity: 5 }),
  });
  const after = await Promise.all(cluster.storefronts.map((s) => page(s.url)));
  check(
    'a restock refreshes the cached product on every storefront',
    restocked.ok && before.every((html) => soldOutBadge.test(html)) && after.every((html) => !soldOutBadge.test(html)),
    `${target.variant.sku} sold out on both, restocked through one API, in stock on both at once`,
  );
}
