import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { shipOrder } from '../../api/src/services/fulfilment';
import { buyThroughCheckout, shopper, variants, type Shopper } from '../../tests/support/shopper';
import { shopperCookie, storefrontGet, thrownResponse } from '../../tests/support/storefront-session';
import { mostConcurrentRequests, startTestApi } from '../../tests/support/test-api';
import { formatEuro } from '@contract/money';
import { orderNumber } from '@contract/order-number';
import { loader as detailsLoader } from './orders.$purchaseId.details';
import { loader as csvLoader } from './orders[.]csv';
import { loader } from './orders';
import { shopDay } from '@contract/shop-time';
import { callRoute, sessionFor } from '../../tests/support/route-context';

type Api = Awaited<ReturnType<typeof startTestApi>>;
let api: Api;
let stocked: Awaited<ReturnType<typeof variants>>;

beforeAll(async () => {
  api = await startTestApi();
  process.env.API_URL = api.url;
  stocked = (await variants(api)).sort((a, b) => b.stock_quantity - a.stock_quantity);
});
afterAll(() => api.cleanup());

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
    expect(line.variant_attributes.map((a: { attribute_name: string }) => a.attribute_name)).toEqual(['color', 'treatment', 'material', 'size']);
  });

  it('asks the API for the orders with their stats and for the opened order at the same time', async () => {
    const most = await mostConcurrentRequests(api, async () => {
      expect((await load(`/orders?page=2&open=${tee}`, cookie)).status).toBe(200);
    });
    expect(most).toBe(2);
  });

  it('the details route answers the owner, and the inline error for anyone else', async () => {
    const own = await callRoute(detailsLoader, storefrontGet(`/orders/${both}/details`, cookie), { purchaseId: both });
    expect(own.status).toBe(200);
    const ownDetail = (await dataOf(own)).detail;
    expect(ownDetail.purchase_id).toBe(both);
    expect(ownDetail.items.map((item: { name: string }) => item.name).sort()).toEqual(['Padded Jorts', 'Padded Tee']);

    const stranger = shopper(api);
    await stranger.register();
    const theirs = await callRoute(detailsLoader, storefrontGet(`/orders/${both}/details`, await shopperCookie(stranger)), { purchaseId: both });
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
      expect(await res.json()).toEqual({ state: 'error', error: 'Error: Failed to fetch orders' });
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
