import { createRemixStub } from '@remix-run/testing';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { callRoute, contextFor, sessionFor } from '../tests/support/route-context';
import { buyThroughCheckout, shopper } from '../tests/support/shopper';
import { nextCookie, shopperCookie, storefrontGet, storefrontPost } from '../tests/support/storefront-session';
import { startTestApi, TEST_ADMIN_TOKEN } from '../tests/support/test-api';
import { signIn, signInSchema } from './lib/auth.server';
import { catalogueCache } from './lib/cache.server';
import { CART_COUNT_COOKIE, CART_COUNT_KEPT_MS } from './lib/cart.server';
import { commitSession, redirectWithFlash } from './lib/session.server';
import { ErrorBoundary, Layout, loader, shouldRevalidate } from './root';
import { loader as cartLoader } from './routes/cart';
import { loader as orderSuccessLoader } from './routes/order-success';
import { loader as ordersLoader } from './routes/orders';
import { action as productAction } from './routes/product.$productName';

async function firstVariantInStock(apiUrl: string): Promise<string> {
  const details = await (await fetch(`${apiUrl}/api/products/details?product_name=Tracer%20Tee`)).json();
  return details.variants.find((v: { in_stock: boolean }) => v.in_stock).id;
}

async function load(headers: Record<string, string> = {}, path = '/') {
  const response = await callRoute(loader, new Request(`http://shop.test${path}`, { headers }));
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
    const session = await sessionFor(request);
    session.set('accessToken', 'token');
    session.set('user', {
      id: 'u1',
      email: 'ada@example.com',
      user_type: 'registered',
      first_name: 'Ada',
      last_name: null,
      session_expires_at: null,
    });
    const cookie = (await commitSession(contextFor(request), session)).split(';')[0];
    expect((await load({ Cookie: cookie })).user).toMatchObject({ email: 'ada@example.com' });
  });

  it('reads the cart for the badge on every page but the cart page, which reads it itself', async () => {
    const api = await startTestApi();
    try {
      process.env.API_URL = api.url;
      const variant = await firstVariantInStock(api.url);
      const added = await fetch(`${api.url}/api/cart/add`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ variant_id: variant }),
      });
      const cartCookie = added.headers
        .getSetCookie()
        .find((c) => c.startsWith('cart_token='))!
        .split(';')[0];
      const request = new Request('http://shop.test/');
      const session = await sessionFor(request);
      session.set('apiCartCookie', cartCookie);
      const cookie = (await commitSession(contextFor(request), session)).split(';')[0];
      expect((await load({ Cookie: cookie })).cartCount).toBe(1);
      expect((await load({ Cookie: cookie }, '/product/Tracer%20Tee')).cartCount).toBe(1);
      expect((await load({ Cookie: cookie }, '/cart')).cartCount).toBeNull();
    } finally {
      await api.cleanup();
    }
  });

  it('draws the menus from the catalogue: every product, one the owner adds included, and the categories', async () => {
    const api = await startTestApi();
    try {
      process.env.API_URL = api.url;
      const made = await api.app.request('/api/admin/products', {
        method: 'POST',
        headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: 'Menu Cap',
          category: 'Caps',
          short_description: 'Six panels.',
          long_description: 'A cap.',
          price: 2_500,
          purchase_limit: null,
          sku_prefix: 'MNC',
          colours: ['Black'],
          sizes: ['One size'],
          stock_per_variant: 2,
        }),
      });
      expect(made.status).toBe(201);
      catalogueCache.invalidate();
      const menu = (await load()).menu!;
      const names = menu.products.map((p) => p.name);
      expect(names).toEqual(expect.arrayContaining(['Menu Cap', 'Tracer Hoodie', 'Tracer Tee', 'Padded Tee', 'Padded Jorts']));
      expect(menu.products).toContainEqual({ name: 'Menu Cap', to: '/product/Menu%20Cap' });
      expect(menu.categories).toContainEqual({ name: 'Caps', to: '/?category=Caps' });
      expect(menu.categories).toContainEqual({ name: 'Outerwear', to: '/?category=Outerwear' });
    } finally {
      catalogueCache.invalidate();
      await api.cleanup();
    }
  });

  it('revalidates when leaving the cart page, where it had no count', () => {
    const next = (from: string, to: string, defaultShouldRevalidate = false) =>
      shouldRevalidate({
        currentUrl: new URL(from, 'http://shop.test'),
        nextUrl: new URL(to, 'http://shop.test'),
        defaultShouldRevalidate,
      } as Parameters<typeof shouldRevalidate>[0]);
    expect(next('/cart', '/')).toBe(true);
    expect(next('/cart', '/cart?confirm=clear')).toBe(false);
    expect(next('/', '/about')).toBe(false);
    expect(next('/', '/about', true)).toBe(true);
  });

  it('hides the cookie notice once the acceptance cookie is there', async () => {
    expect((await load({ Cookie: 'other=1; cookieConsent=accepted' })).cookieConsent).toBe(true);
  });
});

describe('the badge count kept in the session', () => {
  type Api = Awaited<ReturnType<typeof startTestApi>>;
  let api: Api;
  // Variants anyone can add a few of: in stock, on sale, without a per-customer limit.
  let stocked: { id: string; name: string }[];
  beforeAll(async () => {
    api = await startTestApi();
    process.env.API_URL = api.url;
    stocked = await api.database.db
      .selectFrom('product_variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['v.id', 'p.name'])
      .where('v.stock_quantity', '>=', 5)
      .where('p.purchase_limit', 'is', null)
      .where('p.archived_at', 'is', null)
      .where((eb) => eb.or([eb('p.launch_date', 'is', null), eb('p.launch_date', '<=', new Date())]))
      .orderBy('v.sku')
      .execute();
  });
  afterAll(() => api.cleanup());
  afterEach(() => vi.restoreAllMocks());

  /** The root loader's badge and the session cookie after it (its own when it set one). */
  async function badge(cookie: string, path = '/') {
    const response = await callRoute(loader, storefrontGet(path, cookie));
    return { count: (await response.json()).cartCount as number | null, cookie: nextCookie(response, cookie)! };
  }
  const later = (ms: number) => {
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + ms);
  };

  it('is asked once, then kept; changes made here keep the new count at once, changes elsewhere show after a while', async () => {
    const [first, second, third] = stocked;
    // The same account on another device: it changes the cart behind this browser's back.
    const device = shopper(api);
    await device.register();
    let cookie = await shopperCookie(device);
    expect((await device.post('/api/cart/add', { variant_id: first.id })).status).toBe(200);

    ({ cookie } = await badge(cookie));
    expect((await badge(cookie)).count).toBe(1);
    expect((await device.post('/api/cart/add', { variant_id: second.id })).status).toBe(200);
    // Kept: the other device's line is not counted yet...
    expect((await badge(cookie)).count).toBe(1);
    // ...until the kept count is old.
    later(CART_COUNT_KEPT_MS);
    const recounted = await badge(cookie);
    expect(recounted.count).toBe(2);
    vi.restoreAllMocks();
    cookie = recounted.cookie;

    // Add to Cart on a product page keeps the count it answered: the next page shows it without asking.
    const added = await callRoute(
      productAction,
      storefrontPost(`/product/${encodeURIComponent(third.name)}`, cookie, { intent: 'add-to-cart', variantId: third.id }),
      { productName: third.name },
    );
    expect(added.status).toBe(303);
    cookie = nextCookie(added, cookie)!;
    expect((await device.post('/api/cart/add', { variant_id: first.id })).status).toBe(200);
    expect((await badge(cookie)).count).toBe(3);
    // The cart page reads the whole cart, and keeps its count too.
    const cartPage = await callRoute(cartLoader, storefrontGet('/cart', cookie));
    expect((await cartPage.json()).cart.total_items).toBe(4);
    cookie = nextCookie(cartPage, cookie)!;
    expect((await badge(cookie)).count).toBe(4);
    expect((await badge(cookie, '/cart')).count).toBeNull();
  });

  it("is kept in a cookie of its own: the root's answer never writes back a session the page's loader changed beside it (ADR 081)", async () => {
    const buyer = shopper(api);
    await buyer.register();
    expect((await buyer.post('/api/cart/add', { variant_id: stocked[0].id })).status).toBe(200);
    // A post left a message for the page it leads to: the session carries the flash.
    const signedIn = await shopperCookie(buyer);
    const posted = await redirectWithFlash(contextFor(storefrontGet('/orders', signedIn)), '/orders', {
      kind: 'success',
      message: 'Done.',
    });
    const cookie = nextCookie(posted, signedIn)!;
    // With JavaScript the root's and the page's loaders are asked apart, each with that cookie; the
    // root has no count yet, so it asks the API and keeps the answer.
    const root = await callRoute(loader, storefrontGet('/orders?_data=root', cookie));
    expect((await root.json()).cartCount).toBe(1);
    expect(root.headers.getSetCookie().map((set) => set.split('=')[0])).toEqual([CART_COUNT_COOKIE]);
    const page = await callRoute(ordersLoader, storefrontGet('/orders?_data=routes%2Forders', cookie));
    expect(await page.json()).toMatchObject({ state: 'ready', flash: { kind: 'success', message: 'Done.' } });
    // Whichever answer the browser takes last, the message is gone and the count is kept.
    for (const answers of [
      [root, page],
      [page, root],
    ]) {
      const after = answers.reduce((jar, answer) => nextCookie(answer, jar)!, cookie);
      expect((await sessionFor(storefrontGet('/orders', after))).get('flash')).toBeUndefined();
      const fetched = vi.spyOn(globalThis, 'fetch');
      expect((await badge(after, '/orders')).count).toBe(1);
      expect(fetched.mock.calls.some(([url]) => String(url).includes('/cart/count'))).toBe(false);
      fetched.mockRestore();
    }
  });

  it('is not kept for a visitor with neither a sign-in nor a cart: their empty cart page sets no cookie', async () => {
    const empty = await callRoute(cartLoader, storefrontGet('/cart'));
    expect((await empty.json()).cart.total_items).toBe(0);
    expect(empty.headers.get('Set-Cookie')).toBeNull();
  });

  it("is another shopper's count no more once the session is someone else's", async () => {
    const one = shopper(api);
    await one.register();
    expect((await one.post('/api/cart/add', { variant_id: stocked[0].id })).status).toBe(200);
    const kept = await badge(await shopperCookie(one));
    expect(kept.count).toBe(1);
    // A new sign-in in the same browser keeps the session's other values but counts the new shopper's cart.
    const other = shopper(api);
    await other.register();
    const request = storefrontGet('/', kept.cookie);
    const session = await sessionFor(request);
    const signedIn = await signIn(contextFor(request), session, signInSchema.parse(await other.login(other.email!, 'Sunny-Day-2026')));
    expect((await badge(signedIn.split(';')[0])).count).toBe(0);
  });

  it('is asked again after a payment, whose lines have left the cart', async () => {
    const buyer = shopper(api);
    await buyer.register();
    let cookie = await shopperCookie(buyer);
    expect((await buyer.post('/api/cart/add', { variant_id: stocked[1].id })).status).toBe(200);
    ({ cookie } = await badge(cookie));
    expect((await badge(cookie)).count).toBe(1);
    const purchaseId = await buyThroughCheckout(api, buyer, []);
    // The confirmation page's own badge asks the API: the paid line is gone at once.
    expect((await badge(cookie, `/order-success?purchase_intent_id=${purchaseId}`)).count).toBe(0);
    const confirmation = await callRoute(orderSuccessLoader, storefrontGet(`/order-success?purchase_intent_id=${purchaseId}`, cookie));
    expect(confirmation.status).toBe(200);
    expect((await confirmation.json()).order).toMatchObject({ purchase_id: purchaseId });
    cookie = nextCookie(confirmation, cookie)!;
    expect((await badge(cookie)).count).toBe(0);
  });
});

describe('root error boundary', () => {
  const renderError = (error: unknown, path = '/somewhere?x=1') => {
    const Stub = createRemixStub([{ id: 'root', path: '*', Component: () => null, ErrorBoundary }]);
    return renderToStaticMarkup(<Stub initialEntries={[path]} hydrationData={{ errors: { root: error } }} />);
  };
  const thrown = (status: number, data: unknown) => ({ status, statusText: '', internal: false, data });

  it('says a missing page does not exist, with a way home', () => {
    const html = renderError(thrown(404, null));
    expect(html).toContain('Error 404');
    expect(html).toContain('Page not found');
    expect(html).toContain('href="/"');
    expect(html).not.toContain('Try again');
  });

  it("an address no route matches at all (the router's 404, whose data is its message) is a 404 in the brand's chrome", () => {
    const Stub = createRemixStub([
      {
        id: 'root',
        path: '*',
        Component: () => null,
        ErrorBoundary: () => (
          <Layout>
            <ErrorBoundary />
          </Layout>
        ),
      },
    ]);
    const html = renderToStaticMarkup(
      <Stub initialEntries={['/a/b/c']} hydrationData={{ errors: { root: thrown(404, 'Error: No route matches URL "/a/b/c"') } }} />,
    );
    expect(html).toContain('Error 404');
    expect(html).toContain('Page not found');
    expect(html).toContain('aria-label="Main"');
  });

  it("shows an upstream failure's message with a plain retry link to the same address", () => {
    const html = renderError(thrown(503, { message: 'Failed to fetch' }));
    expect(html).toContain('Error 503');
    expect(html).toContain('Something went wrong');
    expect(html).toContain('<p role="alert">Failed to fetch</p>');
    expect(html).toContain('href="/somewhere?x=1"');
    expect(html).toContain('Try again');
  });

  it('speaks Italian under /it, with its way home under /it too', () => {
    const html = renderError(thrown(404, null), '/it/da-nessuna-parte');
    expect(html).toContain('Errore 404');
    expect(html).toContain('Pagina non trovata');
    expect(html).toContain('href="/it"');
    expect(html).not.toContain('Page not found');
  });

  it("falls back to 'Something went wrong' for the storefront's own faults", () => {
    const html = renderError(new Error('secret stack detail'));
    expect(html).toContain('Error 500');
    expect(html).toContain('Please try again in a moment.');
    expect(html).not.toContain('secret stack detail');
  });
});
