import { describe, expect, it } from 'vitest';
import { commitSession, getSession } from './lib/session.server';
import { loader } from './root';

async function load(headers: Record<string, string> = {}) {
  const response = await loader({ request: new Request('http://shop.test/', { headers }), params: {}, context: {} });
  return response.json();
}

describe('root loader', () => {
  it('gives a visitor no user, an empty cart badge, the notice and honeypot fields', async () => {
    const data = await load();
    expect(data).toMatchObject({ user: null, cartCount: 0, cookieConsent: false });
    expect(data.honeypotInputProps.nameFieldName).toEqual(expect.any(String));
  });

  it('knows the signed-in shopper from the session', async () => {
    const request = new Request('http://shop.test/');
    const session = await getSession(request);
    session.set('accessToken', 'token');
    session.set('user', { id: 'u1', email: 'ada@example.com', user_type: 'registered', first_name: 'Ada', last_name: null, session_expires_at: null });
    const cookie = (await commitSession(request, session)).split(';')[0];
    expect((await load({ Cookie: cookie })).user).toMatchObject({ email: 'ada@example.com' });
  });

  it('hides the cookie notice once the acceptance cookie is there', async () => {
    expect((await load({ Cookie: 'other=1; cookieConsent=accepted' })).cookieConsent).toBe(true);
  });
});
