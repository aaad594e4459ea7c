import { describe, expect, it } from 'vitest';
import { commitSession, getSession } from './lib/session.server';
import { createRemixStub } from '@remix-run/testing';
import { renderToStaticMarkup } from 'react-dom/server';
import { ErrorBoundary, loader } from './root';

async function load(headers: Record<string, string> = {}) {
  const response = await loader({ request: new Request('http://shop.test/', { headers }), params: {}, context: {} });
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
