import { describe, expect, it } from 'vitest';

import { callRoute } from '../../tests/support/route-context';
import { shopper } from '../../tests/support/shopper';
import { withStorefrontApi } from '../../tests/support/storefront-api';
import { nextCookie, storefrontCookie, storefrontGet, storefrontPost } from '../../tests/support/storefront-session';
import { loader as homeLoader } from './_index';
import { action as ordersAction } from './orders';

/** Issue 39: a guest, signed in by the emailed code, deletes what the shop holds about their email from /orders. */
const api = withStorefrontApi();

describe('a guest deletes their data on /orders', () => {
  it('with their email typed again: a mistyped one is refused beside the form and changes nothing; then they are signed out, on the shop, told so', async () => {
    const guest = shopper(api.current);
    const cookie = await storefrontCookie(await guest.signInAsGuest());
    const del = (confirm: string) =>
      callRoute(ordersAction, storefrontPost('/orders', cookie, { intent: 'delete-account', confirm_email: confirm })) as Promise<Response>;

    const empty = await del('');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ deleteError: 'Type your email address to confirm' });
    const wrong = await del('someone-else@example.com');
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ deleteError: 'Type the email address you bought with, exactly as you gave it, to confirm' });
    expect((await guest.get('/api/user/consents')).status).toBe(200);

    const done = await del(guest.email!.toUpperCase());
    expect(done.status).toBe(303);
    expect(done.headers.get('Location')).toBe('/');
    // The API no longer knows the sign-in, and the storefront's session is signed out.
    expect((await guest.get('/api/user/consents')).status).toBe(401);
    const after = nextCookie(done, cookie)!;
    const home = (await callRoute(homeLoader, storefrontGet('/', after))) as Response;
    const data = (await home.json()) as { flash?: { message: string } };
    expect(data.flash).toEqual({ kind: 'success', message: 'Your data has been deleted. Thank you for shopping with us.' });
  });
});
