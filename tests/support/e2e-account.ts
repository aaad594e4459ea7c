import { type BrowserContext, type Page, test } from '@playwright/test';
import { createCookieSessionStorage } from '@remix-run/node';
import { SignJWT } from 'jose';

import { apiUrl } from './e2e';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- API answers as the tests read them
type Json = any;

export interface Account {
  email: string;
  accessToken: string;
  refreshToken: string;
  user: Json;
}

async function call(method: string, path: string, init: { body?: unknown; token?: string; form?: Record<string, string> } = {}) {
  const headers: Record<string, string> = {};
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  let body: string | undefined;
  if (init.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  } else if (init.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const response = await fetch(new URL(path, apiUrl), { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  let json: Json = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return { status: response.status, json, headers: response.headers };
}

async function mailedCode(email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { json } = await call('GET', `/dev/mailbox.json?to=${encodeURIComponent(email)}`);
    const match = /\b(\d{6})\b/.exec((json as { text: string }[])[0]?.text ?? '');
    if (match) return match[1];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code mailed to ${email}`);
}

/** A registered account made through the API's own sign-up (code from the dev mailbox). */
export async function registerAccount(email: string, password = 'Sunny-Day-2026'): Promise<Account> {
  await call('POST', '/api/auth/register', { body: { email, guest_checkout: false } });
  await call('POST', '/api/auth/verify-email', { body: { email, code: await mailedCode(email) } });
  const { json } = await call('POST', '/api/auth/complete-registration', {
    body: { email, password, first_name: 'Ada', last_name: 'Rossi' },
  });
  return { email, accessToken: json.access_token, refreshToken: json.refresh_token, user: json.user };
}

/** A guest, verified by the code mailed to them (the checkout's "continue as guest"). */
export async function guestAccount(email: string): Promise<Account> {
  await call('POST', '/api/auth/register', { body: { email, guest_checkout: true } });
  const { json } = await call('POST', '/api/auth/verify-guest', { body: { email, code: await mailedCode(email) } });
  return { email, accessToken: json.access_token, refreshToken: json.refresh_token, user: json.user };
}

/** Puts the account's real tokens in the storefront's session cookie (signed with the e2e secret). */
export async function signInAs(context: BrowserContext, baseURL: string, account: Account) {
  const storage = createCookieSessionStorage({
    cookie: { name: '__session', httpOnly: true, sameSite: 'lax', path: '/', secrets: [process.env.E2E_SESSION_SECRET!] },
  });
  const session = await storage.getSession();
  session.set('accessToken', account.accessToken);
  session.set('refreshToken', account.refreshToken);
  session.set('user', {
    id: account.user.id,
    email: account.email,
    user_type: account.user.user_type ?? 'registered',
    first_name: account.user.first_name ?? null,
    last_name: account.user.last_name ?? null,
    session_expires_at: account.user.session_expires_at ?? null,
  });
  const [pair] = (await storage.commitSession(session)).split(';');
  const [name, ...value] = pair.split('=');
  await context.addCookies([{ name, value: value.join('='), url: baseURL }]);
}

/**
 * The account's sign-in gone stale, as after a second tab rotated its refresh token and signed out,
 * and the access token then ran out: the refresh token is rotated and its family ended through the
 * API, and the access token is replaced by one that expired a minute ago (signed with the e2e API's
 * own secret).
 */
export async function staleSignIn(account: Account): Promise<Account> {
  const { json } = await call('POST', '/api/auth/refresh', { body: { refresh_token: account.refreshToken } });
  await call('POST', '/api/auth/logout', { body: { refresh_token: json.refresh_token } });
  const now = Math.floor(Date.now() / 1000);
  const expired = await new SignJWT({ typ: account.user.user_type ?? 'registered' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(account.user.id)
    .setIssuer('shop-api')
    .setIssuedAt(now - 16 * 60)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(process.env.E2E_JWT_SECRET!));
  return { ...account, accessToken: expired };
}

export interface StockedVariant {
  id: string;
  sku: string;
  product: string;
}

/**
 * Variants other tests open by address and add to a cart from the page (`?color=BLACK&size=S/M`...):
 * the purchase helpers leave them alone, so a long run never sells them out under those tests.
 */
const CHOSEN_BY_PAGE_TESTS = new Set(['TT-BLK-SM', 'TT-BEI-SM', 'PT-BLK-SM', 'PT-GRY-SM', 'PJ-BLK-LXL']);

/**
 * A product's in-stock variants, most stocked first: those with room to spare (15 or more), so these
 * tests never empty a variant another shop test needs, and never fewer than `atLeast` while that many
 * are in stock (every project buys from the same shop, so the roomy ones thin out as the run goes on).
 */
export async function roomyVariants(product: string, atLeast = 3): Promise<StockedVariant[]> {
  const { json } = await call('GET', `/api/products/details?product_name=${encodeURIComponent(product)}`);
  const stocked = (json.variants as { id: string; sku: string; stock_quantity: number }[])
    .filter((variant) => variant.stock_quantity > 0 && !CHOSEN_BY_PAGE_TESTS.has(variant.sku))
    .sort((a, b) => b.stock_quantity - a.stock_quantity);
  const roomy = stocked.filter((variant) => variant.stock_quantity >= 15);
  return stocked.slice(0, Math.max(roomy.length, atLeast)).map((variant) => ({ id: variant.id, sku: variant.sku, product }));
}

/** One variant by its SKU (a test that must buy exactly it, like the screenshots' order). */
export async function variantBySku(product: string, sku: string): Promise<StockedVariant> {
  const { json } = await call('GET', `/api/products/details?product_name=${encodeURIComponent(product)}`);
  const variant = (json.variants as { id: string; sku: string }[]).find((v) => v.sku === sku);
  if (!variant) throw new Error(`${product} has no variant ${sku}`);
  return { id: variant.id, sku: variant.sku, product };
}

const PAID_CARD = {
  card_number: '4242 4242 4242 4242',
  expiry: '12/34',
  cvc: '123',
  name_on_card: 'Ada Rossi',
  shipping_name: 'Ada Rossi',
  shipping_line1: 'Via Po 1',
  shipping_city: 'Torino',
  shipping_postal_code: '10124',
  shipping_country: 'Italy',
};

/** One purchase the way a shopper makes it (cart, checkout, the test payment page), through the API. Returns its id. */
export async function buy(account: Account, variants: StockedVariant[], baseURL: string): Promise<string> {
  return (await buyInSession(account, variants, baseURL)).purchaseId;
}

/** The same, with the payment session the confirmation pages are opened by (`?session_id=`). */
export async function buyInSession(
  account: Account,
  variants: StockedVariant[],
  baseURL: string,
): Promise<{ purchaseId: string; sessionId: string }> {
  for (const variant of variants)
    await call('POST', '/api/cart/add', { token: account.accessToken, body: { variant_id: variant.id, quantity: 1 } });
  const { json: started } = await call('POST', '/api/checkout/', {
    token: account.accessToken,
    body: {
      success_url: `${baseURL}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${baseURL}/cart`,
      email: account.email,
      metadata: {},
    },
  });
  const paid = await call('POST', new URL(started.checkout_url).pathname, { form: PAID_CARD });
  const sessionId = new URL(paid.headers.get('location')!).searchParams.get('session_id');
  const { json: success } = await call('GET', `/api/user/purchase-success/${sessionId}`, { token: account.accessToken });
  return { purchaseId: success.purchase_id, sessionId: sessionId! };
}

/** `count` purchases of one line each, round the variants; ids oldest first. */
export async function buyMany(account: Account, variants: StockedVariant[], count: number, baseURL: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(await buy(account, [variants[i % variants.length]], baseURL));
  return ids;
}

/**
 * A shopper registered through the API and signed in on `page`'s browser context, for journeys that
 * start signed in (registering on the page is auth.spec.ts's own journey).
 */
export async function signInNewMember(page: Page, email: string): Promise<Account> {
  const account = await registerAccount(email);
  await signInAs(page.context(), test.info().project.use.baseURL!, account);
  return account;
}
