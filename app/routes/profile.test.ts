import { afterEach, describe, expect, it, vi } from 'vitest';

import { signIn, signInSchema } from '~/lib/auth.server';
import { catalogueCache } from '~/lib/cache.server';

import { readOutbox } from '../../api/src/services/mail';
import { callRoute, contextFor, sessionFor } from '../../tests/support/route-context';
import { buyThroughCheckout, shopper, variants } from '../../tests/support/shopper';
import { cliHeaders } from '../../tests/support/staff';
import { storefrontTestApi } from '../../tests/support/storefront-api';
import { shopperCookie, storefrontGet, storefrontPost, thrownResponse } from '../../tests/support/storefront-session';
import { mostConcurrentRequests } from '../../tests/support/test-api';
import { action, loader } from './profile';

const api = storefrontTestApi();

async function apiPost(path: string, body: unknown) {
  const res = await fetch(`${api.url}/api/auth/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json();
}

async function code(email: string) {
  const [message] = await readOutbox(api.database.db, email);
  return /\b(\d{6})\b/.exec(message.text)![1];
}

let n = 0;
/** Signs a shopper in through the real API and returns the storefront's session cookie for them. */
async function cookieFor(kind: 'registered' | 'guest'): Promise<string> {
  const email = `profile-${kind}-${++n}@example.com`;
  let answer: unknown;
  if (kind === 'registered') {
    await apiPost('register', { email, guest_checkout: false });
    await apiPost('verify-email', { email, code: await code(email) });
    answer = await apiPost('complete-registration', { email, password: 'Sunny-Day-2026', first_name: 'Ada', last_name: 'Rossi' });
  } else {
    await apiPost('register', { email, guest_checkout: true });
    answer = await apiPost('verify-guest', { email, code: await code(email) });
  }
  const request = new Request('http://shop.test/');
  const setCookie = await signIn(contextFor(request), await sessionFor(request), signInSchema.parse(answer));
  return setCookie.split(';')[0];
}

const profileRequest = (cookie?: string) => new Request('http://shop.test/profile', { headers: cookie ? { Cookie: cookie } : {} });

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error('expected the loader to throw a response');
}

describe('profile loader: guard', () => {
  it('sends a visitor to /login, remembering the page', async () => {
    const res = await thrown(callRoute(loader, profileRequest()));
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/login?redirectTo=%2Fprofile&reason=login');
  });

  it('asks a guest to create an account', async () => {
    const res = await thrown(callRoute(loader, profileRequest(await cookieFor('guest'))));
    expect(res.headers.get('Location')).toBe('/login?redirectTo=%2Fprofile&reason=create-account');
  });

  it('signs out a guest whose session has ended, with the spec message for the next page', async () => {
    const request = new Request('http://shop.test/');
    const session = await sessionFor(new Request('http://shop.test/', { headers: { Cookie: await cookieFor('guest') } }));
    session.set('user', { ...session.get('user')!, session_expires_at: new Date(Date.now() - 1000).toISOString() });
    const { commitSession } = await import('~/lib/session.server');
    const expired = (await commitSession(contextFor(request), session)).split(';')[0];
    const res = await thrown(callRoute(loader, profileRequest(expired)));
    expect(res.headers.get('Location')).toBe('/login?redirectTo=%2Fprofile&reason=guest-expired');
    const next = await sessionFor(new Request('http://shop.test/', { headers: { Cookie: res.headers.get('Set-Cookie')!.split(';')[0] } }));
    expect(next.get('accessToken')).toBeUndefined();
  });
});

describe('profile loader: refresh once and retry', () => {
  it('loads the profile for a registered shopper without touching the session', async () => {
    const res = await callRoute(loader, profileRequest(await cookieFor('registered')));
    expect(res.status).toBe(200);
    expect((await dataOf(res)).profile).toMatchObject({ first_name: 'Ada', last_name: 'Rossi' });
    expect(res.headers.get('Set-Cookie')).toBeNull();
  });

  it('refreshes an expired access token, retries, and hands back the new tokens', async () => {
    const cookie = await cookieFor('registered');
    const before = await sessionFor(new Request('http://shop.test/', { headers: { Cookie: cookie } }));
    api.clock.advance(16 * 60_000);
    const res = await callRoute(loader, profileRequest(cookie));
    expect(res.status).toBe(200);
    expect((await dataOf(res)).profile?.email).toMatch(/^profile-registered-/);
    const setCookie = res.headers.get('Set-Cookie');
    expect(setCookie).toMatch(/Max-Age=\d+/);
    const after = await sessionFor(new Request('http://shop.test/', { headers: { Cookie: setCookie!.split(';')[0] } }));
    expect(after.get('accessToken')).not.toBe(before.get('accessToken'));
    expect(after.get('refreshToken')).not.toBe(before.get('refreshToken'));
    // The new tokens work on their own.
    const again = await callRoute(loader, profileRequest(setCookie!.split(';')[0]));
    expect(again.headers.get('Set-Cookie')).toBeNull();
  });

  it('signs out when the refresh fails', async () => {
    const cookie = await cookieFor('registered');
    const session = await sessionFor(new Request('http://shop.test/', { headers: { Cookie: cookie } }));
    await fetch(`${api.url}/api/auth/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${session.get('accessToken')}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: session.get('refreshToken') }),
    });
    api.clock.advance(16 * 60_000);
    // On that very answer: signed out, and sent to sign in as any visitor is.
    const res = await thrownResponse(callRoute(loader, profileRequest(cookie)));
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/login?redirectTo=%2Fprofile&reason=login');
    const after = await sessionFor(new Request('http://shop.test/', { headers: { Cookie: res.headers.get('Set-Cookie')!.split(';')[0] } }));
    expect(after.get('accessToken')).toBeUndefined();
  });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read whatever the loader sent
const dataOf = async (response: Response): Promise<any> => response.json();
const load = (path: string, cookie?: string) => callRoute(loader, storefrontGet(path, cookie));
const save = (cookie: string, fields: Record<string, string>) =>
  callRoute(action, storefrontPost('/profile?edit=1', cookie, fields)) as Promise<Response>;

describe('profile page', () => {
  it('shows the profile, the latest 5 purchases with the count of all, and the cards they unlocked', async () => {
    const s = shopper(api);
    await s.register();
    const stocked = (await variants(api)).sort((a, b) => b.stock_quantity - a.stock_quantity);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await buyThroughCheckout(api, s, [{ id: stocked[i % 3].id }]));
    const res = await load('/profile', await shopperCookie(s));
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    const data = await dataOf(res);
    expect(data).toMatchObject({ state: 'ready', editing: false, purchaseCount: 6, cardTotal: expect.any(Number) });
    const products = new Set(stocked.slice(0, 3).map((v) => v.product_id));
    expect(data.cards).toHaveLength(products.size);
    expect(data.cardTotal).toBeGreaterThanOrEqual(products.size);
    expect(data.cards[0]).toMatchObject({ owner: 'Ada Rossi', code: expect.stringMatching(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}$/) });
    expect(data.profile).toMatchObject({
      email: s.email,
      first_name: 'Ada',
      last_name: 'Rossi',
      phone: null,
      address: null,
      member_since: expect.any(String),
    });
    expect(data.purchases.map((p: { purchase_id: string }) => p.purchase_id)).toEqual(ids.slice(1).reverse());
  });

  it('asks the API once per page, the shop’s card count beside it only until it is kept', async () => {
    const s = shopper(api);
    await s.register();
    const cookie = await shopperCookie(s);
    catalogueCache.invalidate();
    // The overview (profile, purchases, statistics, cards) and the card count, at the same time.
    expect(await mostConcurrentRequests(api, async () => expect((await load('/profile', cookie)).status).toBe(200))).toBe(2);
    // The count is kept with the catalogue: the next page is the overview alone.
    let data: unknown;
    expect(await mostConcurrentRequests(api, async () => (data = await dataOf(await load('/profile', cookie))))).toBe(1);
    expect(data).toMatchObject({ state: 'ready', cardTotal: expect.any(Number) });
  });

  it('says "No purchases yet" through an empty list, and edit mode is in the address', async () => {
    const s = shopper(api);
    await s.register();
    const data = await dataOf(await load('/profile?edit=1', await shopperCookie(s)));
    expect(data).toMatchObject({ state: 'ready', editing: true, purchases: [], purchaseCount: 0 });
  });

  it('shows the store credit the API holds for the shopper, read in the same call', async () => {
    const s = shopper(api);
    await s.register();
    const cookie = await shopperCookie(s);
    expect(await dataOf(await load('/profile', cookie))).toMatchObject({ state: 'ready', storeCredit: 0 });
    const user = await api.database.db.selectFrom('users').select('id').where('email', '=', s.email!).executeTakeFirstOrThrow();
    const added = await fetch(`${api.url}/api/admin/customers/${user.id}/store-credit`, {
      method: 'POST',
      headers: { ...cliHeaders, 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: 1_250, reason: 'Late delivery' }),
    });
    expect(added.status).toBe(200);
    let data: { storeCredit?: number } = {};
    expect(await mostConcurrentRequests(api, async () => (data = await dataOf(await load('/profile', cookie))))).toBe(1);
    expect(data.storeCredit).toBe(1_250);
    expect(data.storeCredit).toBe((await s.get('/api/user/store-credit')).body.balance);
  });

  it("says 'Error loading profile' when the API cannot be reached", async () => {
    const s = shopper(api);
    await s.register();
    const cookie = await shopperCookie(s);
    process.env.API_URL = 'http://127.0.0.1:9';
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await load('/profile', cookie);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ state: 'error', error: 'Error loading profile: Failed to fetch profile' });
    } finally {
      process.env.API_URL = api.url;
      spy.mockRestore();
    }
  });
});

describe('profile edit action', () => {
  afterEach(() => {
    process.env.API_URL = api.url;
  });

  it('saves through the API, refreshes the names in the session and redirects (303) to the profile', async () => {
    const s = shopper(api);
    await s.register();
    const cookie = await shopperCookie(s);
    const res = await save(cookie, {
      first_name: 'Zoë',
      last_name: "D'Arco-Rossi",
      phone: '+39 010 555 1234',
      address: 'Via San Lorenzo 23, Genova',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/profile');
    const session = await sessionFor(
      new Request('http://shop.test/', { headers: { Cookie: res.headers.get('Set-Cookie')!.split(';')[0] } }),
    );
    expect(session.get('user')).toMatchObject({ first_name: 'Zoë', last_name: "D'Arco-Rossi" });
    expect((await s.get('/api/user/profile')).body).toMatchObject({
      first_name: 'Zoë',
      last_name: "D'Arco-Rossi",
      phone: '+39 010 555 1234',
      address: 'Via San Lorenzo 23, Genova',
    });

    // Empty phone and address clear them.
    expect((await save(cookie, { first_name: 'Zoë', last_name: 'Rossi', phone: '', address: '' })).status).toBe(303);
    expect((await s.get('/api/user/profile')).body).toMatchObject({ phone: null, address: null });
  });

  it('answers 400 with the field messages and changes nothing when a value is wrong', async () => {
    const s = shopper(api);
    await s.register();
    const res = await save(await shopperCookie(s), { first_name: 'A', last_name: 'R0ssi', phone: 'call me', address: '' });
    expect(res.status).toBe(400);
    const { result } = await dataOf(res);
    expect(result.error).toEqual({
      first_name: ['First name must be at least 2 characters'],
      last_name: ['Last name contains invalid characters'],
      phone: ['Please enter a valid phone number'],
    });
    // What was typed comes back, for the form to show again without JavaScript.
    expect(result.initialValue).toMatchObject({ first_name: 'A', last_name: 'R0ssi' });
    expect((await s.get('/api/user/profile')).body).toMatchObject({ first_name: 'Ada', last_name: 'Rossi' });
  });

  it("says 'Failed to update profile' when the API cannot save", async () => {
    const s = shopper(api);
    await s.register();
    const cookie = await shopperCookie(s);
    process.env.API_URL = 'http://127.0.0.1:9';
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await save(cookie, { first_name: 'Ada', last_name: 'Bianchi' });
      expect(res.status).toBe(502);
      expect((await dataOf(res)).result.error).toEqual({ '': ['Failed to update profile'] });
    } finally {
      spy.mockRestore();
    }
  });

  it('turns guests and visitors away like the page', async () => {
    await expect(callRoute(action, storefrontPost('/profile?edit=1', '', { first_name: 'Ada', last_name: 'Rossi' }))).rejects.toMatchObject(
      {
        status: 302,
      },
    );
  });
});
