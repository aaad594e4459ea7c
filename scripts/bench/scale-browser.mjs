// The shop at scale's shopper (scale.mjs): a browser's cookies, signing in and filling a cart through
// the storefront's forms, the API's own sign-in, sample products, and the bare server sending the list.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { fetchRaw } from './load.mjs';
import { PASSWORD, SEARCH } from './scale-data.mjs';
import { startStaticServer } from './servers.mjs';

/** A browser's cookies for one site: what each answer sets, sent back with the next request. */
function cookieJar() {
  const cookies = new Map();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    take(answer) {
      for (const line of [answer.headers['set-cookie'] ?? []].flat()) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
    },
  };
}

const decode = (text) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const attribute = (tag, name) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decode(match[1]) : null;
};

/** The fields a browser would send from the form holding the submit button `intent` (hidden ones included). */
function formOf(html, intent) {
  for (const [form] of html.matchAll(/<form\b[\s\S]*?<\/form>/g)) {
    if (!form.includes(`name="intent" value="${intent}"`)) continue;
    const fields = new URLSearchParams();
    for (const [input] of form.matchAll(/<input\b[^>]*>/g)) {
      const name = attribute(input, 'name');
      const type = attribute(input, 'type') ?? 'text';
      if (!name || ((type === 'checkbox' || type === 'radio') && !/\schecked(=|\s|\/|>)/.test(input))) continue;
      fields.append(name, attribute(input, 'value') ?? '');
    }
    fields.set('intent', intent);
    return { action: attribute(form.slice(0, form.indexOf('>') + 1), 'action'), fields };
  }
  throw new Error(`no form with the ${intent} button`);
}

/** Signs `email` in through the storefront's /login, as a browser without JavaScript does; the jar holds the session. */
export async function signInThroughLogin(storefrontUrl, email, password) {
  const jar = cookieJar();
  const get = async (path) => {
    const answer = await fetchRaw(`${storefrontUrl}${path}`, { headers: { Cookie: jar.header() } });
    jar.take(answer);
    return answer;
  };
  const post = async (form) => {
    const answer = await fetchRaw(`${storefrontUrl}${form.action}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: storefrontUrl, Cookie: jar.header() },
      body: form.fields.toString(),
    });
    jar.take(answer);
    if (answer.status !== 303) throw new Error(`the ${form.fields.get('intent')} step answered ${answer.status}`);
    return answer.headers.location;
  };
  const emailStep = formOf((await get('/login')).body.toString(), 'email');
  emailStep.fields.set('email', email);
  const next = await post(emailStep);
  const loginStep = formOf((await get(next)).body.toString(), 'login');
  loginStep.fields.set('password', password);
  await get(await post(loginStep));
  const profile = await get('/profile');
  if (profile.status !== 200 || !profile.body.toString().includes(email))
    throw new Error(`signed in, /profile answered ${profile.status} without the customer's email`);
  return jar;
}

/** Add to Cart on a product page with the customer's session, then showing the page once (the flash). */
export async function addToCart(storefrontUrl, jar, productPath, variantId) {
  const added = await fetchRaw(`${storefrontUrl}${productPath}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: storefrontUrl, Cookie: jar.header() },
    body: new URLSearchParams({ intent: 'add-to-cart', variantId }).toString(),
  });
  jar.take(added);
  if (added.status !== 303) throw new Error(`Add to Cart answered ${added.status}`);
  jar.take(await fetchRaw(`${storefrontUrl}${productPath}`, { headers: { Cookie: jar.header() } }));
  const cart = await fetchRaw(`${storefrontUrl}/cart`, { headers: { Cookie: jar.header() } });
  if (!cart.body.toString().includes('data-testid="cart-line"')) throw new Error('the customer has no cart line on /cart');
}

/** The minimal app's `?size=` that gives a page of about `bytes` bytes (within 2 %), and the bytes it gives. */
export async function minimalPageOf(minimalUrl, bytes) {
  let size = bytes;
  let got = 0;
  for (let i = 0; i < 4; i++) {
    got = (await fetchRaw(`${minimalUrl}/?size=${size}`)).body.length;
    if (Math.abs(got - bytes) <= bytes * 0.02) break;
    size = Math.max(1, Math.round((size * bytes) / got));
  }
  return { path: `/?size=${size}`, bytes: got };
}

export async function apiJson(url, options = {}) {
  const answer = await fetch(url, options);
  if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
  return answer.json();
}

/** The API's bearer token for a customer (its own sign-in route). */
export async function accessToken(apiUrl, email) {
  const answer = await apiJson(`${apiUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return answer.access_token;
}

/** `count` products with a variant in stock (the first of a search for `q`, the generated ones by default), for the product page, the cart and details. */
export async function sampleProducts(apiUrl, q = SEARCH, count = 1) {
  const found = await apiJson(`${apiUrl}/api/products/browse${q ? `?q=${q}` : ''}`);
  const products = [];
  for (const item of found.items) {
    const details = await apiJson(`${apiUrl}/api/products/details?product_name=${encodeURIComponent(item.name)}`);
    const variant = details.variants.find((v) => v.in_stock);
    if (variant) products.push({ name: item.name, variantId: variant.id });
    if (products.length === count) return products;
  }
  throw new Error(`fewer than ${count} products found for "${q}" have a variant in stock`);
}

export const sampleProduct = async (apiUrl, q = SEARCH) => (await sampleProducts(apiUrl, q, 1))[0];

/** The id of the customer's latest order (the one `/orders?open=` shows), through the API's own sign-in. */
export async function latestOrderId(apiUrl, email) {
  const token = await accessToken(apiUrl, email);
  const answer = await apiJson(`${apiUrl}/api/user/purchases`, { headers: { Authorization: `Bearer ${token}` } });
  const purchases = Array.isArray(answer) ? answer : answer.purchases;
  if (!purchases?.length) throw new Error(`${email} has no orders`);
  return purchases[0].purchase_id;
}

/**
 * The control for the whole list: a bare node:http server (static-server.mjs) writing the very bytes
 * the API answers, as they are and in br, from a buffer. What no server can go beyond on this machine.
 */
export async function startBareList(listUrl) {
  const dir = mkdtempSync(join(os.tmpdir(), 'shop-bare-list-'));
  const routes = {};
  for (const [path, encoding] of [
    ['/list', null],
    ['/list-br', 'br'],
  ]) {
    const answer = await fetchRaw(listUrl, { method: 'POST', headers: encoding ? { 'Accept-Encoding': encoding } : {} });
    if (answer.status !== 200 || (answer.headers['content-encoding'] ?? null) !== encoding)
      throw new Error(
        `products/list with ${encoding ?? 'no'} encoding answered ${answer.status} ${answer.headers['content-encoding'] ?? ''}`,
      );
    const file = join(dir, `${path.slice(1)}.bytes`);
    writeFileSync(file, answer.body);
    routes[path] = { file, type: 'application/json', ...(encoding ? { encoding } : {}) };
  }
  writeFileSync(join(dir, 'routes.json'), JSON.stringify(routes));
  const server = await startStaticServer(join(dir, 'routes.json'));
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
