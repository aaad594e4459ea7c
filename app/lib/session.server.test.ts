import { describe, expect, it } from 'vitest';
import { commitSession, getSession } from './session.server';

describe('session cookie', () => {
  it('is signed, HttpOnly and SameSite=Lax, and reads back what was stored', async () => {
    const request = new Request('http://shop.test/');
    const session = await getSession(request);
    session.set('accessToken', 'token-123');
    const cookie = await commitSession(request, session, 86_400);
    expect(cookie).toMatch(/^__session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=86400/);
    expect(cookie).not.toMatch(/Secure/);
    expect(cookie).not.toContain('token-123');

    const next = await getSession(new Request('http://shop.test/', { headers: { Cookie: cookie.split(';')[0] } }));
    expect(next.get('accessToken')).toBe('token-123');
  });

  it('is Secure over https, directly or behind a proxy', async () => {
    for (const request of [
      new Request('https://shop.test/'),
      new Request('http://shop.test/', { headers: { 'X-Forwarded-Proto': 'https' } }),
    ]) {
      const cookie = await commitSession(request, await getSession(request));
      expect(cookie).toMatch(/Secure/);
    }
  });

  it('ignores a cookie whose signature does not match', async () => {
    const request = new Request('http://shop.test/');
    const session = await getSession(request);
    session.set('accessToken', 'token-123');
    const value = (await commitSession(request, session)).split(';')[0];
    const tampered = value.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const read = await getSession(new Request('http://shop.test/', { headers: { Cookie: tampered } }));
    expect(read.get('accessToken')).toBeUndefined();
  });
});
