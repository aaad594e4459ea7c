// Checkout requests, amounts, fulfilment under concurrency and who may read a purchase; the payment page is checkout-payment-page.test.ts.
import { describe, expect, it } from 'vitest';

import { setVariant, shopper, stockOf, variantLabelOf } from '../../../tests/support/shopper';
import { useTestApi } from '../../../tests/support/use-test-api';
import { fulfilCheckoutSession } from '../services/checkout-fulfilment';
import { readOutbox } from '../services/mail';
import { CANCEL, checkoutKit, sessionIdOf } from './checkout.test-support';

const api = useTestApi();
const { freshVariant, guestWithCart, checkout, quick, pay } = checkoutKit(api);

describe('checkout requests', () => {
  it('refuses a shopper who has not signed in', async () => {
    const s = shopper(api);
    await s.post('/api/cart/add', { variant_id: api.stocked[0].id });
    expect((await checkout(s)).status).toBe(401);
    expect((await quick(s, api.stocked[0].id)).status).toBe(401);
  });

  it('answers 422 lists for bad payloads, accepting only http(s) return addresses', async () => {
    const s = await guestWithCart([{ id: api.stocked[0].id }]);
    const res = await checkout(s, { success_url: 'javascript:alert(1)', cancel_url: 42 });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ loc: ['body', 'success_url'], msg: expect.any(String) }),
        expect.objectContaining({ loc: ['body', 'cancel_url'] }),
      ]),
    );
    const q = await s.post('/api/checkout/quick', { product_variant_id: 'x', success_url: 'ftp://x', cancel_url: CANCEL });
    expect(q.status).toBe(422);
    expect(q.body.detail.map((d: { loc: string[] }) => d.loc[1])).toEqual(expect.arrayContaining(['product_variant_id', 'success_url']));
  });

  it('refuses an empty cart', async () => {
    const s = shopper(api);
    await s.signInAsGuest();
    const res = await checkout(s);
    expect(res).toMatchObject({ status: 400, body: { detail: 'Your cart is empty', code: 'cart_empty' } });
  });

  it('refuses an out-of-stock line, naming it, and reserves nothing', async () => {
    const a = await freshVariant({ stock_quantity: 5 });
    const b = await freshVariant({ stock_quantity: 3 });
    const s = await guestWithCart([{ id: a.id }, { id: b.id, quantity: 3 }]);
    await setVariant(api, b.id, { stock_quantity: 2 });
    const res = await checkout(s);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(`Not enough stock for ${await variantLabelOf(api, b)}: only 2 available`);
    expect(res.body.detail).not.toContain(b.sku);
    expect(await stockOf(api, a.id)).toBe(5);
    expect(await stockOf(api, b.id)).toBe(2);
  });

  it('answers a checkout_url on the test payment page and reserves the stock', async () => {
    const a = await freshVariant({ stock_quantity: 4 });
    const s = await guestWithCart([{ id: a.id, quantity: 2 }]);
    const res = await checkout(s);
    expect(res.status).toBe(200);
    expect(res.body.checkout_url).toMatch(/^http:\/\/localhost:8787\/pay\/[0-9a-f-]{36}$/);
    expect(await stockOf(api, a.id)).toBe(2);
  });
});

describe('amounts', () => {
  async function buy(price: number) {
    const a = await freshVariant({ price, stock_quantity: 1 });
    const s = shopper(api);
    await s.signInAsGuest();
    const url = (await quick(s, a.id)).body.checkout_url;
    await pay(s, url);
    return (await s.get(`/api/user/purchase-success/${sessionIdOf(url)}`)).body;
  }

  it('charges €20 shipping at exactly €150 and ships free above it', async () => {
    expect(await buy(15_000)).toMatchObject({ subtotal: 15_000, shipping_cost: 2_000, total: 17_000, tax: 2_705 });
    expect(await buy(15_001)).toMatchObject({ subtotal: 15_001, shipping_cost: 0, total: 15_001, tax: 2_705 });
  });

  it('rounds the included tax to the nearest cent', async () => {
    expect((await buy(4_500)).tax).toBe(811);
    expect((await buy(4_501)).tax).toBe(812);
  });

  it('charges the catalogue price whatever the cart was told', async () => {
    const a = await freshVariant({ price: 4_500, stock_quantity: 2 });
    const s = shopper(api);
    await s.post('/api/cart/add', { variant_id: a.id, quantity: 1, price_at_addition: 1 });
    await s.signInAsGuest();
    const url = (await checkout(s)).body.checkout_url;
    expect((await s.get(new URL(url).pathname)).text).toContain('Pay €65.00');
    await pay(s, url);
    expect((await s.get(`/api/user/purchase-success/${sessionIdOf(url)}`)).body).toMatchObject({ subtotal: 4_500, total: 6_500 });
  });
});

describe('fulfilment under concurrency', () => {
  it('creates exactly one purchase when the same session is fulfilled 5 times at once', async () => {
    const a = await freshVariant({ stock_quantity: 2 });
    const s = await guestWithCart([{ id: a.id }]);
    const sessionId = sessionIdOf((await checkout(s)).body.checkout_url);
    const payment = { paymentMethod: 'Credit Card', shippingAddress: null, billingAddress: null };
    const results = await Promise.all(Array.from({ length: 5 }, () => fulfilCheckoutSession(api.deps, sessionId, payment)));
    expect(new Set(results.map((r) => r.purchaseId)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const purchases = await api.database.db.selectFrom('purchases').select('id').where('checkout_session_id', '=', sessionId).execute();
    expect(purchases).toHaveLength(1);
    expect(await stockOf(api, a.id)).toBe(1);
    expect((await readOutbox(api.database.db, s.email!)).filter((m) => m.subject.includes('order'))).toHaveLength(1);
  });

  it('sells exactly the stock when many shoppers check out the last units at once', async () => {
    const a = await freshVariant({ stock_quantity: 3 });
    // Other tests may have sold this variant before: count what this one sells.
    const soldOf = async () =>
      Number(
        (
          await api.database.db
            .selectFrom('purchase_items')
            .select((eb) => eb.fn.sum<string>('quantity').as('n'))
            .where('variant_id', '=', a.id)
            .executeTakeFirstOrThrow()
        ).n ?? 0,
      );
    const soldBefore = await soldOf();
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => guestWithCart([{ id: a.id }])));
    const answers = await Promise.all(shoppers.map((s) => checkout(s)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
    const refused = answers.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(5);
    const label = await variantLabelOf(api, a);
    for (const r of refused) expect(r).toMatchObject({ status: 409, body: { detail: `${label} is out of stock`, code: 'out_of_stock' } });
    expect(await stockOf(api, a.id)).toBe(0);

    const paid = await Promise.all(answers.map((r, i) => (r.status === 200 ? pay(shoppers[i], r.body.checkout_url) : null)));
    expect(paid.filter((r) => r?.status === 303)).toHaveLength(3);
    expect((await soldOf()) - soldBefore).toBe(3);
    expect(await stockOf(api, a.id)).toBe(0);
  });

  it('sells exactly the stock to concurrent quick purchases', async () => {
    const a = await freshVariant({ stock_quantity: 2 });
    const buyers = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const s = shopper(api);
        await s.signInAsGuest();
        return s;
      }),
    );
    const answers = await Promise.all(buyers.map((s) => quick(s, a.id)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    expect(await stockOf(api, a.id)).toBe(0);
  });
});

describe('purchase-success access', () => {
  it('hides another shopper\u2019s purchase and answers the checkout cookie alone', async () => {
    const a = await freshVariant({ stock_quantity: 2 });
    const s = await guestWithCart([{ id: a.id }]);
    const url = (await checkout(s)).body.checkout_url;
    await pay(s, url);
    const id = sessionIdOf(url);
    const purchaseId = (await s.get(`/api/user/purchase-success/${id}`)).body.purchase_id;

    const stranger = shopper(api);
    expect((await stranger.get(`/api/user/purchase-success/${id}`)).status).toBe(401);
    await stranger.signInAsGuest();
    expect((await stranger.get(`/api/user/purchase-success/${id}`)).body).toEqual({ detail: 'Purchase not found', code: 'not_found' });
    expect((await stranger.get(`/api/user/purchase-success/${purchaseId}`)).status).toBe(404);
    expect((await stranger.get('/api/user/purchase-success/cs_unknown')).status).toBe(404);

    s.signOut();
    expect((await s.get(`/api/user/purchase-success/${id}`)).body.purchase_id).toBe(purchaseId);
  });
});
