import { beforeAll, describe, expect, it } from 'vitest';

import { addDays, shopDay, shopDayStart } from '@contract/shop-time';

import { buyThroughCheckout, type Shopper, shopper, variants } from '../../../../tests/support/shopper';
import { TEST_ADMIN_TOKEN } from '../../../../tests/support/test-api';
import { useTestApi } from '../../../../tests/support/use-test-api';
import { readOutbox } from '../../services/mail';

const api = useTestApi();
let buyer: Shopper;
let purchaseId: string;
beforeAll(async () => {
  const stocked = await variants(api);
  buyer = shopper(api);
  await buyer.register();
  purchaseId = await buyThroughCheckout(api, buyer, [{ id: stocked[0].id }]);
});

async function admin(method: string, path: string, body?: unknown, token = TEST_ADMIN_TOKEN) {
  const res = await api.app.request(`/api/admin/${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

describe('order lifecycle (the owner CLI routes)', () => {
  it('lists orders with their number and status, for the owner only', async () => {
    const list = await admin('GET', 'orders');
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({
      purchase_id: purchaseId,
      status: 'Processing',
      email: buyer.email,
      order_number: expect.stringMatching(/^ORD-/),
    });
    expect((await admin('GET', 'orders', undefined, 'wrong-token')).status).toBe(401);
  });

  it('shows one order with its buyer, items, quantities and delivery address, by number or short id', async () => {
    const { order_number } = (await admin('GET', 'orders')).body[0];
    for (const ref of [order_number, purchaseId.slice(0, 8)]) {
      const order = await admin('GET', `orders/${encodeURIComponent(ref)}`);
      expect(order.status).toBe(200);
      expect(order.body).toMatchObject({
        order_number,
        customer_email: buyer.email,
        items: [expect.objectContaining({ quantity: 1, name: expect.any(String), sku: expect.any(String) })],
        shipping_address: { name: 'Ada Rossi', line1: 'Via Po 1', city: 'Torino', postal_code: '10124', country: 'IT' },
      });
    }
    expect(await admin('GET', 'orders/ORD-2020-01-01-DEADBEEF')).toEqual({
      status: 404,
      body: { detail: 'No order ORD-2020-01-01-DEADBEEF', code: 'not_found' },
    });
    expect((await admin('GET', `orders/${order_number}`, undefined, 'wrong-token')).status).toBe(401);
  });

  it("confirms a registered buyer's order by email with links to the order and its receipt", async () => {
    const confirmation = (await readOutbox(api.database.db, buyer.email!)).find(
      (m) => m.subject.startsWith('Your FILO order') && !m.subject.includes('has'),
    );
    const { order_number } = (await admin('GET', 'orders')).body[0];
    expect(confirmation?.html).toContain(`/orders?order_id=${order_number}`);
    expect(confirmation?.text).toContain(`/orders/${purchaseId}/receipt`);
  });

  it('ships by order number, emails the tracking link, then delivers; the buyer sees it', async () => {
    const { order_number } = (await admin('GET', 'orders')).body[0];
    expect((await admin('POST', 'orders/deliver', { order: order_number })).status).toBe(409);

    const shipped = await admin('POST', 'orders/ship', { order: order_number, carrier: 'GLS', tracking: 'GLS123456' });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({ status: 'Shipped', tracking_url: expect.stringContaining('GLS123456') });
    const [mail] = await readOutbox(api.database.db, buyer.email!);
    expect(mail.subject).toContain(order_number);
    expect(mail.text).toContain(shipped.body.tracking_url);
    expect((await buyer.get(`/api/user/purchase/${purchaseId}`)).body).toMatchObject({
      status: 'Shipped',
      carrier: 'GLS',
      tracking_number: 'GLS123456',
    });
    expect((await admin('POST', 'orders/ship', { order: purchaseId, carrier: 'DHL', tracking: 'X' })).status).toBe(409);

    const delivered = await admin('POST', 'orders/deliver', { order: purchaseId.slice(0, 8) });
    expect(delivered.body).toMatchObject({ status: 'Delivered', order_number });
    const [deliveredMail] = await readOutbox(api.database.db, buyer.email!);
    expect(deliveredMail.subject).toBe(`Your FILO order ${order_number} has been delivered`);
    expect(deliveredMail.text).toContain('exchange it for another size, within 14 days of delivery');
    expect(deliveredMail.text).toMatch(/Return or exchange: http:\/\/shop\.test\/(orders|returns)\//);
    expect((await buyer.get('/api/user/stats')).body).toMatchObject({ delivered: 1, in_transit: 0, processing: 0 });
  });

  it('answers 404 for an unknown order and 422 for a missing carrier', async () => {
    expect((await admin('POST', 'orders/deliver', { order: 'ORD-2026-01-01-DEADBEEF' })).status).toBe(404);
    expect((await admin('POST', 'orders/deliver', { order: "'; drop table purchases; --" })).status).toBe(404);
    expect((await admin('POST', 'orders/ship', { order: purchaseId })).status).toBe(422);
  });
});

describe('finding orders (the back office)', () => {
  it('by number, id, email or item name, by status, a page at a time, newest first', async () => {
    const stocked = await variants(api);
    const tee = stocked.find((v) => v.name === 'Tracer Tee')!;
    const jorts = stocked.find((v) => v.name === 'Padded Jorts')!;
    const someone = shopper(api);
    await someone.register();
    const first = await buyThroughCheckout(api, someone, [{ id: tee.id }]);
    const second = await buyThroughCheckout(api, someone, [{ id: jorts.id }]);
    const third = await buyThroughCheckout(api, someone, [{ id: tee.id }, { id: jorts.id }]);
    expect((await admin('POST', 'orders/ship', { order: first, carrier: 'GLS', tracking: '1' })).status).toBe(200);
    const ids = async (query: string) =>
      ((await admin('GET', `orders?${query}`)).body as { purchase_id: string }[]).map((o) => o.purchase_id);

    expect(await ids(`q=${encodeURIComponent(someone.email!.toUpperCase())}`)).toEqual([third, second, first]);
    expect(await ids(`q=${encodeURIComponent(someone.email!)}&status=Shipped`)).toEqual([first]);
    expect(await ids(`q=${encodeURIComponent(someone.email!)}&status=Processing&limit=1`)).toEqual([third]);
    expect(await ids(`q=${encodeURIComponent(someone.email!)}&status=Processing&limit=1&offset=1`)).toEqual([second]);
    const { order_number } = (await admin('GET', `orders/${second}`)).body;
    expect(await ids(`q=${order_number}`)).toEqual([second]);
    expect(await ids(`q=${second.slice(0, 8)}`)).toEqual([second]);
    const byItem = await ids(`q=padded%20jorts&limit=500`);
    expect(byItem).toEqual(expect.arrayContaining([second, third]));
    expect(byItem).not.toContain(first);
    // LIKE's wildcards are searched for as they are.
    expect(await ids('q=%25')).toEqual([]);
    expect(await ids('q=_')).toEqual([]);
    expect((await admin('GET', 'orders?status=Lost')).status).toBe(422);
    expect((await admin('GET', 'orders?limit=0')).status).toBe(422);
  });
});

describe('orders by day', () => {
  it('keep the orders of the days asked (days in Italy, both ends included) and name a wrong day', async () => {
    const stocked = await variants(api);
    const someone = shopper(api);
    await someone.register();
    // Half past midnight in Italy: still the day before in UTC.
    const italianDay = addDays(shopDay(api.clock.now()), 3);
    api.clock.set(new Date(shopDayStart(italianDay).getTime() + 30 * 60_000));
    await someone.login(someone.email!);
    const first = await buyThroughCheckout(api, someone, [{ id: stocked[1].id }]);
    api.clock.advance(2 * 24 * 60 * 60_000);
    // Two days on, the shopper signs in again.
    await someone.login(someone.email!);
    const second = await buyThroughCheckout(api, someone, [{ id: stocked[1].id }]);
    const dayOf = async (id: string) =>
      shopDay(
        (await api.database.db.selectFrom('purchases').select('created_at').where('id', '=', id).executeTakeFirstOrThrow()).created_at,
      );
    const [day1, day2] = [await dayOf(first), await dayOf(second)];
    expect(day1).toBe(italianDay);
    const ids = async (query: string) =>
      (await admin('GET', `orders?q=${encodeURIComponent(someone.email!)}&${query}`)).body.map(
        (o: { purchase_id: string }) => o.purchase_id,
      );
    expect(await ids(`from=${day1}&to=${day1}`)).toEqual([first]);
    expect(await ids(`to=${addDays(day1, -1)}`)).toEqual([]);
    expect(await ids(`from=${day2}`)).toEqual([second]);
    expect(await ids(`to=${day2}`)).toEqual([second, first]);
    expect(await ids(`from=${day1}&to=${day2}`)).toEqual([second, first]);

    const wrong = await admin('GET', 'orders?from=2026-02-30');
    expect(wrong.status).toBe(422);
    expect(JSON.stringify(wrong.body.detail)).toContain('No such date');
    const backwards = await admin('GET', `orders?from=${day2}&to=${day1}`);
    expect(backwards.status).toBe(422);
    expect(JSON.stringify(backwards.body.detail)).toContain('The first day comes after the last');
    expect((await admin('GET', 'orders?from=yesterday')).status).toBe(422);
  });
});

describe('order notes', () => {
  it('are kept on the order with their author, oldest first, audited, and checked', async () => {
    const first = await admin('POST', 'orders/notes', { order: purchaseId, note: '  Buyer called: leave with the neighbour.  ' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(String),
      author: 'cli',
      body: 'Buyer called: leave with the neighbour.',
      created_at: expect.any(String),
    });
    expect((await admin('POST', 'orders/notes', { order: purchaseId.slice(0, 8), note: 'Parcel re-sent.' })).status).toBe(201);
    const detail = await admin('GET', `orders/${purchaseId}`);
    expect(detail.body.notes.map((n: { body: string }) => n.body)).toEqual(['Buyer called: leave with the neighbour.', 'Parcel re-sent.']);
    const log = await admin('GET', `audit?subject_type=order&subject_id=${purchaseId}`);
    expect(log.body[0]).toMatchObject({ actor: 'cli', action: 'order.note', after: { note: 'Parcel re-sent.' } });

    expect(await admin('POST', 'orders/notes', { order: purchaseId, note: '   ' })).toMatchObject({
      status: 422,
      body: { code: 'invalid_request' },
    });
    expect((await admin('POST', 'orders/notes', { order: purchaseId, note: 'x'.repeat(2001) })).status).toBe(422);
    expect((await admin('POST', 'orders/notes', { order: 'ORD-2020-01-01-DEADBEEF', note: 'Hello' })).status).toBe(404);
    expect((await admin('GET', `orders/${purchaseId}`)).body.notes).toHaveLength(2);
  });
});

describe('customers (the back office)', () => {
  it('list buyers with their orders, spend, last order and waiting requests, found by email or name', async () => {
    const stocked = await variants(api);
    const regular = shopper(api);
    await regular.register();
    const one = await buyThroughCheckout(api, regular, [{ id: stocked[0].id }]);
    const two = await buyThroughCheckout(api, regular, [{ id: stocked[1].id, quantity: 2 }]);
    const wished = await api.app.request('/api/products/wishlist', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: regular.email, product_id: stocked[2].product_id }),
    });
    expect(wished.status).toBe(201);
    const browser = shopper(api);
    await browser.signInAsGuest();

    const found = await admin('GET', `customers?q=${encodeURIComponent(regular.email!.toUpperCase())}`);
    expect(found.status).toBe(200);
    expect(found.body).toHaveLength(1);
    const totals = await api.database.db.selectFrom('purchases').select(['total']).where('id', 'in', [one, two]).execute();
    expect(found.body[0]).toEqual({
      id: expect.any(String),
      email: regular.email,
      user_type: 'registered',
      name: 'Ada Rossi',
      orders: 2,
      total_spent: totals.reduce((sum, p) => sum + p.total, 0),
      last_order_at: expect.any(String),
      waiting: 1,
    });
    const guest = (await admin('GET', `customers?q=${encodeURIComponent(browser.email!)}`)).body[0];
    expect(guest).toMatchObject({ user_type: 'guest', orders: 0, total_spent: 0, last_order_at: null, name: null });
    // Buyers come before those who never bought.
    const all = (await admin('GET', 'customers?limit=200')).body as { orders: number }[];
    const firstWithout = all.findIndex((c) => c.orders === 0);
    expect(all.slice(firstWithout).every((c) => c.orders === 0)).toBe(true);

    const detail = await admin('GET', `customers/${found.body[0].id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.orders.map((o: { purchase_id: string }) => o.purchase_id)).toEqual([two, one]);
    expect(detail.body.last_shipping_address).toMatchObject({ line1: 'Via Po 1', city: 'Torino' });
    expect(detail.body.wishlist).toEqual([{ product_name: stocked[2].name, variant: null, since: expect.any(String), notified: false }]);
    expect(detail.body.cards.length).toBeGreaterThan(0);
    expect(await admin('GET', 'customers/00000000-0000-4000-8000-000000000000')).toEqual({
      status: 404,
      body: { detail: 'No such customer', code: 'not_found' },
    });
    expect((await admin('GET', 'customers/not-a-uuid')).status).toBe(422);
  });
});

describe('customer notes', () => {
  it('are kept on the customer with their author, oldest first, audited, checked, and spend counts net of refunds', async () => {
    const stocked = await variants(api);
    const someone = shopper(api);
    await someone.register();
    const purchaseId = await buyThroughCheckout(api, someone, [{ id: stocked[0].id }]);
    const [row] = (await admin('GET', `customers?q=${encodeURIComponent(someone.email!)}`)).body;
    expect((await admin('POST', 'customers/notes', { customer: row.id, note: '  Prefers pick-up.  ' })).status).toBe(201);
    expect((await admin('POST', 'customers/notes', { customer: row.id, note: 'Called about sizes.' })).status).toBe(201);
    const detail = (await admin('GET', `customers/${row.id}`)).body;
    expect(detail.notes.map((n: { author: string; body: string }) => [n.author, n.body])).toEqual([
      ['cli', 'Prefers pick-up.'],
      ['cli', 'Called about sizes.'],
    ]);
    const audit = (await admin('GET', `audit?subject_type=customer&subject_id=${row.id}`)).body;
    expect(audit.map((a: { action: string }) => a.action)).toEqual(['customer.note', 'customer.note']);
    expect((await admin('POST', 'customers/notes', { customer: row.id, note: '   ' })).status).toBe(422);
    expect((await admin('POST', 'customers/notes', { customer: row.id, note: 'x'.repeat(2001) })).status).toBe(422);
    expect(await admin('POST', 'customers/notes', { customer: '00000000-0000-4000-8000-000000000000', note: 'Hello' })).toEqual({
      status: 404,
      body: { detail: 'No such customer', code: 'not_found' },
    });

    const { total } = await api.database.db.selectFrom('purchases').select('total').where('id', '=', purchaseId).executeTakeFirstOrThrow();
    await admin('POST', 'orders/refund', { order: purchaseId, idempotency_key: 'customer-spend-refund-0001', amount: 100 });
    expect((await admin('GET', `customers/${row.id}`)).body.customer.total_spent).toBe(total - 100);
  });
});
