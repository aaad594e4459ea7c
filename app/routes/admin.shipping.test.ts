import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { readOutbox } from '../../api/src/services/mail';
import { runAdminRoute } from '../../tests/support/admin-route';
import { copiesOfOrder } from '../../tests/support/order-copies';
import { pdfText } from '../../tests/support/pdf-text';
import { callRoute } from '../../tests/support/route-context';
import { buyThroughCheckout, shopper, variants } from '../../tests/support/shopper';
import { startTestApi, TEST_ADMIN_TOKEN } from '../../tests/support/test-api';
import { action as carriersAction, loader as carriersLoader } from './admin.carriers';
import { action as loginAction } from './admin.login';
import { loader as ordersLoader } from './admin.orders._index';
import { action as orderAction, loader as orderLoader } from './admin.orders.$order';
import { action as slipsAction } from './admin.orders.packing-slips';
import { action as shipmentsAction, loader as shipmentsLoader } from './admin.orders.shipments';

/** The back office's packing slips, CSV of shipments and carriers (issue 42) as plain functions, against the real API. */
type Api = Awaited<ReturnType<typeof startTestApi>>;
let api: Api;
let orders: { id: string; number: string }[];
let buyerEmail: string;
let owner: string;
let staff: string;

const PASSWORD = 'Back-Office-2026';
let counter = 0;

async function signedIn(role: 'owner' | 'staff'): Promise<string> {
  const email = `${role}-${++counter}-${Date.now()}@brand.example`;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    api.app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  expect((await post('/api/admin/staff', { email, role }, { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` })).status).toBe(201);
  const code = /\d{6}/.exec((await readOutbox(api.database.db, email))[0].subject)![0];
  expect((await post('/api/staff/set-password', { email, code, password: PASSWORD })).status).toBe(204);
  const login = await runAdminRoute(
    loginAction,
    '/admin/login',
    {},
    {
      form: [
        ['intent', 'login'],
        ['email', email],
        ['password', PASSWORD],
        ['redirectTo', ''],
      ],
    },
  );
  return (login.headers.get('Set-Cookie') ?? '').split(';')[0];
}

beforeAll(async () => {
  api = await startTestApi();
  process.env.API_URL = api.url;
  const stocked = await variants(api);
  const buyer = shopper(api);
  await buyer.register();
  buyerEmail = buyer.email!;
  const first = await buyThroughCheckout(api, buyer, [{ id: stocked[1].id }]);
  orders = await copiesOfOrder(api, first, 3);
  [owner, staff] = await Promise.all([signedIn('owner'), signedIn('staff')]);
});
afterAll(() => api.cleanup());

const cookieOf = (response: Response) => (response.headers.get('Set-Cookie') ?? '').split(';')[0];

describe('packing slips from the order list', () => {
  it('lists orders with a checkbox of the slips form each, and downloads the ticked ones as one PDF', async () => {
    const list = await (await runAdminRoute(ordersLoader, '/admin/orders', {}, { cookie: staff })).json();
    expect(list.orders.map((order: { order_number: string }) => order.order_number)).toEqual(
      expect.arrayContaining(orders.map((o) => o.number)),
    );

    const pdf = await runAdminRoute(
      slipsAction,
      '/admin/orders/packing-slips',
      {},
      {
        cookie: staff,
        form: [
          ['scope', 'selected'],
          ['order', orders[0].number],
          ['order', orders[2].number],
        ],
      },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    expect(pdf.headers.get('Content-Disposition')).toMatch(/^attachment; filename="packing-slips-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain(`Order ${orders[0].number}`);
    expect(text).toContain(`Order ${orders[2].number}`);
    expect(text).not.toContain(orders[1].number);
    expect(text).toContain('Returns and exchanges');
  });

  it('prints every paid order not yet shipped, and sends back to the list with a reason when none is ticked', async () => {
    const all = await runAdminRoute(slipsAction, '/admin/orders/packing-slips', {}, { cookie: owner, form: [['scope', 'all']] });
    const text = pdfText(Buffer.from(await all.arrayBuffer()));
    for (const order of orders) expect(text).toContain(order.number);

    const none = await runAdminRoute(
      slipsAction,
      '/admin/orders/packing-slips?status=Processing',
      {},
      { cookie: staff, form: [['scope', 'selected']] },
    );
    expect(none.status).toBe(303);
    expect(none.headers.get('Location')).toBe('/admin/orders?status=Processing');
    const back = await (await runAdminRoute(ordersLoader, '/admin/orders', {}, { cookie: cookieOf(none) })).json();
    expect(back.notice).toBe('Tick at least one order for its packing slip');
  });
});

function upload(cookie: string, csv: string) {
  const body = new FormData();
  body.set('file', new File([csv], 'shipments.csv', { type: 'text/csv' }));
  const request = new Request('http://shop.test/admin/orders/shipments', { method: 'POST', body, headers: { Cookie: cookie } });
  return callRoute(shipmentsAction, request) as Promise<Response>;
}

describe('shipping from a CSV', () => {
  it('shows every line to fix and ships nothing; then ships a good file once and mails each buyer', async () => {
    const page = await (await runAdminRoute(shipmentsLoader, '/admin/orders/shipments', {}, { cookie: staff })).json();
    expect(page.carriers).toEqual(['GLS', 'BRT', 'DHL', 'Poste Italiane']);

    const bad = await upload(staff, `${orders[0].number},GLS,G-1\n${orders[1].number},Owl,O-1\n`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).report).toMatchObject({
      applied: false,
      errors: [{ line: 2, message: expect.stringMatching(/^Unknown carrier Owl/) }],
    });

    const mailed = (await readOutbox(api.database.db, buyerEmail)).length;
    const csv = `order,carrier,tracking\n${orders[0].number},GLS,G-1\n${orders[1].number},DHL,D-1\n`;
    const good = await upload(staff, csv);
    expect(good.status).toBe(200);
    expect((await good.json()).report).toMatchObject({ applied: true, shipped: [{ line: 2 }, { line: 3 }] });
    const again = await (await upload(owner, csv)).json();
    expect(again.report).toMatchObject({ applied: true, shipped: [], already_shipped: [{ line: 2 }, { line: 3 }] });
    expect((await readOutbox(api.database.db, buyerEmail)).length).toBe(mailed + 2);

    const empty = await upload(staff, '');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ report: null, error: 'Choose the CSV file of shipments' });
  });
});

describe('carriers', () => {
  it('an owner adds one and the ship form offers it; staff see the list and are refused changes', async () => {
    const form = (intent: string, fields: [string, string][]) => [['intent', intent], ...fields] as [string, string][];
    const bad = await runAdminRoute(
      carriersAction,
      '/admin/carriers',
      {},
      {
        cookie: owner,
        form: form('add', [
          ['name', 'SDA'],
          ['tracking_url_template', 'https://sda.example/track'],
        ]),
      },
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ form: 'new', errors: ['Put {number} where the tracking number goes'] });

    const added = await runAdminRoute(
      carriersAction,
      '/admin/carriers',
      {},
      {
        cookie: owner,
        form: form('add', [
          ['name', 'SDA'],
          ['tracking_url_template', 'https://sda.example/track/{number}'],
        ]),
      },
    );
    expect(added.status).toBe(303);
    const page = await (await runAdminRoute(carriersLoader, '/admin/carriers', {}, { cookie: cookieOf(added) })).json();
    expect(page.notice).toBe('SDA is saved.');
    const sda = page.carriers.find((carrier: { name: string }) => carrier.name === 'SDA');

    const refused = await runAdminRoute(
      carriersAction,
      '/admin/carriers',
      {},
      {
        cookie: staff,
        form: form('change', [
          ['id', sda.id],
          ['name', 'SDA'],
          ['tracking_url_template', 'https://evil.example/{number}'],
        ]),
      },
    );
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ form: sda.id, errors: ['Only an owner may do this'] });
    const staffPage = await (await runAdminRoute(carriersLoader, '/admin/carriers', {}, { cookie: staff })).json();
    expect(staffPage).toMatchObject({ owner: false, carriers: expect.arrayContaining([expect.objectContaining({ name: 'SDA' })]) });

    const path = `/admin/orders/${orders[2].number}`;
    const detail = await (await runAdminRoute(orderLoader, path, { order: orders[2].number }, { cookie: staff })).json();
    expect(detail.carriers).toContain('SDA');
    const shipped = await runAdminRoute(
      orderAction,
      path,
      { order: orders[2].number },
      {
        cookie: staff,
        form: [
          ['intent', 'ship'],
          ['carrier', 'SDA'],
          ['tracking', 'S 9'],
        ],
      },
    );
    expect(shipped.status).toBe(303);
    const [mail] = await readOutbox(api.database.db, buyerEmail);
    expect(mail.text).toContain('https://sda.example/track/S%209');

    const removed = await runAdminRoute(carriersAction, '/admin/carriers', {}, { cookie: owner, form: form('remove', [['id', sda.id]]) });
    expect(removed.status).toBe(303);
    const after = await (await runAdminRoute(orderLoader, path, { order: orders[2].number }, { cookie: staff })).json();
    expect(after.carriers).not.toContain('SDA');
    expect(after.order.tracking_url).toBe('https://sda.example/track/S%209');
  });
});
