import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { profileAnswerSchema } from '@contract/api/profile';

import { GUEST_SESSION_TTL_MS } from '../../api/src/auth/rules';
import { contextFor, sessionFor } from '../../tests/support/route-context';
import { shopper } from '../../tests/support/shopper';
import { storefrontCookie } from '../../tests/support/storefront-session';
import { startTestApi } from '../../tests/support/test-api';
import { cartCookieRelay, cartTokenFromResponse } from './context.server';

function answer(...cookies: string[]) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return new Response(null, { headers });
}

describe('cart cookie relay', () => {
  it('finds the cart_token among the Set-Cookie headers', () => {
    expect(cartTokenFromResponse(answer('other=1; Path=/', 'cart_token=abc_DEF-1; Path=/api; HttpOnly'))).toBe('abc_DEF-1');
    expect(cartTokenFromResponse(answer('cart_token=; Max-Age=0; Path=/api'))).toBe('');
    expect(cartTokenFromResponse(answer('other=1'))).toBeUndefined();
  });

  it('sends the stored cookie and saves a new one, marking the session changed', async () => {
    const session = await sessionFor(new Request('http://shop.test/'));
    let changed = 0;
    const relay = cartCookieRelay(session, () => changed++);
    expect(relay.headers!()).toEqual({});
    relay.onResponse!(answer('cart_token=first; Path=/api; HttpOnly'));
    expect(session.get('apiCartCookie')).toBe('cart_token=first');
    expect(relay.headers!()).toEqual({ Cookie: 'cart_token=first' });
    relay.onResponse!(answer('cart_token=first; Path=/api; HttpOnly'));
    expect(changed).toBe(1);
    relay.onResponse!(answer('cart_token=; Max-Age=0'));
    expect(session.get('apiCartCookie')).toBeUndefined();
    expect(changed).toBe(2);
  });
});

describe('the shop context of a request', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  beforeAll(async () => {
    api = await startTestApi();
    process.env.API_URL = api.url;
  });
  afterAll(() => api.cleanup());

  it('is one client and one session for everything the loaders of its request call', async () => {
    const request = new Request('http://shop.test/profile');
    const context = contextFor(request);
    const [a, b] = await Promise.all([context.shopApi(), context.shopApi()]);
    expect(a).toBe(b);
    expect(a.session).toBe(await context.session());
    expect((await context.shopApi('as-is')).session).toBe(a.session);
    expect(context.visitorApi).toBe(context.visitorApi);
    expect(await contextFor(new Request('http://shop.test/profile')).shopApi()).not.toBe(a);
  });

  it('signs out a guest whose session the API says has run out, with the short message of docs/product.md#error-messages', async () => {
    const answer = await shopper(api).signInAsGuest();
    const cookie = await storefrontCookie(answer);
    // The API's clock moves past the guest session (and the access token); the storefront's does not.
    api.clock.advance(GUEST_SESSION_TTL_MS + 60_000);
    const context = contextFor(new Request('http://shop.test/profile', { headers: { Cookie: cookie } }));
    const { api: client, session, commit } = await context.shopApi();
    await expect(client.request('GET', 'user/profile', profileAnswerSchema)).rejects.toMatchObject({ status: 401 });
    expect(session.get('accessToken')).toBeUndefined();
    expect(session.get('flash')).toEqual({ kind: 'error', message: 'Guest session expired' });
    expect((await commit())['Set-Cookie']).toBeTruthy();
  });
});
