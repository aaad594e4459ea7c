import { describe, expect, it } from 'vitest';

import { BRAND } from '@contract/brand';

import { useTestApi } from '../../../tests/support/use-test-api';
import { readOutbox } from '../services/mail';
import { RATE_RULES } from '../services/rate-limits';

const api = useTestApi({ seed: false });

let sequence = 0;
/** A unique sender and address per test, so the rate limits of one test never touch another. */
function sender() {
  sequence += 1;
  return { email: `Shopper.${sequence}@Example.com`, ip: `203.0.113.${sequence}` };
}

function submit(body: unknown, ip?: string) {
  return api.app.request('/api/contact/submit', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(ip ? { 'X-Forwarded-For': ip } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const message = (email: string) => ({ name: ' Ada Rossi ', email, reason: 'order', subject: 'Parcel', message: 'Where is my parcel?' });

describe('POST /api/contact/submit', () => {
  it('stores the message, emails the shop and acknowledges to the sender', async () => {
    const { email, ip } = sender();
    const res = await submit(message(email), ip);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({ id: expect.any(String), message: 'Message received' });

    const row = await api.database.db.selectFrom('contact_messages').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Ada Rossi', email: email.toLowerCase(), reason: 'order', subject: 'Parcel', client_ip: ip });

    const [toShop] = await readOutbox(api.database.db, BRAND.email);
    expect(toShop.subject).toBe('Contact form: Parcel');
    expect(toShop.text).toContain(`From: Ada Rossi <${email.toLowerCase()}>`);
    expect(toShop.text).toContain('Where is my parcel?');
    const [ack] = await readOutbox(api.database.db, email);
    expect(ack.subject).toBe('We received your message');
    expect(ack.text).toContain(body.id);
    // Nothing the sender wrote is echoed to an address nobody has verified.
    for (const written of ['Ada Rossi', 'Parcel', 'Where is my parcel?']) {
      expect(ack.text).not.toContain(written);
      expect(ack.html).not.toContain(written);
    }
  });

  it('answers a 422 list naming every bad field, and stores nothing', async () => {
    const before = await api.database.db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await submit({ name: '  ', email: 'not-an-email', reason: 'refund', subject: 'x' });
    expect(res.status).toBe(422);
    const { detail } = await res.json();
    expect(detail.map((d: { loc: string[] }) => d.loc.join('.')).sort()).toEqual([
      'body.email',
      'body.message',
      'body.name',
      'body.reason',
    ]);
    expect(detail.find((d: { loc: string[] }) => d.loc[1] === 'message')).toMatchObject({ msg: 'Field required', type: 'missing' });
    const after = await api.database.db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
  });

  it('answers 422, not 500, for a body that is not JSON or not an object', async () => {
    expect((await submit('{"name":')).status).toBe(422);
    expect((await submit('[1,2]')).status).toBe(422);
    expect((await submit({ ...message('a@b.co'), message: 'x'.repeat(5001) })).status).toBe(422);
  });

  it('limits messages per email address', async () => {
    const { email } = sender();
    for (let i = 0; i < RATE_RULES.contactPerEmail.points; i += 1) {
      expect((await submit(message(email), `198.51.100.${i + 1}`)).status).toBe(201);
    }
    // Another address, same email in other capitals: still the same sender.
    const res = await submit(message(email.toUpperCase()), '198.51.100.200');
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ detail: RATE_RULES.contactPerEmail.detail, code: 'rate_limited' });
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('limits messages per IP address', async () => {
    const { ip } = sender();
    for (let i = 0; i < RATE_RULES.contactPerIp.points; i += 1) {
      expect((await submit(message(`ip-limit-${i}@example.com`), ip)).status).toBe(201);
    }
    const res = await submit(message('ip-limit-last@example.com'), ip);
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ detail: RATE_RULES.contactPerIp.detail, code: 'rate_limited' });
    // Someone else is not affected.
    expect((await submit(message('ip-limit-other@example.com'), sender().ip)).status).toBe(201);
  });
});
