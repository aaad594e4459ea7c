import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { setVariant, type Shopper, shopper } from '../../../tests/support/shopper';
import { cliHeaders } from '../../../tests/support/staff';
import { withStripeStub } from '../../../tests/support/stripe-stub';
import { useTestApi } from '../../../tests/support/use-test-api';

/**
 * Nothing left to pay with Stripe as the provider (ADR 062): Stripe takes no €0 payment, so the
 * checkout never reaches it, and no page of Stripe's collects the delivery address. The shop asks for
 * it itself: a first order of goods is refused until the address comes with it.
 */
const stub = withStripeStub('whsec_test_prepaid');
const api = useTestApi({ payments: stub.provider });

const urls = {
  success_url: 'http://shop.test/checkout/success?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://shop.test/cart',
  metadata: {},
};
const ADDRESS = {
  name: 'Bea Bianchi',
  line1: 'Via Roma 2',
  line2: 'Scala B',
  postal_code: '10121',
  city: 'Torino',
  state: null,
  country: 'it',
};

async function withCredit(cents: number) {
  const s = shopper(api);
  await s.register();
  const user = await api.database.db.selectFrom('users').select('id').where('email', '=', s.email!).executeTakeFirstOrThrow();
  const added = await api.app.request(`/api/admin/customers/${user.id}/store-credit`, {
    method: 'POST',
    headers: { ...cliHeaders, 'Content-Type': 'application/json' },
    body: JSON.stringify({ amount: cents, reason: 'Late delivery' }),
  });
  expect(added.status).toBe(200);
  return s;
}

const ordersOf = (s: Shopper) =>
  api.database.db
    .selectFrom('purchases')
    .select(['shipping_address', 'payment_method', 'store_credit_amount', 'total'])
    .where('email', '=', s.email!)
    .orderBy('created_at')
    .execute();

describe('nothing left to pay, with Stripe', () => {
  it('a first order of goods is refused until its delivery address comes with it, then ships there; Stripe is never asked', async () => {
    const variant = api.stocked[0];
    await setVariant(api, variant.id, { price: 3_000, stock_quantity: 50 });
    // €30 and €20 shipping, all of it store credit.
    const s = await withCredit(5_000);
    expect((await s.post('/api/cart/add', { variant_id: variant.id, quantity: 1 })).status).toBe(200);
    const asked = { sessions: stub.sessionPosts.length, coupons: stub.couponPosts.length };

    const refused = await s.post('/api/checkout/', { ...urls, use_store_credit: true });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.code).toBe('delivery_address_required');
    // Nothing held: the credit is whole, no session is left open, the cart keeps its line.
    expect((await s.get('/api/user/store-credit')).body).toEqual({ balance: 5_000 });
    expect(await api.database.db.selectFrom('checkout_sessions').select('id').where('email', '=', s.email!).execute()).toEqual([]);
    expect((await s.get('/api/cart/')).body.total_items).toBe(1);

    const placed = await s.post('/api/checkout/', { ...urls, use_store_credit: true, shipping_address: ADDRESS });
    expect(placed.status, placed.text).toBe(200);
    expect(placed.body.checkout_url).toMatch(/^http:\/\/shop\.test\/checkout\/success\?session_id=[0-9a-f-]{36}$/);
    const [order] = await ordersOf(s);
    expect(order).toEqual({
      shipping_address: {
        name: 'Bea Bianchi',
        line1: 'Via Roma 2',
        line2: 'Scala B',
        postal_code: '10121',
        city: 'Torino',
        state: null,
        country: 'IT',
      },
      payment_method: 'Store credit',
      store_credit_amount: 5_000,
      total: 5_000,
    });
    expect({ sessions: stub.sessionPosts.length, coupons: stub.couponPosts.length }).toEqual(asked);
  });

  it('a later order, and a Quick Purchase, go to the address on file without asking; one with something left to pay goes to Stripe as before', async () => {
    const variant = api.stocked[1];
    await setVariant(api, variant.id, { price: 2_000, stock_quantity: 50 });
    const s = await withCredit(8_000);
    const quick = { ...urls, product_variant_id: variant.id, quantity: 1, use_store_credit: true };
    // A Quick Purchase is asked for the address just as the cart is.
    expect((await s.post('/api/checkout/quick', quick)).body.code).toBe('delivery_address_required');
    expect((await s.post('/api/checkout/quick', { ...quick, shipping_address: ADDRESS })).status).toBe(200);
    expect((await s.post('/api/cart/add', { variant_id: variant.id, quantity: 1 })).status).toBe(200);
    const again = await s.post('/api/checkout/', { ...urls, use_store_credit: true });
    expect(again.status, again.text).toBe(200);
    expect(again.body.checkout_url).toMatch(/^http:\/\/shop\.test\/checkout\/success\?/);
    expect((await ordersOf(s)).map((o) => o.shipping_address?.city)).toEqual(['Torino', 'Torino']);

    // €0 of credit left: the next order is Stripe's to take, and Stripe collects its address.
    expect((await s.post('/api/cart/add', { variant_id: variant.id, quantity: 1 })).status).toBe(200);
    const paying = await s.post('/api/checkout/', { ...urls, use_store_credit: true });
    expect(paying.body.checkout_url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(stub.sessionPosts.at(-1)!.get('shipping_address_collection[allowed_countries][0]')).toBe('IT');
  });

  it('under a rush, a refused checkout holds nothing: the one with the address is placed, paid by the whole credit, once', async () => {
    const variant = api.stocked[3];
    await setVariant(api, variant.id, { price: 1_000, stock_quantity: 50 });
    const s = await withCredit(3_000);
    expect((await s.post('/api/cart/add', { variant_id: variant.id, quantity: 1 })).status).toBe(200);
    const answers = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) =>
        s.post('/api/checkout/', { ...urls, use_store_credit: true, ...(i === 3 ? { shipping_address: ADDRESS } : {}) }),
      ),
    );
    expect(answers.filter((res) => res.status >= 500).map((res) => res.text)).toEqual([]);
    for (const res of answers.filter((a) => a.status === 409)) expect(res.body.code).toBe('delivery_address_required');
    const orders = await ordersOf(s);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      store_credit_amount: 3_000,
      total: 3_000,
      shipping_address: expect.objectContaining({ city: 'Torino' }),
    });
    const user = await api.database.db.selectFrom('users').select('id').where('email', '=', s.email!).executeTakeFirstOrThrow();
    const ledger = await api.database.db
      .selectFrom('balance_ledger')
      .select(sql<number>`coalesce(sum(amount), 0)::int`.as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect({ credit: (await s.get('/api/user/store-credit')).body.balance, ledger: ledger.n }).toEqual({ credit: 0, ledger: 0 });
  });

  it('refuses an address the shop cannot ship to, or with a postal code its country does not use', async () => {
    const s = await withCredit(5_000);
    expect((await s.post('/api/cart/add', { variant_id: api.stocked[2].id, quantity: 1 })).status).toBe(200);
    const abroad = await s.post('/api/checkout/', { ...urls, use_store_credit: true, shipping_address: { ...ADDRESS, country: 'US' } });
    expect(abroad.status).toBe(422);
    const postcode = await s.post('/api/checkout/', {
      ...urls,
      use_store_credit: true,
      shipping_address: { ...ADDRESS, postal_code: '1012' },
    });
    expect(postcode.status).toBe(422);
    expect(JSON.stringify(postcode.body.detail)).toContain('Enter a valid postal code for the country you chose');
    expect((await s.get('/api/user/store-credit')).body).toEqual({ balance: 5_000 });
  });
});

describe('a gift card bought with Stripe', () => {
  it('Stripe is asked for no delivery address and shows no shipping: gift cards ship nowhere (ADR 064)', async () => {
    const created = await api.app.request('/api/admin/gift-cards/products', {
      method: 'POST',
      headers: { ...cliHeaders, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Stripe Gift Card', amounts: [2_500] }),
    });
    expect(created.status).toBe(201);
    const s = shopper(api);
    await s.register();
    const products = (await s.get('/api/gift-cards/products')).body.products as { name: string; amounts: { variant_id: string }[] }[];
    const card = products.find((p) => p.name === 'Stripe Gift Card')!;
    const opened = await s.post('/api/checkout/gift-card', { ...urls, product_variant_id: card.amounts[0].variant_id });
    expect(opened.status, opened.text).toBe(200);
    const posted = stub.sessionPosts.at(-1)!;
    expect([...posted.keys()].filter((key) => key.startsWith('shipping_'))).toEqual([]);
    expect(posted.get('line_items[0][price_data][unit_amount]')).toBe('2500');
  });
});
