import { describe, expect, it } from 'vitest';
import { commitSession, getSession } from './lib/session.server';
import { createRemixStub } from '@remix-run/testing';
import { renderToStaticMarkup } from 'react-dom/server';
import { startTestApi } from '../tests/support/test-api';
import { ErrorBoundary, loader, shouldRevalidate } from './root';

async function firstVariantInStock(apiUrl: string): Promise<string> {
  const details = await (await fetch(`${apiUrl}/api/products/details?product_name=Tracer%20Tee`)).json();
  return details.variants.find((v: { in_stock: boolean }) => v.in_stock).id;
}

async function load(headers: Record<string, string> = {}, path = '/') {
  const response = await loader({ request: new Request(`http://shop.test${path}`, { headers }), params: {}, context: {} });
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
    const session = await getSession(request);
    session.set('accessToken', 'token');
    session.set('user', { id: 'u1', email: 'ada@example.com', user_type: 'registered', first_name: 'Ada', last_name: null, session_expires_at: null });
    const cookie = (await commitSession(request, session)).split(';')[0];
    expect((await load({ Cookie: cookie })).user).toMatchObject({ email: 'ada@example.com' });
  });

  it('reads the cart for the badge on every page but the cart page, which reads it itself', async () => {
    const api = await startTestApi();
    try {
      process.env.API_URL = api.url;
      const variant = await firstVariantInStock(api.url);
      const added = await fetch(`${api.url}/api/cart/add`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ variant_id: variant }) });
      const cartCookie = added.headers.getSetCookie().find((c) => c.startsWith('cart_token='))!.split(';')[0];
      const request = new Request('http://shop.test/');
      const session = await getSession(request);
      session.set('apiCartCookie', cartCookie);
      const cookie = (await commitSession(request, session)).split(';')[0];
      expect((await load({ Cookie: cookie })).cartCount).toBe(1);
      expect((await load({ Cookie: cookie }, '/product/Tracer%20Tee')).cartCount).toBe(1);
      expect((await load({ Cookie: cookie }, '/cart')).cartCount).toBeNull();
    } finally {
      await api.cleanup();
    }
  });

  it('revalidates when leaving the cart page, where it had no count', () => {
    const next = (from: string, to: string, defaultShouldRevalidate = false) =>
      shouldRevalidate({ currentUrl: new URL(from, 'http://shop.test'), nextUrl: new URL(to, 'http://shop.test'), defaultShouldRevalidate } as Parameters<typeof shouldRevalidate>[0]);
    expect(next('/cart', '/')).toBe(true);
    expect(next('/cart', '/cart?confirm=clear')).toBe(false);
    expect(next('/', '/about')).toBe(false);
    expect(next('/', '/about', true)).toBe(true);
  });

  it('hides the cookie notice once the acceptance cookie is there', async () => {
    expect((await load({ Cookie: 'other=1; cookieConsent=accepted' })).cookieConsent).toBe(true);
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

  it("shows an upstream failure's message with a plain retry link to the same address", () => {
    const html = renderError(thrown(503, { message: 'Failed to fetch' }));
    expect(html).toContain('Error 503');
    expect(html).toContain('Something went wrong');
    expect(html).toContain('<p role="alert">Failed to fetch</p>');
    expect(html).toContain('href="/somewhere?x=1"');
    expect(html).toContain('Try again');
  });

  it("falls back to 'Something went wrong' for the storefront's own faults", () => {
    const html = renderError(new Error('secret stack detail'));
    expect(html).toContain('Error 500');
    expect(html).toContain('Please try again in a moment.');
    expect(html).not.toContain('secret stack detail');
  });
});
