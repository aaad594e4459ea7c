import { describe, expect, it } from 'vitest';

import { RETENTION_DAYS } from '@contract/retention';

import { openDataArchive } from '../../../../tests/support/data-archive';
import { buyThroughCheckout, type Json, shopper, variants } from '../../../../tests/support/shopper';
import { cliHeaders, staffMember } from '../../../../tests/support/staff';
import { useTestApi } from '../../../../tests/support/use-test-api';
import { erasedEmail } from '../../services/account-deletion';
import { purgeExpiredData } from '../../services/retention';

const api = useTestApi();
const DAY = 24 * 60 * 60 * 1000;

async function call(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: unknown) {
  const res = await api.app.request(path, {
    method,
    headers: { ...headers, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  // The data export is a .zip: its bytes, and no JSON body.
  if (res.headers.get('content-type') === 'application/zip') return { status: res.status, headers: res.headers, body: {} as Json, bytes };
  return { status: res.status, headers: res.headers, body: JSON.parse(new TextDecoder().decode(bytes)) as Json, bytes: undefined };
}
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const privacyLog = async (query = '') => (await call('GET', `/api/admin/privacy-log${query}`, cliHeaders)).body;
const auditOf = async (id: string) => (await call('GET', `/api/admin/audit?subject_type=customer&subject_id=${id}`, cliHeaders)).body;

describe("the owner's side of a customer's data", () => {
  it('an owner downloads the same file the shopper would, audited and logged; staff are refused', async () => {
    const s = shopper(api);
    const me = await s.register();
    const [variant] = await variants(api);
    await buyThroughCheckout(api, s, [{ id: variant.id }]);
    const owner = await staffMember(api, 'owner');
    const staff = await staffMember(api, 'staff');

    const own = await s.get('/api/user/data-export');
    expect(own.status).toBe(200);
    const byOwner = await call('GET', `/api/admin/customers/${me.user.id}/data-export`, bearer(owner.token));
    expect(byOwner.status).toBe(200);
    expect(byOwner.headers.get('content-disposition')).toMatch(/^attachment; filename="filo-customer-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(byOwner.headers.get('cache-control')).toBe('private, no-store');
    const [ownFile, ownerFile] = [openDataArchive(own.bytes), openDataArchive(byOwner.bytes!)];
    expect({ ...ownerFile.data, generated_at: null }).toEqual({ ...ownFile.data, generated_at: null });
    expect(ownerFile.data.account.email).toBe(me.user.email);
    expect(ownerFile.readme.replace(ownerFile.data.generated_at, '')).toBe(ownFile.readme.replace(ownFile.data.generated_at, ''));

    const refused = await call('GET', `/api/admin/customers/${me.user.id}/data-export`, bearer(staff.token));
    expect(refused).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect((await call('GET', '/api/admin/customers/00000000-0000-0000-0000-000000000000/data-export', cliHeaders)).status).toBe(404);

    expect(await auditOf(me.user.id)).toEqual([
      expect.objectContaining({ actor: owner.email, action: 'customer.export', subject_id: me.user.id }),
    ]);
    const log = await privacyLog();
    expect(log.entries.slice(0, 2)).toEqual([
      expect.objectContaining({ kind: 'export', actor: owner.email, customer_id: me.user.id, customer: me.user.email, details: null }),
      expect.objectContaining({ kind: 'export', actor: 'shopper', customer_id: me.user.id, customer: me.user.email }),
    ]);
  });

  it('an owner erases a customer at their request: the email typed again, waiting while an order is on its way', async () => {
    const s = shopper(api);
    const me = await s.register();
    const [variant] = await variants(api);
    const purchaseId = await buyThroughCheckout(api, s, [{ id: variant.id }]);
    const owner = await staffMember(api, 'owner');
    const staff = await staffMember(api, 'staff');
    const erase = (headers: Record<string, string>, confirm_email: unknown) =>
      call('POST', `/api/admin/customers/${me.user.id}/erase`, headers, { confirm_email });
    const db = api.database.db;
    const row = () =>
      db.selectFrom('users').select(['email', 'erased_at', 'first_name']).where('id', '=', me.user.id).executeTakeFirstOrThrow();

    expect(await erase(bearer(staff.token), me.user.email)).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect(await erase(bearer(owner.token), 'someone@else.example')).toMatchObject({ status: 400, body: { code: 'bad_request' } });
    expect((await erase(bearer(owner.token), '')).status).toBe(422);
    const waiting = await erase(bearer(owner.token), me.user.email);
    expect(waiting.status).toBe(409);
    expect(waiting.body).toEqual({
      code: 'deletion_waits',
      detail: expect.stringMatching(/^Order \S+ is still on its way: the customer can be erased once it has been delivered\.$/),
    });
    expect(await row()).toMatchObject({ email: me.user.email, erased_at: null });
    expect((await s.get('/api/auth/me')).status).toBe(200);
    expect(await auditOf(me.user.id)).toEqual([]);

    await db.updateTable('purchases').set({ status: 'Delivered', delivered_at: new Date() }).where('id', '=', purchaseId).execute();
    const done = await erase(bearer(owner.token), ` ${me.user.email.toUpperCase()} `);
    expect(done).toMatchObject({ status: 200, body: { message: 'The customer has been erased' } });
    expect(await row()).toMatchObject({ email: erasedEmail(me.user.id), first_name: null });
    expect((await s.get('/api/auth/me')).status).toBe(401);
    expect((await db.selectFrom('purchases').select('email').where('id', '=', purchaseId).executeTakeFirstOrThrow()).email).toBe(
      erasedEmail(me.user.id),
    );

    // Audited by id alone: the log keeps no trace of the address that was erased.
    const audit = await auditOf(me.user.id);
    expect(audit).toEqual([
      expect.objectContaining({ actor: owner.email, action: 'customer.erase', before: null, after: { erased: true } }),
    ]);
    expect(JSON.stringify(audit)).not.toContain(me.user.email);
    const [newest] = (await privacyLog()).entries;
    expect(newest).toMatchObject({ kind: 'erasure', actor: owner.email, customer_id: me.user.id, customer: 'Customer erased' });

    expect(await erase(bearer(owner.token), erasedEmail(me.user.id))).toMatchObject({
      status: 404,
      body: { code: 'not_found', detail: 'This customer has already been erased' },
    });
  });

  it("a shopper's own deletion is logged as theirs", async () => {
    const s = shopper(api);
    const me = await s.signInAsGuest();
    expect((await s.post('/api/user/delete-account', { confirm_email: me.user.email })).status).toBe(200);
    expect((await privacyLog()).entries[0]).toMatchObject({
      kind: 'erasure',
      actor: 'shopper',
      customer_id: me.user.id,
      customer: 'Customer erased',
    });
  });
});

describe('the privacy log', () => {
  it('is the owner’s, newest first, a page at a time', async () => {
    const s = shopper(api);
    await s.register();
    for (let i = 0; i < 3; i++) expect((await s.get('/api/user/data-export')).status).toBe(200);
    const first = await privacyLog('?limit=2');
    expect(first.entries).toHaveLength(2);
    expect(first.has_more).toBe(true);
    const all = await privacyLog('?limit=200');
    expect(all.has_more).toBe(false);
    const next = await privacyLog('?limit=2&offset=2');
    expect(next.entries[0]).toEqual(all.entries[2]);
    const times = all.entries.map((e: { at: string }) => e.at);
    expect([...times].sort().reverse()).toEqual(times);

    const staff = await staffMember(api, 'staff');
    expect((await call('GET', '/api/admin/privacy-log', bearer(staff.token))).status).toBe(403);
    expect((await call('GET', '/api/admin/privacy-log?limit=0', cliHeaders)).status).toBe(422);
  });
});

describe('retention periods', () => {
  it('start at the defaults; an owner changes them within bounds, audited; the purge and the public answer follow', async () => {
    const defaults = await call('GET', '/api/admin/retention', cliHeaders);
    expect(defaults).toMatchObject({ status: 200, body: RETENTION_DAYS });
    expect((await call('GET', '/api/privacy/retention', {})).body).toEqual(RETENTION_DAYS);

    const owner = await staffMember(api, 'owner');
    const staff = await staffMember(api, 'staff');
    const { orders: _fixed, ...changeable } = RETENTION_DAYS;
    const wanted = { ...changeable, contactMessages: 60, outbox: 14 };
    expect((await call('POST', '/api/admin/retention', bearer(staff.token), wanted)).status).toBe(403);
    for (const wrong of [
      { ...wanted, orders: 30 },
      { ...wanted, unpaidCheckouts: 29 },
      { ...wanted, contactMessages: 1826 },
      { ...wanted, outbox: 2.5 },
      { ...wanted, outbox: '14' },
      { contactMessages: 60 },
    ]) {
      expect((await call('POST', '/api/admin/retention', cliHeaders, wrong)).status, JSON.stringify(wrong)).toBe(422);
    }
    expect((await call('GET', '/api/admin/retention', cliHeaders)).body).toEqual(RETENTION_DAYS);

    const saved = await call('POST', '/api/admin/retention', bearer(owner.token), wanted);
    expect(saved).toEqual({ status: 200, headers: expect.anything(), body: { ...RETENTION_DAYS, contactMessages: 60, outbox: 14 } });
    expect((await call('GET', '/api/privacy/retention', {})).body).toEqual(saved.body);
    const audit = (await call('GET', '/api/admin/audit?subject_type=setting&subject_id=retention_days', cliHeaders)).body;
    expect(audit).toEqual([
      expect.objectContaining({
        actor: owner.email,
        action: 'settings.change',
        before: { contactMessages: 730, outbox: 90 },
        after: { contactMessages: 60, outbox: 14 },
      }),
    ]);

    // The purge uses the periods in force: a message 61 days old goes now, where 730 days applied before.
    const db = api.database.db;
    const start = api.clock.now();
    await db
      .insertInto('contact_messages')
      .values({
        name: 'Ada',
        email: 'ada@example.com',
        reason: 'general',
        subject: 'Hi',
        message: 'Hello',
        client_ip: null,
        created_at: start,
      })
      .execute();
    const before = (await privacyLog('?limit=200')).entries.length;
    const soon = await purgeExpiredData(db, new Date(start.getTime() + 59 * DAY));
    expect(soon.contactMessages).toBe(0);
    const later = await purgeExpiredData(db, new Date(start.getTime() + 61 * DAY));
    expect(later.contactMessages).toBe(1);
    const log = (await privacyLog('?limit=200')).entries;
    // One line for the run that removed something, none for a run that removed nothing.
    const purges = log.slice(0, log.length - before).filter((e: { kind: string }) => e.kind === 'purge');
    expect(purges.length).toBeGreaterThanOrEqual(1);
    expect(purges[0]).toMatchObject({ actor: 'schedule', customer_id: null, details: expect.objectContaining({ contactMessages: 1 }) });
    expect(Object.values(purges[0].details).every((n) => typeof n === 'number' && n > 0)).toBe(true);
    const quiet = await purgeExpiredData(db, new Date(start.getTime() + 61 * DAY));
    expect(Object.values(quiet).every((n) => n === 0)).toBe(true);
    expect((await privacyLog('?limit=200')).entries.length).toBe(log.length);
  });
});
