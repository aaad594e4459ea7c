import { describe, expect, it } from 'vitest';
import { cartCookieRelay, cartTokenFromResponse } from './shop-api.server';
import { getSession } from './session.server';

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
    const session = await getSession(new Request('http://shop.test/'));
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
