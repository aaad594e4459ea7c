import { describe, expect, it } from 'vitest';

import { ALL_PRODUCTS_ID } from '@contract/api/insights';
import { shopDay } from '@contract/shop-time';

import { type Json, PAID_CARD, shopper } from '../../../tests/support/shopper';
import { TEST_ADMIN_TOKEN } from '../../../tests/support/test-api';
import { useTestApi } from '../../../tests/support/use-test-api';

const api = useTestApi();
const admin = async (method: string, path: string, body?: unknown) => {
  const res = await api.app.request(path, {
    method,
    headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Json };
};

describe('the funnel without tracking', () => {
  it('counts exactly the requests made, at once, per product and in total, and stores no identifier', async () => {
    const first = api.stocked[0]!;
    const second = api.stocked.find((v) => v.product_id !== first.product_id)!;
    const adds = 24;
    // Parallel shoppers adding at once: every add counted, none lost to a race.
    await Promise.all(
      Array.from({ length: adds }, (_, i) => shopper(api).post('/api/cart/add', { variant_id: (i % 2 ? second : first).id, quantity: 1 })),
    );
    const buyer = shopper(api);
    await buyer.signInAsGuest();
    await buyer.post('/api/cart/add', { variant_id: first.id, quantity: 1 });
    const started = await buyer.post('/api/checkout/', {
      success_url: 'http://shop.test/checkout/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://shop.test/cart',
      email: buyer.email,
      metadata: {},
    });
    const page = new URL(started.body.checkout_url).pathname;
    expect((await buyer.get(page)).status).toBe(200);
    const paid = await buyer.request('POST', page, undefined, { form: PAID_CARD });
    expect(paid.status).toBe(303);
    const views = await admin('POST', '/api/admin/funnel/views', {
      views: [
        { day: shopDay(api.clock.now()), product: first.name, n: 40 },
        { day: shopDay(api.clock.now()), product: 'No such product', n: 5 },
      ],
    });
    expect(views).toMatchObject({ status: 200, body: { counted: 40 } });

    const funnel = (await admin('GET', '/api/admin/funnel?days=7')).body;
    expect(funnel.days).toHaveLength(7);
    expect(funnel.totals).toEqual({ view: 40, add_to_cart: adds + 1, checkout_started: 1, payment_page: 1, paid: 1 });
    const byName = new Map((funnel.products as Json[]).map((p) => [p.product_id, p]));
    const firstRow = byName.get(first.product_id)!;
    expect(firstRow).toMatchObject({ view: 40, add_to_cart: adds / 2 + 1, paid: 1 });
    expect(byName.get(second.product_id)).toMatchObject({ add_to_cart: adds / 2, paid: 0 });
    expect(funnel.biggest_drop).toMatchObject({ from: 'add_to_cart', to: 'checkout_started' });
    // Only counters: a day, a step, a product, a number.
    const columns = Object.keys((await api.database.db.selectFrom('funnel_counts').selectAll().executeTakeFirstOrThrow()) as object);
    expect(columns.sort()).toEqual(['day', 'n', 'product_id', 'step']);
    const total = await api.database.db
      .selectFrom('funnel_counts')
      .select('n')
      .where('product_id', '=', ALL_PRODUCTS_ID)
      .where('step', '=', 'add_to_cart')
      .executeTakeFirstOrThrow();
    expect(total.n).toBe(adds + 1);
  });

  it('is read by staff, its views written only with the owner’s token, and its period is 7 or 30 days', async () => {
    expect((await admin('GET', '/api/admin/funnel?days=30')).body.days).toHaveLength(30);
    expect((await admin('GET', '/api/admin/funnel?days=9')).status).toBe(422);
    expect((await admin('POST', '/api/admin/funnel/views', { views: [{ day: '2026-02-30', product: 'x', n: 1 }] })).status).toBe(422);
    const anonymous = await api.app.request('/api/admin/funnel/views', { method: 'POST', body: '{"views":[]}' });
    expect(anonymous.status).toBe(401);
    // Two shoppers wait for one variant: it comes first, however well others sold.
    const wanted = api.stocked[api.stocked.length - 1]!;
    for (const email of ['wait-1@example.com', 'wait-2@example.com'])
      expect((await shopper(api).post('/api/products/wishlist', { email, product_variant_id: wanted.id })).status).toBeLessThan(300);
    const demand = await admin('GET', '/api/admin/demand');
    expect(demand.status).toBe(200);
    expect(demand.body[0]).toMatchObject({ sku: wanted.sku, notify_waiting: 2, wishlists: 2, sell_through: expect.any(Number) });
    const sold = (demand.body as Json[]).find((row) => row.sold > 0)!;
    expect(sold.sell_through).toBeCloseTo(sold.sold / (sold.sold + sold.stock_quantity), 3);
  });
});
