import { describe, expect, it } from 'vitest';

import { callRoute, sessionFor } from '../../tests/support/route-context';
import { shopper } from '../../tests/support/shopper';
import { storefrontTestApi } from '../../tests/support/storefront-api';
import { nextCookie, shopperCookie, storefrontGet, storefrontPost } from '../../tests/support/storefront-session';
import { action as consentAction } from './cookie-consent';
import { action as profileAction, loader as profileLoader } from './profile';

const api = storefrontTestApi();

type Consent = { kind: string; withdrawn_at: string | null };
const inForce = (consents: Consent[]) =>
  consents
    .filter((c) => !c.withdrawn_at)
    .map((c) => c.kind)
    .sort();

describe('consents on the profile', () => {
  it('the cookie notice’s Accept is recorded for a signed-in shopper (with and without JavaScript), listed on the profile, and withdrawn there', async () => {
    const s = shopper(api);
    await s.register();
    let cookie = await shopperCookie(s);
    const profile = async () => ((await await callRoute(profileLoader, storefrontGet('/profile', cookie))) as Response).json();
    expect(inForce((await profile()).consents)).toEqual(['terms']);

    // Without JavaScript: the form post, back to the page.
    const accepted = (await callRoute(consentAction, storefrontPost('/cookie-consent', cookie, { redirectTo: '/about' }))) as Response;
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get('Location')).toBe('/about');
    expect(accepted.headers.get('Set-Cookie')).toContain('cookieConsent=accepted');
    expect(inForce((await profile()).consents)).toEqual(['cookies', 'terms']);

    const withdrawn = (await callRoute(
      profileAction,
      storefrontPost('/profile', cookie, { intent: 'withdraw-consent', kind: 'cookies' }),
    )) as Response;
    expect(withdrawn.status).toBe(303);
    expect(withdrawn.headers.get('Location')).toBe('/profile');
    // The notice asks again in this browser.
    expect(withdrawn.headers.get('Set-Cookie')).toContain('cookieConsent=; Path=/; Max-Age=0');
    cookie = nextCookie(withdrawn, cookie)!;
    const session = await sessionFor(storefrontGet('/', cookie));
    expect(session.get('flash')).toEqual({ kind: 'success', message: 'Your consent has been withdrawn.' });
    const after = await profile();
    expect(inForce(after.consents)).toEqual(['terms']);
    expect(after.consents.find((c: Consent) => c.kind === 'cookies').withdrawn_at).toEqual(expect.any(String));

    // With JavaScript: posted in place, answered without a redirect.
    const inPlace = (await callRoute(
      consentAction,
      storefrontPost('/cookie-consent', cookie, { redirectTo: '/', delivery: 'in-place' }),
    )) as Response;
    expect(inPlace.status).toBe(200);
    expect(await inPlace.json()).toEqual({ accepted: true });
    expect(inForce((await profile()).consents)).toEqual(['cookies', 'terms']);

    // The terms are not withdrawn this way; nothing changes.
    const terms = (await callRoute(
      profileAction,
      storefrontPost('/profile', cookie, { intent: 'withdraw-consent', kind: 'terms' }),
    )) as Response;
    expect(terms.status).toBe(303);
    expect(inForce((await profile()).consents)).toEqual(['cookies', 'terms']);
  });

  it('a visitor’s Accept records nothing and still sets the cookie', async () => {
    const answer = (await callRoute(
      consentAction,
      new Request('http://shop.test/cookie-consent', { method: 'POST', body: new URLSearchParams({ redirectTo: '/' }) }),
    )) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get('Set-Cookie')).toContain('cookieConsent=accepted');
  });
});
