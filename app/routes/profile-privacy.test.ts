import { describe, expect, it } from 'vitest';

import { openDataArchiveOf } from '../../tests/support/data-archive';
import { callRoute, sessionFor } from '../../tests/support/route-context';
import { buyThroughCheckout, shopper, variants } from '../../tests/support/shopper';
import { storefrontTestApi } from '../../tests/support/storefront-api';
import {
  nextCookie,
  shopperCookie,
  storefrontCookie,
  storefrontGet,
  storefrontPost,
  thrownResponse,
} from '../../tests/support/storefront-session';
import { action } from './profile';
import { loader as dataLoader } from './profile_.data';

const api = storefrontTestApi();

describe('the profile’s Your data', () => {
  it('Download my data hands over the API’s file as an attachment nobody caches', async () => {
    const s = shopper(api);
    await s.register();
    const [variant] = await variants(api);
    await buyThroughCheckout(api, s, [{ id: variant.id }]);
    const cookie = await shopperCookie(s);
    const response = await callRoute(dataLoader, storefrontGet('/profile/data', cookie));
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/zip');
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="filo-my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const { names, data, readme } = await openDataArchiveOf(response);
    expect(names).toEqual(['README.txt', 'data.json']);
    expect(data.account.email).toBe(s.email);
    expect(data.orders).toHaveLength(1);
    expect(readme).toMatch(/^Your data at FILO\n/);
    // A guest signed in by the code emailed to them gets the file of that email (offered on /orders); the
    // link of an Italian page asks for the README in Italian.
    const guest = shopper(api);
    const guestCookie = await storefrontCookie(await guest.signInAsGuest());
    const guestFile = await callRoute(dataLoader, storefrontGet('/profile/data?lang=it', guestCookie));
    expect(guestFile.status).toBe(200);
    const guestArchive = await openDataArchiveOf(guestFile);
    expect(guestArchive.data.account).toMatchObject({ email: guest.email, user_type: 'guest' });
    expect(guestArchive.readme).toMatch(/^I tuoi dati da FILO\n/);
    // Past five an hour, the page's language says why there is no file.
    for (let i = 0; i < 4; i++) expect((await guest.get('/api/user/data-export')).status).toBe(200);
    const limited = await callRoute(dataLoader, storefrontGet('/profile/data?lang=it', guestCookie));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Cache-Control')).toBe('private, no-store');
    expect(await limited.text()).toBe("Hai scaricato i tuoi dati diverse volte nell'ultima ora. Riprova più tardi.");
    // A visitor is sent to sign in first.
    const visitor = await thrownResponse(callRoute(dataLoader, storefrontGet('/profile/data')));
    expect(visitor.headers.get('Location')).toMatch(/^\/login\?redirectTo=%2Fprofile%2Fdata/);
  });

  it('Delete account refuses a mistyped email or password, then signs out and says so', async () => {
    const s = shopper(api);
    await s.register();
    const cookie = await shopperCookie(s);
    const post = (fields: Record<string, string>) =>
      callRoute(action, storefrontPost('/profile', cookie, { intent: 'delete-account', ...fields }));

    const mistyped = (await post({ confirm_email: 'not@mine.example', password: 'Sunny-Day-2026' })) as Response;
    expect(mistyped.status).toBe(400);
    expect((await mistyped.json()).deleteError).toBe('Type your email address exactly as it is on your account to confirm');
    const wrong = (await post({ confirm_email: s.email!, password: 'Wrong-Password-1' })) as Response;
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).deleteError).toBe('The password is not right.');

    const done = (await post({ confirm_email: s.email!, password: 'Sunny-Day-2026' })) as Response;
    expect(done.status).toBe(303);
    expect(done.headers.get('Location')).toBe('/');
    const after = await sessionFor(storefrontGet('/', nextCookie(done, cookie)));
    expect(after.get('accessToken')).toBeUndefined();
    expect(after.get('flash')).toEqual({ kind: 'success', message: 'Your account has been deleted. Thank you for shopping with us.' });
    expect(await api.database.db.selectFrom('users').select('id').where('email', '=', s.email!).execute()).toEqual([]);
  });

  it('Delete account says why it waits while an order is on its way', async () => {
    const s = shopper(api);
    await s.register();
    const [variant] = await variants(api);
    await buyThroughCheckout(api, s, [{ id: variant.id }]);
    const cookie = await shopperCookie(s);
    const waiting = (await callRoute(
      action,
      storefrontPost('/profile', cookie, { intent: 'delete-account', confirm_email: s.email!, password: 'Sunny-Day-2026' }),
    )) as Response;
    expect(waiting.status).toBe(400);
    expect((await waiting.json()).deleteError).toMatch(
      /^Your order ORD-.+ is still on its way: your account can be deleted once it has been delivered\.$/,
    );
  });
});
