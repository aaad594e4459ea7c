import { describe, expect, it } from 'vitest';

import { useTestApi } from '../../../tests/support/use-test-api';
import { readOutbox } from '../services/mail';

// Emailed codes allow five guesses in all, and passwords five failures before a lock, however many arrive at once.
const api = useTestApi({ seed: false });

const post = (path: string, body: unknown) =>
  api.app.request(`/api/auth/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

async function mailedCode(email: string): Promise<string> {
  const [message] = await readOutbox(api.database.db, email);
  const match = /\b(\d{6})\b/.exec(message?.text ?? '');
  if (!match) throw new Error(`no code mailed to ${email}`);
  return match[1];
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
let counter = 0;
const newEmail = () => `racer${++counter}-${Date.now()}@example.com`;

async function registeredAccount(email: string) {
  expect((await post('register', { email, guest_checkout: false })).status).toBe(200);
  expect((await post('verify-email', { email, code: await mailedCode(email) })).status).toBe(200);
  expect((await post('complete-registration', { email, password: 'Sunny-Day-2026', first_name: 'Ada', last_name: 'Rossi' })).status).toBe(
    200,
  );
  api.clock.advance(61_000);
}

describe.each([
  ['verify-email', async (email: string) => void (await post('register', { email, guest_checkout: false }))],
  ['verify-guest', async (email: string) => void (await post('register', { email, guest_checkout: true }))],
  [
    'verify-reset-code',
    async (email: string) => {
      await registeredAccount(email);
      expect((await post('request-password-reset', { email })).status).toBe(200);
    },
  ],
])('%s under 18 parallel wrong guesses', (step, start) => {
  it('spends the five attempts once, then refuses the right code too', async () => {
    const email = newEmail();
    await start(email);
    const code = await mailedCode(email);
    const answers = await Promise.all(Array.from({ length: 18 }, () => post(step, { email, code: wrong(code) })));
    expect(answers.every((res) => res.status === 400)).toBe(true);
    const right = await post(step, { email, code });
    expect(right.status).toBe(400);
    expect((await right.json()).code).toBe('code_expired');
    const row = await api.database.db
      .selectFrom('verification_codes')
      .select(['attempts', 'verified_at', 'consumed_at'])
      .where('email', '=', email)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 5, verified_at: null });
  });
});

describe('the right code sent twice at once', () => {
  it('signs a guest in once', async () => {
    const email = newEmail();
    await post('register', { email, guest_checkout: true });
    const code = await mailedCode(email);
    const answers = await Promise.all([post('verify-guest', { email, code }), post('verify-guest', { email, code })]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 400]);
  });
});

describe('16 parallel sign-ins to one account', () => {
  const password = 'Sunny-Day-2026';

  it('lock it at the fifth wrong password: four are told invalid, the rest locked, and then even the right one', async () => {
    const email = newEmail();
    await registeredAccount(email);
    const answers = await Promise.all(Array.from({ length: 15 }, () => post('login', { email, password: 'Wrong-Guess-2026' })));
    const codes = await Promise.all(answers.map(async (res) => (await res.json()).code));
    expect(codes.filter((code) => code === 'invalid_credentials')).toHaveLength(4);
    expect(codes.filter((code) => code === 'account_locked')).toHaveLength(11);
    const right = await post('login', { email, password });
    expect(right.status).toBe(423);
  });

  it('never let the right password lift a lock set by a parallel failure', async () => {
    const email = newEmail();
    await registeredAccount(email);
    const wrong = Array.from({ length: 15 }, () => post('login', { email, password: 'Wrong-Guess-2026' }));
    const answers = await Promise.all([...wrong, post('login', { email, password })]);
    const codes = await Promise.all(answers.map(async (res) => (res.status === 200 ? 'signed_in' : (await res.json()).code)));
    // Whatever the order, at most a success's worth of extra failures, and the account ends locked.
    expect(codes.filter((code) => code === 'invalid_credentials').length).toBeLessThanOrEqual(8);
    expect((await post('login', { email, password })).status).toBe(423);
  });
});

describe('12 parallel requests for a code to one email', () => {
  it('mail one code: the rest are told to wait, and the one mailed is the one that signs in', async () => {
    const email = newEmail();
    const answers = await Promise.all(Array.from({ length: 12 }, () => post('register', { email, guest_checkout: true })));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    for (const res of answers.filter((r) => r.status !== 200)) {
      expect(res.status).toBe(429);
      expect((await res.json()).code).toBe('code_too_soon');
    }
    expect(await readOutbox(api.database.db, email)).toHaveLength(1);
    expect((await post('verify-guest', { email, code: await mailedCode(email) })).status).toBe(200);
  });
});
