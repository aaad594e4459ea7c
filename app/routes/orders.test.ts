import { beforeAll, describe, expect, it, vi } from 'vitest';

import { formatEuro } from '@contract/money';
import { orderNumber } from '@contract/order-number';
import { shopDay } from '@contract/shop-time';

import { GUEST_ACCOUNT_INTENT } from '~/forms/guest-account-intent';

import { GUEST_SESSION_TTL_MS } from '../../api/src/auth/rules';
import { shipOrder } from '../../api/src/services/fulfilment';
import { callRoute, contextFor, sessionFor } from '../../tests/support/route-context';
import { buyThroughCheckout, type Shopper, shopper, variants } from '../../tests/support/shopper';
import { storefrontTestApi } from '../../tests/support/storefront-api';
import {
  nextCookie,
  shopperCookie,
  storefrontCookie,
  storefrontGet,
  storefrontPost,
  thrownResponse,
} from '../../tests/support/storefront-session';
import { action, loader } from './orders';
import { loader as detailsLoader } from './orders.$purchaseId.details';
import { loader as receiptLoader } from './orders.$purchaseId.receipt';
import { loader as csvLoader } from './orders[.]csv';

const api = storefrontTestApi();
let stocked: Awaited<ReturnType<typeof variants>>;

beforeAll(async () => {
  stocked = (await variants(api)).sort((a, b) => b.stock_quantity - a.stock_quantity);
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read whatever the loader sent
const dataOf = async (response: Response): Promise<any> => response.json();
const load = (path: string, cookie: string) => callRoute(loader, storefrontGet(path, cookie));
const ids = (data: { orders: { purchase_id: string }[] }) => data.orders.map((o) => o.purchase_id);

/** A registered buyer with `count` purchases of one line each, newest last in the returned ids. */
async function buyer(count: number, pick: (i: number) => { id: string }[] = (i) => [{ id: stocked[i % 4].id }]) {
  const s = shopper(api);
  await s.register();
  const bought: string[] = [];
  for (let i = 0; i < count; i++) bought.push(await buyThroughCheckout(api, s, pick(i)));
  return { s, bought };
}

describe('orders loader: Load More (docs/product.md#constants)', () => {
  it('with exactly 10 orders offers one more page, which comes back empty and ends it', async () => {
    const { s, bought } = await buyer(10);
    const cookie = await shopperCookie(s);
    const first = await dataOf(await load('/orders', cookie));
    expect(ids(first)).toEqual([...bought].reverse());
    expect(first.canLoadMore).toBe(true);
    const second = await dataOf(await load('/orders?page=2', cookie));
    expect(ids(second)).toEqual([...bought].reverse());
    expect(second.canLoadMore).toBe(false);
  });

  it('with 11 orders shows 10, then all 11 without another Load More', async () => {
    const { s, bought } = await buyer(11);
    const cookie = await shopperCookie(s);
    const first = await dataOf(await load('/orders', cookie));
    expect(ids(first)).toEqual([...bought].reverse().slice(0, 10));
    expect(first.canLoadMore).toBe(true);
    const second = await dataOf(await load('/orders?page=2', cookie));
    expect(ids(second)).toEqual([...bought].reverse());
    expect(second.canLoadMore).toBe(false);
    expect(second.stats).toMatchObject({ total_orders: 11, delivered: 0, in_transit: 0 });
  });
});

describe('orders loader: search, filters, deep link', () => {
  let s: Shopper;
  let cookie: string;
  let tee: string;
  let jorts: string;
  let both: string;
  beforeAll(async () => {
    const byName = (name: string) => stocked.find((v) => v.name === name)!;
    ({ s } = await buyer(0));
    tee = await buyThroughCheckout(api, s, [{ id: byName('Tracer Tee').id }]);
    jorts = await buyThroughCheckout(api, s, [{ id: byName('Padded Jorts').id }]);
    both = await buyThroughCheckout(api, s, [{ id: byName('Padded Tee').id }, { id: byName('Padded Jorts').id }]);
    await shipOrder(api.deps, jorts, 'GLS', 'GLS123456', { kind: 'cli', role: 'owner' });
    cookie = await shopperCookie(s);
  });

  it('searches every order by item name or id and filters by status, with the stats of all orders', async () => {
    const byName = await dataOf(await load('/orders?q=padded+jorts', cookie));
    expect(ids(byName)).toEqual([both, jorts]);
    expect(byName.canLoadMore).toBe(false);
    expect(byName.stats).toMatchObject({ total_orders: 3, in_transit: 1, delivered: 0 });
    expect(ids(await dataOf(await load(`/orders?q=${tee.slice(0, 8)}`, cookie)))).toEqual([tee]);
    expect(ids(await dataOf(await load('/orders?status=shipped', cookie)))).toEqual([jorts]);
    expect(ids(await dataOf(await load('/orders?status=processing&q=jorts', cookie)))).toEqual([both]);
    const none = await dataOf(await load('/orders?status=delivered', cookie));
    expect(none.orders).toEqual([]);
    expect(none.query).toMatchObject({ q: '', status: 'delivered' });
  });

  it('prefills the search with order_id and loads that order, alternative names read, for the page', async () => {
    const data = await dataOf(await load(`/orders?order_id=${jorts}`, cookie));
    expect(data.query).toMatchObject({ q: jorts, open: jorts, orderId: jorts });
    expect(ids(data)).toEqual([jorts]);
    expect(data.opened.id).toBe(jorts);
    expect(data.opened.error).toBeNull();
    expect(data.opened.detail).toMatchObject({
      purchase_id: jorts,
      order_number: expect.stringMatching(/^ORD-\d{4}-\d{2}-\d{2}-[0-9A-F]{8}$/),
      status: 'Shipped',
      tracking_number: 'GLS123456',
      carrier: 'GLS',
      payment_method: expect.any(String),
      discount: 0,
    });
    const [line] = data.opened.detail.items;
    expect(line.variant_attributes.map((a: { attribute_name: string }) => a.attribute_name)).toEqual([
      'color',
      'treatment',
      'material',
      'size',
    ]);
  });

  it('asks the API once for the orders, their stats and the opened order (issue #36)', async () => {
    const calls: string[] = [];
    const recording: typeof fetch = (input, init) => {
      calls.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
      return fetch(input, init);
    };
    const request = storefrontGet(`/orders?page=2&open=${tee}`, cookie);
    const response = await callRoute(loader, request, {}, { context: contextFor(request, { fetch: recording }) });
    expect(response.status).toBe(200);
    expect(calls).toEqual(['/api/user/orders-overview']);
    const data = await dataOf(response);
    expect(data.opened).toMatchObject({ id: tee, error: null, detail: { purchase_id: tee } });
  });

  it('the details route answers the owner, and the inline error for anyone else', async () => {
    const own = await callRoute(detailsLoader, storefrontGet(`/orders/${both}/details`, cookie), { purchaseId: both });
    expect(own.status).toBe(200);
    const ownDetail = (await dataOf(own)).detail;
    expect(ownDetail.purchase_id).toBe(both);
    expect(ownDetail.items.map((item: { name: string }) => item.name).sort()).toEqual(['Padded Jorts', 'Padded Tee']);

    const stranger = shopper(api);
    await stranger.register();
    const theirs = await callRoute(detailsLoader, storefrontGet(`/orders/${both}/details`, await shopperCookie(stranger)), {
      purchaseId: both,
    });
    expect(theirs.status).toBe(404);
    expect(await dataOf(theirs)).toEqual({ detail: null, error: 'Failed to load order details' });
    // Nor does a stranger's page open it.
    const page = await dataOf(await load(`/orders?order_id=${both}`, await shopperCookie(stranger)));
    expect(page.orders).toEqual([]);
    expect(page.opened).toMatchObject({ detail: null, error: 'Failed to load order details' });
  });

  it('exports the filtered orders as order_history.csv, quoted where needed', async () => {
    const res = await callRoute(csvLoader, storefrontGet('/orders.csv?q=jorts', cookie));
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="order_history.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    // A byte order mark, so spreadsheet programs read the euro sign as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split('\r\n');
    expect(lines.at(-1)).toBe('');
    const row = async (id: string) => {
      const detail = (await s.get(`/api/user/purchase/${id}`)).body;
      const names = detail.items.map((item: { name: string }) => item.name).join(', ');
      return { number: orderNumber(id, detail.created_at), day: shopDay(detail.created_at), total: formatEuro(detail.total), names };
    };
    const [a, b] = [await row(both), await row(jorts)];
    expect(lines.slice(0, -1)).toEqual([
      'Order Number,Date,Items,Total,Status',
      `${a.number},${a.day},"${a.names}",${a.total},Processing`,
      `${b.number},${b.day},Padded Jorts,${b.total},Shipped`,
    ]);
    const shipped = await callRoute(csvLoader, storefrontGet('/orders.csv?status=shipped', cookie));
    expect((await shipped.text()).split('\r\n').filter(Boolean)).toHaveLength(2);
  });

  it('exports order_history.csv in Italian when the Italian orders page links it (?lang=it)', async () => {
    const res = await callRoute(csvLoader, storefrontGet('/orders.csv?status=shipped&lang=it', cookie));
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="order_history.csv"');
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe('Numero ordine,Data,Articoli,Totale,Stato');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^ORD-[^,]+,\d{4}-\d{2}-\d{2},Padded Jorts,"€\d+,\d{2}",Spedito$/);
  });
});

describe('orders loader: failures', () => {
  it("shows 'Error: Failed to fetch orders' when the API cannot be reached", async () => {
    const { s } = await buyer(0);
    const cookie = await shopperCookie(s);
    process.env.API_URL = 'http://127.0.0.1:9';
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await load('/orders', cookie);
      // An unreachable API is a 503, as on every other page.
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ state: 'error', error: 'Error: Failed to fetch orders' });
      const csv = await callRoute(csvLoader, storefrontGet('/orders.csv', cookie));
      expect(csv.status).toBe(503);
    } finally {
      process.env.API_URL = api.url;
      spy.mockRestore();
    }
  });

  it("sends the shopper to sign in, signed out on that answer, when the session's tokens no longer work", async () => {
    const { s } = await buyer(0);
    const cookie = await shopperCookie(s);
    const session = await sessionFor(storefrontGet('/', cookie));
    await fetch(`${api.url}/api/auth/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${session.get('accessToken')}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: session.get('refreshToken') }),
    });
    api.clock.advance(16 * 60_000);
    const res = await thrownResponse(load('/orders', cookie));
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/login?redirectTo=%2Forders&reason=login');
    expect(res.headers.get('Set-Cookie')).toBeTruthy();
  });
});

describe('orders: a guest signed in by code sees their own orders and keeps them in an account (ADR 048)', () => {
  /** A guest who bought once, with the storefront cookie of that sign-in. */
  async function guestBuyer() {
    const s = shopper(api);
    const answer = await s.signInAsGuest();
    const bought = await buyThroughCheckout(api, s, [{ id: stocked[0].id }]);
    return { s, answer, bought, cookie: await storefrontCookie(answer) };
  }
  const keep = (cookie: string, password: string) =>
    callRoute(action, storefrontPost('/orders', cookie, { intent: GUEST_ACCOUNT_INTENT, password }));
  const hasPassword = async (s: Shopper) => (await s.post('/api/auth/check-email', { email: s.email })).body.has_password;
  const userOf = async (cookie: string) => (await sessionFor(storefrontGet('/', cookie))).get('user');

  it("lists the guest's own orders and opens them, never another's; receipts and the export stay with accounts", async () => {
    const mine = await guestBuyer();
    const theirs = await guestBuyer();
    const res = await load('/orders', mine.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    const data = await dataOf(res);
    // A guest has no profile: their consents come with this page (orders-consents.test.ts); checking out accepted the terms.
    expect(data.guest).toEqual({ email: mine.s.email, consents: [expect.objectContaining({ kind: 'terms', withdrawn_at: null })] });
    expect(ids(data)).toEqual([mine.bought]);
    expect(data.stats).toMatchObject({ total_orders: 1 });

    const opened = await dataOf(await load(`/orders?open=${mine.bought}`, mine.cookie));
    expect(opened.opened).toMatchObject({ id: mine.bought, error: null, detail: { purchase_id: mine.bought } });
    const details = await callRoute(detailsLoader, storefrontGet(`/orders/${mine.bought}/details`, mine.cookie), {
      purchaseId: mine.bought,
    });
    expect(details.status).toBe(200);

    const other = await dataOf(await load(`/orders?order_id=${theirs.bought}`, mine.cookie));
    expect(other.orders).toEqual([]);
    expect(other.opened).toMatchObject({ detail: null, error: 'Failed to load order details' });
    const otherDetails = await callRoute(detailsLoader, storefrontGet(`/orders/${theirs.bought}/details`, mine.cookie), {
      purchaseId: theirs.bought,
    });
    expect(otherDetails.status).toBe(404);

    // The spec keeps receipts and the CSV export for registered users: the guard still asks for an account.
    for (const answer of [
      await thrownResponse(
        callRoute(receiptLoader, storefrontGet(`/orders/${mine.bought}/receipt`, mine.cookie), { purchaseId: mine.bought }),
      ),
      await thrownResponse(callRoute(csvLoader, storefrontGet('/orders.csv', mine.cookie))),
    ]) {
      expect(answer.status).toBe(302);
      expect(answer.headers.get('Location')).toMatch(/reason=create-account$/);
    }
  });

  it('creates the account from the guest with a password only: the same orders, a registered session, a success message', async () => {
    const { s, bought, cookie, answer } = await guestBuyer();
    const res = await keep(cookie, 'Kept-Order-2026');
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/orders');
    const registered = nextCookie(res)!;
    expect(registered).not.toBe(cookie);
    const session = await sessionFor(storefrontGet('/', registered));
    expect(session.get('user')).toMatchObject({ id: answer.user.id, email: s.email, user_type: 'registered', session_expires_at: null });
    expect(session.get('flash')).toEqual({ kind: 'success', message: 'Your account is ready, and your orders are in it.' });

    const page = await load('/orders', registered);
    const data = await dataOf(page);
    expect(data.guest).toBeNull();
    expect(ids(data)).toEqual([bought]);
    expect(data.flash).toEqual({ kind: 'success', message: 'Your account is ready, and your orders are in it.' });
    // Shown once: the page's answer clears it.
    expect((await dataOf(await load('/orders', nextCookie(page, registered)!))).flash).toBeNull();
    // The account signs in with its new password and holds the order.
    await s.login(s.email!, 'Kept-Order-2026');
    expect((await s.get('/api/user/purchases?limit=10&offset=0')).body.map((p: { purchase_id: string }) => p.purchase_id)).toEqual([
      bought,
    ]);
    // Posted again (a second tab), there is nothing left to do: back to the orders, nothing changed.
    const again = await keep(registered, 'Another-Pass-2026');
    expect(again.status).toBe(303);
    expect(again.headers.get('Set-Cookie')).toBeNull();
    await s.login(s.email!, 'Kept-Order-2026');
  });

  it('refuses a password registration would refuse, on the field, and changes nothing', async () => {
    const { s, cookie } = await guestBuyer();
    for (const [password, message] of [
      ['Short-1', 'Password must be at least 8 characters'],
      ['lowercase-only-1', 'Password must contain at least one uppercase letter'],
      ['', 'Password is required'],
    ]) {
      const res = (await keep(cookie, password)) as Response;
      expect(res.status).toBe(400);
      expect(res.headers.get('Set-Cookie')).toBeNull();
      const { result } = await dataOf(res);
      // The first of the registration step's messages, which the field shows.
      expect(result.error.password[0]).toBe(message);
      // The password is never sent back to the page.
      expect(JSON.stringify(result)).not.toContain(password || 'never');
    }
    expect(await hasPassword(s)).toBe(false);
    expect((await userOf(cookie))?.user_type).toBe('guest');
  });

  it('says so when the API cannot be reached, and changes nothing', async () => {
    const { s, cookie } = await guestBuyer();
    process.env.API_URL = 'http://127.0.0.1:9';
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let res: Response;
    try {
      res = (await keep(cookie, 'Kept-Order-2026')) as Response;
    } finally {
      process.env.API_URL = api.url;
      spy.mockRestore();
    }
    expect(res.status).toBe(503);
    expect(res.headers.get('Set-Cookie')).toBeNull();
    expect((await dataOf(res)).result.error).toEqual({ '': ['Your account could not be created just now. Please try again in a moment.'] });
    expect(await hasPassword(s)).toBe(false);
  });

  it('sends a guest whose session has ended to verify again, signed out, and makes no account', async () => {
    // The cookie says the guest session is over: the guard answers, before any call.
    const { s, answer } = await guestBuyer();
    const ended = await storefrontCookie({
      ...answer,
      user: { ...answer.user, session_expires_at: new Date(Date.now() - 1000).toISOString() },
    });
    for (const res of [await thrownResponse(keep(ended, 'Kept-Order-2026')), await thrownResponse(load('/orders', ended))]) {
      expect(res.headers.get('Location')).toBe('/login?redirectTo=%2Forders&reason=guest-expired');
      expect((await sessionFor(storefrontGet('/', nextCookie(res)!))).get('accessToken')).toBeUndefined();
    }
    expect(await hasPassword(s)).toBe(false);
  });

  it("sends the guest to verify again when the API's clock says the session is over, token fresh or not", async () => {
    const stale = await guestBuyer();
    const fresh = await guestBuyer();
    // Just before the end, the second guest's token is renewed: the API ends it with the guest session all the same.
    api.clock.advance(GUEST_SESSION_TTL_MS - 2 * 60_000);
    const pair = await fresh.s.post('/api/auth/refresh', { refresh_token: fresh.answer.refresh_token });
    expect(pair.status).toBe(200);
    const freshCookie = await storefrontCookie({ ...fresh.answer, ...pair.body });
    api.clock.advance(5 * 60_000);

    for (const { s, cookie } of [stale, { s: fresh.s, cookie: freshCookie }]) {
      const res = await thrownResponse(keep(cookie, 'Kept-Order-2026'));
      expect(res.headers.get('Location')).toBe('/login?redirectTo=%2Forders&reason=guest-expired');
      expect((await userOf(nextCookie(res)!)) ?? null).toBeNull();
      expect(await hasPassword(s)).toBe(false);
      const page = await thrownResponse(load('/orders', cookie));
      expect(page.headers.get('Location')).toBe('/login?redirectTo=%2Forders&reason=guest-expired');
    }
  });
});
