import { createRemixStub } from '@remix-run/testing';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { callRoute } from '../../tests/support/route-context';
import { storefrontPost, thrownResponse } from '../../tests/support/storefront-session';
import { startTestApi } from '../../tests/support/test-api';
import { LinkNavigation } from '../components/shop-link';
import { loader as rootLoader } from '../root';
import Home, { loader as homeLoader } from './_index';
import { action as cartAction } from './cart';
import ProductPage, { ErrorBoundary as ProductError, loader as productLoader } from './product.$productName';
import { loader as sitemapLoader } from './sitemap[.]xml';

// The shop in English and Italian (ADR 046): the same loaders answer /it pages in Italian and the
// root's pages exactly as before; the root loader checks the language segment and the first guess.

type Api = Awaited<ReturnType<typeof startTestApi>>;
let api: Api;

beforeAll(async () => {
  api = await startTestApi();
  process.env.API_URL = api.url;
  process.env.STORAGE_URL = 'http://images.test';
});
afterAll(() => api.cleanup());

const get = (path: string, headers: Record<string, string> = {}) => new Request(`http://shop.test${path}`, { headers });

/** A page as the root's layout renders it: its links in the page's language (LinkNavigation). */
function renderPage(path: string, Page: () => JSX.Element, data: unknown) {
  const locale = (data as { i18n: { locale: 'en' | 'it' } }).i18n.locale;
  const Component = () => (
    <LinkNavigation locale={locale}>
      <Page />
    </LinkNavigation>
  );
  const Stub = createRemixStub([{ path: '/*', Component, loader: () => data as Record<string, unknown> }]);
  return renderToStaticMarkup(<Stub initialEntries={[path]} hydrationData={{ loaderData: { '0': data } }} />);
}

describe('the home page in two languages', () => {
  it('answers /it in Italian: its messages, its canonical under /it, euros with a decimal comma', async () => {
    const response = await callRoute(homeLoader, get('/it'), { lang: 'it' });
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.i18n.locale).toBe('it');
    expect(data.canonical).toBe('http://shop.test/it');
    const html = renderPage('/it', Home, data);
    expect(html).toContain('>Negozio</h1>');
    expect(html).toContain('Cerca prodotti');
    expect(html).toContain('€120,00');
    expect(html).toContain('href="/it/product/Padded%20Jorts"');
    expect(html).not.toContain('Search products');
  });

  it('answers / in English as before, varying with the language the browser asks for', async () => {
    const response = await callRoute(homeLoader, get('/'));
    const data = await response.json();
    expect(data.i18n.locale).toBe('en');
    expect(data.canonical).toBe('http://shop.test/');
    expect(response.headers.get('Vary')).toBe('Accept-Language, Cookie');
    const html = renderPage('/', Home, data);
    expect(html).toContain('>Shop</h1>');
    expect(html).toContain('Search products');
    expect(html).toContain('€120.00');
    expect(html).toContain('href="/product/Padded%20Jorts"');
  });
});

describe('the product page in two languages', () => {
  it('answers /it/product/... in Italian with its canonical and whole-euro price', async () => {
    const response = await callRoute(productLoader, get('/it/product/Padded%20Jorts'), { lang: 'it', productName: 'Padded Jorts' });
    const data = await response.json();
    expect(data.canonical).toBe('http://shop.test/it/product/Padded%20Jorts');
    const html = renderPage('/it/product/Padded%20Jorts', ProductPage, data);
    expect(html).toContain('Aggiungi al carrello');
    expect(html).toContain('Acquisto rapido');
    expect(html).toContain('€120</p>');
    expect(html).toContain('href="/it/cart"');
  });

  it('answers the English page unchanged', async () => {
    const response = await callRoute(productLoader, get('/product/Padded%20Jorts'), { productName: 'Padded Jorts' });
    const data = await response.json();
    expect(data.canonical).toBe('http://shop.test/product/Padded%20Jorts');
    const html = renderPage('/product/Padded%20Jorts', ProductPage, data);
    expect(html).toContain('Add to Cart');
    expect(html).toContain('€120</p>');
    expect(html).toContain('href="/cart"');
  });

  it('says a missing product is missing in Italian', async () => {
    const response = await thrownResponse(
      callRoute(productLoader, get('/it/product/Nothing%20Here'), { lang: 'it', productName: 'Nothing Here' }),
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Prodotto non trovato' });
    // The route's error page has no loader data: its words come with the bundle's common messages.
    const Stub = createRemixStub([{ id: 'product', path: '/it/product/:name', Component: () => null, ErrorBoundary: ProductError }]);
    const html = renderToStaticMarkup(
      <Stub
        initialEntries={['/it/product/Nothing%20Here']}
        hydrationData={{ errors: { product: { status: 404, statusText: '', internal: false, data: null } } }}
      />,
    );
    expect(html).toContain('<h1>Prodotto non trovato</h1>');
    expect(html).toContain('Torna alla home');
  });
});

describe('the cart in Italian', () => {
  it('answers a refused code in Italian and comes back to /it/cart after a change', async () => {
    const refused = await callRoute(cartAction, storefrontPost('/it/cart', '', { intent: 'apply-discount', code: '  ' }), { lang: 'it' });
    expect(refused.status).toBe(400);
    expect((await refused.json()).discountError).toBe('Inserisci un codice sconto');
    const removed = await callRoute(cartAction, storefrontPost('/it/cart', '', { intent: 'remove-discount' }), { lang: 'it' });
    expect(removed.status).toBe(303);
    expect(removed.headers.get('Location')).toBe('/it/cart');
  });
});

describe('the language of a request (root loader)', () => {
  const root = (path: string, params: Record<string, string>, headers: Record<string, string> = {}) =>
    callRoute(rootLoader, get(path, headers), params);

  it('answers the pages under /it and at the root alike', async () => {
    expect((await root('/it/cart', { lang: 'it' })).status).toBe(200);
    expect((await root('/cart', {})).status).toBe(200);
  });

  it('refuses a first segment that is not a language of the shop with a 404', async () => {
    for (const lang of ['xx', 'de', 'IT']) {
      const response = await thrownResponse(root(`/${lang}`, { lang }));
      expect(response.status, lang).toBe(404);
    }
  });

  it('moves /en/... to the root page for good, query and all', async () => {
    const response = await thrownResponse(root('/en/product/Padded%20Jorts?size=M', { lang: 'en' }));
    expect(response.status).toBe(301);
    expect(response.headers.get('Location')).toBe('/product/Padded%20Jorts?size=M');
  });

  it('remembers a switcher choice in a cookie and drops the parameter, keeping the page and its query', async () => {
    const toItalian = await thrownResponse(root('/product/Padded%20Jorts?size=M&lang=it', {}));
    expect(toItalian.status).toBe(302);
    expect(toItalian.headers.get('Location')).toBe('/it/product/Padded%20Jorts?size=M');
    expect(toItalian.headers.get('Set-Cookie')).toMatch(/^lang=it; Path=\/; Max-Age=31536000; SameSite=Lax/);
    const toEnglish = await thrownResponse(root('/it?lang=en', { lang: 'it' }));
    expect(toEnglish.headers.get('Location')).toBe('/');
    expect(toEnglish.headers.get('Set-Cookie')).toMatch(/^lang=en;/);
  });

  it('sends a first visit of / to /it when the browser prefers Italian, and only then', async () => {
    const italian = await thrownResponse(root('/?category=Tops', {}, { 'Accept-Language': 'it-IT,it;q=0.9,en;q=0.5' }));
    expect(italian.status).toBe(302);
    expect(italian.headers.get('Location')).toBe('/it?category=Tops');
    expect(italian.headers.get('Vary')).toBe('Accept-Language, Cookie');
    // English first, no preference, or a remembered English choice: the root's page.
    const english: Record<string, string>[] = [{ 'Accept-Language': 'en-GB,it;q=0.8' }, {}, { 'Accept-Language': 'it', Cookie: 'lang=en' }];
    for (const headers of english) {
      const response = await root('/', {}, headers);
      expect(response.status, JSON.stringify(headers)).toBe(200);
    }
    // A remembered Italian choice wins over an English browser.
    const remembered = await thrownResponse(root('/', {}, { 'Accept-Language': 'en', Cookie: 'lang=it' }));
    expect(remembered.headers.get('Location')).toBe('/it');
  });
});

describe('the sitemap in two languages', () => {
  it('lists every page in English and in Italian, each with its alternates and an English x-default', async () => {
    const response = await callRoute(sitemapLoader, get('/sitemap.xml'));
    const xml = await response.text();
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml).toContain('<loc>http://shop.test/product/Padded%20Jorts</loc>');
    expect(xml).toContain('<loc>http://shop.test/it/product/Padded%20Jorts</loc>');
    expect(xml).toContain('<loc>http://shop.test/it</loc>');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="it" href="http://shop.test/it/product/Padded%20Jorts"/>');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="http://shop.test/product/Padded%20Jorts"/>');
    const urls = xml.match(/<url>/g)?.length ?? 0;
    expect(urls).toBe(xml.match(/hreflang="x-default"/g)?.length);
    expect(xml.match(/<loc>http:\/\/shop.test\/it[/<]/g)?.length).toBe(urls / 2);
  });
});
