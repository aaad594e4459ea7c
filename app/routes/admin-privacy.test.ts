import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RETENTION_DAYS } from '@contract/retention';

import { erasedEmail } from '../../api/src/services/account-deletion';
import { readOutbox } from '../../api/src/services/mail';
import { runAdminRoute } from '../../tests/support/admin-route';
import { openDataArchiveOf } from '../../tests/support/data-archive';
import { buyThroughCheckout, shopper, variants } from '../../tests/support/shopper';
import { startTestApi, TEST_ADMIN_TOKEN } from '../../tests/support/test-api';
import { action as customerAction, loader as customerLoader } from './admin.customers.$id';
import { loader as exportLoader } from './admin.customers.$id_.data';
import { action as loginAction } from './admin.login';
import { action as privacyAction, loader as privacyLoader } from './admin.privacy';

/** The owner's side of privacy in the back office, its loaders and actions as functions against the real API. */
type Api = Awaited<ReturnType<typeof startTestApi>>;
let api: Api;
beforeAll(async () => {
  api = await startTestApi();
  process.env.API_URL = api.url;
});
afterAll(() => api.cleanup());

const PASSWORD = 'Back-Office-2026';
let counter = 0;

async function signedIn(role: 'owner' | 'staff'): Promise<{ email: string; cookie: string }> {
  const email = `${role}-privacy-${++counter}-${Date.now()}@brand.example`;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    api.app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  expect((await post('/api/admin/staff', { email, role }, { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` })).status).toBe(201);
  const code = /\d{6}/.exec((await readOutbox(api.database.db, email))[0].subject)![0];
  expect((await post('/api/staff/set-password', { email, code, password: PASSWORD })).status).toBe(204);
  const response = await run(
    loginAction,
    '/admin/login',
    {},
    {
      form: [
        ['intent', 'login'],
        ['email', email],
        ['password', PASSWORD],
      ],
    },
  );
  return { email, cookie: cookieOf(response) };
}

const cookieOf = (response: Response) => (response.headers.get('Set-Cookie') ?? '').split(';')[0];

const run = runAdminRoute;

describe("a customer's page, for an owner answering a data request", () => {
  it('exports the data as a .zip, and erases the customer once the typed email matches and nothing is open', async () => {
    // A customer who shops in Italian: the README of their file is Italian, though the back office is English.
    const s = shopper(api, { locale: 'it' });
    const me = await s.register();
    const [variant] = await variants(api);
    const purchaseId = await buyThroughCheckout(api, s, [{ id: variant.id }]);
    const owner = await signedIn('owner');
    const params = { id: me.user.id };
    const page = `/admin/customers/${me.user.id}`;

    expect((await (await run(customerLoader, page, params, { cookie: owner.cookie })).json()).owner).toBe(true);

    const file = await run(exportLoader, `${page}/data`, params, { cookie: owner.cookie });
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Type')).toBe('application/zip');
    expect(file.headers.get('Content-Disposition')).toMatch(/^attachment; filename="filo-customer-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(file.headers.get('Cache-Control')).toBe('private, no-store');
    const { names, data, readme } = await openDataArchiveOf(file);
    expect(names).toEqual(['README.txt', 'data.json']);
    expect(readme).toMatch(/^I tuoi dati da FILO\n/);
    expect(data.account).toMatchObject({ id: me.user.id, email: me.user.email });
    expect(data.orders.map((o: { purchase_id: string }) => o.purchase_id)).toEqual([purchaseId]);

    const erase = (confirm: string) =>
      run(customerAction, page, params, {
        form: [
          ['intent', 'erase'],
          ['confirm_email', confirm],
        ],
        cookie: owner.cookie,
      });
    const empty = await erase('');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ result: null, eraseError: "Type the customer's email address to confirm" });
    const mistyped = await erase('nobody@example.com');
    expect(mistyped.status).toBe(400);
    expect((await mistyped.json()).eraseError).toBe("Type the customer's email address exactly as it is on their account to confirm");
    const waits = await erase(me.user.email);
    expect(waits.status).toBe(400);
    expect((await waits.json()).eraseError).toMatch(/is still on its way: the customer can be erased once it has been delivered\.$/);

    await api.database.db
      .updateTable('purchases')
      .set({ status: 'Delivered', delivered_at: new Date() })
      .where('id', '=', purchaseId)
      .execute();
    const done = await erase(me.user.email);
    expect(done.status).toBe(303);
    expect(done.headers.get('Location')).toBe(page);
    const after = await (await run(customerLoader, page, params, { cookie: cookieOf(done) })).json();
    expect(after.notice).toBe('The customer has been erased.');
    expect(after.customer.email).toBe(erasedEmail(me.user.id));
  });

  it('is not offered to staff, and the API refuses them the file and the erasure', async () => {
    const s = shopper(api);
    const me = await s.register();
    const staff = await signedIn('staff');
    const params = { id: me.user.id };
    const page = `/admin/customers/${me.user.id}`;
    expect((await (await run(customerLoader, page, params, { cookie: staff.cookie })).json()).owner).toBe(false);
    const file = await run(exportLoader, `${page}/data`, params, { cookie: staff.cookie });
    expect(file.status).toBe(403);
    expect(await file.text()).toBe('Only an owner may do this');
    const erase = await run(customerAction, page, params, {
      form: [
        ['intent', 'erase'],
        ['confirm_email', me.user.email],
      ],
      cookie: staff.cookie,
    });
    expect(erase.status).toBe(403);
    expect((await erase.json()).eraseError).toBe('Only an owner may do this');
    expect((await s.get('/api/auth/me')).status).toBe(200);
  });
});

describe('/admin/privacy', () => {
  it('lists the privacy log a page at a time and saves the retention periods within their bounds', async () => {
    const s = shopper(api);
    await s.register();
    for (let i = 0; i < 3; i++) expect((await s.get('/api/user/data-export')).status).toBe(200);
    const owner = await signedIn('owner');
    const first = await (await run(privacyLoader, '/admin/privacy', {}, { cookie: owner.cookie })).json();
    expect(first.periods).toEqual(RETENTION_DAYS);
    expect(first.log.entries[0]).toMatchObject({ kind: 'export', actor: 'shopper' });
    expect(first.log.entries.length).toBeGreaterThanOrEqual(3);

    const { orders: _fixed, ...changeable } = RETENTION_DAYS;
    const form = (values: Record<string, number | string>) => Object.entries(values).map(([k, v]) => [k, String(v)] as [string, string]);
    const low = await run(privacyAction, '/admin/privacy', {}, { form: form({ ...changeable, unpaidCheckouts: 7 }), cookie: owner.cookie });
    expect(low.status).toBe(400);
    expect((await low.json()).result.error).toEqual({ unpaidCheckouts: ['Enter at least 30 days'] });
    const saved = await run(
      privacyAction,
      '/admin/privacy',
      {},
      { form: form({ ...changeable, outbox: 30, orders: 1 }), cookie: owner.cookie },
    );
    expect(saved.status).toBe(303);
    const after = await (await run(privacyLoader, '/admin/privacy', {}, { cookie: cookieOf(saved) })).json();
    expect(after.notice).toBe('The retention periods are saved. The privacy policy states them, and the next purge uses them.');
    // The orders' period is the law's: a posted value is ignored.
    expect(after.periods).toEqual({ ...RETENTION_DAYS, outbox: 30 });

    const staff = await signedIn('staff');
    expect((await run(privacyLoader, '/admin/privacy', {}, { cookie: staff.cookie })).status).toBe(403);
    const refused = await run(privacyAction, '/admin/privacy', {}, { form: form(changeable), cookie: staff.cookie });
    expect(refused.status).toBe(403);
    expect((await refused.json()).result.error).toEqual({ '': ['Only an owner may do this'] });
  });
});
