import { createRemixStub } from '@remix-run/testing';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { contextFor } from '../../tests/support/route-context';
import { shopper } from '../../tests/support/shopper';
import { storefrontTestApi } from '../../tests/support/storefront-api';
import { storefrontCookie, thrownResponse } from '../../tests/support/storefront-session';
import { LinkNavigation } from '../components/shop-link';
import { localeOfPath } from '../lib/i18n';
import OrderDetails, { loader as orderDetailsLoader } from './order-details';
import OrderFailed, { loader as orderFailedLoader } from './order-failed';
import { loader as paymentResultLoader } from './payment-result';

const api = storefrontTestApi({ seed: false });

const get = (path: string, cookie?: string) => {
  const request = new Request(`http://shop.test${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  return { request, params: path.startsWith('/it/') ? { lang: 'it' } : {}, context: contextFor(request) };
};

/** A page as the root's layout renders it: its links in the page's language (LinkNavigation). */
function render(path: string, Page: () => JSX.Element, data: Record<string, unknown> | null) {
  const Component = () => (
    <LinkNavigation locale={localeOfPath(path)}>
      <Page />
    </LinkNavigation>
  );
  const Stub = createRemixStub([{ path, Component, loader: () => data }]);
  return renderToStaticMarkup(<Stub initialEntries={[path]} hydrationData={{ loaderData: { '0': data } }} />);
}

describe('/order-failed', () => {
  it('is for registered shoppers, as the route table says', async () => {
    const visitor = await thrownResponse(orderFailedLoader(get('/order-failed')));
    expect(visitor.headers.get('Location')).toBe('/login?redirectTo=%2Forder-failed&reason=login');
    const guest = await thrownResponse(orderFailedLoader(get('/order-failed', await storefrontCookie(await shopper(api).signInAsGuest()))));
    expect(guest.headers.get('Location')).toBe('/login?redirectTo=%2Forder-failed&reason=create-account');
    const member = await orderFailedLoader(get('/order-failed', await storefrontCookie(await shopper(api).register())));
    expect(member.status).toBe(200);
  });

  it('shows the static sample error with its ways out', async () => {
    const member = await storefrontCookie(await shopper(api).register());
    const data = await (await orderFailedLoader(get('/order-failed', member))).json();
    const html = render('/order-failed', OrderFailed, data);
    expect(html).toContain('Error code:');
    expect(html).toContain('Try Again');
    expect(html).toMatch(/<form[^>]*action="\/cart"/);
    expect(html).toContain('href="/cart"');
    expect(html).toContain('View Cart &amp; Retry');
    expect(html).toContain('href="/contact?reason=purchase_error"');
    expect(html).toContain('Back to Shopping');
    expect(html).toContain('Average response time: Under 2 hours');
    expect((html.match(/<li>/g) ?? []).length).toBeGreaterThanOrEqual(4);
  });

  it('speaks Italian under /it, its links staying there', async () => {
    const member = await storefrontCookie(await shopper(api).register());
    const visitor = await thrownResponse(orderFailedLoader(get('/it/order-failed')));
    expect(visitor.headers.get('Location')).toBe('/it/login?redirectTo=%2Fit%2Forder-failed&reason=login');
    const data = await (await orderFailedLoader(get('/it/order-failed', member))).json();
    const html = render('/it/order-failed', OrderFailed, data);
    expect(html).toContain('Pagamento non riuscito');
    expect(html).toContain('Codice di errore:');
    expect(html).toMatch(/<form[^>]*action="\/it\/cart"/);
    expect(html).toContain('href="/it/contact?reason=purchase_error"');
    expect(html).toContain('Tempo medio di risposta: meno di 2 ore');
    expect(html).not.toContain('Try Again');
  });
});

describe('/payment-result', () => {
  it('renders the login screen', async () => {
    const response = await paymentResultLoader(get('/payment-result'));
    const data = await response.json();
    expect(data.view).toMatchObject({ step: 'email', context: 'login', returnTo: '/payment-result', successTo: null });
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  });
});

describe('/order-details', () => {
  it('shows the fixed sample order to everyone, with View Order History for registered shoppers', async () => {
    const visitor = await (await orderDetailsLoader(get('/order-details'))).json();
    expect(visitor).toMatchObject({ registered: false });
    const member = await (await orderDetailsLoader(get('/order-details', await storefrontCookie(await shopper(api).register())))).json();
    expect(member).toMatchObject({ registered: true });

    const html = render('/order-details', OrderDetails, member);
    expect(html).toContain('ORD-2026-03-14-5F3A9C21');
    expect(html).toContain('Tracer Tee');
    expect(html).toContain('Padded Jorts');
    expect(html).toContain('€165.00');
    expect(html).toContain('href="/orders"');
    // Sample data: no real purchase, so no receipt to download.
    expect(html).not.toContain('Download Receipt');
    expect(render('/order-details', OrderDetails, visitor)).toContain('href="/register"');
  });

  it('shows the sample in Italian under /it: its words, its dates, euros with a decimal comma', async () => {
    const data = await (await orderDetailsLoader(get('/it/order-details'))).json();
    const html = render('/it/order-details', OrderDetails, data);
    expect(html).toContain('Grazie per il tuo ordine!');
    expect(html).toContain('14 marzo 2026');
    expect(html).toContain('€165,00');
    expect(html).toContain('Colore: BLACK');
    expect(html).toContain('Carta di credito che termina con 4242');
    expect(html).toContain('href="/it/register"');
    expect(html).not.toContain('Thank you');
  });
});
