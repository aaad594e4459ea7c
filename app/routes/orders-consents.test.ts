import { describe, expect, it } from 'vitest';

import { readOutbox } from '../../api/src/services/mail';
import { callRoute, sessionFor } from '../../tests/support/route-context';
import { shopper } from '../../tests/support/shopper';
import { storefrontTestApi } from '../../tests/support/storefront-api';
import {
  nextCookie,
  shopperCookie,
  storefrontCookie,
  storefrontGet,
  storefrontPost,
  thrownResponse,
} from '../../tests/support/storefront-session';
import { action as cookieConsentAction } from './cookie-consent';
import { action as confirmAction } from './marketing.confirm';
import { action as ordersAction, loader as ordersLoader } from './orders';

/** Issue 39: a guest, signed in by the emailed code, sees and withdraws their consents on /orders (they have no profile). */
const api = storefrontTestApi();

type Consent = { kind: string; withdrawn_at: string | null; confirmed_at: string | null };
const inForce = (consents: Consent[]) =>
  consents
    .filter((c) => !c.withdrawn_at)
    .map((c) => c.kind)
    .sort();

describe('a guest’s consents on /orders', () => {
  it('are listed beside their orders, asked for and withdrawn there in one post each, back to the page with its message', async () => {
    const guest = shopper(api);
    let cookie = await storefrontCookie(await guest.signInAsGuest());
    const page = async (path = '/orders') => ((await callRoute(ordersLoader, storefrontGet(path, cookie))) as Response).json();
    const post = async (fields: Record<string, string>, path = '/orders') => {
      const answer = (await callRoute(ordersAction, storefrontPost(path, cookie, fields))) as Response;
      expect(answer.status).toBe(303);
      cookie = nextCookie(answer, cookie)!;
      return answer;
    };
    expect((await page()).guest).toEqual({ email: guest.email, consents: [] });

    // The cookie notice's Accept is recorded for a guest as for an account holder.
    expect(
      ((await callRoute(cookieConsentAction, storefrontPost('/cookie-consent', cookie, { redirectTo: '/orders' }))) as Response).status,
    ).toBe(303);
    expect(inForce((await page()).guest.consents)).toEqual(['cookies']);

    // Marketing email asked for here: pending until the emailed link confirms it (double opt-in).
    const asked = await post({ intent: 'ask-marketing' });
    expect(asked.headers.get('Location')).toBe('/orders');
    const after = await page();
    expect(after.flash).toEqual({ kind: 'success', message: 'We sent you an email: follow its link to confirm.' });
    expect(after.guest.consents.find((c: Consent) => c.kind === 'marketing')).toMatchObject({ confirmed_at: null, withdrawn_at: null });
    const [mail] = await readOutbox(api.database.db, guest.email!);
    const token = new URL(/https?:\/\/\S+\/marketing\/confirm\?token=\S+/.exec(mail!.text)![0]).searchParams.get('token')!;
    const confirmed = (await callRoute(
      confirmAction,
      new Request('http://shop.test/marketing/confirm', { method: 'POST', body: new URLSearchParams({ token }) }),
    )) as Response;
    expect(confirmed.status).toBe(303);
    expect((await page()).guest.consents.find((c: Consent) => c.kind === 'marketing').confirmed_at).toEqual(expect.any(String));

    // Withdrawn from the Italian page: back to it, the message in Italian.
    const withdrawn = await post({ intent: 'withdraw-consent', kind: 'marketing' }, '/it/orders');
    expect(withdrawn.headers.get('Location')).toBe('/it/orders');
    expect((await sessionFor(storefrontGet('/', cookie))).get('flash')).toEqual({
      kind: 'success',
      message: 'Il tuo consenso è stato revocato.',
    });
    expect(inForce((await page('/it/orders')).guest.consents)).toEqual(['cookies']);

    // The cookie consent withdrawn: this browser forgets it too, so the notice asks again.
    const cookies = await post({ intent: 'withdraw-consent', kind: 'cookies' });
    expect(cookies.headers.get('Set-Cookie')).toContain('cookieConsent=; Path=/; Max-Age=0');
    const last = await page();
    expect(last.flash).toEqual({ kind: 'success', message: 'Your consent has been withdrawn.' });
    expect(inForce(last.guest.consents)).toEqual([]);
    expect(last.guest.consents).toHaveLength(2);
  });

  it('are a guest’s only: an account holder’s consents stay on their profile, and /orders takes no consent post from them', async () => {
    const member = shopper(api);
    await member.register();
    const cookie = await shopperCookie(member);
    expect((await ((await callRoute(ordersLoader, storefrontGet('/orders', cookie))) as Response).json()).guest).toBeNull();
    const refused = await thrownResponse(
      callRoute(ordersAction, storefrontPost('/orders', cookie, { intent: 'withdraw-consent', kind: 'cookies' })),
    );
    expect(refused.status).toBe(400);
  });
});
