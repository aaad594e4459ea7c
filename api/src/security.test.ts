import { createHash } from 'node:crypto';

import { SignJWT, UnsecuredJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';

import { buyThroughCheckout, type Shopper, shopper } from '../../tests/support/shopper';
import { useTestApi } from '../../tests/support/use-test-api';
import { ACCESS_TOKEN_TTL_S } from './auth/rules';

const api = useTestApi();

const policyOf = (res: Response) =>
  new Map((res.headers.get('Content-Security-Policy') ?? '').split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

/** The CSP hash source of the page's one inline style block. */
function styleHashOf(page: string): string {
  const css = /<style>([\s\S]*?)<\/style>/.exec(page)![1];
  return `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
}

describe('security headers of the API', () => {
  it('JSON answers, errors included, load nothing, are framed by no one and are not sniffed', async () => {
    const answers = [
      await api.app.request('/api/products/list', { method: 'POST' }),
      await api.app.request('/api/products/details?product_name=Nope'),
      await api.app.request('/api/nothing-here'),
      await api.app.request('/api/auth/check-email', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"email":1}',
      }),
      await api.app.request('/api/user/profile'),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 404, 404, 422, 401]);
    for (const res of answers) {
      const policy = policyOf(res);
      expect(policy.get('default-src')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(res.headers.get('X-Frame-Options')).toBe('DENY');
      expect(res.headers.get('Referrer-Policy')).toBe('no-referrer');
      expect(res.headers.get('Cross-Origin-Resource-Policy')).toBe('same-origin');
    }
  });

  it('stored objects may be embedded by the shop on another origin', async () => {
    await api.storage.put('documents', 'security/note.md', Buffer.from('# Note'));
    const res = await api.app.request('/storage/v1/object/public/documents/security/note.md');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cross-Origin-Resource-Policy')).toBe('cross-origin');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(policyOf(res).get('default-src')).toEqual(["'none'"]);
  });

  it('the test payment page runs no script, styles by hash, and its forms lead only back to the shop', async () => {
    const buyer = shopper(api);
    await buyer.signInAsGuest();
    await buyer.post('/api/cart/add', { variant_id: api.stocked[0].id });
    const started = await buyer.post('/api/checkout/', {
      success_url: 'https://shop.example/checkout/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://shop.example/cart',
      metadata: {},
    });
    const res = await api.app.request(new URL(started.body.checkout_url).pathname);
    expect(res.status).toBe(200);
    const page = await res.text();
    const policy = policyOf(res);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.has('script-src')).toBe(false);
    expect(policy.get('style-src')).toEqual([styleHashOf(page)]);
    expect(policy.get('form-action')).toEqual(["'self'", 'https://shop.example']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers.get('X-Frame-Options')).toBe('DENY');

    const missing = await api.app.request('/pay/not-a-session');
    expect(missing.status).toBe(404);
    expect(policyOf(missing).get('form-action')).toEqual(["'none'"]);
    expect(policyOf(missing).get('style-src')).toEqual([styleHashOf(await missing.text())]);
  });

  it('the dev mailbox runs no script and styles by hash', async () => {
    const res = await api.app.request('/dev/mailbox');
    const policy = policyOf(res);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('style-src')).toEqual([styleHashOf(await res.text())]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe("another shopper's orders", () => {
  let owner: Shopper;
  let other: Shopper;
  let purchaseId: string;
  beforeAll(async () => {
    owner = shopper(api);
    await owner.register();
    purchaseId = await buyThroughCheckout(api, owner, [{ id: api.stocked[1].id }]);
    other = shopper(api);
    await other.register();
  });

  it('are not found: the purchase, its receipt and its confirmation', async () => {
    expect((await owner.get(`/api/user/purchase/${purchaseId}`)).status).toBe(200);
    for (const path of [
      `/api/user/purchase/${purchaseId}`,
      `/api/user/purchase/${purchaseId}/receipt`,
      `/api/user/purchase-success/${purchaseId}`,
    ]) {
      const res = await other.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.detail).toBe('Purchase not found');
    }
  });

  it('are not found by a visitor holding only another cart cookie', async () => {
    const visitor = shopper(api);
    await visitor.post('/api/cart/add', { variant_id: api.stocked[2].id });
    expect(visitor.cartCookie).toBeTruthy();
    const res = await visitor.get(`/api/user/purchase-success/${purchaseId}`);
    expect(res.status).toBe(404);
  });
});

describe('tokens the API refuses', () => {
  let user: Shopper;
  let userId: string;
  let victimId: string;
  beforeAll(async () => {
    user = shopper(api);
    userId = (await user.register()).user.id;
    const victim = shopper(api);
    victimId = (await victim.register()).user.id;
  });

  const me = async (token: string) => {
    const res = await api.app.request('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
    return { status: res.status, body: (await res.json()) as { detail?: string; id?: string } };
  };
  const segments = (token: string) => token.split('.');
  const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('accepts the genuine one', async () => {
    expect((await me(user.accessToken!)).body.id).toBe(userId);
  });

  it('refuses a token whose subject was changed to someone else', async () => {
    const [header, payload, signature] = segments(user.accessToken!);
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = `${header}.${base64url({ ...claims, sub: victimId })}.${signature}`;
    const res = await me(forged);
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/JWT/);
  });

  it('refuses an unsigned token, one signed with another secret and one of another algorithm', async () => {
    const now = Math.floor(Date.now() / 1000);
    const unsigned = new UnsecuredJWT({ typ: 'registered' })
      .setSubject(victimId)
      .setIssuer('shop-api')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .encode();
    const otherSecret = await new SignJWT({ typ: 'registered' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(victimId)
      .setIssuer('shop-api')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-0123456789'));
    const hs512 = await new SignJWT({ typ: 'registered' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(victimId)
      .setIssuer('shop-api')
      .sign(new TextEncoder().encode('test-jwt-secret-that-is-long-enough-0123456789'));
    for (const token of [unsigned, otherSecret, hs512]) {
      const res = await me(token);
      expect(res.status).toBe(401);
      expect(res.body.detail).toBe('Invalid token: JWT could not be verified');
    }
  });

  it('refuses garbage in the Authorization header with 401, never 500', async () => {
    for (const header of [
      'Bearer',
      'Bearer ',
      'Bearer a.b.c',
      'Bearer ....',
      'Basic dXNlcjpwYXNz',
      `Bearer ${'x'.repeat(10_000)}`,
      'Bearer é.é.é',
    ]) {
      const res = await api.app.request('/api/auth/me', { headers: { Authorization: header } });
      expect(res.status, header).toBe(401);
    }
  });

  it('refuses an expired access token and an expired refresh token', async () => {
    const session = shopper(api);
    const signedIn = await session.register();
    api.clock.advance(ACCESS_TOKEN_TTL_S * 1000 + 1000);
    const expired = await me(session.accessToken!);
    expect(expired.status).toBe(401);
    expect(expired.body.detail).toBe('Token has expired');

    api.clock.advance(24 * 60 * 60_000);
    const refresh = await api.app.request('/api/auth/refresh', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: signedIn.refresh_token }),
    });
    expect(refresh.status).toBe(401);
    expect(((await refresh.json()) as { detail: string }).detail).toBe('Refresh token has expired');
  });
});
