import { describe, expect, it } from 'vitest';

import { buyThroughCheckout, PAID_CARD, type Shopper, shopper, stockOf, variants } from '../../../tests/support/shopper';
import { useTestApi } from '../../../tests/support/use-test-api';
import { erasedEmail } from '../services/account-deletion';

const api = useTestApi();
const PASSWORD = 'Sunny-Day-2026';

const deliver = (purchaseId: string) =>
  api.database.db.updateTable('purchases').set({ status: 'Delivered', delivered_at: new Date() }).where('id', '=', purchaseId).execute();
const remove = (s: Shopper, body: Record<string, unknown>) => s.post('/api/user/delete-account', body);

/** Opens a checkout for what is in the cart and answers the test payment page's path. */
async function openCheckout(s: Shopper, variantId: string) {
  expect((await s.post('/api/cart/add', { variant_id: variantId, quantity: 1 })).status).toBe(200);
  const started = await s.post('/api/checkout/', {
    success_url: 'http://shop.test/checkout/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://shop.test/cart',
    email: s.email,
    metadata: {},
  });
  expect(started.status).toBe(200);
  return new URL(started.body.checkout_url).pathname;
}

describe('deleting an account', () => {
  it('asks for the email typed again and the password, then erases the customer and keeps their orders for tax', async () => {
    const s = shopper(api);
    const me = await s.register();
    const other = shopper(api);
    const them = await other.register();
    const [variant, second] = await variants(api);
    const purchaseId = await buyThroughCheckout(api, s, [{ id: variant.id }]);
    await buyThroughCheckout(api, other, [{ id: variant.id }]);
    await deliver(purchaseId);
    expect((await s.post('/api/cart/add', { variant_id: second.id, quantity: 1 })).status).toBe(200);
    expect(
      (await s.post('/api/products/wishlist', { email: me.user.email, product_id: null, product_variant_id: second.id })).status,
    ).toBeLessThan(300);
    const db = api.database.db;

    const mistyped = await remove(s, { password: PASSWORD, confirm_email: 'someone@else.example' });
    expect(mistyped.status).toBe(400);
    const wrong = await remove(s, { password: 'Not-The-Password-1', confirm_email: me.user.email });
    expect(wrong.status).toBe(401);
    expect((await s.get('/api/auth/me')).status).toBe(200);

    const done = await remove(s, { password: PASSWORD, confirm_email: me.user.email.toUpperCase() });
    expect(done).toMatchObject({ status: 200, body: { message: 'Your account has been deleted' } });

    // Signed out everywhere: the access token, the refresh tokens and the password are gone.
    expect((await s.get('/api/auth/me')).status).toBe(401);
    expect(
      (
        await api.app.request('/api/auth/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: me.user.email, password: PASSWORD }),
        })
      ).status,
    ).toBe(401);
    const row = await db.selectFrom('users').selectAll().where('id', '=', me.user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: erasedEmail(me.user.id),
      password_hash: null,
      first_name: null,
      last_name: null,
      phone: null,
      address: null,
    });
    expect(row.erased_at).toBeInstanceOf(Date);
    expect(await db.selectFrom('refresh_tokens').select('id').where('user_id', '=', me.user.id).execute()).toEqual([]);

    // The order stays for tax: amounts and items, delivered to a country, bought by nobody named.
    const kept = await db.selectFrom('purchases').selectAll().where('id', '=', purchaseId).executeTakeFirstOrThrow();
    expect(kept.email).toBe(erasedEmail(me.user.id));
    expect(kept.shipping_address).toEqual({
      name: null,
      line1: null,
      line2: null,
      city: null,
      state: null,
      postal_code: null,
      country: PAID_CARD.shipping_country,
    });
    expect(kept.total).toBeGreaterThan(0);
    expect(await db.selectFrom('purchase_items').select('sku').where('purchase_id', '=', purchaseId).execute()).toEqual([
      { sku: variant.sku },
    ]);

    // Nothing personal left under their id or their email.
    for (const [table, column, value] of [
      ['carts', 'user_id', me.user.id],
      ['user_cards', 'user_id', me.user.id],
      ['wishlist_entries', 'email', me.user.email],
      ['mail_outbox', 'to', me.user.email],
      ['verification_codes', 'email', me.user.email],
      ['checkout_sessions', 'email', me.user.email],
      ['purchases', 'email', me.user.email],
    ] as const) {
      expect(
        await db
          .selectFrom(table)
          .select(column as never)
          .where(column as never, '=', value)
          .execute(),
        `${table}.${column}`,
      ).toEqual([]);
    }
    // The other customer is untouched.
    expect((await other.get('/api/auth/me')).status).toBe(200);
    expect((await db.selectFrom('user_cards').select('card_id').where('user_id', '=', them.user.id).execute()).length).toBeGreaterThan(0);

    // The email is free: it registers again as a new customer, with no history.
    const again = shopper(api);
    api.clock.advance(61_000);
    const fresh = await again.register(me.user.email);
    expect(fresh.user.id).not.toBe(me.user.id);
    expect((await again.get('/api/user/purchases?limit=10&offset=0')).body).toEqual([]);
  });

  it('waits while an order is on its way, and says which', async () => {
    const s = shopper(api);
    const me = await s.register();
    const [variant] = await variants(api);
    const purchaseId = await buyThroughCheckout(api, s, [{ id: variant.id }]);
    const waiting = await remove(s, { password: PASSWORD, confirm_email: me.user.email });
    expect(waiting.status).toBe(409);
    expect(waiting.body.code).toBe('deletion_waits');
    expect(waiting.body.detail).toContain(purchaseId.slice(0, 8).toUpperCase());
    expect((await s.get('/api/auth/me')).status).toBe(200);
    await deliver(purchaseId);
    expect((await remove(s, { password: PASSWORD, confirm_email: me.user.email })).status).toBe(200);
  });

  it('lets a guest delete with the email alone, closes an open checkout, and refunds a payment that arrives after', async () => {
    const s = shopper(api);
    const me = await s.signInAsGuest();
    const [, , variant] = await variants(api);
    const before = await stockOf(api, variant.id);
    const payPage = await openCheckout(s, variant.id);
    expect(await stockOf(api, variant.id)).toBe(before - 1);

    expect((await remove(s, { confirm_email: me.user.email })).status).toBe(200);
    expect(await stockOf(api, variant.id)).toBe(before);

    // The payment page was still open in another tab: the money goes back, no order is made.
    const paid = await s.request('POST', payPage, undefined, { form: PAID_CARD });
    const sessionId = new URL(paid.headers.get('location') ?? 'http://x/').searchParams.get('session_id');
    if (sessionId) {
      const session = await api.database.db
        .selectFrom('checkout_sessions')
        .select(['status'])
        .where('id', '=', sessionId)
        .executeTakeFirstOrThrow();
      expect(['refunded', 'refund_pending', 'cancelled']).toContain(session.status);
    }
    expect(await api.database.db.selectFrom('purchases').select('id').where('user_id', '=', me.user.id).execute()).toEqual([]);
    expect(await stockOf(api, variant.id)).toBe(before);
  });

  it('while a payment is being made: either the order stands and the deletion waits, or the account goes and the money is given back', async () => {
    for (let round = 0; round < 3; round++) {
      const s = shopper(api);
      const me = await s.register();
      const [variant] = await variants(api);
      const payPage = await openCheckout(s, variant.id);
      const [paid, deleted] = await Promise.all([
        s.request('POST', payPage, undefined, { form: PAID_CARD }),
        remove(s, { password: PASSWORD, confirm_email: me.user.email }),
      ]);
      expect(paid.status).toBeLessThan(500);
      const purchases = await api.database.db.selectFrom('purchases').select('id').where('user_id', '=', me.user.id).execute();
      const user = await api.database.db.selectFrom('users').select('erased_at').where('id', '=', me.user.id).executeTakeFirstOrThrow();
      if (deleted.status === 200) {
        expect(user.erased_at).not.toBeNull();
        expect(purchases).toEqual([]);
      } else {
        expect(deleted.body.code).toBe('deletion_waits');
        expect(user.erased_at).toBeNull();
        expect(purchases).toHaveLength(1);
      }
    }
  });
});
