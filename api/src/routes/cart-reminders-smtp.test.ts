import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { REMINDER_DEFAULTS } from '@contract/api/insights';

import { type Json, type Shopper, shopper, uniqueEmail } from '../../../tests/support/shopper';
import { type ReceivedMail, startSmtpStub } from '../../../tests/support/smtp-stub';
import { TEST_ADMIN_TOKEN } from '../../../tests/support/test-api';
import { useTestApi } from '../../../tests/support/use-test-api';
import { runDueJobs } from '../services/jobs';
import { silentLogger } from '../services/logger';
import { createSmtpMailer, readOutbox } from '../services/mail';
import { reminderJobHandlers } from '../services/reminders/cart-reminders';

/**
 * A reminder through the real SMTP transport (nodemailer, as with SMTP_URL set) to a server on
 * loopback: the RFC 8058 headers must reach the recipient's mail server as sent, and the one-click
 * POST a mail client makes to the List-Unsubscribe address must work.
 */
const api = useTestApi();
const HOUR = 60 * 60 * 1000;
let smtp: Awaited<ReturnType<typeof startSmtpStub>> | undefined;
beforeAll(async () => {
  smtp = await startSmtpStub();
});
afterAll(() => smtp?.close());

const header = (mail: ReceivedMail, name: string) => mail.headers.get(name.toLowerCase()) ?? [];

/** A shopper who asked for marketing email and confirmed it (their account's emails go to the outbox). */
async function consentingShopper(): Promise<Shopper> {
  const s = shopper(api);
  await s.register(uniqueEmail('smtp-reminded'), 'Sunny-Day-2026', { marketing: true });
  const [mail] = await readOutbox(api.database.db, s.email!);
  const token = new URL(/https?:\/\/\S+\/marketing\/confirm\?token=\S+/.exec(mail!.text)![0]).searchParams.get('token');
  expect((await shopper(api).post('/api/marketing/confirm', { token })).status).toBe(200);
  return s;
}

describe('a cart reminder over SMTP', () => {
  it('arrives with List-Unsubscribe and List-Unsubscribe-Post: List-Unsubscribe=One-Click, whose one-click POST unsubscribes', async () => {
    const settings = await api.app.request('/api/admin/reminders/settings', {
      method: 'POST',
      headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...REMINDER_DEFAULTS, enabled: true }),
    });
    expect(settings.status).toBe(200);
    const s = await consentingShopper();
    expect((await s.post('/api/cart/add', { variant_id: api.stocked[0]!.id, quantity: 1 })).status).toBe(200);
    api.clock.advance(REMINDER_DEFAULTS.first_hours * HOUR + 60_000);

    // The job runner with the SMTP transport the API uses when SMTP_URL is set.
    const stub = smtp!;
    const deps = { ...api.deps, mail: createSmtpMailer(stub.url, 'FILO <shop@filo.example>', silentLogger) };
    await runDueJobs(deps, reminderJobHandlers(deps));

    const received = stub.received.filter((mail) => mail.to.includes(s.email!));
    expect(received).toHaveLength(1);
    const [mail] = received as [ReceivedMail];
    expect(mail.from).toBe('shop@filo.example');
    expect(header(mail, 'Subject')).toEqual([REMINDER_DEFAULTS.subject_en]);
    const [unsubscribe, ...more] = header(mail, 'List-Unsubscribe');
    expect(more).toEqual([]);
    expect(unsubscribe).toMatch(/^<https?:\/\/[^>]+\/api\/marketing\/unsubscribe\?token=[^>]+>$/);
    expect(header(mail, 'List-Unsubscribe-Post')).toEqual(['List-Unsubscribe=One-Click']);
    // The reminder's row id goes out as its Message-ID: one message per reminder (ADR 056).
    expect(header(mail, 'Message-ID')).toHaveLength(1);

    // What a mail client does on "Unsubscribe" (RFC 8058 §3.1): a POST of the form body, no cookie, no sign-in.
    const address = new URL(unsubscribe!.slice(1, -1));
    const posted = await api.app.request(`${address.pathname}${address.search}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(posted.status).toBe(200);
    await s.login(s.email!); // hours have passed on the clock: a fresh sign-in
    const marketing = ((await s.get('/api/user/consents')).body as Json[]).filter((c) => c.kind === 'marketing');
    expect(marketing[0]!.withdrawn_at).not.toBeNull();
  });
});
