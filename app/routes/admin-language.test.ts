import { describe, expect, it } from 'vitest';

import { type I18nData, pageWords } from '~/lib/i18n';

import { runAdminRoute } from '../../tests/support/admin-route';
import { callRoute } from '../../tests/support/route-context';
import { STAFF_PASSWORD, staffMember } from '../../tests/support/staff';
import { withStorefrontApi } from '../../tests/support/storefront-api';
import { loader as frameLoader } from './admin';
import { action as languageAction, loader as languageLoader } from './admin.language';
import { action as loginAction } from './admin.login';

/** The back office's language (ADR 072): the switcher's post, the frame's words, and the choice kept with the member. */
const api = withStorefrontApi();

const cookieOf = (response: Response) => (response.headers.get('Set-Cookie') ?? '').split(';')[0];

async function frame(cookie: string, headers: Record<string, string> = {}) {
  const response = await callRoute(frameLoader, new Request('http://shop.test/admin/orders', { headers: { Cookie: cookie, ...headers } }));
  return (await response.json()) as { staff: { email: string } | null; i18n: I18nData };
}

async function signIn(email: string, cookie = ''): Promise<string> {
  const response = await runAdminRoute(
    loginAction,
    '/admin/login',
    {},
    {
      cookie,
      form: [
        ['intent', 'login'],
        ['email', email],
        ['password', STAFF_PASSWORD],
        ['redirectTo', ''],
      ],
    },
  );
  expect(response.status).toBe(303);
  return cookieOf(response);
}

const choose = (locale: string, cookie = '', redirectTo = '/admin/orders?status=paid') =>
  runAdminRoute(
    languageAction,
    '/admin/language',
    {},
    {
      cookie,
      form: [
        ['locale', locale],
        ['redirectTo', redirectTo],
      ],
    },
  );

describe('the back office in Italian and English', () => {
  it('guesses from the browser before anyone signs in, and the switcher changes it there and then, back to the same page', async () => {
    expect((await frame('', { 'Accept-Language': 'it-IT,it;q=0.9,en;q=0.5' })).i18n.locale).toBe('it');
    expect((await frame('', { 'Accept-Language': 'en-GB' })).i18n.locale).toBe('en');
    const chosen = await choose('it');
    expect(chosen.status).toBe(303);
    expect(chosen.headers.get('Location')).toBe('/admin/orders?status=paid');
    const answer = await frame(cookieOf(chosen), { 'Accept-Language': 'en' });
    expect(answer.i18n.locale).toBe('it');
    expect(Object.keys(pageWords(answer.i18n).messages)).toContain('admin.nav.orders');
  });

  it("keeps a signed-in member's choice with them: a new sign-in from another browser speaks it", async () => {
    const { email } = await staffMember(api.current, 'staff');
    const english = await signIn(email);
    expect((await frame(english)).i18n.locale).toBe('en');
    const italian = cookieOf(await choose('it', english));
    expect((await frame(italian)).i18n).toMatchObject({ locale: 'it' });
    // Another browser, which says English: the member's own choice wins once they sign in.
    const elsewhere = await signIn(email);
    expect((await frame(elsewhere, { 'Accept-Language': 'en' })).i18n.locale).toBe('it');
    const me = await api.current.app.request('/api/admin/me', {
      headers: { Authorization: `Bearer ${(await staffMember(api.current, 'owner')).token}` },
    });
    expect(await me.json()).toMatchObject({ locale: 'en' });
  });

  it('changes nothing for a language it does not speak, returns only to back-office pages, and is only a post', async () => {
    const unknown = await choose('fr');
    expect(unknown.status).toBe(303);
    expect(unknown.headers.get('Set-Cookie')).toBeNull();
    expect((await choose('it', '', 'https://elsewhere.example/phish')).headers.get('Location')).toBe('/admin');
    expect((await choose('it', '', '/cart')).headers.get('Location')).toBe('/admin');
    const opened = await runAdminRoute(languageLoader, '/admin/language', {});
    expect(opened.headers.get('Location')).toBe('/admin');
  });
});
