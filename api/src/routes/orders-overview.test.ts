import { beforeAll, describe, expect, it, vi } from 'vitest';

import { buyThroughCheckout, type Shopper, shopper } from '../../../tests/support/shopper';
import { useTestApi } from '../../../tests/support/use-test-api';

// The order page's one call (issue #36): `user/orders-overview?open=<id>` answers the list, the
// statistics and that order's detail, as `user/purchase/:id` gives it, from one statement.

const api = useTestApi();

describe('user/orders-overview with an order opened', () => {
  let buyer: Shopper;
  const ids: string[] = [];
  beforeAll(async () => {
    buyer = shopper(api);
    await buyer.register();
    ids.push(await buyThroughCheckout(api, buyer, [{ id: api.stocked[0].id, quantity: 2 }, { id: api.stocked[1].id }]));
    ids.push(await buyThroughCheckout(api, buyer, [{ id: api.stocked[2].id }]));
  });

  it('opens an order in the same call, as user/purchase/:id answers it, for its owner only', async () => {
    const overview = await buyer.get(`/api/user/orders-overview?limit=2&open=${ids[0]}`);
    expect(overview.status).toBe(200);
    expect(overview.body.opened).toEqual((await buyer.get(`/api/user/purchase/${ids[0]}`)).body);
    expect(overview.body.opened).toMatchObject({
      purchase_id: ids[0],
      items: [expect.objectContaining({ quantity: 2 }), expect.anything()],
    });
    // The list and the statistics as without it; an order not on the first page opens too.
    const plain = await buyer.get('/api/user/orders-overview?limit=2');
    expect({ purchases: overview.body.purchases, stats: overview.body.stats }).toEqual(plain.body);
    expect(plain.body).not.toHaveProperty('opened');
    // Someone else's order, or one that does not exist: null, and their own list.
    const stranger = shopper(api);
    await stranger.register();
    const theirs = await stranger.get(`/api/user/orders-overview?open=${ids[0]}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual({ purchases: [], stats: expect.objectContaining({ total_orders: 0 }), opened: null });
    expect((await buyer.get('/api/user/orders-overview?open=00000000-0000-4000-8000-000000000000')).body.opened).toBeNull();
    expect((await buyer.get('/api/user/orders-overview?open=not-an-id')).status).toBe(422);
    expect((await shopper(api).get(`/api/user/orders-overview?open=${ids[0]}`)).status).toBe(401);
  });

  it("reads the list, the statistics and the opened order in one statement, a delivered order's return window as its own route gives it", async () => {
    const db = api.database.db;
    const delivered = new Date(api.clock.now().getTime() - 3 * 86_400_000);
    await db.updateTable('purchases').set({ status: 'Delivered', delivered_at: delivered }).where('id', '=', ids[1]).execute();
    try {
      const executor = db.getExecutor();
      const spy = vi.spyOn(executor, 'executeQuery');
      const overview = await buyer.get(`/api/user/orders-overview?limit=10&open=${ids[1]}`);
      // Beside the sign-in check's (the user's row, when not kept in memory): one statement.
      const statements = spy.mock.calls.map(([query]) => query.sql).filter((text) => !/^select \* from "users"/.test(text));
      spy.mockRestore();
      expect(overview.status).toBe(200);
      expect(statements).toHaveLength(1);
      const own = (await buyer.get(`/api/user/purchase/${ids[1]}`)).body;
      expect(own.return_window_ends_at).toEqual(expect.any(String));
      expect(overview.body.opened).toEqual(own);
    } finally {
      await db.updateTable('purchases').set({ status: 'Processing', delivered_at: null }).where('id', '=', ids[1]).execute();
    }
  });

  it('opens the order when the one statement fails and its parts are read apart', async () => {
    await api.database.db.schema.alterTable('user_purchase_stats').renameTo('user_purchase_stats_away').execute();
    try {
      const overview = await buyer.get(`/api/user/orders-overview?limit=1&open=${ids[0]}`);
      expect(overview.status).toBe(200);
      expect(overview.body.stats).toBeNull();
      expect(overview.body.opened).toEqual(expect.objectContaining({ purchase_id: ids[0] }));
    } finally {
      await api.database.db.schema.alterTable('user_purchase_stats_away').renameTo('user_purchase_stats').execute();
    }
  });
});
