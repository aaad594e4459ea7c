import { describe, expect, it } from 'vitest';

import { buyThroughCheckout, shopper } from '../../../tests/support/shopper';
import { createTestApi } from '../../../tests/support/test-api';
import { useTestApi } from '../../../tests/support/use-test-api';
import { createTestPaymentProvider } from '../services/payments/test-provider';

const api = useTestApi();

const post = (path: string, body: unknown, token?: string) =>
  api.app.request(`/api/auth/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

describe('sign-out', () => {
  it('ends the session after the access token has run out, by its refresh token', async () => {
    const s = shopper(api);
    const { access_token, refresh_token } = await s.register();
    api.clock.advance(16 * 60_000);
    expect((await post('logout', { refresh_token }, access_token)).status).toBe(200);
    const refreshed = await post('refresh', { refresh_token });
    expect(refreshed.status).toBe(401);
    expect((await refreshed.json()).code).toBe('refresh_token_invalid');
  });

  it('ends it with the refresh token alone', async () => {
    const s = shopper(api);
    const { refresh_token } = await s.register();
    expect((await post('logout', { refresh_token })).status).toBe(200);
    expect((await post('refresh', { refresh_token })).status).toBe(401);
  });

  it('asks for a token when given none', async () => {
    const res = await post('logout', {});
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('not_authenticated');
  });

  it('ends every session of the account when its password is reset', async () => {
    const s = shopper(api);
    const first = await s.register();
    const second = await s.login(s.email!);
    expect((await post('request-password-reset', { email: s.email })).status).toBe(200);
    const [mail] = await (await import('../services/mail')).readOutbox(api.database.db, s.email!);
    const code = /\b(\d{6})\b/.exec(mail.text)![1];
    expect((await post('reset-password', { email: s.email, code, new_password: 'Brand-New-2026' })).status).toBe(200);
    for (const { refresh_token } of [first, second]) expect((await post('refresh', { refresh_token })).status).toBe(401);
  });
});

describe('an order confirmation after sign-out', () => {
  it('stays closed to the cart cookie alone when the buyer is registered', async () => {
    const s = shopper(api);
    // A cart started before signing in: the browser keeps its cookie, and checkout records it.
    expect((await s.post('/api/cart/add', { variant_id: api.stocked[0].id, quantity: 1 })).status).toBe(200);
    expect(s.cartCookie).toBeDefined();
    await s.register();
    const purchaseId = await buyThroughCheckout(api, s, []);
    const { checkout_session_id } = await api.database.db
      .selectFrom('purchases')
      .select('checkout_session_id')
      .where('id', '=', purchaseId)
      .executeTakeFirstOrThrow();
    expect((await s.get(`/api/user/purchase-success/${checkout_session_id}`)).status).toBe(200);
    s.signOut();
    expect((await s.get(`/api/user/purchase-success/${checkout_session_id}`)).status).toBe(404);
  });

  it("still opens a guest's order by the cart cookie (a guest session that ran out while paying)", async () => {
    const s = shopper(api);
    expect((await s.post('/api/cart/add', { variant_id: api.stocked[1].id, quantity: 1 })).status).toBe(200);
    await s.signInAsGuest();
    const purchaseId = await buyThroughCheckout(api, s, []);
    const { checkout_session_id } = await api.database.db
      .selectFrom('purchases')
      .select('checkout_session_id')
      .where('id', '=', purchaseId)
      .executeTakeFirstOrThrow();
    s.signOut();
    expect((await s.get(`/api/user/purchase-success/${checkout_session_id}`)).status).toBe(200);
  });
});

describe('a payment provider that cannot be reached', () => {
  it('is a 502 with a detail on the confirmation, not a 500', async () => {
    const working = createTestPaymentProvider('http://localhost:8787');
    const unreachable = { ...working, retrievePayment: async () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:443')) };
    const offline = await createTestApi({ payments: unreachable });
    try {
      const s = shopper(offline);
      await s.signInAsGuest();
      const [variant] = await offline.database.db
        .selectFrom('product_variants')
        .select('id')
        .where('stock_quantity', '>', 0)
        .limit(1)
        .execute();
      expect((await s.post('/api/cart/add', { variant_id: variant.id, quantity: 1 })).status).toBe(200);
      const started = await s.post('/api/checkout/', {
        success_url: 'http://shop.test/s?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://shop.test/cart',
        metadata: {},
      });
      expect(started.status).toBe(200);
      const sessionId = new URL(started.body.checkout_url).pathname.split('/').pop()!;
      const res = await s.get(`/api/user/purchase-success/${sessionId}`);
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ detail: expect.stringMatching(/payment provider/i), code: 'upstream_unavailable' });
    } finally {
      await offline.cleanup();
    }
  });
});
