import { randomUUID } from 'node:crypto';

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { buyThroughCheckout, setVariant, shopper } from '../../../tests/support/shopper';
import { cliHeaders } from '../../../tests/support/staff';
import { useTestApi } from '../../../tests/support/use-test-api';

const api = useTestApi();

async function admin(path: string, body: unknown) {
  const res = await api.app.request(`/api/admin/${path}`, {
    method: 'POST',
    headers: { ...cliHeaders, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** The figures counted from the orders themselves, as the counters must always say. */
async function countedFromOrders(userId: string) {
  const { rows } = await sql<{ total_orders: number; delivered: number; in_transit: number; processing: number; total_spent: number }>`
    SELECT count(*)::int AS total_orders,
      (count(*) FILTER (WHERE lower(status) = 'delivered'))::int AS delivered,
      (count(*) FILTER (WHERE lower(status) = 'shipped'))::int AS in_transit,
      (count(*) FILTER (WHERE lower(status) = 'processing'))::int AS processing,
      coalesce(sum(total - refunded_total), 0)::float8 AS total_spent
    FROM purchases WHERE user_id = ${userId}`.execute(api.database.db);
  return rows[0];
}

describe("a buyer's order figures", () => {
  it('follow every purchase, shipment, delivery, refund and cancellation, also when they happen at once', async () => {
    const buyer = shopper(api);
    await buyer.register();
    const variant = api.stocked[0];
    await setVariant(api, variant.id, { price: 4_000, stock_quantity: 50 });
    expect((await buyer.get('/api/user/stats')).body).toEqual({
      total_orders: 0,
      delivered: 0,
      in_transit: 0,
      processing: 0,
      total_spent: 0,
    });

    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await buyThroughCheckout(api, buyer, [{ id: variant.id }]));
    await Promise.all([
      admin('orders/ship', { order: ids[0], carrier: 'GLS', tracking: 'S1' }).then(() => admin('orders/deliver', { order: ids[0] })),
      admin('orders/ship', { order: ids[1], carrier: 'GLS', tracking: 'S2' }),
      admin('orders/cancel', { order: ids[2], idempotency_key: randomUUID() }),
      ...[1, 2, 3].map(() => admin('orders/refund', { order: ids[3], idempotency_key: randomUUID(), amount: 500 })),
    ]);
    const stats = (await buyer.get('/api/user/stats')).body;
    const { user_id: userId } = await api.database.db
      .selectFrom('purchases')
      .select('user_id')
      .where('id', '=', ids[0])
      .executeTakeFirstOrThrow();
    expect(stats).toEqual(await countedFromOrders(userId));
    expect(stats).toMatchObject({ total_orders: 5, delivered: 1, in_transit: 1, processing: 2 });
  });
});
