import { describe, expect, it } from 'vitest';

import { GUEST_ACCOUNT_INTENT } from '~/forms/guest-account-intent';
import { getHoneypot } from '~/lib/honeypot.server';

import { readOutbox } from '../../api/src/services/mail';
import { callRoute } from '../../tests/support/route-context';
import { shopper } from '../../tests/support/shopper';
import { storefrontTestApi } from '../../tests/support/storefront-api';
import { nextCookie, storefrontCookie, storefrontGet, storefrontPost } from '../../tests/support/storefront-session';
import { action as authAction } from './auth';
import { action as ordersAction } from './orders';
import { loader as profileLoader } from './profile';
import { loader as registerLoader } from './register';

/** The sign-up's marketing opt-in (issue 41): the flow's posts to /auth, as a browser makes them with or without JavaScript. */
const api = storefrontTestApi();

let n = 0;

/** Posts one step of the flow on `page` with the session `cookie`; answers the redirect and the cookie after it. */
async function step(page: string, cookie: string | undefined, fields: Record<string, string>) {
  const trap = getHoneypot().getInputProps();
  const body = new URLSearchParams({
    [trap.nameFieldName]: '',
    [trap.validFromFieldName!]: trap.encryptedValidFrom!,
    returnTo: page,
    context: 'register',
    ...fields,
  });
  const request = new Request('http://shop.test/auth', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(cookie ? { Cookie: cookie } : {}) },
    body,
  });
  const response = (await callRoute(authAction, request)) as Response;
  expect(response.status).toBe(303);
  return { location: response.headers.get('Location'), cookie: nextCookie(response, cookie) };
}

/** Walks /register (or /it/register) to its last step with `extra` posted there; answers the email and the session. */
async function registerThroughFlow(page: '/register' | '/it/register', extra: Record<string, string>) {
  const email = `sign-up-${++n}-${Date.now()}@example.com`;
  let { cookie } = await step(page, undefined, { intent: 'email', email });
  ({ cookie } = await step(page, cookie, { intent: 'send-code-register' }));
  const code = /\b(\d{6})\b/.exec((await readOutbox(api.database.db, email))[0]!.text)![1]!;
  ({ cookie } = await step(page, cookie, { intent: 'verify', verificationCode: code }));
  const done = await step(page, cookie, {
    intent: 'register',
    name: 'Ada',
    surname: 'Rossi',
    password: 'Sunny-Day-2026',
    confirmPassword: 'Sunny-Day-2026',
    acceptedTerms: 'on',
    ...extra,
  });
  expect(done.location).toBe(`${page}?auth=success`);
  const profile = (await callRoute(profileLoader, storefrontGet('/profile', done.cookie))) as Response;
  const consents = ((await profile.json()) as { consents: { kind: string; confirmed_at: string | null }[] }).consents;
  return { email, marketing: consents.filter((c) => c.kind === 'marketing') };
}

describe('registration: the marketing opt-in', () => {
  it('left unticked (the default), records no marketing consent and sends no confirmation', async () => {
    const { email, marketing } = await registerThroughFlow('/register', {});
    expect(marketing).toEqual([]);
    expect((await readOutbox(api.database.db, email)).map((m) => m.subject)).not.toContain('Confirm that you want emails from FILO');
  });

  it('ticked, records the consent pending and emails its confirmation link in the page’s language', async () => {
    const { email, marketing } = await registerThroughFlow('/it/register', { marketing: 'on' });
    expect(marketing).toEqual([expect.objectContaining({ confirmed_at: null })]);
    const [mail] = await readOutbox(api.database.db, email);
    expect(mail!.subject).toBe('Conferma che vuoi ricevere le email di FILO');
    expect(mail!.text).toContain('/it/marketing/confirm?token=');
  });

  it('a refused step shows the box as it was posted', async () => {
    const email = `sign-up-refused-${Date.now()}@example.com`;
    let { cookie } = await step('/register', undefined, { intent: 'email', email });
    ({ cookie } = await step('/register', cookie, { intent: 'send-code-register' }));
    const code = /\b(\d{6})\b/.exec((await readOutbox(api.database.db, email))[0]!.text)![1]!;
    ({ cookie } = await step('/register', cookie, { intent: 'verify', verificationCode: code }));
    const refused = await step('/register', cookie, { intent: 'register', name: 'Ada', marketing: 'on' });
    expect(refused.location).toBe('/register?auth=register');
    const page = (await callRoute(registerLoader, storefrontGet('/register?auth=register', refused.cookie))) as Response;
    const { view } = (await page.json()) as { view: { lastResult: { initialValue: Record<string, string> } } };
    expect(view.lastResult.initialValue).toMatchObject({ name: 'Ada', marketing: 'on' });
  });

  it('is offered to a guest keeping their email as an account too: ticked, asked for; left empty, nothing', async () => {
    for (const ticked of [true, false]) {
      const guest = shopper(api);
      const cookie = await storefrontCookie(await guest.signInAsGuest());
      const fields: Record<string, string> = {
        intent: GUEST_ACCOUNT_INTENT,
        password: 'Kept-Order-2026',
        ...(ticked ? { marketing: 'on' } : {}),
      };
      const kept = (await callRoute(ordersAction, storefrontPost('/orders', cookie, fields))) as Response;
      expect(kept.status).toBe(303);
      await guest.login(guest.email!, 'Kept-Order-2026');
      const marketing = ((await guest.get('/api/user/consents')).body as { kind: string; confirmed_at: string | null }[]).filter(
        (c) => c.kind === 'marketing',
      );
      expect(marketing).toEqual(ticked ? [expect.objectContaining({ confirmed_at: null })] : []);
      const subjects = (await readOutbox(api.database.db, guest.email!)).map((m) => m.subject);
      expect(subjects.includes('Confirm that you want emails from FILO')).toBe(ticked);
    }
  });
});
