import { randomUUID } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { addDays, shopDay, shopDayStart } from '@contract/shop-time';

import { buyThroughCheckout, setVariant, shopper } from '../../../../tests/support/shopper';
import { cliHeaders } from '../../../../tests/support/staff';
import { useTestApi } from '../../../../tests/support/use-test-api';

// A database of its own: every figure below is this file's orders alone.
const api = useTestApi();

async function get(path: string) {
  const res = await api.app.request(`/api/admin/${path}`, { headers: cliHeaders });
  return { status: res.status, body: await res.json() };
}
async function post(path: string, body: unknown) {
  const res = await api.app.request(`/api/admin/${path}`, {
    method: 'POST',
    headers: { ...cliHeaders, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe('dashboard figures', () => {
  it('revenue and orders per day with empty days as 0, refunds on the day they were made, top sellers, sell-through per size and demand waiting', async () => {
    const [x, y, z] = api.stocked;
    await setVariant(api, x.id, { price: 4_000, stock_quantity: 10 });
    await setVariant(api, y.id, { price: 3_000, stock_quantity: 10 });
    // Two days on, just before midnight in Italy (the shop's days; 23:00 or 22:00 UTC).
    const today = addDays(shopDay(new Date()), 2);
    const midnight = shopDayStart(today).getTime();
    api.clock.set(new Date(midnight - 90_000));
    const buyer = shopper(api);
    await buyer.register();
    const a = await buyThroughCheckout(api, buyer, [{ id: x.id, quantity: 2 }]); // 23:58:30
    const b = await buyThroughCheckout(api, buyer, [{ id: y.id }]); // 23:59:30
    const c = await buyThroughCheckout(api, buyer, [{ id: x.id }]); // 00:00:30, the next day
    const totals = Object.fromEntries(
      (await api.database.db.selectFrom('purchases').select(['id', 'total']).where('id', 'in', [a, b, c]).execute()).map((p) => [
        p.id,
        p.total,
      ]),
    );
    const lineA = (await get(`orders/${a}`)).body.lines[0];
    expect(
      (await post('orders/refund', { order: a, idempotency_key: randomUUID(), lines: [{ item_id: lineA.item_id, quantity: 1 }] })).status,
    ).toBe(200);
    // Back-in-stock requests: two for a sold-out variant, one for a whole product.
    await setVariant(api, z.id, { stock_quantity: 0 });
    for (const email of ['one@example.com', 'two@example.com']) {
      await api.app.request('/api/products/wishlist', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, product_id: z.product_id, product_variant_id: z.id }),
      });
    }
    await api.app.request('/api/products/wishlist', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'three@example.com', product_id: y.product_id }),
    });

    const { status, body } = await get('figures');
    expect(status).toBe(200);
    const yesterday = addDays(today, -1);
    expect(body.days).toHaveLength(30);
    expect(body.to).toBe(today);
    expect(body.days[29]).toEqual({ day: today, orders: 1, revenue: totals[c], refunds: 4_000, net: totals[c] - 4_000 });
    expect(body.days[28]).toEqual({ day: yesterday, orders: 2, revenue: totals[a] + totals[b], refunds: 0, net: totals[a] + totals[b] });
    expect(body.days.slice(0, 28).every((d: { orders: number; revenue: number }) => d.orders === 0 && d.revenue === 0)).toBe(true);
    const revenue = totals[a] + totals[b] + totals[c];
    expect(body.totals).toEqual({
      orders: 3,
      revenue,
      refunds: 4_000,
      net: revenue - 4_000,
      average_order_value: Math.round(revenue / 3),
      gift_card_sales: 0,
    });

    // X: 2 + 1 sold, 1 refunded = 2 units; Y: 1.
    expect(body.top_variants.slice(0, 2)).toEqual([
      { sku: x.sku, name: x.name, variant: expect.any(String), units: 2 },
      { sku: y.sku, name: y.name, variant: expect.any(String), units: 1 },
    ]);
    expect(body.top_products[0]).toMatchObject({ name: x.name, units: x.product_id === y.product_id ? 3 : 2 });

    // Sell-through per size agrees with the stock and the units sold.
    const sizeOf = async (id: string) =>
      (
        await api.database.db
          .selectFrom('variant_attributes')
          .select('value')
          .where('variant_id', '=', id)
          .where('attribute_name', '=', 'size')
          .executeTakeFirstOrThrow()
      ).value;
    const size = await sizeOf(x.id);
    const sizeX = body.sell_through.find((s: { size: string }) => s.size === size);
    expect(sizeX.sold).toBeGreaterThanOrEqual(2);
    expect(sizeX.rate).toBeCloseTo(sizeX.sold / (sizeX.sold + sizeX.on_hand), 10);

    expect(body.demand_waiting[0]).toMatchObject({ sku: z.sku, waiting: 2, stock_quantity: 0, product_name: z.name });
    expect(body.demand_waiting).toContainEqual({ product_name: y.name, variant: null, sku: null, stock_quantity: null, waiting: 1 });
  });
});
