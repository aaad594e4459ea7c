import { afterEach, describe, expect, it, vi } from 'vitest';

import { readOutbox } from '../../api/src/services/mail';
import { callRoute, contextFor, sessionFor } from '../../tests/support/route-context';
import { storefrontTestApi } from '../../tests/support/storefront-api';
import { signIn, signOut } from '../lib/auth.server';
import { getHoneypot } from '../lib/honeypot.server';
import { commitSession } from '../lib/session.server';
import { WISHLIST_KEPT_MAX, WISHLIST_KEPT_MS } from '../lib/wishlist.server';
import { action as homeAction, loader as homeLoader } from './_index';
import { action as productAction, loader as productLoader } from './product.$productName';
import { action as unsubscribeAction } from './wishlist.unsubscribe';

// What a signed-in shopper waits for is kept in their session for a minute (ADR 059): `/` and the
// product page ask the API for it only when the kept ids are missing, old, or someone else's; the
// shopper's own Notify Me posts and unsubscribe links show at once.

const api = storefrontTestApi({ storage: 'placeholder' });
let wishlistReads = 0;
/** The storefront's calls, counting the wishlist reads among them. */
const countingFetch: typeof fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  if (method === 'GET' && new URL(url).pathname === '/api/products/wishlist') wishlistReads += 1;
  return fetch(input, init);
};

afterEach(() => {
  vi.useRealTimers();
});

const HOODIE = '/product/Tracer%20Hoodie';

/** A loader or action as these tests call it: whatever it answers is read as a Response. */
type Route = (args: Parameters<typeof productLoader>[0]) => Promise<unknown>;
type Loader = Route;
type Action = Route;

/** A page's loader with the cookie; the wishlist reads it made and the cookie it leaves (or the same). */
async function load(route: Loader, path: string, cookie: string) {
  const request = new Request(`http://shop.test${path}`, { headers: { Cookie: cookie } });
  const before = wishlistReads;
  const params = path.startsWith('/product/') ? { productName: decodeURIComponent(path.split('?')[0].split('/').pop()!) } : {};
  const response = (await callRoute(route, request, params, { context: contextFor(request, { fetch: countingFetch }) })) as Response;
  const data = (await response.json()) as { wishlisted: string[]; page?: { product: { id: string }; variants: { id: string }[] } };
  const next = response.headers.get('Set-Cookie')?.split(';')[0] ?? cookie;
  return { data, reads: wishlistReads - before, cookie: next, setCookie: response.headers.has('Set-Cookie') };
}

function honeypotFields(): Record<string, string> {
  const props = getHoneypot().getInputProps({ validFromTimestamp: Date.now() - 10_000 });
  return { [props.nameFieldName]: '', [props.validFromFieldName!]: props.encryptedValidFrom! };
}

async function post(route: Action, path: string, cookie: string, fields: Record<string, string>) {
  const request = new Request(`http://shop.test${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
    body: new URLSearchParams({ ...honeypotFields(), ...fields }),
  });
  const params = path.startsWith('/product/') ? { productName: decodeURIComponent(path.split('?')[0].split('/').pop()!) } : {};
  const response = (await callRoute(route, request, params, { context: contextFor(request, { fetch: countingFetch }) })) as Response;
  return { response, cookie: response.headers.get('Set-Cookie')?.split(';')[0] ?? cookie };
}

/** A signed-in shopper's cookie (the wishlist is read by email; the token is never asked for here). */
async function signedIn(email: string, id = `user-${email}`) {
  const request = new Request('http://shop.test/');
  const session = await sessionFor(request);
  session.set('accessToken', 'token');
  session.set('user', { id, email, user_type: 'registered', first_name: 'Ada', last_name: null, session_expires_at: null });
  return (await commitSession(contextFor(request), session, 86_400)).split(';')[0];
}

/** Adds an entry through the API, as another device or the mailed flow would. */
async function waitElsewhere(email: string, productId: string) {
  const answer = await fetch(`${api.url}/api/products/wishlist`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, product_id: productId }),
  });
  expect(answer.ok).toBe(true);
}

async function productIds() {
  const rows = await api.database.db.selectFrom('products').select(['id', 'name']).execute();
  return Object.fromEntries(rows.map((row) => [row.name, row.id]));
}

describe('the wishlist kept in the session', () => {
  it('is read once and then kept: the next product page and / ask the API for it no more', async () => {
    const ids = await productIds();
    const email = 'kept-once@example.com';
    await waitElsewhere(email, ids['Tracer Hoodie']);
    const first = await load(productLoader, HOODIE, await signedIn(email));
    expect(first.reads).toBe(1);
    expect(first.setCookie).toBe(true);
    expect(first.data.wishlisted).toEqual([ids['Tracer Hoodie']]);

    const again = await load(productLoader, HOODIE, first.cookie);
    expect(again.reads).toBe(0);
    expect(again.setCookie).toBe(false);
    expect(again.data.wishlisted).toEqual([ids['Tracer Hoodie']]);

    const home = await load(homeLoader, '/', first.cookie);
    expect(home.reads).toBe(0);
    expect(home.data.wishlisted).toEqual([ids['Tracer Hoodie']]);
  });

  it("shows the shopper's own Notify Me at once, on the page the redirect leads to and on later ones", async () => {
    const email = 'kept-own@example.com';
    const kept = await load(productLoader, HOODIE, await signedIn(email));
    expect(kept.data.wishlisted).toEqual([]);
    const variant = kept.data.page!.variants[0].id;
    const added = await post(productAction, HOODIE, kept.cookie, { intent: 'notify', formKey: 'k', variantId: variant });
    expect(added.response.status).toBe(303);
    // A later page without `notified` in its address, read from the session alone.
    const later = await load(productLoader, HOODIE, added.cookie);
    expect(later.reads).toBe(0);
    expect(later.data.wishlisted).toEqual([variant]);

    // From the listing too, for a whole product.
    const ids = await productIds();
    const fromHome = await post(homeAction, '/?index', later.cookie, {
      intent: 'notify',
      formKey: 'notify-x',
      productId: ids['Tracer Hoodie'],
      returnTo: '/',
    });
    expect(fromHome.response.status).toBe(303);
    const home = await load(homeLoader, '/', fromHome.cookie);
    expect(home.reads).toBe(0);
    expect(home.data.wishlisted.sort()).toEqual([variant, ids['Tracer Hoodie']].sort());
    // The API says the same.
    const entries = (await (await fetch(`${api.url}/api/products/wishlist?email=${email}`)).json()) as unknown[];
    expect(entries).toHaveLength(2);
  });

  it('asks again once the kept ids are a minute old: a change made elsewhere shows then', async () => {
    const ids = await productIds();
    const email = 'kept-old@example.com';
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const kept = await load(productLoader, HOODIE, await signedIn(email));
    expect(kept.data.wishlisted).toEqual([]);
    await waitElsewhere(email, ids['Tracer Hoodie']);
    vi.setSystemTime(Date.now() + WISHLIST_KEPT_MS - 1_000);
    const fresh = await load(productLoader, HOODIE, kept.cookie);
    expect(fresh.reads).toBe(0);
    expect(fresh.data.wishlisted).toEqual([]);
    vi.setSystemTime(Date.now() + 1_000);
    const old = await load(productLoader, HOODIE, kept.cookie);
    expect(old.reads).toBe(1);
    expect(old.data.wishlisted).toEqual([ids['Tracer Hoodie']]);
  });

  it("is never another shopper's: a kept list is dropped at sign-in and sign-out, and a session of someone else asks", async () => {
    const ids = await productIds();
    await waitElsewhere('kept-first@example.com', ids['Tracer Hoodie']);
    const kept = await load(productLoader, HOODIE, await signedIn('kept-first@example.com', 'u-first'));
    const session = await sessionFor(new Request('http://shop.test/', { headers: { Cookie: kept.cookie } }));
    expect(session.get('wishlist')?.ids).toEqual([ids['Tracer Hoodie']]);

    // The same session, now saying another shopper (as a sign-in would, were it not dropped there).
    session.set('user', { ...session.get('user')!, id: 'u-second', email: 'kept-second@example.com' });
    const other = (await commitSession(contextFor(new Request('http://shop.test/')), session, 86_400)).split(';')[0];
    const theirs = await load(productLoader, HOODIE, other);
    expect(theirs.reads).toBe(1);
    expect(theirs.data.wishlisted).toEqual([]);

    // A sign-in on that browser starts without it, and so does the visitor after a sign-out.
    const context = contextFor(new Request('http://shop.test/', { headers: { Cookie: kept.cookie } }));
    const signedInAgain = await signIn(context, await context.session(), {
      access_token: 'a',
      refresh_token: 'r',
      user: {
        id: 'u-third',
        email: 'kept-third@example.com',
        user_type: 'registered',
        first_name: null,
        last_name: null,
        session_expires_at: null,
      },
    });
    expect((await sessionFor(new Request('http://shop.test/', { headers: { Cookie: signedInAgain.split(';')[0] } }))).has('wishlist')).toBe(
      false,
    );
    const leaving = await sessionFor(new Request('http://shop.test/', { headers: { Cookie: kept.cookie } }));
    signOut(leaving);
    expect(leaving.has('wishlist')).toBe(false);
  });

  it('forgets what it kept when the shopper stops a request through its mailed link in this browser', async () => {
    const ids = await productIds();
    const email = 'kept-stop@example.com';
    await waitElsewhere(email, ids['Tracer Hoodie']);
    const kept = await load(productLoader, HOODIE, await signedIn(email));
    expect(kept.data.wishlisted).toEqual([ids['Tracer Hoodie']]);
    const [mail] = await readOutbox(api.database.db, email);
    const token = new URL(/(http\S+\/wishlist\/unsubscribe\?token=\S+)/.exec(mail.text)![1]).searchParams.get('token')!;
    const stopped = await callRoute(
      unsubscribeAction,
      new Request('http://shop.test/wishlist/unsubscribe', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: kept.cookie },
        body: new URLSearchParams({ token }),
      }),
    );
    expect(stopped.status).toBe(303);
    const after = await load(productLoader, HOODIE, stopped.headers.get('Set-Cookie')!.split(';')[0]);
    expect(after.reads).toBe(1);
    expect(after.data.wishlisted).toEqual([]);
  });

  it('keeps no list too long for the cookie: such a shopper is asked every time', async () => {
    const email = 'kept-long@example.com';
    const variants = await api.database.db
      .selectFrom('product_variants')
      .select('id')
      .limit(WISHLIST_KEPT_MAX + 1)
      .execute();
    expect(variants).toHaveLength(WISHLIST_KEPT_MAX + 1);
    await api.database.db
      .insertInto('wishlist_entries')
      .values(variants.map((variant) => ({ email, product_variant_id: variant.id, created_at: new Date() })))
      .execute();
    const first = await load(productLoader, HOODIE, await signedIn(email));
    expect(first.data.wishlisted).toHaveLength(WISHLIST_KEPT_MAX + 1);
    expect(first.setCookie).toBe(false);
    const again = await load(productLoader, HOODIE, first.cookie);
    expect(again.reads).toBe(1);
  });
});
