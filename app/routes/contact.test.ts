import { describe, expect, it } from 'vitest';

import { BRAND } from '@contract/brand';

import { readOutbox } from '../../api/src/services/mail';
import { RATE_RULES } from '../../api/src/services/rate-limits';
import { callRoute } from '../../tests/support/route-context';
import { storefrontTestApi } from '../../tests/support/storefront-api';
import { startTestApi } from '../../tests/support/test-api';
import { getHoneypot } from '../lib/honeypot.server';
import { action, loader } from './contact';

type ActionData = { result: { status?: string; error?: Record<string, string[] | null> }; sent: boolean };

const api = storefrontTestApi({ seed: false });

/** A post of the contact form as the browser sends it, honeypot fields included. */
function post(fields: Record<string, string>, headers: Record<string, string> = {}) {
  const honeypot = getHoneypot().getInputProps();
  const body = new URLSearchParams({
    [honeypot.nameFieldName]: '',
    [honeypot.validFromFieldName!]: honeypot.encryptedValidFrom!,
    ...fields,
  });
  return callRoute(
    action,
    new Request('http://shop.test/contact', {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    }),
  );
}

const complete = (email: string) => ({ name: 'Ada Rossi', email, reason: 'order', subject: 'Parcel', message: 'Where is my parcel?' });

async function errorsOf(response: Response) {
  const data = (await response.json()) as ActionData;
  return Object.fromEntries(Object.entries(data.result.error ?? {}).map(([field, errors]) => [field, errors?.[0]]));
}

describe('contact loader', () => {
  it('preselects the order reason for ?reason=purchase_error, and nothing otherwise', async () => {
    const load = async (url: string) => (await (await callRoute(loader, new Request(url))).json()).reason;
    expect(await load('http://shop.test/contact?reason=purchase_error')).toBe('order');
    expect(await load('http://shop.test/contact?reason=press')).toBe('press');
    expect(await load('http://shop.test/contact')).toBeNull();
  });
});

describe('contact action', () => {
  it('answers 400 with the spec messages, one per field, when fields are missing', async () => {
    const response = await post({ name: ' ', email: '', reason: '', subject: '', message: '' });
    expect(response.status).toBe(400);
    expect(await errorsOf(response)).toEqual({
      name: 'Please enter your name',
      email: 'Please enter your email',
      reason: 'Please select a reason for contact',
      subject: 'Please enter a subject',
      message: 'Please enter your message',
    });
  });

  it('checks the shape of the email once the name is there', async () => {
    const response = await post({ ...complete('ada@'), subject: '' });
    expect(await errorsOf(response)).toEqual({ email: 'Please enter a valid email address', subject: 'Please enter a subject' });
  });

  it('without JavaScript: sends the message and redirects (303) with the thank-you for the next page', async () => {
    const response = (await post(complete('no-js@example.com'))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/contact');
    const cookie = response.headers.get('Set-Cookie')!.split(';')[0];
    const next = await callRoute(loader, new Request('http://shop.test/contact', { headers: { Cookie: cookie } }));
    expect((await next.json()).thankYou).toBe("Thank you for your message! We'll get back to you within one working day.");

    const [ack] = await readOutbox(api.database.db, 'no-js@example.com');
    expect(ack.subject).toBe('We received your message');
    const [toShop] = await readOutbox(api.database.db, BRAND.email);
    expect(toShop.text).toContain('no-js@example.com');
  });

  it('with JavaScript: answers in place', async () => {
    const response = await post({ ...complete('js@example.com'), delivery: 'in-place' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as ActionData).sent).toBe(true);
  });

  it("shows the API's detail in the form error, and passes on the address the socket saw, not the one the shopper wrote", async () => {
    // The same shopper (socket peer) rotating X-Forwarded-For on every post: one budget all the same.
    const from = (i: number) => ({ 'x-storefront-peer': '192.0.2.77', 'X-Forwarded-For': `198.51.100.${i}` });
    for (let i = 0; i < RATE_RULES.contactPerIp.points; i += 1) {
      expect((await post(complete(`limit-${i}@example.com`), from(i))).status).toBe(303);
    }
    const response = await post(complete('limit-last@example.com'), from(99));
    expect(response.status).toBe(429);
    const data = (await response.json()) as ActionData;
    expect(data.result.error?.['']).toEqual([RATE_RULES.contactPerIp.detail]);
    // Another shopper still gets through.
    expect((await post(complete('other@example.com'), { 'x-storefront-peer': '192.0.2.78' })).status).toBe(303);
  });

  it("says 'Failed to send message. Please try again.' when the API cannot be reached", async () => {
    const gone = await startTestApi({ seed: false });
    process.env.API_URL = gone.url;
    await gone.cleanup();
    try {
      const response = await post(complete('offline@example.com'));
      expect(response.status).toBe(503);
      expect(((await response.json()) as ActionData).result.error?.['']).toEqual(['Failed to send message. Please try again.']);
    } finally {
      process.env.API_URL = api.url;
    }
  });

  it('refuses a form whose honeypot was filled in', async () => {
    const honeypot = getHoneypot().getInputProps();
    await expect(post({ ...complete('bot@example.com'), [honeypot.nameFieldName]: 'I am a bot' })).rejects.toMatchObject({ status: 400 });
    expect(await readOutbox(api.database.db, 'bot@example.com')).toEqual([]);
  });
});
