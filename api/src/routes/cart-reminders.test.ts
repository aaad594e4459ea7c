import { describe, expect, it } from 'vitest';

import { REMINDER_DEFAULTS } from '@contract/api/insights';

import { buyThroughCheckout, type Json, type Shopper, shopper, uniqueEmail } from '../../../tests/support/shopper';
import { TEST_ADMIN_TOKEN } from '../../../tests/support/test-api';
import { useTestApi } from '../../../tests/support/use-test-api';
import { runDueJobs } from '../services/jobs';
import { readOutbox } from '../services/mail';
import { reminderJobHandlers } from '../services/reminders/cart-reminders';

const api = useTestApi();
const HOUR = 60 * 60 * 1000;
const runJobs = () => runDueJobs(api.deps, reminderJobHandlers(api.deps));
const admin = (method: string, path: string, body?: unknown) =>
  api.app.request(path, {
    method,
    headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const reminders = async (to: string) => (await readOutbox(api.database.db, to)).filter((m) => m.headers?.['List-Unsubscribe']);
const tokenIn = (text: string, path: string) =>
  new URL(new RegExp(`https?://\\S+${path}\\?token=\\S+`).exec(text)![0]).searchParams.get('token')!;

async function turnRemindersOn() {
  const res = await admin('POST', '/api/admin/reminders/settings', { ...REMINDER_DEFAULTS, enabled: true });
  expect(res.status).toBe(200);
}

/** A registered shopper who asked for marketing email and followed the confirmation link. */
async function consentingShopper(locale?: 'en' | 'it'): Promise<Shopper> {
  const s = shopper(api, locale ? { locale } : {});
  await s.register(uniqueEmail('reminded'));
  expect((await s.post('/api/user/consents/marketing')).status).toBe(200);
  const [mail] = await readOutbox(api.database.db, s.email!);
  const confirmed = await shopper(api).post('/api/marketing/confirm', { token: tokenIn(mail!.text, '/marketing/confirm') });
  expect(confirmed.status).toBe(200);
  return s;
}

describe('marketing consent', () => {
  it('is off by default, pending until its email link is followed, recorded with time and version, and withdrawn from the profile', async () => {
    const s = shopper(api);
    await s.register();
    const marketing = async () => ((await s.get('/api/user/consents')).body as Json[]).filter((c) => c.kind === 'marketing');
    expect(await marketing()).toEqual([]);
    await s.post('/api/user/consents/marketing');
    const [pending] = await marketing();
    expect(pending).toMatchObject({ given_at: api.clock.now().toISOString(), confirmed_at: null, withdrawn_at: null });
    const [mail] = await readOutbox(api.database.db, s.email!);
    expect(mail!.subject).toBe('Confirm that you want emails from FILO');
    const token = tokenIn(mail!.text, '/marketing/confirm');
    // A forged token, then the real one twice (the second answers as the first).
    expect((await shopper(api).post('/api/marketing/confirm', { token: `${token.split('.')[0]}.forged` })).status).toBe(404);
    expect((await shopper(api).post('/api/marketing/confirm', { token })).status).toBe(200);
    expect((await shopper(api).post('/api/marketing/confirm', { token })).status).toBe(200);
    expect((await marketing())[0]).toMatchObject({ confirmed_at: api.clock.now().toISOString(), withdrawn_at: null });
    expect((await s.post('/api/user/consents/withdraw', { kind: 'marketing' })).status).toBe(200);
    expect((await marketing())[0]!.withdrawn_at).not.toBeNull();
    // The old link confirms nothing withdrawn.
    expect((await shopper(api).post('/api/marketing/confirm', { token })).status).toBe(404);
  });

  it('is asked for at sign-up only when its box is ticked: pending, with the confirmation email, in the shopper’s language', async () => {
    const marketing = async (s: Shopper) => ((await s.get('/api/user/consents')).body as Json[]).filter((c) => c.kind === 'marketing');
    const unticked = shopper(api);
    await unticked.register(uniqueEmail('unticked'));
    expect(await marketing(unticked)).toEqual([]);
    expect((await readOutbox(api.database.db, unticked.email!)).map((m) => m.subject)).not.toContain(
      'Confirm that you want emails from FILO',
    );

    const ticked = shopper(api, { locale: 'it' });
    await ticked.register(uniqueEmail('ticked'), 'Sunny-Day-2026', { marketing: true });
    expect(await marketing(ticked)).toEqual([
      expect.objectContaining({ given_at: api.clock.now().toISOString(), confirmed_at: null, withdrawn_at: null }),
    ]);
    const [mail] = await readOutbox(api.database.db, ticked.email!);
    expect(mail!.subject).toBe('Conferma che vuoi ricevere le email di FILO');
    const confirmed = await shopper(api).post('/api/marketing/confirm', { token: tokenIn(mail!.text, '/marketing/confirm') });
    expect(confirmed.status).toBe(200);
    expect((await marketing(ticked))[0]!.confirmed_at).toBe(api.clock.now().toISOString());
    // Anything but a boolean is refused, as every field of the contract.
    const odd = shopper(api);
    const email = uniqueEmail('odd');
    await odd.post('/api/auth/register', { email, guest_checkout: false });
    const refused = await odd.post('/api/auth/complete-registration', {
      email,
      password: 'Sunny-Day-2026',
      first_name: 'Ada',
      last_name: 'Rossi',
      marketing: 'yes',
    });
    expect(refused.status).toBe(422);
  });

  it('confirmation links expire after 7 days, and the email speaks Italian to an Italian shopper', async () => {
    const s = shopper(api, { locale: 'it' });
    await s.register();
    await s.post('/api/user/consents/marketing');
    const [mail] = await readOutbox(api.database.db, s.email!);
    expect(mail!.subject).toBe('Conferma che vuoi ricevere le email di FILO');
    expect(mail!.text).toContain('/it/marketing/confirm?token=');
    api.clock.advance(7 * 24 * HOUR + 60_000);
    const late = await shopper(api).post('/api/marketing/confirm', { token: tokenIn(mail!.text, '/marketing/confirm') });
    expect(late).toMatchObject({ status: 410, body: { code: 'link_expired' } });
  });
});

describe('abandoned-cart reminders, with the clock moved ahead', () => {
  it('sends one reminder after 4 hours and one follow-up at 48, then stops; in the shopper’s language, with RFC 8058 headers', async () => {
    await turnRemindersOn();
    const s = await consentingShopper('it');
    const variant = api.stocked[0]!;
    expect((await s.post('/api/cart/add', { variant_id: variant.id, quantity: 2 })).status).toBe(200);
    api.clock.advance(3 * HOUR);
    await runJobs();
    expect(await reminders(s.email!)).toHaveLength(0);
    api.clock.advance(HOUR + 60_000);
    await runJobs();
    const [first] = await reminders(s.email!);
    expect(first).toBeDefined();
    expect(first!.subject).toBe(REMINDER_DEFAULTS.subject_it);
    expect(first!.text).toContain('/it/cart/restore?token=');
    expect(first!.headers!['List-Unsubscribe']).toMatch(/^<https?:\/\/[^>]+\/api\/marketing\/unsubscribe\?token=[^>]+>$/);
    expect(first!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // Many instances at once: still one email.
    await Promise.all([runJobs(), runJobs(), runJobs()]);
    expect(await reminders(s.email!)).toHaveLength(1);
    api.clock.advance(44 * HOUR);
    await runJobs();
    expect(await reminders(s.email!)).toHaveLength(2);
    api.clock.advance(30 * 24 * HOUR);
    await runJobs();
    expect(await reminders(s.email!)).toHaveLength(2);
  });

  it('sends none after payment, none without consent, none for an emptied cart, none once unsubscribed in one click', async () => {
    await turnRemindersOn();
    const [variant, other] = api.stocked;
    const paid = await consentingShopper();
    await buyThroughCheckout(api, paid, [{ id: variant!.id }]);
    const noConsent = shopper(api);
    await noConsent.register();
    await noConsent.post('/api/cart/add', { variant_id: variant!.id, quantity: 1 });
    const emptied = await consentingShopper();
    const added = await emptied.post('/api/cart/add', { variant_id: other!.id, quantity: 1 });
    expect((await emptied.del(`/api/cart/item/${added.body.items[0].id}`)).status).toBe(200);
    const leaving = await consentingShopper();
    await leaving.post('/api/cart/add', { variant_id: other!.id, quantity: 1 });

    api.clock.advance(5 * HOUR);
    await runJobs();
    for (const s of [paid, noConsent, emptied]) expect(await reminders(s.email!)).toHaveLength(0);
    const [reminder] = await reminders(leaving.email!);
    // A body that is JSON but no object (the fuzzer's `null`) is a clear refusal, not a server error.
    for (const payload of ['null', '[]', '7']) {
      const odd = await api.app.request('/api/marketing/unsubscribe', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: payload,
      });
      expect(odd.status).toBe(422);
      expect(await odd.json()).toMatchObject({ code: expect.any(String), detail: expect.anything() });
    }
    // The one-click unsubscribe: a mail client's POST, no sign-in.
    const oneClick = new URL(reminder!.headers!['List-Unsubscribe']!.slice(1, -1));
    const res = await api.app.request(`${oneClick.pathname}${oneClick.search}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    api.clock.advance(48 * HOUR);
    await runJobs();
    expect(await reminders(leaving.email!)).toHaveLength(1);
    const consent = await api.database.db
      .selectFrom('consents as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select('c.withdrawn_at')
      .where('u.email', '=', leaving.email!)
      .where('c.kind', '=', 'marketing')
      .executeTakeFirstOrThrow();
    expect(consent.withdrawn_at).not.toBeNull();
  });

  it('restores the cart on another device, counts the order that follows as recovered, and refuses the link after 7 days', async () => {
    await turnRemindersOn();
    const s = await consentingShopper();
    const variant = api.stocked[1]!;
    await s.post('/api/cart/add', { variant_id: variant.id, quantity: 1 });
    api.clock.advance(4 * HOUR + 60_000);
    await runJobs();
    const [reminder] = await reminders(s.email!);
    const token = tokenIn(reminder!.text, '/cart/restore');

    const phone = shopper(api);
    expect((await phone.post('/api/cart/restore', { token: `${token}x` })).status).toBe(404);
    const restored = await phone.post('/api/cart/restore', { token });
    expect(restored).toMatchObject({ status: 200, body: { restored: 1, sold_out: 0 } });
    expect((await phone.get('/api/cart/')).body.items).toHaveLength(1);
    // The phone signs in as the same shopper's guest email would: here a guest, who pays.
    await phone.signInAsGuest();
    await buyThroughCheckout(api, phone, []);
    const report = (await (await admin('GET', '/api/admin/reminders')).json()) as Json;
    expect(report.weeks.reduce((sum: number, w: Json) => sum + w.recovered, 0)).toBe(1);
    expect(report.weeks.reduce((sum: number, w: Json) => sum + w.revenue, 0)).toBeGreaterThan(0);
    expect(report.weeks.reduce((sum: number, w: Json) => sum + w.opened, 0)).toBeGreaterThanOrEqual(1);

    api.clock.advance(7 * 24 * HOUR);
    const late = await shopper(api).post('/api/cart/restore', { token });
    expect(late).toMatchObject({ status: 410, body: { code: 'link_expired' } });
  });

  it('shows the cart as it is today (today’s price, sold-out lines marked), sends none for a cart all sold out, and counts both carts as demand', async () => {
    await turnRemindersOn();
    const [, , , repriced, gone] = api.stocked;
    const s = await consentingShopper();
    expect((await s.post('/api/cart/add', { variant_id: repriced!.id, quantity: 2 })).status).toBe(200);
    expect((await s.post('/api/cart/add', { variant_id: gone!.id, quantity: 1 })).status).toBe(200);
    const allGone = await consentingShopper();
    expect((await allGone.post('/api/cart/add', { variant_id: gone!.id, quantity: 1 })).status).toBe(200);
    // After the carts were left: a new price for one, the other sold out.
    const { db } = api.database;
    await db.updateTable('product_variants').set({ price: 1234 }).where('id', '=', repriced!.id).execute();
    await db.updateTable('product_variants').set({ stock_quantity: 0 }).where('id', '=', gone!.id).execute();
    api.clock.advance(4 * HOUR + 60_000);

    const demand = (await (await admin('GET', '/api/admin/demand')).json()) as Json[];
    expect(demand.find((row) => row.sku === gone!.sku)).toMatchObject({ carts_abandoned: 2, stock_quantity: 0 });
    expect(demand.find((row) => row.sku === repriced!.sku)).toMatchObject({ carts_abandoned: 1 });

    await runJobs();
    const [mail] = await reminders(s.email!);
    expect(mail!.text).toMatch(/^2 × .+: €12\.34 each$/m);
    expect(mail!.text).toMatch(/^.+: sold out$/m);
    expect(await reminders(allGone.email!)).toHaveLength(0);
  });

  it('lets only an owner change the settings, and audits them', async () => {
    const refused = await admin('POST', '/api/admin/reminders/settings', { ...REMINDER_DEFAULTS, first_hours: 50, followup_hours: 10 });
    expect(refused.status).toBe(422);
    await admin('POST', '/api/admin/reminders/settings', { ...REMINDER_DEFAULTS, enabled: true, subject_en: 'Still yours' });
    const audit = await api.database.db.selectFrom('audit_log').select(['after']).where('subject_id', '=', 'cart_reminders').execute();
    expect(audit.some((row) => JSON.stringify(row.after).includes('Still yours'))).toBe(true);
  });
});
