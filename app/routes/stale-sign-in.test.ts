import { describe, expect, it } from 'vitest';

import { ACCESS_TOKEN_TTL_S } from '../../api/src/auth/rules';
import { callRoute, sessionFor } from '../../tests/support/route-context';
import { shopper } from '../../tests/support/shopper';
import { storefrontTestApi } from '../../tests/support/storefront-api';
import { storefrontCookie, storefrontGet, thrownResponse } from '../../tests/support/storefront-session';
import { loader as cartLoader } from './cart';
import { loader as ordersLoader } from './orders';
import { loader as profileLoader } from './profile';

// A sign-in whose refresh token is spent (a second tab rotated it, or it ran out hours later): the
// first page that needs a new access token signs the shopper out there and then (issue #35 item 6).

const api = storefrontTestApi();

/** The storefront cookie of a fresh sign-in whose refresh token was then used elsewhere, its access token expired. */
async function staleCookie(kind: 'guest' | 'registered', options: { line?: string } = {}): Promise<string> {
  const s = shopper(api);
  const answer = kind === 'guest' ? await s.signInAsGuest() : await s.register();
  if (options.line) expect((await s.post('/api/cart/add', { variant_id: options.line, quantity: 1 })).status).toBe(200);
  const cookie = await storefrontCookie(answer);
  const rotated = await s.post('/api/auth/refresh', { refresh_token: answer.refresh_token });
  expect(rotated.status).toBe(200);
  api.clock.advance((ACCESS_TOKEN_TTL_S + 60) * 1000);
  return cookie;
}

/** The session the answer's Set-Cookie leaves in the browser. */
async function sessionAfter(response: Response) {
  const setCookie = response.headers.get('Set-Cookie');
  expect(setCookie).toBeTruthy();
  return sessionFor(storefrontGet('/', setCookie!.split(';')[0]));
}

describe('a stale sign-in', () => {
  it("shows a guest's cart page signed out, with 'Guest session expired', and clears the sign-in on that answer", async () => {
    const variant = await api.database.db
      .selectFrom('product_variants')
      .select('id')
      .where('stock_quantity', '>', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const response = await callRoute(cartLoader, storefrontGet('/cart', await staleCookie('guest', { line: variant.id })));
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.error).toBeNull();
    expect(data.cart.items).toEqual([]);
    expect(data.signedOut).toBe(true);
    expect(data.flash).toEqual({ kind: 'error', message: 'Guest session expired' });
    const session = await sessionAfter(response);
    expect(session.get('accessToken')).toBeUndefined();
    expect(session.get('user')).toBeUndefined();
    // Signed out, not emptied: the line the guest added waits in their cart for their next sign-in.
    const kept = await api.database.db
      .selectFrom('cart_items as i')
      .innerJoin('carts as c', 'c.id', 'i.cart_id')
      .select('i.quantity')
      .where('i.variant_id', '=', variant.id)
      .where('c.user_id', 'is not', null)
      .execute();
    expect(kept).toEqual([{ quantity: 1 }]);
  });

  it("shows an account holder's cart page signed out, without 'No refresh token available'", async () => {
    const response = await callRoute(cartLoader, storefrontGet('/cart', await staleCookie('registered')));
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.error).toBeNull();
    expect(data.signedOut).toBe(true);
    expect(data.flash).toBeNull();
    expect((await sessionAfter(response)).get('accessToken')).toBeUndefined();
  });

  const pages: [string, (request: Request) => Promise<unknown>][] = [
    ['/orders', (request) => callRoute(ordersLoader, request)],
    ['/profile', (request) => callRoute(profileLoader, request)],
  ];
  for (const [path, load] of pages) {
    it(`sends an account holder from ${path} to sign in, signed out on that answer`, async () => {
      const response = await thrownResponse(load(storefrontGet(path, await staleCookie('registered'))));
      expect(response.status).toBe(302);
      expect(response.headers.get('Location')).toBe(`/login?redirectTo=${encodeURIComponent(path)}&reason=login`);
      expect((await sessionAfter(response)).get('accessToken')).toBeUndefined();
    });
  }
});
