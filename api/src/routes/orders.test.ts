import { beforeAll, describe, expect, it } from 'vitest';

import { formatEuro } from '@contract/money';

import { pdfText } from '../../../tests/support/pdf-text';
import { buyThroughCheckout, type Shopper, shopper, variants } from '../../../tests/support/shopper';
import { useTestApi } from '../../../tests/support/use-test-api';

const api = useTestApi();

const buy = (s: Shopper, lines: { id: string; quantity?: number }[]) => buyThroughCheckout(api, s, lines);

describe('profile', () => {
  it('reads and edits the account fields, clearing optional ones when empty', async () => {
    const s = shopper(api);
    await s.register();
    const before = await s.get('/api/user/profile');
    expect(before.body).toMatchObject({
      first_name: 'Ada',
      last_name: 'Rossi',
      phone: null,
      address: null,
      email: s.email,
      member_since: expect.any(String),
    });
    const saved = await s.put('/api/user/profile', {
      first_name: 'Zoë',
      last_name: "D'Arco-Rossi",
      phone: '+39 010 555 1234',
      address: 'Via San Lorenzo 23, Genova',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      first_name: 'Zoë',
      last_name: "D'Arco-Rossi",
      phone: '+39 010 555 1234',
      address: 'Via San Lorenzo 23, Genova',
    });
    const cleared = await s.put('/api/user/profile', { first_name: 'Zoë', last_name: 'Rossi', phone: '', address: '' });
    expect(cleared.body).toMatchObject({ phone: null, address: null });
  });

  it('refuses bad values with a 422 list and changes nothing', async () => {
    const s = shopper(api);
    await s.register();
    const res = await s.put('/api/user/profile', { first_name: 'A', last_name: 'R0ssi', phone: 'call me', address: 'x'.repeat(301) });
    expect(res.status).toBe(422);
    expect(res.body.detail.map((d: { loc: string[] }) => d.loc[1]).sort()).toEqual(['address', 'first_name', 'last_name', 'phone']);
    expect((await s.get('/api/user/profile')).body).toMatchObject({ first_name: 'Ada', last_name: 'Rossi' });
  });

  it('answers the profile page in one call: profile, latest purchases, statistics and cards, each the same as its own route', async () => {
    const s = shopper(api);
    await s.register();
    // Three products: two lines in one purchase (their cards unlocked at the same moment), then a third.
    const stocked = await variants(api);
    const [first, second, third] = stocked.filter((v, i) => stocked.findIndex((w) => w.product_id === v.product_id) === i);
    await buy(s, [{ id: first.id }, { id: second.id }]);
    await buy(s, [{ id: third.id, quantity: 2 }]);
    const overview = await s.get('/api/user/overview?purchases=1');
    expect(overview.status).toBe(200);
    expect(overview.headers.get('cache-control')).toBe('private, no-store');
    expect(overview.body.profile).toEqual((await s.get('/api/user/profile')).body);
    expect(overview.body.purchases).toEqual((await s.get('/api/user/purchases?limit=1&offset=0')).body);
    expect(overview.body.purchases).toHaveLength(1);
    expect(overview.body.stats).toEqual((await s.get('/api/user/stats')).body);
    expect(overview.body.stats.total_orders).toBe(2);
    expect(overview.body.unlocked_cards).toEqual((await s.get('/api/cards/user-cards')).body.unlocked_cards);
    expect(overview.body.unlocked_cards).toHaveLength(3);
    // The default is the profile page's five, in the order and with the lines of the list; a bad count is refused.
    const both = (await s.get('/api/user/overview')).body.purchases;
    expect(both).toEqual((await s.get('/api/user/purchases?limit=5&offset=0')).body);
    expect(both.map((p: { items: string[]; item_count: number }) => [p.items, p.item_count])).toEqual([
      [[third.name], 2],
      [[first.name, second.name], 2],
    ]);
    expect((await s.get('/api/user/overview?purchases=0')).body.purchases).toEqual([]);
    const refused = await s.get('/api/user/overview?purchases=51');
    expect(refused.status).toBe(422);
    expect((await shopper(api).get('/api/user/overview')).status).toBe(401);
  });

  it('answers a part that cannot be read as null, and the rest as usual', async () => {
    const s = shopper(api);
    await s.register();
    expect((await s.get('/api/user/overview')).body.store_credit).toBe(0);
    await api.database.db.schema.alterTable('user_cards').renameTo('user_cards_away').execute();
    await api.database.db.schema.alterTable('store_credits').renameTo('store_credits_away').execute();
    try {
      const overview = await s.get('/api/user/overview');
      expect(overview.status).toBe(200);
      expect(overview.body).toMatchObject({ profile: { email: s.email }, purchases: [], unlocked_cards: null, store_credit: null });
      expect(overview.body.stats).toMatchObject({ total_orders: 0 });
    } finally {
      await api.database.db.schema.alterTable('user_cards_away').renameTo('user_cards').execute();
      await api.database.db.schema.alterTable('store_credits_away').renameTo('store_credits').execute();
    }
  });

  it('needs a bearer token, and a registered account to edit', async () => {
    expect((await shopper(api).get('/api/user/profile')).status).toBe(401);
    const guest = shopper(api);
    await guest.signInAsGuest();
    expect((await guest.put('/api/user/profile', { first_name: 'Ada', last_name: 'Rossi' })).status).toBe(403);
  });
});

describe('purchases', () => {
  let buyer: Shopper;
  const ids: string[] = [];
  beforeAll(async () => {
    buyer = shopper(api);
    await buyer.register();
    ids.push(await buy(buyer, [{ id: api.stocked[0].id, quantity: 2 }, { id: api.stocked[1].id }]));
    ids.push(await buy(buyer, [{ id: api.stocked[2].id }]));
    ids.push(await buy(buyer, [{ id: api.stocked[3].id }]));
  });

  it('lists the list-item fields, newest first, a page at a time', async () => {
    const all = await buyer.get('/api/user/purchases?limit=10&offset=0');
    expect(all.status).toBe(200);
    expect(all.body.map((p: { purchase_id: string }) => p.purchase_id)).toEqual([...ids].reverse());
    const oldest = all.body[2];
    expect(Object.keys(oldest).sort()).toEqual(['date', 'item_count', 'items', 'purchase_id', 'status', 'total']);
    expect(oldest).toMatchObject({
      status: 'Processing',
      item_count: 3,
      items: [api.stocked[0].name, api.stocked[1].name],
      total: expect.stringMatching(/^€\d+\.\d{2}$/),
    });
    const page = await buyer.get('/api/user/purchases?limit=2&offset=2');
    expect(page.body.map((p: { purchase_id: string }) => p.purchase_id)).toEqual([ids[0]]);
    expect((await buyer.get('/api/user/purchases?limit=0')).status).toBe(422);
    expect((await buyer.get('/api/user/purchases?offset=-1')).status).toBe(422);
  });

  it('answers the orders page in one call: the first page of the search and the stats of all orders', async () => {
    const overview = await buyer.get('/api/user/orders-overview?limit=2');
    expect(overview.status).toBe(200);
    expect(overview.headers.get('cache-control')).toBe('private, no-store');
    expect(overview.body.purchases).toEqual((await buyer.get('/api/user/purchases?limit=2&offset=0')).body);
    expect(overview.body.purchases.map((p: { purchase_id: string }) => p.purchase_id)).toEqual([ids[2], ids[1]]);
    expect(overview.body.stats).toEqual((await buyer.get('/api/user/stats')).body);
    expect(overview.body.stats.total_orders).toBe(3);
    // The search runs as user/purchases' does; the stats stay those of every order.
    const searched = await buyer.get(`/api/user/orders-overview?limit=10&q=${encodeURIComponent(api.stocked[2].name)}`);
    expect(searched.body.purchases).toEqual(
      (await buyer.get(`/api/user/purchases?limit=10&q=${encodeURIComponent(api.stocked[2].name)}`)).body,
    );
    expect(searched.body.purchases.map((p: { purchase_id: string }) => p.purchase_id)).toContain(ids[1]);
    expect(searched.body.stats.total_orders).toBe(3);
    const processing = await buyer.get('/api/user/orders-overview?limit=10&status=processing');
    expect(processing.body.purchases).toEqual((await buyer.get('/api/user/purchases?limit=10&status=processing')).body);
    expect((await buyer.get('/api/user/orders-overview?limit=51')).status).toBe(422);
    expect((await buyer.get('/api/user/orders-overview?status=lost')).status).toBe(422);
    expect((await shopper(api).get('/api/user/orders-overview')).status).toBe(401);
    // Another shopper sees only their own (none).
    const stranger = shopper(api);
    await stranger.register();
    expect((await stranger.get('/api/user/orders-overview')).body).toEqual({
      purchases: [],
      stats: expect.objectContaining({ total_orders: 0 }),
    });
  });

  it('answers the orders page without the stats when they cannot be read', async () => {
    await api.database.db.schema.alterTable('user_purchase_stats').renameTo('user_purchase_stats_away').execute();
    try {
      const overview = await buyer.get('/api/user/orders-overview?limit=1');
      expect(overview.status).toBe(200);
      expect(overview.body).toEqual({ purchases: [expect.objectContaining({ purchase_id: ids[2] })], stats: null });
    } finally {
      await api.database.db.schema.alterTable('user_purchase_stats_away').renameTo('user_purchase_stats').execute();
    }
  });

  it('shows every detail field to the owner only', async () => {
    const detail = await buyer.get(`/api/user/purchase/${ids[0]}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      purchase_id: ids[0],
      order_number: expect.stringMatching(/^ORD-\d{4}-\d{2}-\d{2}-[0-9A-F]{8}$/),
      status: 'Processing',
      subtotal: expect.any(Number),
      shipping_cost: expect.any(Number),
      tax: expect.any(Number),
      discount: 0,
      total: expect.any(Number),
      payment_method: expect.any(String),
      tracking_number: null,
      carrier: null,
      created_at: expect.any(String),
    });
    expect(detail.body.items[0]).toMatchObject({
      name: api.stocked[0].name,
      sku: api.stocked[0].sku,
      quantity: 2,
      price: expect.any(Number),
    });
    expect(detail.body.items[0].variant_attributes).toEqual(expect.arrayContaining([expect.objectContaining({ attribute_name: 'color' })]));

    const stranger = shopper(api);
    await stranger.register();
    expect((await stranger.get(`/api/user/purchase/${ids[0]}`)).status).toBe(404);
    expect((await buyer.get('/api/user/purchase/not-an-id')).status).toBe(404);
  });

  it('gives the cards an order unlocked and its lines in their order, each as its own route reads them', async () => {
    const s = shopper(api);
    await s.register();
    const stocked = await variants(api);
    // Two products with units to spare (earlier tests bought some).
    const [first, second] = stocked
      .filter((v, i) => v.stock_quantity >= 3 && stocked.findIndex((w) => w.product_id === v.product_id) === i)
      .slice(-2);
    await buy(s, [{ id: first.id, quantity: 2 }, { id: second.id }]);
    const [order] = (await s.get('/api/user/purchases')).body as { purchase_id: string }[];
    const detail = (await s.get(`/api/user/purchase/${order.purchase_id}`)).body;
    const cards = (await s.get('/api/cards/user-cards')).body.unlocked_cards;
    expect(cards).toHaveLength(2);
    expect(detail.first_time_purchase_info.unlocked_cards).toHaveLength(2);
    expect(detail.first_time_purchase_info.unlocked_cards).toEqual(expect.arrayContaining(cards));
    expect(
      detail.items.map((line: { variant_id: string; quantity: number; refunded_quantity: number }) => [
        line.variant_id,
        line.quantity,
        line.refunded_quantity,
      ]),
    ).toEqual([
      [first.id, 2, 0],
      [second.id, 1, 0],
    ]);
    expect(detail).toMatchObject({ returns: [], return_window_ends_at: null });
  });

  it('makes a PDF receipt with the order number and total, for the owner only', async () => {
    const res = await api.app.request(`/api/user/purchase/${ids[0]}/receipt`, {
      headers: { Authorization: `Bearer ${buyer.accessToken}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="receipt_${ids[0].slice(0, 8)}.pdf"`);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    const detail = (await buyer.get(`/api/user/purchase/${ids[0]}`)).body;
    expect(text).toContain(detail.order_number);
    expect(text).toContain(formatEuro(detail.total));
    expect(text).toContain(`SKU ${api.stocked[0].sku}`);
    expect(text).toContain('VAT 22% included');
    // Each line names its options as the catalogue words them ("Colour: Signal red"), not by their codes.
    const colour = (
      detail.items[0].variant_attributes as { attribute_name: string; value: string; value_description: string | null }[]
    ).find((option) => option.attribute_name.toLowerCase() === 'color')!;
    expect(colour.value_description).toBeTruthy();
    expect(colour.value_description).not.toBe(colour.value);
    expect(text).toContain(`Colour: ${colour.value_description}`);

    const stranger = shopper(api);
    await stranger.register();
    expect((await stranger.get(`/api/user/purchase/${ids[0]}/receipt`)).status).toBe(404);
  });

  it('prints names in any script the receipt font covers, and a plain ? for what it does not', async () => {
    const s = shopper(api);
    await s.register();
    expect((await s.put('/api/user/profile', { first_name: 'Zoë', last_name: 'Ωμέγα 山田' })).status).toBe(200);
    const own = await buy(s, [{ id: api.stocked[2].id }]);
    const res = await api.app.request(`/api/user/purchase/${own}/receipt`, { headers: { Authorization: `Bearer ${s.accessToken}` } });
    expect(res.status).toBe(200);
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    expect(text).toContain('Buyer: Zoë Ωμέγα ??');
  });

  it('refuses a receipt to a guest, even of their own purchase: receipts need an account', async () => {
    const guest = shopper(api);
    await guest.signInAsGuest();
    const own = await buy(guest, [{ id: api.stocked[1].id }]);
    expect((await guest.get(`/api/user/purchase/${own}`)).status).toBe(200);
    const res = await guest.get(`/api/user/purchase/${own}/receipt`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: 'Please create an account to download receipts', code: 'registration_required' });
  });

  it('counts orders by status and the total spent', async () => {
    await api.database.db.updateTable('purchases').set({ status: 'Shipped' }).where('id', '=', ids[1]).execute();
    await api.database.db.updateTable('purchases').set({ status: 'Delivered' }).where('id', '=', ids[2]).execute();
    const totals = await api.database.db.selectFrom('purchases').select('total').where('id', 'in', ids).execute();
    const stats = await buyer.get('/api/user/stats');
    expect(stats.body).toEqual({
      total_orders: 3,
      delivered: 1,
      in_transit: 1,
      processing: 1,
      total_spent: totals.reduce((sum, row) => sum + row.total, 0),
    });
  });
});

describe('purchase search and status filter', () => {
  let buyer: Shopper;
  let tee: string;
  let jorts: string;
  let both: string;
  beforeAll(async () => {
    const now = await variants(api);
    const byName = (name: string) => now.filter((v) => v.name === name).sort((a, b) => b.stock_quantity - a.stock_quantity)[0];
    buyer = shopper(api);
    await buyer.register();
    tee = await buy(buyer, [{ id: byName('Tracer Tee').id }]);
    jorts = await buy(buyer, [{ id: byName('Padded Jorts').id }]);
    both = await buy(buyer, [{ id: byName('Padded Tee').id }, { id: byName('Padded Jorts').id }]);
    await api.database.db.updateTable('purchases').set({ status: 'Shipped' }).where('id', '=', jorts).execute();
    await api.database.db.updateTable('purchases').set({ status: 'Delivered' }).where('id', '=', tee).execute();
    // Someone else's order with the same items never shows up.
    const other = shopper(api);
    await other.register();
    await buy(other, [{ id: byName('Padded Jorts').id }]);
  });

  const ids = async (query: string) => {
    const res = await buyer.get(`/api/user/purchases?${query}`);
    expect(res.status).toBe(200);
    return res.body.map((p: { purchase_id: string }) => p.purchase_id);
  };

  it('finds orders by item name, any case, newest first', async () => {
    expect(await ids('q=padded%20jorts')).toEqual([both, jorts]);
    expect(await ids('q=TRACER')).toEqual([tee]);
    expect(await ids('q=hoodie')).toEqual([]);
  });

  it('finds an order by its full id, the first 8 characters, or its order number', async () => {
    expect(await ids(`q=${tee}`)).toEqual([tee]);
    expect(await ids(`q=${jorts.slice(0, 8).toUpperCase()}`)).toEqual([jorts]);
    const detail = await buyer.get(`/api/user/purchase/${both}`);
    expect(await ids(`q=${encodeURIComponent(detail.body.order_number)}`)).toEqual([both]);
  });

  it('takes LIKE wildcards in the search literally', async () => {
    expect(await ids('q=%25')).toEqual([]);
    expect(await ids('q=_')).toEqual([]);
  });

  it('filters by status, any case, alone or with a search, and pages over the matches', async () => {
    expect(await ids('status=shipped')).toEqual([jorts]);
    expect(await ids('status=Delivered')).toEqual([tee]);
    expect(await ids('status=processing')).toEqual([both]);
    expect(await ids('status=processing&q=jorts')).toEqual([both]);
    expect(await ids('status=delivered&q=jorts')).toEqual([]);
    expect(await ids('q=jorts&limit=1&offset=1')).toEqual([jorts]);
  });

  it('refuses an unknown status and an overlong search with a 422 list', async () => {
    const res = await buyer.get('/api/user/purchases?status=lost');
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['query', 'status'] });
    const long = await buyer.get(`/api/user/purchases?q=${'x'.repeat(101)}`);
    expect(long.status).toBe(422);
    expect(long.body.detail[0]).toMatchObject({ loc: ['query', 'q'], msg: 'Search is too long' });
  });
});
