import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../api/src/services/mail';
import { startTestApi } from '../../tests/support/test-api';
import { signIn, signInSchema } from '~/lib/auth.server';
import { getSession } from '~/lib/session.server';
import { loader } from './profile';

type Api = Awaited<ReturnType<typeof startTestApi>>;
let api: Api;

beforeAll(async () => {
  api = await startTestApi({ seed: false });
  process.env.API_URL = api.url;
});
afterAll(() => api.cleanup());

async function apiPost(path: string, body: unknown) {
  const res = await fetch(`${api.url}/api/auth/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return res.json();
}

async function code(email: string) {
  const [message] = await readOutbox(api.database.db, email);
  return /\b(\d{6})\b/.exec(message.text)![1];
}

let n = 0;
/** Signs a shopper in through the real API and returns the storefront's session cookie for them. */
async function cookieFor(kind: 'registered' | 'guest'): Promise<string> {
  const email = `profile-${kind}-${++n}@example.com`;
  let answer: unknown;
  if (kind === 'registered') {
    await apiPost('register', { email, guest_checkout: false });
    await apiPost('verify-email', { email, code: await code(email) });
    answer = await apiPost('complete-registration', { email, password: 'Sunny-Day-2026', first_name: 'Ada', last_name: 'Rossi' });
  } else {
    await apiPost('register', { email, guest_checkout: true });
    answer = await apiPost('verify-guest', { email, code: await code(email) });
  }
  const request = new Request('http://shop.test/');
  const setCookie = await signIn(request, await getSession(request), signInSchema.parse(answer));
  return setCookie.split(';')[0];
}

const profileRequest = (cookie?: string) => new Request('http://shop.test/profile', { headers: cookie ? { Cookie: cookie } : {} });

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error('expected the loader to throw a response');
}

describe('profile loader: guard', () => {
  it('sends a visitor to /login, remembering the page', async () => {
    const res = await thrown(loader({ request: profileRequest(), params: {}, context: {} }));
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/login?redirectTo=%2Fprofile&reason=login');
  });

  it('asks a guest to create an account', async () => {
    const res = await thrown(loader({ request: profileRequest(await cookieFor('guest')), params: {}, context: {} }));
    expect(res.headers.get('Location')).toBe('/login?redirectTo=%2Fprofile&reason=create-account');
  });

  it('signs out a guest whose session has ended, with the spec message for the next page', async () => {
    const request = new Request('http://shop.test/');
    const session = await getSession(new Request('http://shop.test/', { headers: { Cookie: await cookieFor('guest') } }));
    session.set('user', { ...session.get('user')!, session_expires_at: new Date(Date.now() - 1000).toISOString() });
    const { commitSession } = await import('~/lib/session.server');
    const expired = (await commitSession(request, session)).split(';')[0];
    const res = await thrown(loader({ request: profileRequest(expired), params: {}, context: {} }));
    expect(res.headers.get('Location')).toBe('/login?redirectTo=%2Fprofile&reason=guest-expired');
    const next = await getSession(new Request('http://shop.test/', { headers: { Cookie: res.headers.get('Set-Cookie')!.split(';')[0] } }));
    expect(next.get('accessToken')).toBeUndefined();
  });
});

describe('profile loader: refresh once and retry', () => {
  it('loads the profile for a registered shopper without touching the session', async () => {
    const res = await loader({ request: profileRequest(await cookieFor('registered')), params: {}, context: {} });
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ first_name: 'Ada', user_type: 'registered' });
    expect(res.headers.get('Set-Cookie')).toBeNull();
  });

  it('refreshes an expired access token, retries, and hands back the new tokens', async () => {
    const cookie = await cookieFor('registered');
    const before = await getSession(new Request('http://shop.test/', { headers: { Cookie: cookie } }));
    api.clock.advance(16 * 60_000);
    const res = await loader({ request: profileRequest(cookie), params: {}, context: {} });
    expect(res.status).toBe(200);
    expect((await res.json()).user?.email).toMatch(/^profile-registered-/);
    const setCookie = res.headers.get('Set-Cookie');
    expect(setCookie).toMatch(/Max-Age=\d+/);
    const after = await getSession(new Request('http://shop.test/', { headers: { Cookie: setCookie!.split(';')[0] } }));
    expect(after.get('accessToken')).not.toBe(before.get('accessToken'));
    expect(after.get('refreshToken')).not.toBe(before.get('refreshToken'));
    // The new tokens work on their own.
    const again = await loader({ request: profileRequest(setCookie!.split(';')[0]), params: {}, context: {} });
    expect(again.headers.get('Set-Cookie')).toBeNull();
  });

  it('signs out when the refresh fails', async () => {
    const cookie = await cookieFor('registered');
    const session = await getSession(new Request('http://shop.test/', { headers: { Cookie: cookie } }));
    await fetch(`${api.url}/api/auth/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${session.get('accessToken')}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: session.get('refreshToken') }),
    });
    api.clock.advance(16 * 60_000);
    const res = await loader({ request: profileRequest(cookie), params: {}, context: {} });
    expect(res.status).toBe(401);
    expect((await res.json()).user).toBeNull();
    const after = await getSession(new Request('http://shop.test/', { headers: { Cookie: res.headers.get('Set-Cookie')!.split(';')[0] } }));
    expect(after.get('accessToken')).toBeUndefined();
  });
});
