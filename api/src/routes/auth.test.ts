// One suite on purpose (over 300 lines): the /api/auth routes, tested together against one test API and its outbox.
import { describe, expect, it } from 'vitest';

import { policyDocument } from '@contract/policies';

import type { Json } from '../../../tests/support/shopper';
import { createTestApi } from '../../../tests/support/test-api';
import { useTestApi } from '../../../tests/support/use-test-api';
import { readOutbox } from '../services/mail';

const api = useTestApi({ seed: false });

const PASSWORD = 'Sunny-Day-2026';

async function post(path: string, body: unknown, token?: string) {
  const res = await api.app.request(`/api/auth/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

async function me(token: string) {
  const res = await api.app.request('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as Json };
}

async function lastCode(email: string): Promise<string> {
  const [message] = await readOutbox(api.database.db, email);
  const match = /\b(\d{6})\b/.exec(message?.text ?? '');
  if (!match) throw new Error(`no code mailed to ${email}`);
  return match[1];
}

let counter = 0;
const newEmail = () => `shopper${++counter}-${Date.now()}@example.com`;

async function registerAccount(email = newEmail(), password = PASSWORD): Promise<Json & { email: string }> {
  expect((await post('register', { email, guest_checkout: false })).status).toBe(200);
  expect((await post('verify-email', { email, code: await lastCode(email) })).status).toBe(200);
  const done = await post('complete-registration', { email, password, first_name: 'Ada', last_name: 'Rossi' });
  expect(done.status).toBe(200);
  api.clock.advance(61_000); // past the resend cooldown for later steps
  return { email, ...done.body };
}

describe('registration', () => {
  it('registers with an emailed code and answers tokens and the user', async () => {
    const email = newEmail();
    expect((await post('check-email', { email })).body).toEqual({ exists: false, has_password: false });
    const result = await registerAccount(email.toUpperCase());
    expect(result.user).toMatchObject({
      email,
      user_type: 'registered',
      has_password: true,
      first_name: 'Ada',
      last_name: 'Rossi',
      session_expires_at: null,
    });
    // A welcome, with the way to the profile, follows the registration.
    const [welcome] = await readOutbox(api.database.db, email);
    expect(welcome.subject).toBe('Welcome to FILO, Ada');
    expect(welcome.html).toContain('/profile');
    expect(result.access_token).toEqual(expect.any(String));
    expect(result.refresh_token).toEqual(expect.any(String));
    expect((await me(result.access_token)).body).toMatchObject({ email, user_type: 'registered' });
    expect((await post('check-email', { email })).body).toEqual({ exists: true, has_password: true });
  });

  it('mails the code in plain text and HTML, and stores only its hash', async () => {
    const email = newEmail();
    await post('register', { email, guest_checkout: false });
    const [message] = await readOutbox(api.database.db, email);
    const code = await lastCode(email);
    expect(message.html).toContain(code);
    const stored = await api.database.db.selectFrom('verification_codes').select('code_hash').where('email', '=', email).execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(code);
  });

  it('refuses a second account for the same email', async () => {
    const { email } = await registerAccount();
    const again = await post('register', { email, guest_checkout: false });
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain('already exists');
  });

  it('refuses to complete without a verified code', async () => {
    const email = newEmail();
    await post('register', { email, guest_checkout: false });
    const res = await post('complete-registration', { email, password: PASSWORD, first_name: 'Ada', last_name: 'Rossi' });
    expect(res.status).toBe(400);
    expect((await post('check-email', { email })).body.exists).toBe(false);
  });

  it('enforces the password and name rules of docs/product.md#validation on the server', async () => {
    const cases: [Json, string][] = [
      [{ password: 'short1A' }, 'Password must be at least 8 characters'],
      [{ password: 'alllowercase1' }, 'Password must contain at least one uppercase letter'],
      [{ password: 'ALLUPPERCASE1' }, 'Password must contain at least one lowercase letter'],
      [{ password: 'NoDigitsHere' }, 'Password must contain at least one number'],
      [{ password: `Aa1${'x'.repeat(126)}` }, 'Password is too long'],
      [{ first_name: 'A' }, 'First name must be at least 2 characters'],
      [{ last_name: 'R0ssi' }, 'Last name contains invalid characters'],
      [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    ];
    for (const [change, message] of cases) {
      const res = await post('complete-registration', {
        email: newEmail(),
        password: PASSWORD,
        first_name: 'Ada',
        last_name: 'Rossi',
        ...change,
      });
      expect(res.status).toBe(422);
      expect(res.body.detail.map((d: Json) => d.msg)).toContain(message);
    }
  });
});

describe('verification codes', () => {
  it('expire after 10 minutes', async () => {
    const email = newEmail();
    await post('register', { email, guest_checkout: false });
    const code = await lastCode(email);
    api.clock.advance(10 * 60_000 + 1);
    const res = await post('verify-email', { email, code });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/expired/);
  });

  it('die after 5 wrong guesses, even for the right code', async () => {
    const email = newEmail();
    await post('register', { email, guest_checkout: false });
    const code = await lastCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect((await post('verify-email', { email, code: wrong })).body.detail).toBe('Invalid verification code');
    expect((await post('verify-email', { email, code: wrong })).body.detail).toMatch(/expired/);
    expect((await post('verify-email', { email, code })).status).toBe(400);
  });

  it('are single use', async () => {
    const email = newEmail();
    await post('register', { email, guest_checkout: true });
    const code = await lastCode(email);
    expect((await post('verify-guest', { email, code })).status).toBe(200);
    expect((await post('verify-guest', { email, code })).status).toBe(400);
  });

  it('whose email never went out hold nothing back: asking again at once sends a new one', async () => {
    const sent: { to: string; text: string }[] = [];
    let failNext = true;
    const flaky = await createTestApi({
      seed: false,
      mail: {
        transport: 'outbox',
        async send(message) {
          if (failNext) {
            failNext = false;
            throw new Error('mail server unreachable');
          }
          sent.push({ to: message.to, text: message.text });
        },
      },
    });
    try {
      const ask = () =>
        flaky.app.request('/api/auth/register', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: 'flaky@example.com', guest_checkout: true }),
        });
      expect((await ask()).status).toBeGreaterThanOrEqual(500);
      expect(sent).toEqual([]);
      const again = await ask();
      expect(again.status).toBe(200);
      expect(sent).toHaveLength(1);
      // Once a code is mailed, the wait holds as before.
      expect((await ask()).status).toBe(429);
      const code = /\b(\d{6})\b/.exec(sent[0].text)![1];
      const verified = await flaky.app.request('/api/auth/verify-guest', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'flaky@example.com', code }),
      });
      expect(verified.status).toBe(200);
    } finally {
      await flaky.cleanup();
    }
  });

  it('are not sent again within 60 seconds, and the answer says how long to wait', async () => {
    const email = newEmail();
    await post('register', { email, guest_checkout: false });
    api.clock.advance(20_000);
    const early = await post('resend-verification', { email });
    expect(early.status).toBe(429);
    expect(early.body.detail).toBe('Please wait 40 seconds before requesting a new code.');
    api.clock.advance(40_000);
    const first = await lastCode(email);
    expect((await post('resend-verification', { email })).status).toBe(200);
    const second = await lastCode(email);
    expect((await readOutbox(api.database.db, email)).length).toBe(2);
    // Only the newest code works.
    if (first !== second) expect((await post('verify-email', { email, code: first })).status).toBe(400);
    expect((await post('verify-email', { email, code: second })).status).toBe(200);
  });

  it('validate their format: digits only, exactly 6', async () => {
    for (const [code, message] of [
      ['', 'Verification code is required'],
      ['12345', 'Verification code must be 6 digits'],
      ['12345a', 'Verification code must be 6 digits'],
    ]) {
      const res = await post('verify-email', { email: newEmail(), code });
      expect(res.status).toBe(422);
      expect(res.body.detail[0].msg).toBe(message);
    }
  });
});

describe('login and lockout', () => {
  it('signs in with the right password and refuses a wrong one with the same detail as an unknown email', async () => {
    const { email } = await registerAccount();
    const ok = await post('login', { email, password: PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe(email);
    const wrong = await post('login', { email, password: 'Wrong-Password-1' });
    const unknown = await post('login', { email: newEmail(), password: 'Wrong-Password-1' });
    expect(wrong).toEqual({ status: 401, body: { detail: 'Invalid credentials', code: 'invalid_credentials' } });
    expect(unknown).toEqual({ status: 401, body: { detail: 'Invalid credentials', code: 'invalid_credentials' } });
  });

  it('locks an account for 15 minutes after 5 failed attempts', async () => {
    const { email } = await registerAccount();
    for (let i = 0; i < 4; i++) expect((await post('login', { email, password: 'Wrong-Password-1' })).status).toBe(401);
    const fifth = await post('login', { email, password: 'Wrong-Password-1' });
    expect(fifth.status).toBe(423);
    expect(fifth.body.detail).toMatch(/locked/);
    const right = await post('login', { email, password: PASSWORD });
    expect(right.status).toBe(423);
    expect(right.body.detail).toContain('15 minutes');
    api.clock.advance(15 * 60_000);
    expect((await post('login', { email, password: PASSWORD })).status).toBe(200);
  });
});

describe('tokens', () => {
  it('answers 401 mentioning the expired token once an access token is past its 15 minutes', async () => {
    const { access_token } = await registerAccount();
    expect((await me(access_token)).status).toBe(200);
    api.clock.advance(15 * 60_000 + 1000);
    const res = await me(access_token);
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe('Token has expired');
  });

  it('refuses a forged token as an invalid JWT', async () => {
    const { access_token } = await registerAccount();
    const [header, payload] = access_token.split('.');
    const res = await me(`${header}.${payload}.forged-signature`);
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/JWT/);
  });

  it('rotates refresh tokens and revokes the family when an old one is used again', async () => {
    const first = await registerAccount();
    const second = await post('refresh', { refresh_token: first.refresh_token });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect((await me(second.body.access_token)).status).toBe(200);

    api.clock.advance(11_000);
    const reuse = await post('refresh', { refresh_token: first.refresh_token });
    expect(reuse.status).toBe(401);
    expect(reuse.body.detail).toMatch(/reuse/);
    // The thief's replay also killed the legitimate newer token.
    expect((await post('refresh', { refresh_token: second.body.refresh_token })).status).toBe(401);
  });

  it('lets two requests of one page refresh with the same token at the same moment', async () => {
    const session = await registerAccount();
    const [a, b] = await Promise.all([post('refresh', session), post('refresh', session)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await post('refresh', { refresh_token: b.body.refresh_token })).status).toBe(200);
  });

  it('ends the refresh token on logout', async () => {
    const session = await registerAccount();
    expect((await post('logout', { refresh_token: session.refresh_token }, session.access_token)).status).toBe(200);
    expect((await post('refresh', { refresh_token: session.refresh_token })).status).toBe(401);
    expect((await post('logout', {})).status).toBe(401);
  });
});

describe('guests', () => {
  it('verify by code for a session of 0.42 days, then are told the guest session has expired', async () => {
    const email = newEmail();
    expect((await post('register', { email, guest_checkout: true })).status).toBe(200);
    const res = await post('verify-guest', { email, code: await lastCode(email) });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email, user_type: 'guest', has_password: false });
    const expires = Date.parse(res.body.user.session_expires_at) - api.clock.now().getTime();
    expect(expires).toBe(0.42 * 24 * 60 * 60_000);

    api.clock.advance(expires - 60_000);
    const refreshed = await post('refresh', { refresh_token: res.body.refresh_token });
    expect(refreshed.status).toBe(200);
    expect((await me(refreshed.body.access_token)).status).toBe(200);

    api.clock.advance(60_000);
    expect((await me(refreshed.body.access_token)).body.detail).toMatch(/expired/);
    const late = await post('refresh', { refresh_token: refreshed.body.refresh_token });
    expect(late).toEqual({ status: 401, body: { detail: 'Guest session has expired', code: 'guest_session_expired' } });
  });

  it('keep the same user record when they register later', async () => {
    const email = newEmail();
    await post('register', { email, guest_checkout: true });
    const guest = await post('verify-guest', { email, code: await lastCode(email) });
    expect((await post('check-email', { email })).body).toEqual({ exists: true, has_password: false });
    api.clock.advance(61_000);
    const registered = await registerAccount(email);
    expect(registered.user.id).toBe(guest.body.user.id);
    expect(registered.user.user_type).toBe('registered');
  });

  it('keep their email as an account in one step, with a password only, and keep their record', async () => {
    const email = newEmail();
    await post('register', { email, guest_checkout: true });
    const guest = await post('verify-guest', { email, code: await lastCode(email) });
    const weak = await post('guest-account', { password: 'short' }, guest.body.access_token);
    expect(weak.status).toBe(422);
    expect(JSON.stringify(weak.body.detail)).toMatch(/Password must be at least 8 characters/);
    expect((await post('check-email', { email })).body).toEqual({ exists: true, has_password: false });

    const kept = await post('guest-account', { password: PASSWORD }, guest.body.access_token);
    expect(kept.status).toBe(200);
    expect(kept.body.user).toMatchObject({ id: guest.body.user.id, email, user_type: 'registered', session_expires_at: null });
    expect((await me(kept.body.access_token)).body.user_type).toBe('registered');
    expect((await post('login', { email, password: PASSWORD })).status).toBe(200);
    const [welcome] = await readOutbox(api.database.db, email);
    expect(welcome.subject).toBe('Welcome to FILO');
    // Creating it accepted the terms (the panel says so): recorded with their version, as registration records them.
    const consents = await api.database.db
      .selectFrom('consents')
      .select(['kind', 'policy_version', 'withdrawn_at'])
      .where('user_id', '=', guest.body.user.id)
      .execute();
    expect(consents).toEqual([{ kind: 'terms', policy_version: policyDocument('terms-and-conditions').updated, withdrawn_at: null }]);
    // Without a sign-in there is nobody to keep.
    expect((await post('guest-account', { password: PASSWORD })).status).toBe(401);
  });

  it('cannot set the password of an account made in the meantime, even when two tabs try at once', async () => {
    const email = newEmail();
    await post('register', { email, guest_checkout: true });
    const guest = await post('verify-guest', { email, code: await lastCode(email) });
    const tries = await Promise.all(
      ['First-Tab-2026', 'Second-Tab-2026'].map((password) => post('guest-account', { password }, guest.body.access_token)),
    );
    expect(tries.map((t) => t.status).sort()).toEqual([200, 409]);
    const lost = tries.find((t) => t.status === 409)!;
    expect(lost.body.code).toBe('already_exists');
    const won = ['First-Tab-2026', 'Second-Tab-2026'][tries.findIndex((t) => t.status === 200)];
    // The stale guest sign-in tries once more: the password the account chose stands.
    expect((await post('guest-account', { password: 'Stale-Guest-2026' }, guest.body.access_token)).status).toBe(409);
    expect((await post('login', { email, password: won })).status).toBe(200);
  });

  it('cannot take over an email that has a password', async () => {
    const { email } = await registerAccount();
    const res = await post('register', { email, guest_checkout: true });
    expect(res.status).toBe(409);
  });
});

describe('password reset', () => {
  it('resets with the emailed code, ends old sessions, and the new password signs in', async () => {
    const account = await registerAccount();
    const { email } = account;
    expect((await post('request-password-reset', { email })).status).toBe(200);
    const code = await lastCode(email);
    expect((await readOutbox(api.database.db, email))[0].subject).toMatch(/reset/i);
    expect((await post('verify-reset-code', { email, code })).status).toBe(200);
    const newPassword = 'Brand-New-Pass-7';
    expect((await post('reset-password', { email, code, new_password: newPassword })).status).toBe(200);
    expect((await post('login', { email, password: PASSWORD })).status).toBe(401);
    expect((await post('login', { email, password: newPassword })).status).toBe(200);
    expect((await post('refresh', { refresh_token: account.refresh_token })).status).toBe(401);
    expect((await post('reset-password', { email, code, new_password: 'Another-Pass-8' })).body.detail).toBe('Invalid reset code');
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const email = newEmail();
    const res = await post('request-password-reset', { email });
    expect(res.status).toBe(200);
    expect(await readOutbox(api.database.db, email)).toEqual([]);
  });

  it('refuses a wrong reset code and a weak new password', async () => {
    const { email } = await registerAccount();
    await post('request-password-reset', { email });
    const code = await lastCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await post('verify-reset-code', { email, code: wrong })).body.detail).toBe('Invalid reset code');
    const weak = await post('reset-password', { email, code, new_password: 'weak' });
    expect(weak.status).toBe(422);
    expect((await post('verify-reset-code', { email, code })).status).toBe(200);
  });
});

describe('rate limits', () => {
  it('answer 429 per email before any password is hashed, and per IP', async () => {
    const limited = await createTestApi({ seed: false, limits: { 'auth-ip': 6, 'auth-email': 3 } });
    try {
      const call = (email: string, ip: string) =>
        limited.app.request('/api/auth/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
          body: JSON.stringify({ email, password: 'Whatever-1' }),
        });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await call('a@example.com', '10.0.0.1')).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const refused = await call('a@example.com', '10.0.0.2');
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
      const body = await refused.json();
      expect(body.detail).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
      expect((await call('b@example.com', '10.0.0.1')).status).toBe(401);
      expect((await call('c@example.com', '10.0.0.1')).status).toBe(401);
      expect((await call('d@example.com', '10.0.0.1')).status).toBe(429); // 7th request from this IP
      expect((await call('d@example.com', '10.0.0.3')).status).toBe(401);
    } finally {
      await limited.cleanup();
    }
  });
});
