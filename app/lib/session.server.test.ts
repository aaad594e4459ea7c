import { describe, expect, it } from 'vitest';

import { contextFor, sessionFor } from '../../tests/support/route-context';
import { commitSession } from './session.server';

describe('session cookie', () => {
  it('is signed, HttpOnly and SameSite=Lax, and reads back what was stored', async () => {
    const request = new Request('http://shop.test/');
    const session = await sessionFor(request);
    session.set('accessToken', 'token-123');
    const cookie = await commitSession(contextFor(request), session, 86_400);
    expect(cookie).toMatch(/^__session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=86400/);
    expect(cookie).not.toMatch(/Secure/);
    expect(cookie).not.toContain('token-123');

    const next = await sessionFor(new Request('http://shop.test/', { headers: { Cookie: cookie.split(';')[0] } }));
    expect(next.get('accessToken')).toBe('token-123');
  });

  it('is Secure over https, directly or behind a proxy', async () => {
    for (const request of [
      new Request('https://shop.test/'),
      new Request('http://shop.test/', { headers: { 'X-Forwarded-Proto': 'https' } }),
    ]) {
      const cookie = await commitSession(contextFor(request), await sessionFor(request));
      expect(cookie).toMatch(/Secure/);
    }
  });

  it('ignores a cookie whose signature does not match', async () => {
    const request = new Request('http://shop.test/');
    const session = await sessionFor(request);
    session.set('accessToken', 'token-123');
    const value = (await commitSession(contextFor(request), session)).split(';')[0];
    const tampered = value.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const read = await sessionFor(new Request('http://shop.test/', { headers: { Cookie: tampered } }));
    expect(read.get('accessToken')).toBeUndefined();
  });

  it('gives each request with the same cookie a session of its own (the decoded cookie is kept, the session is not)', async () => {
    const request = new Request('http://shop.test/');
    const session = await sessionFor(request);
    session.set('accessToken', 'token-456');
    session.set('refreshToken', 'refresh-456');
    session.flash('flash', { kind: 'success', message: 'Saved' } as never);
    const cookie = (await commitSession(contextFor(request), session)).split(';')[0];
    const read = () => sessionFor(new Request('http://shop.test/', { headers: { Cookie: cookie } }));

    const first = await read();
    expect(first.get('flash')).toEqual({ kind: 'success', message: 'Saved' });
    first.set('accessToken', 'changed');
    first.unset('refreshToken');
    expect(first.get('flash')).toBeUndefined();
    // A second request with the same cookie (the page's loader after the root's) sees the cookie, not the first's changes.
    const second = await read();
    expect(second.get('accessToken')).toBe('token-456');
    expect(second.get('refreshToken')).toBe('refresh-456');
    // Flash messages are read once per session, and each request's session has its own.
    expect(second.get('flash')).toEqual({ kind: 'success', message: 'Saved' });
    expect(second).not.toBe(first);
    // The same cookie sent over https is read by the https storage, with the same result.
    const secure = await sessionFor(new Request('https://shop.test/', { headers: { Cookie: cookie } }));
    expect(secure.get('accessToken')).toBe('token-456');
  });
});
