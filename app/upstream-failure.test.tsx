import { createRemixStub } from '@remix-run/testing';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { seedPolicyDocuments } from '../api/src/seed/policy-documents';
import { type FaultMode, type FaultProxy, startFaultProxy } from '../tests/support/fault-proxy';
import { contextFor, sessionFor } from '../tests/support/route-context';
import { buyThroughCheckout, shopper, variants } from '../tests/support/shopper';
import { startTestApi } from '../tests/support/test-api';
import { signIn, signInSchema } from './lib/auth.server';
import { catalogueCache } from './lib/cache.server';
import { CART_COUNT_KEPT_MS } from './lib/cart.server';
import { getHoneypot } from './lib/honeypot.server';
import { loader as rootLoader } from './root';
import Home, { loader as homeLoader } from './routes/_index';
import CartPage, { action as cartAction, loader as cartLoader } from './routes/cart';
import { action as contactAction } from './routes/contact';
import OrderSuccess, { loader as orderLoader } from './routes/order-success';
import PrivacyPolicy, { loader as policyLoader } from './routes/privacy-policy';
import { loader as productLoader } from './routes/product.$productName';
import Profile, { loader as profileLoader } from './routes/profile';
import { loader as sitemapLoader } from './routes/sitemap[.]xml';

/**
 * Every page against an API that is down, resets connections, is too slow, stalls mid-answer or
 * answers 500, through a proxy between storefront and API: each shows its spec error state with a
 * gateway status in bounded time, and works again as soon as the API does, in the same process.
 */

const TIMEOUT_MS = 400;
/**
 * The storefront's wait where the API is slow or stalls: those tests wait it out, each, so it is shorter
 * (the other failures answer at once, and a 500 must not be taken for a timeout on a busy machine).
 */
const TIMEOUT_WAITED_MS = 150;
/** Far above the timeout, far below a hang: the page must have answered by then. */
const ANSWER_WITHIN_MS = TIMEOUT_MS + 2_000;

type Api = Awaited<ReturnType<typeof startTestApi>>;
let api: Api;
let proxy: FaultProxy;
let signedIn = '';
let cartCookie = '';
/** About when the add kept the badge's count in the session. */
let keptAt = 0;
let purchaseId = '';

const FAILURES: { mode: FaultMode; status: number; message: string }[] = [
  { mode: 'down', status: 503, message: 'Failed to fetch' },
  { mode: 'reset', status: 503, message: 'Failed to fetch' },
  { mode: 'slow', status: 504, message: 'Request timed out' },
  { mode: 'stall', status: 504, message: 'Request timed out' },
  { mode: 'error', status: 502, message: 'HTTP error! status: 500' },
];

const args = (path: string, cookie = '', init: RequestInit = {}) => {
  const request = new Request(`http://shop.test${path}`, { ...init, headers: { ...(cookie ? { Cookie: cookie } : {}), ...init.headers } });
  return {
    request,
    params: path.startsWith('/product/') ? { productName: decodeURIComponent(path.slice('/product/'.length)) } : {},
    context: contextFor(request),
  };
};

/** What a page answered, thrown or returned. */
async function answer(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page gets whatever its loader sent
function render(Component: ComponentType, data: any, path: string) {
  const Stub = createRemixStub([{ path: path.split('?')[0], Component, loader: () => data }]);
  return renderToStaticMarkup(<Stub initialEntries={[path]} hydrationData={{ loaderData: { '0': data } }} />);
}

interface Page {
  name: string;
  load(): Promise<Response>;
  /** The spec's error state for `message`, checked on the answer. */
  failed(response: Response, message: string): Promise<void>;
  /** The page's content once the API answers. */
  works(response: Response): Promise<void>;
}

const PAGES: Page[] = [
  {
    name: 'home /',
    load: () => homeLoader(args('/')),
    async failed(response, message) {
      expect(render(Home, await response.json(), '/')).toContain(`Error loading products: ${message}`);
    },
    async works(response) {
      expect(render(Home, await response.json(), '/')).toContain('Tracer Tee');
    },
  },
  {
    name: 'product page',
    load: () => productLoader(args('/product/Padded%20Jorts')),
    async failed(response, message) {
      // The route's ErrorBoundary shows 'Error loading product: {message}' from this data.
      expect(await response.json()).toEqual({ message });
    },
    async works(response) {
      expect((await response.json()).page.product.name).toBe('Padded Jorts');
    },
  },
  {
    name: 'cart',
    load: () => cartLoader(args('/cart', cartCookie)),
    async failed(response, message) {
      expect(render(CartPage, await response.json(), '/cart')).toContain(`Error loading cart: ${message}`);
    },
    async works(response) {
      expect((await response.json()).cart.total_items).toBe(1);
    },
  },
  {
    name: 'profile',
    load: () => profileLoader(args('/profile', signedIn)),
    // docs/product.md#error-messages: the profile names its own failure ('Failed to fetch profile'), whatever the cause.
    async failed(response) {
      expect(render(Profile, await response.json(), '/profile')).toContain('Error loading profile: Failed to fetch profile');
    },
    async works(response) {
      expect(render(Profile, await response.json(), '/profile')).toContain('Welcome back, Ada Rossi!');
    },
  },
  {
    name: 'order confirmation',
    load: () => orderLoader(args(`/order-success?purchase_intent_id=${purchaseId}`, signedIn)),
    async failed(response) {
      const html = render(OrderSuccess, await response.json(), '/order-success');
      expect(html).toContain('Unable to Load Order');
      expect(html).toContain('Failed to load order');
    },
    async works(response) {
      expect((await response.json()).order.purchase_id).toBe(purchaseId);
    },
  },
  {
    name: 'policy document',
    load: () => policyLoader(args('/privacy-policy')),
    async failed(response, message) {
      expect(render(PrivacyPolicy, await response.json(), '/privacy-policy')).toContain(`Error loading document: ${message}`);
    },
    async works(response) {
      expect((await response.json()).markdown).toContain('Data controller');
    },
  },
  {
    name: 'sitemap',
    load: () => sitemapLoader(args('/sitemap.xml')),
    async failed(response, message) {
      expect(response.headers.get('Retry-After')).toBe('60');
      expect(await response.text()).toBe(`${message}\n`);
    },
    async works(response) {
      expect(await response.text()).toContain('/product/Padded%20Jorts');
    },
  },
];

beforeAll(async () => {
  api = await startTestApi();
  await seedPolicyDocuments(api.storage);
  proxy = await startFaultProxy(api.url, { slowMs: 10_000 });
  process.env.API_URL = proxy.url;
  process.env.STORAGE_URL = proxy.url;

  // A registered shopper with one purchase, signed in to the storefront.
  const buyer = shopper(api);
  const registered = await buyer.register();
  const [variant] = await variants(api);
  purchaseId = await buyThroughCheckout(api, buyer, [{ id: variant.id }]);
  const request = new Request('http://shop.test/');
  signedIn = (await signIn(contextFor(request), await sessionFor(request), signInSchema.parse(registered))).split(';')[0];

  // A visitor with one item in the cart.
  const added = await cartLoader(args(`/cart?add=${variant.id}`));
  cartCookie = added.headers.get('Set-Cookie')!.split(';')[0];
  keptAt = Date.now();
  // Only the calls under test wait this short: the set-up above may be slow on a busy machine.
  process.env.API_TIMEOUT_MS = String(TIMEOUT_MS);
});

afterAll(async () => {
  delete process.env.API_TIMEOUT_MS;
  await proxy.close();
  await api.cleanup();
});

beforeEach(() => catalogueCache.invalidate());

describe.each(FAILURES)('with the API $mode', ({ mode, status, message }) => {
  const timeout = String(mode === 'slow' || mode === 'stall' ? TIMEOUT_WAITED_MS : TIMEOUT_MS);
  beforeEach(async () => {
    await proxy.setMode(mode);
    process.env.API_TIMEOUT_MS = timeout;
    return async () => {
      process.env.API_TIMEOUT_MS = String(TIMEOUT_MS);
      await proxy.setMode('pass');
    };
  });

  it.each(PAGES)('$name shows its error state with a gateway status, then works again', async (page) => {
    const started = Date.now();
    const failed = await answer(() => page.load());
    expect(Date.now() - started).toBeLessThan(ANSWER_WITHIN_MS);
    expect(failed.status).toBe(status);
    await page.failed(failed, message);

    await proxy.setMode('pass');
    catalogueCache.invalidate();
    // Working again is about the API being back, not about speed: a busy machine gets the usual wait.
    process.env.API_TIMEOUT_MS = '10000';
    const recovered = await answer(() => page.load()).finally(() => (process.env.API_TIMEOUT_MS = timeout));
    expect(recovered.status).toBe(200);
    await page.works(recovered);
  });

  it('the site chrome still renders: the badge kept in the session, or an empty one once it must be asked again', async () => {
    // The count the add kept is shown without the API, however long the tests before took...
    vi.spyOn(Date, 'now').mockReturnValue(keptAt + 1000);
    try {
      const kept = await rootLoader(args('/', cartCookie));
      expect(kept.status).toBe(200);
      expect((await kept.json()).cartCount).toBe(1);
    } finally {
      vi.restoreAllMocks();
    }
    // ...and once it is old the API is asked: unreachable, the badge is empty.
    vi.spyOn(Date, 'now').mockReturnValue(keptAt + CART_COUNT_KEPT_MS + 1000);
    try {
      const asked = await rootLoader(args('/', cartCookie));
      expect(asked.status).toBe(200);
      expect((await asked.json()).cartCount).toBe(0);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('the contact form says why it could not send, with a gateway status', async () => {
    const honeypot = getHoneypot().getInputProps();
    const form = new URLSearchParams({
      [honeypot.nameFieldName]: '',
      [honeypot.validFromFieldName!]: honeypot.encryptedValidFrom!,
      name: 'Ada Rossi',
      email: 'ada@example.com',
      reason: 'general',
      subject: 'Hello',
      message: 'Is the jorts restock coming?',
    });
    const response = await contactAction(
      args('/contact', '', { method: 'POST', body: form, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }),
    );
    expect(response.status).toBe(status);
    const text = JSON.stringify(await response.json());
    expect(text).toContain(mode === 'error' ? 'Failed to send message' : 'Failed to send message. Please try again.');
  });

  it("the cart's checkout says why it could not start: 'Checkout error' when the API was not reached or too slow", async () => {
    // Like the contact form, it follows a read: a connection the proxy dropped when its mode changed
    // is met by a request that may be sent again, not by this post.
    await rootLoader(args('/', signedIn));
    const response = await answer(() =>
      cartAction(
        args('/cart', signedIn, {
          method: 'POST',
          body: new URLSearchParams({ intent: 'checkout' }),
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        }),
      ),
    );
    expect(response.status).toBe(303);
    const flash = (
      await sessionFor(new Request('http://shop.test/', { headers: { Cookie: response.headers.get('Set-Cookie')!.split(';')[0] } }))
    ).get('flash');
    expect(flash?.message).toBe(mode === 'error' ? 'Checkout error: Checkout failed: 500' : `Checkout error: ${message}`);
  });
});

describe('a warm catalogue cache', () => {
  it('keeps the listing up while the API is down (stale-while-revalidate)', async () => {
    expect((await homeLoader(args('/'))).status).toBe(200);
    await proxy.setMode('down');
    try {
      const response = await homeLoader(args('/'));
      expect(response.status).toBe(200);
      expect(render(Home, await response.json(), '/')).toContain('Padded Jorts');
    } finally {
      await proxy.setMode('pass');
    }
  });
});
