import { beforeAll, describe, expect, it } from 'vitest';
import { buyThroughCheckout, shopper, variants, type Shopper } from '../../../tests/support/shopper';
import { createTestApi, TEST_ADMIN_TOKEN } from '../../../tests/support/test-api';
import { useTestApi } from '../../../tests/support/use-test-api';
import { readOutbox } from '../services/mail';

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
    expect(list.body[0]).toMatchObject({ purchase_id: purchaseId, status: 'Processing', email: buyer.email, order_number: expect.stringMatching(/^ORD-/) });
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
    expect(await admin('GET', 'orders/ORD-2020-01-01-DEADBEEF')).toEqual({ status: 404, body: { detail: 'No order ORD-2020-01-01-DEADBEEF', code: 'not_found' } });
    expect((await admin('GET', `orders/${order_number}`, undefined, 'wrong-token')).status).toBe(401);
  });

  it("confirms a registered buyer's order by email with links to the order and its receipt", async () => {
    const confirmation = (await readOutbox(api.database.db, buyer.email!)).find((m) => m.subject.startsWith('Your FILO order') && !m.subject.includes('has'));
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
    expect((await buyer.get(`/api/user/purchase/${purchaseId}`)).body).toMatchObject({ status: 'Shipped', carrier: 'GLS', tracking_number: 'GLS123456' });
    expect((await admin('POST', 'orders/ship', { order: purchaseId, carrier: 'DHL', tracking: 'X' })).status).toBe(409);

    const delivered = await admin('POST', 'orders/deliver', { order: purchaseId.slice(0, 8) });
    expect(delivered.body).toMatchObject({ status: 'Delivered', order_number });
    const [deliveredMail] = await readOutbox(api.database.db, buyer.email!);
    expect(deliveredMail.subject).toBe(`Your FILO order ${order_number} has been delivered`);
    expect(deliveredMail.text).toContain('return it within 14 days');
    expect((await buyer.get('/api/user/stats')).body).toMatchObject({ delivered: 1, in_transit: 0, processing: 0 });
  });

  it('answers 404 for an unknown order and 422 for a missing carrier', async () => {
    expect((await admin('POST', 'orders/deliver', { order: 'ORD-2026-01-01-DEADBEEF' })).status).toBe(404);
    expect((await admin('POST', 'orders/deliver', { order: "'; drop table purchases; --" })).status).toBe(404);
    expect((await admin('POST', 'orders/ship', { order: purchaseId })).status).toBe(422);
  });
});
