import { describe, expect, it } from 'vitest';

import { shopper } from '../../../tests/support/shopper';
import { mailedStaffCode, staffAddress, staffMember } from '../../../tests/support/staff';
import { TEST_ADMIN_TOKEN } from '../../../tests/support/test-api';
import { useTestApi } from '../../../tests/support/use-test-api';
import { STAFF_SESSION_TTL_MS } from '../auth/rules';
import { readOutbox } from '../services/mail';

const api = useTestApi();

const PASSWORD = 'Back-Office-2026';
const cli = { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return api.app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

const mailedCode = (email: string) => mailedStaffCode(api, email);
const address = staffAddress;
const member = (role: 'owner' | 'staff', email?: string) => staffMember(api, role, email);

describe('the back office language', () => {
  const put = (token: string, body: unknown, headers: Record<string, string> = {}) =>
    api.app.request('/api/admin/me/locale', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', ...bearer(token), ...headers },
      body: JSON.stringify(body),
    });

  it("is each member's own choice, kept with them: the next sign-in and who-am-I say it, and nobody else changes", async () => {
    const first = await member('staff');
    const other = await member('owner');
    expect(await (await put(first.token, { locale: 'it' })).json()).toEqual({ locale: 'it' });
    const me = await api.app.request('/api/admin/me', { headers: bearer(first.token) });
    expect(await me.json()).toMatchObject({ actor: first.email, locale: 'it' });
    const again = await post('/api/staff/login', { email: first.email, password: PASSWORD });
    expect((await again.json()).staff).toMatchObject({ email: first.email, locale: 'it' });
    expect(await (await api.app.request('/api/admin/me', { headers: bearer(other.token) })).json()).toMatchObject({ locale: 'en' });
    // And back.
    expect(await (await put(first.token, { locale: 'en' })).json()).toEqual({ locale: 'en' });
  });

  it('refuses a language the shop does not speak, a missing body, a stranger and the command line, changing nothing', async () => {
    const { email, token } = await member('staff');
    const unknown = await put(token, { locale: 'fr' });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({
      code: expect.any(String),
      detail: [{ loc: ['body', 'locale'], msg: 'Language must be en or it' }],
    });
    expect((await put(token, {})).status).toBe(422);
    expect((await put('not-a-token', { locale: 'it' })).status).toBe(401);
    const cliAnswer = await put(TEST_ADMIN_TOKEN, { locale: 'it' });
    expect(cliAnswer.status).toBe(409);
    expect(await cliAnswer.json()).toEqual({ code: 'conflict', detail: expect.stringContaining('command line') });
    expect(await (await api.app.request('/api/admin/me', { headers: bearer(token) })).json()).toMatchObject({ actor: email, locale: 'en' });
  });
});

describe('back-office staff', () => {
  it('are added by the owner with the CLI token, choose a password with the mailed code, and sign in', async () => {
    const email = address('first-owner');
    const added = await post('/api/admin/staff', { email: email.toUpperCase(), role: 'owner' }, cli);
    expect(added.status).toBe(201);
    expect(await added.json()).toEqual({
      id: expect.any(String),
      email,
      role: 'owner',
      has_password: false,
      locale: 'en',
      created_at: expect.any(String),
    });
    const [mail] = await readOutbox(api.database.db, email);
    expect(mail.subject).toMatch(/^Your FILO back office code: \d{6}$/);
    expect(mail.text).toContain('/admin/login?email=');

    // No password yet: signing in is refused like any wrong password.
    expect((await post('/api/staff/login', { email, password: PASSWORD })).status).toBe(401);
    const weak = await post('/api/staff/set-password', { email, code: await mailedCode(email), password: 'short' });
    expect(weak.status).toBe(422);
    const wrong = await post('/api/staff/set-password', {
      email,
      code: (await mailedCode(email)) === '000000' ? '000001' : '000000',
      password: PASSWORD,
    });
    expect(await wrong.json()).toEqual({ detail: 'Invalid verification code', code: 'code_invalid' });
    expect((await post('/api/staff/set-password', { email, code: await mailedCode(email), password: PASSWORD })).status).toBe(204);
    // The code is used once.
    expect((await post('/api/staff/set-password', { email, code: await mailedCode(email), password: 'Another-Pass-1' })).status).toBe(400);

    const login = await post('/api/staff/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    const session = await login.json();
    expect(session.staff).toMatchObject({ email, role: 'owner', has_password: true });
    expect(new Date(session.expires_at).getTime()).toBe(api.clock.now().getTime() + STAFF_SESSION_TTL_MS);
    const me = await api.app.request('/api/admin/me', { headers: bearer(session.token) });
    expect(await me.json()).toEqual({ actor: email, role: 'owner', locale: 'en' });
  });

  it('cannot be added twice, even by two adds at once', async () => {
    const email = address('twice');
    const answers = await Promise.all(Array.from({ length: 6 }, () => post('/api/admin/staff', { email, role: 'staff' }, cli)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(await refused.json()).toEqual({ detail: `${email} is already on the staff`, code: 'already_exists' });
    const list = await (await api.app.request('/api/admin/staff', { headers: cli })).json();
    expect(list.filter((m: { email: string }) => m.email === email)).toHaveLength(1);
  });

  it('validate what they are sent', async () => {
    expect(await (await post('/api/admin/staff', { email: 'not-an-email', role: 'owner' }, cli)).json()).toMatchObject({
      code: 'invalid_request',
    });
    expect(await (await post('/api/admin/staff', { email: address('role'), role: 'king' }, cli)).json()).toMatchObject({
      code: 'invalid_request',
    });
    expect((await post('/api/staff/login', { email: address('nobody'), password: '' })).status).toBe(422);
    // An address not on the staff is answered as a wrong code, so the form does not tell who works here.
    expect(await (await post('/api/staff/set-password', { email: address('nobody'), code: '123456', password: PASSWORD })).json()).toEqual({
      detail: 'Invalid verification code',
      code: 'code_invalid',
    });
  });

  it('have roles the API enforces: staff handle stock and orders, only an owner manages staff and reads the outbox', async () => {
    const owner = await member('owner');
    const staff = await member('staff');
    expect(await (await api.app.request('/api/admin/me', { headers: bearer(staff.token) })).json()).toEqual({
      actor: staff.email,
      role: 'staff',
      locale: 'en',
    });
    expect((await api.app.request('/api/admin/stock', { headers: bearer(staff.token) })).status).toBe(200);
    expect((await api.app.request('/api/admin/orders', { headers: bearer(staff.token) })).status).toBe(200);
    const forbidden = await post('/api/admin/staff', { email: address('by-staff'), role: 'owner' }, bearer(staff.token));
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ detail: 'Only an owner may do this', code: 'forbidden' });
    expect((await api.app.request('/api/admin/staff', { headers: bearer(staff.token) })).status).toBe(403);
    expect((await api.app.request('/api/admin/mail', { headers: bearer(staff.token) })).status).toBe(403);
    expect((await post('/api/admin/staff', { email: address('by-owner'), role: 'staff' }, bearer(owner.token))).status).toBe(201);
  });

  it('sessions are not shopper tokens, and shopper tokens open nothing here, even for the same person', async () => {
    const staff = await member('staff');
    const buyer = shopper(api);
    await buyer.register(staff.email, 'Shopping-Pass-1');
    expect((await api.app.request('/api/admin/stock', { headers: bearer(buyer.accessToken!) })).status).toBe(401);
    expect((await api.app.request('/api/user/profile', { headers: bearer(staff.token) })).status).toBe(401);
    // Two separate sign-ins: the shopping password does not open the back office.
    expect((await post('/api/staff/login', { email: staff.email, password: 'Shopping-Pass-1' })).status).toBe(401);
    expect((await api.app.request('/api/admin/stock', { headers: bearer('not-a-session') })).status).toBe(401);
  });

  it('end at sign-out, after the session lifetime, and when the password is set again', async () => {
    const first = await member('staff');
    const out = await post('/api/staff/logout', {}, bearer(first.token));
    expect(out.status).toBe(204);
    expect((await api.app.request('/api/admin/me', { headers: bearer(first.token) })).status).toBe(401);

    const second = await member('staff');
    api.clock.advance(STAFF_SESSION_TTL_MS + 1000);
    expect((await api.app.request('/api/admin/me', { headers: bearer(second.token) })).status).toBe(401);

    const third = await member('staff');
    api.clock.advance(61_000);
    expect((await post('/api/admin/staff/resend-code', { email: third.email }, cli)).status).toBe(204);
    expect(
      (await post('/api/staff/set-password', { email: third.email, code: await mailedCode(third.email), password: 'Brand-New-Pass-9' }))
        .status,
    ).toBe(204);
    expect((await api.app.request('/api/admin/me', { headers: bearer(third.token) })).status).toBe(401);
    expect((await post('/api/staff/login', { email: third.email, password: 'Brand-New-Pass-9' })).status).toBe(200);
  });

  it('five wrong passwords at once lock the account, and the right one is then refused', async () => {
    const staff = await member('staff');
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post('/api/staff/login', { email: staff.email, password: `Wrong-Guess-${i}` })),
    );
    const statuses = guesses.map((g) => g.status);
    expect(statuses.every((s) => s === 401 || s === 423)).toBe(true);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    const right = await post('/api/staff/login', { email: staff.email, password: PASSWORD });
    expect(right.status).toBe(423);
    expect((await right.json()).detail).toMatch(/^Account locked due to multiple failed attempts\. Try again in \d+ minutes\.$/);
  });

  it('every change they make is in the audit log, with who, what, before and after', async () => {
    const staff = await member('staff');
    const sku = api.stocked[0].sku;
    const restocked = await post('/api/admin/restock', { sku, quantity: 3 }, bearer(staff.token));
    expect(restocked.status).toBe(200);
    const { previous_quantity, stock_quantity } = await restocked.json();
    expect((await post('/api/admin/restock', { sku, quantity: 2 }, cli)).status).toBe(200);

    const log = await (
      await api.app.request(`/api/admin/audit?subject_type=variant&subject_id=${sku}`, { headers: bearer(staff.token) })
    ).json();
    expect(log.slice(0, 2)).toEqual([
      expect.objectContaining({ actor: 'cli', action: 'stock.restock', subject_id: sku, after: { stock_quantity: stock_quantity + 2 } }),
      {
        at: api.clock.now().toISOString(),
        actor: staff.email,
        action: 'stock.restock',
        subject_type: 'variant',
        subject_id: sku,
        before: { stock_quantity: previous_quantity },
        after: { stock_quantity },
      },
    ]);
    const all = await (await api.app.request('/api/admin/audit?limit=500', { headers: cli })).json();
    expect(
      all.some((entry: { action: string; subject_id: string }) => entry.action === 'staff.add' && entry.subject_id === staff.email),
    ).toBe(true);
    expect((await api.app.request('/api/admin/audit?limit=0', { headers: cli })).status).toBe(422);
  });
});
