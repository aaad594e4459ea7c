import { describe, expect, it } from 'vitest';

import { commitSession } from '~/lib/session.server';

import { callRoute, contextFor, sessionFor } from '../../tests/support/route-context';
import { shopper } from '../../tests/support/shopper';
import { storefrontTestApi } from '../../tests/support/storefront-api';
import { nextCookie, shopperCookie, storefrontPost } from '../../tests/support/storefront-session';
import { action } from './logout';

const api = storefrontTestApi();

const sessionOf = (cookie: string) => sessionFor(new Request('http://shop.test/', { headers: { Cookie: cookie } }));

describe('sign-out', () => {
  it('ends the session at the API even after the access token ran out, and forgets the cart cookie', async () => {
    const s = shopper(api);
    await s.register();
    const signedIn = await sessionOf(await shopperCookie(s));
    const refreshToken = signedIn.get('refreshToken')!;
    // The API's cart cookie the storefront relays for this shopper.
    signedIn.set('apiCartCookie', 'cart_token=a-cart-of-the-signed-in-shopper');
    const cookie = (await commitSession(contextFor(new Request('http://shop.test/')), signedIn)).split(';')[0];
    api.clock.advance(16 * 60_000);

    const response = await callRoute(action, storefrontPost('/logout', cookie, {}));
    expect(response.status).toBe(303);
    const after = await sessionOf(nextCookie(response, cookie)!);
    expect(after.get('accessToken')).toBeUndefined();
    expect(after.get('refreshToken')).toBeUndefined();
    expect(after.get('apiCartCookie')).toBeUndefined();
    // The copied cookie's refresh token no longer works.
    const refreshed = await fetch(`${api.url}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    expect(refreshed.status).toBe(401);
  });
});
