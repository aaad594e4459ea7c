import { beforeAll, describe, expect, it } from 'vitest';

import { RETURN_WINDOW_DAYS } from '@contract/api/returns';

import { copiesOfOrder } from '../../../../tests/support/order-copies';
import { pdfText } from '../../../../tests/support/pdf-text';
import { buyThroughCheckout, shopper } from '../../../../tests/support/shopper';
import { cliHeaders, staffMember } from '../../../../tests/support/staff';
import { useTestApi } from '../../../../tests/support/use-test-api';
import { readOutbox } from '../../services/mail';

const api = useTestApi();
let owner: string;
let staff: string;
let buyerEmail: string;
let buyer: ReturnType<typeof shopper>;
let orders: { id: string; number: string }[];

beforeAll(async () => {
  owner = (await staffMember(api, 'owner')).token;
  staff = (await staffMember(api, 'staff')).token;
  buyer = shopper(api);
  await buyer.register();
  buyerEmail = buyer.email!;
  const first = await buyThroughCheckout(api, buyer, [{ id: api.stocked[0].id, quantity: 2 }]);
  orders = await copiesOfOrder(api, first, 4);
});

async function call(token: string | null, method: string, path: string, body?: unknown) {
  const res = await api.app.request(`/api/admin/${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : cliHeaders), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, res, body: type.includes('json') ? await res.json() : null };
}

const lastAudit = async (action: string) =>
  (await api.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirst()) ?? null;

describe('carriers', () => {
  it("are seeded with the shop's four carriers, in order, and read by staff", async () => {
    const list = await call(staff, 'GET', 'carriers');
    expect(list.status).toBe(200);
    expect(list.body.map((c: { name: string }) => c.name)).toEqual(['GLS', 'BRT', 'DHL', 'Poste Italiane']);
    expect(list.body[0].tracking_url_template).toContain('{number}');
  });

  it('are added, changed and removed by an owner only, each change audited with before and after', async () => {
    const template = 'https://track.sda.example/track?n={number}';
    expect((await call(staff, 'POST', 'carriers', { name: 'SDA', tracking_url_template: template })).body).toMatchObject({
      code: 'forbidden',
    });
    const added = await call(owner, 'POST', 'carriers', { name: 'SDA', tracking_url_template: template });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: 'SDA', position: 5 });
    expect(await lastAudit('carrier.add')).toMatchObject({
      subject_id: added.body.id,
      before: null,
      after: { name: 'SDA', tracking_url_template: template },
    });

    expect((await call(owner, 'POST', 'carriers', { name: 'sda', tracking_url_template: template })).body).toMatchObject({
      code: 'already_exists',
    });
    const bad = await call(owner, 'POST', 'carriers', { name: 'X', tracking_url_template: 'http://x.example/track' });
    expect(bad.status).toBe(422);

    const changed = { name: 'SDA Express', tracking_url_template: 'https://sda.example/t/{number}' };
    expect((await call(staff, 'POST', `carriers/${added.body.id}`, changed)).status).toBe(403);
    expect((await call(owner, 'POST', `carriers/${added.body.id}`, changed)).body).toMatchObject(changed);
    expect(await lastAudit('carrier.change')).toMatchObject({ before: { name: 'SDA', tracking_url_template: template }, after: changed });

    expect((await call(staff, 'DELETE', `carriers/${added.body.id}`)).status).toBe(403);
    expect((await call(owner, 'DELETE', `carriers/${added.body.id}`)).status).toBe(204);
    expect(await lastAudit('carrier.remove')).toMatchObject({ before: changed, after: null });
    expect((await call(owner, 'DELETE', `carriers/${added.body.id}`)).status).toBe(404);
  });

  it("make the link of a single shipment from the owner's template, kept on the order", async () => {
    const added = await call(owner, 'POST', 'carriers', {
      name: 'Fermopoint',
      tracking_url_template: 'https://fermo.example/{number}/status',
    });
    const shipped = await call(staff, 'POST', 'orders/ship', { order: orders[3].number, carrier: 'fermopoint', tracking: 'FP 77' });
    expect(shipped.body).toMatchObject({ carrier: 'Fermopoint', tracking_url: 'https://fermo.example/FP%2077/status' });
    await call(owner, 'POST', `carriers/${added.body.id}`, {
      name: 'Fermopoint',
      tracking_url_template: 'https://elsewhere.example/{number}',
    });
    expect((await call(staff, 'GET', `orders/${orders[3].number}`)).body.tracking_url).toBe('https://fermo.example/FP%2077/status');
    expect((await buyer.get(`/api/user/purchase/${orders[3].id}`)).body).toMatchObject({
      carrier: 'Fermopoint',
      tracking_url: 'https://fermo.example/FP%2077/status',
    });
  });
});

describe('packing slips', () => {
  it('print the chosen orders as one PDF: number, address, lines with SKUs, return instructions; audited', async () => {
    const res = await call(staff, 'POST', 'orders/packing-slips', { orders: [orders[0].number, orders[1].id] });
    expect(res.status).toBe(200);
    expect(res.res.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await res.res.arrayBuffer()));
    expect(text.match(/Packing slip/g)).toHaveLength(2);
    for (const order of orders.slice(0, 2)) expect(text).toContain(`Order ${order.number}`);
    expect(text).toContain('Ada Rossi');
    expect(text).toContain('Via Po 1');
    expect(text).toContain(api.stocked[0].name);
    expect(text).toContain(api.stocked[0].sku);
    expect(text).toContain('Returns and exchanges');
    expect(text).toContain(`within ${RETURN_WINDOW_DAYS} days of delivery`);
    expect(text).not.toContain(orders[2].number);
    expect(await lastAudit('orders.packing_slips')).toMatchObject({
      subject_id: 'chosen',
      after: { printed: [orders[0].number, orders[1].number] },
    });
  });

  it("print each order's slip in the language it was checked out in: an Italian order's in Italian", async () => {
    const setLocale = (locale: 'en' | 'it') =>
      api.database.db.updateTable('purchases').set({ locale }).where('id', '=', orders[2].id).execute();
    await setLocale('it');
    try {
      const res = await call(staff, 'POST', 'orders/packing-slips', { orders: [orders[0].number, orders[2].number] });
      const text = pdfText(Buffer.from(await res.res.arrayBuffer()));
      expect(text.match(/Packing slip/g)).toHaveLength(1);
      expect(text.match(/Distinta di imballaggio/g)).toHaveLength(1);
      expect(text).toContain(`Order ${orders[0].number}`);
      expect(text).toContain(`Ordine ${orders[2].number}`);
      expect(text).toContain('Consegnare a');
      expect(text).toContain('Articolo');
      expect(text).toContain('Resi e cambi');
      expect(text).toContain(`entro ${RETURN_WINDOW_DAYS} giorni dalla consegna`);
      expect(text).toContain('/it/orders');
      expect(text).toContain('Grazie per aver scelto');
    } finally {
      await setLocale('en');
    }
  });

  it('print every paid order not yet shipped when asked for all of them', async () => {
    const res = await call(owner, 'POST', 'orders/packing-slips', { all_to_ship: true });
    const text = pdfText(Buffer.from(await res.res.arrayBuffer()));
    for (const order of orders.slice(0, 3)) expect(text).toContain(order.number);
    expect(text).not.toContain(orders[3].number); // shipped above
    expect((await lastAudit('orders.packing_slips'))?.subject_id).toBe('all-paid-not-shipped');
  });

  it('are made again for a repeat with the same Idempotency-Key (a PDF is not kept as text)', async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await api.app.request('/api/admin/orders/packing-slips', {
        method: 'POST',
        headers: { Authorization: `Bearer ${staff}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'slips-key-0001' },
        body: JSON.stringify({ orders: [orders[0].number] }),
      });
      expect(res.status).toBe(200);
      expect(pdfText(Buffer.from(await res.arrayBuffer()))).toContain(orders[0].number);
    }
  });

  it('refuse an unknown order and an empty choice; not for anyone signed out', async () => {
    expect((await call(staff, 'POST', 'orders/packing-slips', { orders: ['ORD-2020-01-01-DEADBEEF'] })).body).toMatchObject({
      code: 'not_found',
    });
    expect((await call(staff, 'POST', 'orders/packing-slips', { orders: [] })).status).toBe(422);
    expect((await call('nobody', 'POST', 'orders/packing-slips', { all_to_ship: true })).status).toBe(401);
  });
});

describe('shipments from a CSV', () => {
  it('change nothing when a line is bad, and name every bad line', async () => {
    const csv = [
      'order,carrier,tracking',
      `${orders[0].number},GLS,GLS0001`,
      `${orders[1].number},Pigeon,P1`,
      'ORD-2020-01-01-DEADBEEF,GLS,X',
      `${orders[2].number},DHL,`,
      `${orders[3].number},GLS,G3`,
      `${orders[0].number},BRT,B1`,
    ].join('\n');
    const report = await call(staff, 'POST', 'orders/ship-csv', { csv });
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ applied: false, shipped: [], already_shipped: [] });
    expect(report.body.errors).toEqual([
      { line: 3, order: orders[1].number, message: expect.stringMatching(/^Unknown carrier Pigeon: .*GLS, BRT, DHL, Poste Italiane/) },
      { line: 4, order: 'ORD-2020-01-01-DEADBEEF', message: 'No order ORD-2020-01-01-DEADBEEF' },
      { line: 5, order: orders[2].number, message: 'The tracking number is missing' },
      { line: 6, order: orders[3].number, message: `Order ${orders[3].number} is Shipped, not Processing` },
      { line: 7, order: orders[0].number, message: 'This order is already on line 2' },
    ]);
    const statuses = await api.database.db
      .selectFrom('purchases')
      .select('status')
      .where(
        'id',
        'in',
        orders.slice(0, 3).map((o) => o.id),
      )
      .execute();
    expect(statuses.every((row) => row.status === 'Processing')).toBe(true);
  });

  it('ship every line of a good file (semicolons, quotes, any case of carrier), mail each buyer, audit each order and the file', async () => {
    const before = (await readOutbox(api.database.db, buyerEmail)).length;
    const csv = `"${orders[0].number}";gls;"GLS 1"\r\n${orders[1].id};Poste Italiane;PI-2\r\n`;
    const report = await call(staff, 'POST', 'orders/ship-csv', { csv });
    expect(report.body).toEqual({
      applied: true,
      shipped: [
        { line: 1, order_number: orders[0].number, carrier: 'GLS', tracking_number: 'GLS 1' },
        { line: 2, order_number: orders[1].number, carrier: 'Poste Italiane', tracking_number: 'PI-2' },
      ],
      already_shipped: [],
      errors: [],
    });
    const mails = (await readOutbox(api.database.db, buyerEmail)).slice(0, (await readOutbox(api.database.db, buyerEmail)).length - before);
    expect(mails.map((m) => m.subject).sort()).toEqual(
      orders
        .slice(0, 2)
        .map((o) => `Your FILO order ${o.number} has shipped`)
        .sort(),
    );
    expect(mails.find((m) => m.subject.includes(orders[0].number))?.text).toContain('match=GLS%201');
    expect(await lastAudit('orders.ship_csv')).toMatchObject({
      actor: expect.stringContaining('staff'),
      before: { processing: expect.arrayContaining([orders[0].number, orders[1].number]) },
      after: { already_shipped: [] },
    });
    const shipAudit = await api.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject_id', '=', orders[0].id)
      .where('action', '=', 'order.ship')
      .executeTakeFirst();
    expect(shipAudit).toMatchObject({
      before: { status: 'Processing' },
      after: { status: 'Shipped', carrier: 'GLS', tracking_number: 'GLS 1', from: 'csv' },
    });

    // The same file again: nothing shipped twice, nobody mailed twice.
    const again = await call(owner, 'POST', 'orders/ship-csv', { csv });
    expect(again.body).toMatchObject({ applied: true, shipped: [], already_shipped: [{ line: 1 }, { line: 2 }] });
    expect((await readOutbox(api.database.db, buyerEmail)).length).toBe(before + 2);
  });

  it('refuse an empty file, and anyone signed out', async () => {
    expect((await call(staff, 'POST', 'orders/ship-csv', { csv: '\n\n' })).body).toMatchObject({
      applied: false,
      errors: [{ line: 1, message: 'The file has no shipments' }],
    });
    expect((await call(staff, 'POST', 'orders/ship-csv', { csv: '' })).status).toBe(422);
    expect((await call('nobody', 'POST', 'orders/ship-csv', { csv: 'a,b,c' })).status).toBe(401);
  });
});
