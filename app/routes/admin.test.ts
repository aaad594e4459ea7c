import type { ActionFunction, LoaderFunction } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { shopClock, shopDay } from '@contract/shop-time';

import { readOutbox } from '../../api/src/services/mail';
import { runAdminRoute } from '../../tests/support/admin-route';
import { buyThroughCheckout, shopper, variants } from '../../tests/support/shopper';
import { startTestApi, TEST_ADMIN_TOKEN } from '../../tests/support/test-api';
import { loader as overviewLoader } from './admin._index';
import { action as loginAction, loader as loginLoader } from './admin.login';
import { action as logoutAction } from './admin.logout';
import { loader as ordersLoader } from './admin.orders._index';
import { action as orderAction, loader as orderLoader } from './admin.orders.$order';
import { loader as ordersCsvLoader } from './admin.orders[.]csv';
import { action as staffAction, loader as staffLoader } from './admin.staff';

/** The back office's loaders and actions as plain functions, against the real API. */
type Api = Awaited<ReturnType<typeof startTestApi>>;
let api: Api;
beforeAll(async () => {
  api = await startTestApi();
  process.env.API_URL = api.url;
});
afterAll(() => api.cleanup());

const PASSWORD = 'Back-Office-2026';
let counter = 0;
const address = (label: string) => `${label}-${++counter}-${Date.now()}@brand.example`;

async function member(role: 'owner' | 'staff'): Promise<string> {
  const email = address(role);
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    api.app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  expect((await post('/api/admin/staff', { email, role }, { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` })).status).toBe(201);
  const code = /\d{6}/.exec((await readOutbox(api.database.db, email))[0].subject)![0];
  expect((await post('/api/staff/set-password', { email, code, password: PASSWORD })).status).toBe(204);
  return email;
}

/** The answer of a loader or action, returned or thrown (a redirect). */
function run(
  fn: LoaderFunction | ActionFunction,
  path: string,
  init: { form?: [string, string][]; cookie?: string } = {},
): Promise<Response> {
  return runWith(fn, path, {}, init);
}

const runWith = runAdminRoute;

async function signIn(email: string, redirectTo = ''): Promise<{ response: Response; cookie: string }> {
  const response = await run(loginAction, '/admin/login', {
    form: [
      ['intent', 'login'],
      ['email', email],
      ['password', PASSWORD],
      ['redirectTo', redirectTo],
    ],
  });
  return { response, cookie: (response.headers.get('Set-Cookie') ?? '').split(';')[0] };
}

describe('back-office sign-in', () => {
  it('sets its own cookie (HttpOnly, SameSite=Strict, Path=/admin, 8 hours) and goes where it was asked, inside the back office only', async () => {
    const owner = await member('owner');
    const { response } = await signIn(owner, '/admin/audit');
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/admin/audit');
    const cookie = response.headers.get('Set-Cookie')!;
    expect(cookie).toMatch(/^__staff=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/admin(;|$)/);
    // Eight hours from the API's clock (which stands at the start of the minute the test began), as counted now.
    const left = (api.clock.now().getTime() + 8 * 3600_000 - Date.now()) / 1000;
    const maxAge = Number(/Max-Age=(\d+)/i.exec(cookie)![1]);
    expect(maxAge).toBeGreaterThanOrEqual(Math.floor(left) - 30);
    expect(maxAge).toBeLessThanOrEqual(Math.ceil(left));

    for (const away of ['//evil.example/x', 'https://evil.example/', '/profile', '/administrator']) {
      expect((await signIn(owner, away)).response.headers.get('Location'), away).toBe('/admin');
    }
  });

  it('refuses a wrong password with the shop sentence and a duplicated field without a raw message', async () => {
    const staff = await member('staff');
    const wrong = await run(loginAction, '/admin/login', {
      form: [
        ['intent', 'login'],
        ['email', staff],
        ['password', 'Wrong-Pass-1'],
      ],
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).result.error).toEqual({ '': ['Invalid email or password'] });
    // Found by the action fuzzer: redirectTo sent twice answered "Expected string, received array".
    const twice = await run(loginAction, '/admin/login', {
      form: [
        ['intent', 'login'],
        ['email', staff],
        ['password', PASSWORD],
        ['redirectTo', '/admin'],
        ['redirectTo', '/x'],
      ],
    });
    expect(twice.status).toBe(303);
    expect(twice.headers.get('Location')).toBe('/admin');
  });

  it('sends a visitor without a session, or with an ended one, to sign in and back', async () => {
    const noSession = await run(overviewLoader, '/admin/staff');
    expect(noSession.status).toBe(302);
    expect(noSession.headers.get('Location')).toBe('/admin/login?redirectTo=%2Fadmin%2Fstaff');

    const owner = await member('owner');
    const { cookie } = await signIn(owner);
    expect((await run(overviewLoader, '/admin', { cookie })).status).toBe(200);
    const out = await run(logoutAction, '/admin/logout', { form: [], cookie });
    expect(out.headers.get('Location')).toBe('/admin/login?done=signed-out');
    // The old cookie, replayed after sign-out, opens nothing: the API ended the session.
    const replayed = await run(overviewLoader, '/admin', { cookie });
    expect(replayed.headers.get('Location')).toBe('/admin/login');
    // The sign-in page leads a signed-in member on.
    const again = await signIn(owner);
    expect((await run(loginLoader, '/admin/login?redirectTo=%2Fadmin%2Faudit', { cookie: again.cookie })).headers.get('Location')).toBe(
      '/admin/audit',
    );
  });

  it('lets an owner add staff; a member of staff is refused the page and the action by the API', async () => {
    const owner = await member('owner');
    const { cookie } = await signIn(owner);
    const helper = address('helper');
    const added = await run(staffAction, '/admin/staff', {
      form: [
        ['intent', 'add'],
        ['email', helper],
        ['role', 'staff'],
      ],
      cookie,
    });
    expect(added.status).toBe(303);
    const page = await run(staffLoader, '/admin/staff', { cookie: added.headers.get('Set-Cookie')!.split(';')[0] });
    const data = await page.json();
    expect(data.notice).toBe(`${helper} was added as staff. They have been mailed a code to choose a password.`);
    expect(data.members.map((m: { email: string }) => m.email)).toContain(helper);

    const staff = await member('staff');
    const staffCookie = (await signIn(staff)).cookie;
    expect((await run(staffLoader, '/admin/staff', { cookie: staffCookie })).status).toBe(403);
    const refused = await run(staffAction, '/admin/staff', {
      form: [
        ['intent', 'add'],
        ['email', address('sneaky')],
        ['role', 'owner'],
      ],
      cookie: staffCookie,
    });
    expect(refused.status).toBe(403);
    expect((await refused.json()).result.error).toEqual({ '': ['Only an owner may do this'] });
  });
});

describe('back-office orders', () => {
  it('ship checks the form, then ships once: a second post says the order is no longer Processing', async () => {
    const stocked = await variants(api);
    const someone = shopper(api);
    await someone.register();
    const purchaseId = await buyThroughCheckout(api, someone, [{ id: stocked[0].id }]);
    const { cookie } = await signIn(await member('staff'));
    const path = `/admin/orders/${purchaseId}`;
    const params = { order: purchaseId };
    const ship = (form: [string, string][]) => runWith(orderAction, path, params, { form: [['intent', 'ship'], ...form], cookie });

    const invalid = await ship([
      ['carrier', 'Pigeon'],
      ['tracking', '<b>'],
    ]);
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).result.error).toEqual({
      carrier: ['Choose the carrier'],
      tracking: ['Use only letters, digits, spaces and hyphens'],
    });
    const shipped = await ship([
      ['carrier', 'BRT'],
      ['tracking', '0042'],
    ]);
    expect(shipped.status).toBe(303);
    const again = await ship([
      ['carrier', 'BRT'],
      ['tracking', '0043'],
    ]);
    expect(again.status).toBe(400);
    expect((await again.json()).result.error[''][0]).toMatch(/^Order ORD-\S+ is Shipped, not Processing$/);
    const detail = await (await runWith(orderLoader, path, params, { cookie: shipped.headers.get('Set-Cookie')!.split(';')[0] })).json();
    expect(detail.order).toMatchObject({ status: 'Shipped', carrier: 'BRT', tracking_number: '0042' });
    expect(detail.notice).toMatch(/is marked shipped with BRT/);
    expect(detail.history.filter((entry: { action: string }) => entry.action !== 'order.email')).toEqual([
      expect.objectContaining({ action: 'order.ship', after: { status: 'Shipped', carrier: 'BRT', tracking_number: '0042' } }),
    ]);
    // The emails the buyer was sent are on the order's timeline too, newest first.
    const mails = detail.history.filter((entry: { action: string }) => entry.action === 'order.email');
    expect(mails.map((entry: { actor: string; after: { subject: string } }) => [entry.actor, entry.after.subject])).toEqual([
      ['shop', expect.stringMatching(/^Your FILO order ORD-\S+ has shipped$/)],
      ['shop', expect.stringMatching(/^Your FILO order ORD-\S+/)],
    ]);
    const missing = await runWith(orderLoader, '/admin/orders/ORD-2020-01-01-DEADBEEF', { order: 'ORD-2020-01-01-DEADBEEF' }, { cookie });
    expect(missing.status).toBe(404);
  });
});

describe('back-office refunds and cancellation', () => {
  it('an owner refunds units and an amount once per form, sees it on the page; staff are shown no money forms and refused', async () => {
    const stocked = await variants(api);
    const someone = shopper(api);
    await someone.register();
    const purchaseId = await buyThroughCheckout(api, someone, [{ id: stocked[0].id, quantity: 2 }]);
    const path = `/admin/orders/${purchaseId}`;
    const params = { order: purchaseId };
    const owner = (await signIn(await member('owner'))).cookie;

    const page = await (await runWith(orderLoader, path, params, { cookie: owner })).json();
    expect(page.owner).toBe(true);
    expect(page.keys.refund).toMatch(/^[0-9a-f-]{36}$/);
    const [line] = page.order.lines;
    const refund = (form: [string, string][], cookie = owner) =>
      runWith(orderAction, path, params, { form: [['intent', 'refund'], ['idempotency_key', page.keys.refund], ...form], cookie });

    const empty = await refund([
      ['lines[0].item_id', line.item_id],
      ['lines[0].quantity', '0'],
    ]);
    expect(empty.status).toBe(400);
    expect((await empty.json()).result.error).toEqual({ amount: ['Choose units to refund or enter an amount'] });
    const badAmount = await refund([['amount', '12.345']]);
    expect((await badAmount.json()).result.error).toEqual({ amount: ['Enter an amount in euros, like 12.50'] });

    const form: [string, string][] = [
      ['lines[0].item_id', line.item_id],
      ['lines[0].quantity', '1'],
      ['amount', '2,50'],
      ['restock', 'on'],
      ['reason', 'Too big'],
    ];
    const done = await refund(form);
    expect(done.status).toBe(303);
    const after = await (await runWith(orderLoader, path, params, { cookie: done.headers.get('Set-Cookie')!.split(';')[0] })).json();
    const amount = line.unit_refund + 250;
    expect(after.notice).toBe(
      `€${(amount / 100).toFixed(2)} was refunded on order ${page.order.order_number} and the units are back on sale. The buyer was emailed.`,
    );
    expect(after.order.payment.refunded).toBe(amount);
    expect(after.order.refunds).toEqual([expect.objectContaining({ amount, reason: 'Too big', restock: true, status: 'succeeded' })]);
    expect(after.keys.refund).not.toBe(page.keys.refund);

    // The same form posted again (a double click, a resent form) refunds nothing more.
    const twice = await refund(form);
    const replay = await (await runWith(orderLoader, path, params, { cookie: twice.headers.get('Set-Cookie')!.split(';')[0] })).json();
    expect(replay.notice).toMatch(/^That refund was already made/);
    expect(replay.order.payment.refunded).toBe(amount);

    const staff = (await signIn(await member('staff'))).cookie;
    expect((await (await runWith(orderLoader, path, params, { cookie: staff })).json()).owner).toBe(false);
    const refused = await runWith(orderAction, path, params, {
      form: [
        ['intent', 'refund'],
        ['idempotency_key', crypto.randomUUID()],
        ['amount', '1'],
      ],
      cookie: staff,
    });
    expect(refused.status).toBe(403);
    expect((await refused.json()).result.error).toEqual({ '': ['Only an owner may do this'] });
  });

  it('cancel needs the tick, then cancels and refunds everything; the buyer is told', async () => {
    const stocked = await variants(api);
    const someone = shopper(api);
    await someone.register();
    const purchaseId = await buyThroughCheckout(api, someone, [{ id: stocked[1].id }]);
    const path = `/admin/orders/${purchaseId}`;
    const params = { order: purchaseId };
    const owner = (await signIn(await member('owner'))).cookie;
    const page = await (await runWith(orderLoader, path, params, { cookie: owner })).json();
    const cancel = (form: [string, string][]) =>
      runWith(orderAction, path, params, { form: [['intent', 'cancel'], ['idempotency_key', page.keys.cancel], ...form], cookie: owner });
    const unticked = await cancel([]);
    expect(unticked.status).toBe(400);
    expect((await unticked.json()).result.error).toEqual({ confirm: ['Tick the box to confirm'] });
    const done = await cancel([
      ['confirm', 'on'],
      ['reason', 'Asked by email'],
    ]);
    expect(done.status).toBe(303);
    const after = await (await runWith(orderLoader, path, params, { cookie: done.headers.get('Set-Cookie')!.split(';')[0] })).json();
    expect(after.order.status).toBe('Cancelled');
    expect(after.notice).toBe(
      `Order ${page.order.order_number} is cancelled: €${(page.order.total / 100).toFixed(2)} was refunded, the units are back on sale and the buyer was emailed.`,
    );
    expect(after.order.payment.refundable).toBe(0);
    expect((await readOutbox(api.database.db, someone.email!))[0].subject).toBe(
      `Your FILO order ${page.order.order_number} has been cancelled`,
    );
  });
});

describe('back-office order list', () => {
  it('filters by day, names a wrong day instead of ignoring it, and exports the filtered list as CSV', async () => {
    const stocked = await variants(api);
    const someone = shopper(api);
    await someone.register();
    const purchaseId = await buyThroughCheckout(api, someone, [{ id: stocked[0].id }]);
    const { cookie } = await signIn(await member('staff'));
    const placed = (
      await api.database.db.selectFrom('purchases').select('created_at').where('id', '=', purchaseId).executeTakeFirstOrThrow()
    ).created_at;
    // Days are Italy's; the order number keeps its UTC day.
    const day = shopDay(placed);
    const q = encodeURIComponent(someone.email!);

    const list = await (await run(ordersLoader, `/admin/orders?q=${q}&from=${day}&to=${day}`, { cookie })).json();
    expect(list.orders.map((o: { purchase_id: string }) => o.purchase_id)).toEqual([purchaseId]);
    expect(list.filters).toBe(`q=${q}&from=${day}&to=${day}`);
    const before = await (await run(ordersLoader, `/admin/orders?q=${q}&to=2020-01-01`, { cookie })).json();
    expect(before.orders).toEqual([]);
    const wrong = await (await run(ordersLoader, `/admin/orders?q=${q}&from=2026-02-30`, { cookie })).json();
    expect(wrong.dayErrors).toEqual({ from: 'No such date', to: null });
    expect(wrong.orders).toHaveLength(1);

    const csv = await run(ordersCsvLoader, `/admin/orders.csv?q=${q}&from=${day}`, { cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('Content-Disposition')).toMatch(/^attachment; filename="orders-filtered-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.headers.get('Cache-Control')).toBe('private, no-store');
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Order Number,Date (Italian time),Email,Status,Total,Refunded,Discount Code,Discount,Carrier,Tracking Number,Paid by gift card or store credit',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      new RegExp(
        `^ORD-${placed.toISOString().slice(0, 10)}-${purchaseId.slice(0, 8).toUpperCase()},${shopClock(placed)},${someone.email!.replace(/[.+]/g, '\\$&')},Processing,€`,
      ),
    );
    expect((await run(ordersCsvLoader, '/admin/orders.csv?to=2026-13-01', { cookie })).status).toBe(400);
    // Only for the signed-in staff.
    expect((await run(ordersCsvLoader, '/admin/orders.csv')).status).toBe(302);
  });
});
