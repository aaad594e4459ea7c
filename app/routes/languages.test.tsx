import { createRemixStub } from '@remix-run/testing';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { pageWords } from '~/lib/i18n';

import { callRoute } from '../../tests/support/route-context';
import { type Json, shopper } from '../../tests/support/shopper';
import { cliHeaders } from '../../tests/support/staff';
import { storefrontTestApi } from '../../tests/support/storefront-api';
import { nextCookie, storefrontCookie, storefrontGet, storefrontPost, thrownResponse } from '../../tests/support/storefront-session';
import { LinkNavigation } from '../components/shop-link';
import { loader as rootLoader } from '../root';
import Home, { loader as homeLoader } from './_index';
import About, { loader as aboutLoader } from './about';
import { action as authAction } from './auth';
import { action as cartAction } from './cart';
import Contact, { action as contactAction, loader as contactLoader } from './contact';
import Login, { loader as loginLoader } from './login';
import Orders, { loader as ordersLoader } from './orders';
import ProductPage, { ErrorBoundary as ProductError, loader as productLoader } from './product.$productName';
import Profile, { action as profileAction, loader as profileLoader } from './profile';
import { loader as returnLoader } from './returns.$token';
import { loader as sitemapLoader } from './sitemap[.]xml';
import Unsubscribe, { loader as unsubscribeLoader } from './wishlist.unsubscribe';

// The shop in English and Italian (ADR 046): the same loaders answer /it pages in Italian and the
// root's pages exactly as before; the root loader checks the language segment and the first guess.

const api = storefrontTestApi({ storage: 'placeholder' });

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

describe("the API's refusals in Italian, by their code", () => {
  it('a discount code the API refuses is refused in Italian, naming the code', async () => {
    const refused = await callRoute(cartAction, storefrontPost('/it/cart', '', { intent: 'apply-discount', code: 'nope-nope' }), {
      lang: 'it',
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).discountError).toBe("Il codice NOPE-NOPE non è valido. Controlla come l'hai scritto.");
    const english = await callRoute(cartAction, storefrontPost('/cart', '', { intent: 'apply-discount', code: 'nope-nope' }));
    expect((await english.json()).discountError).toBe('The code NOPE-NOPE is not valid. Check its spelling.');
  });

  it('a sign-in code asked for again too soon says how long to wait, in Italian', async () => {
    const returnTo = '/it/cart?auth=verify-or-guest';
    const email = `wait-${Date.now()}@example.com`;
    const first = await callRoute(authAction, storefrontPost('/auth', '', { intent: 'email', email, returnTo, context: 'modal' }));
    const sent = await callRoute(
      authAction,
      storefrontPost('/auth', nextCookie(first)!, { intent: 'send-code-guest', returnTo, context: 'modal' }),
    );
    expect(sent.headers.get('Location')).toBe('/it/cart?auth=verify');
    // Straight back to the step before, and asked again: the API refuses with code_too_soon. The code
    // already sent is the one to type: the shopper is taken to it, told when another may be asked for.
    const again = await callRoute(
      authAction,
      storefrontPost('/auth', nextCookie(sent)!, { intent: 'send-code-guest', returnTo, context: 'modal' }),
    );
    expect(again.headers.get('Location')).toBe('/it/cart?auth=verify');
    const shown = await callRoute(rootLoader, storefrontGet(again.headers.get('Location')!, nextCookie(again)), { lang: 'it' });
    const root = (await shown.json()) as Json;
    expect(root.authView.step).toBe('verify');
    expect(root.authView.notice).toMatch(/^Attendi \d+ secondi e riprova\.$/);
    expect(root.authView.resendIn).toBeGreaterThan(50);
    expect(root.authView.resendIn).toBeLessThanOrEqual(60);
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

  it('lists the about and contact pages and every published content page, with the day it was published; never a draft', async () => {
    const admin = (method: string, path: string, body?: unknown) =>
      fetch(`${api.url}/api/admin${path}`, {
        method,
        headers: { ...cliHeaders, 'Content-Type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
    const texts = {
      title_en: 'Size guide',
      title_it: 'Guida alle taglie',
      description_en: '',
      body_en: '## Tops',
      body_it: '## Magliette',
    };
    const published = (await (await admin('POST', '/pages', { ...texts, slug: 'size-guide' })).json()) as { id: string };
    expect((await admin('POST', `/pages/${published.id}/publish`, { version: 1 })).status).toBe(200);
    expect((await admin('POST', '/pages', { ...texts, slug: 'stockists-draft' })).status).toBe(201);

    const xml = await (await callRoute(sitemapLoader, get('/sitemap.xml'))).text();
    for (const path of ['/about', '/contact', '/it/about', '/it/contact']) expect(xml).toContain(`<loc>http://shop.test${path}</loc>`);
    expect(xml).toMatch(/<loc>http:\/\/shop.test\/it\/pages\/size-guide<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    expect(xml).toContain('hreflang="x-default" href="http://shop.test/pages/size-guide"');
    expect(xml).not.toContain('stockists-draft');
  });
});

describe('the other shopper pages in Italian', () => {
  const it_ = { lang: 'it' };
  const load = async (loader: Parameters<typeof callRoute>[0], path: string, cookie?: string, params: Record<string, string> = {}) =>
    (await callRoute(loader, storefrontGet(path, cookie), { ...it_, ...params })) as Response;

  it('about and contact: their words, titles and links in Italian; a refused form says why in Italian, a sent one thanks in Italian', async () => {
    const about = await (await load(aboutLoader, '/it/about')).json();
    const aboutHtml = renderPage('/it/about', About, about);
    expect(aboutHtml).toContain('Piccole serie, tagliate e cucite in Italia');
    expect(aboutHtml).toContain('Fondatrice e direttrice creativa');
    expect(aboutHtml).toContain('href="/it/contact"');

    const contact = await (await load(contactLoader, '/it/contact')).json();
    const contactHtml = renderPage('/it/contact', Contact, contact);
    expect(contactHtml).toContain('Mandaci un messaggio');
    expect(contactHtml).toContain('Problema con un ordine o un acquisto');
    expect(contactHtml).toContain('Lun-Ven');
    // The schema's English messages come with their Italian counterparts.
    expect(pageWords(contact.i18n).formMessages!['Please enter your name']).toBe('Inserisci il tuo nome');
    const refused = await callRoute(contactAction, storefrontPost('/it/contact', '', { name: '', email: 'x' }), it_);
    expect(refused.status).toBe(400);
    const fields = { name: 'Ada', email: 'ada@example.com', reason: 'order', subject: 'Taglia', message: 'Che taglia mi consigliate?' };
    const sent = await callRoute(contactAction, storefrontPost('/it/contact', '', fields), it_);
    expect(sent.headers.get('Location')).toBe('/it/contact');
    const thanked = await (await load(contactLoader, '/it/contact', nextCookie(sent))).json();
    expect(thanked.thankYou).toBe('Grazie per il tuo messaggio! Ti risponderemo entro un giorno lavorativo.');
  });

  it('the guard sends an /it page to /it/login, which says why and walks the sign-in in Italian', async () => {
    const guarded = await thrownResponse(load(profileLoader, '/it/profile'));
    expect(guarded.headers.get('Location')).toBe('/it/login?redirectTo=%2Fit%2Fprofile&reason=login');
    const login = await (await load(loginLoader, '/it/login?redirectTo=%2Fit%2Fprofile&reason=login')).json();
    expect(login.guardMessage).toBe('Accedi per continuare');
    const html = renderPage('/it/login', Login, login);
    expect(html).toContain('Accedi o crea un account');
    expect(html).toContain('>Continua</button>');

    // A wrong password: the step's error in Italian, by the API's code.
    const member = shopper(api);
    await member.register();
    const returnTo = '/it/login?redirectTo=%2Fit%2Fprofile';
    const toLogin = await callRoute(
      authAction,
      storefrontPost('/auth', '', { intent: 'email', email: member.email!, returnTo, context: 'login' }),
    );
    expect(toLogin.headers.get('Location')).toBe('/it/login?redirectTo=%2Fit%2Fprofile&auth=login');
    const wrong = await callRoute(
      authAction,
      storefrontPost('/auth', nextCookie(toLogin)!, { intent: 'login', password: 'Wrong-Pass-2026', returnTo, context: 'login' }),
    );
    const step = await (await load(loginLoader, wrong.headers.get('Location')!, nextCookie(wrong))).json();
    expect(step.view.lastResult.error.password).toEqual(['Email o password non corrette']);
    const right = await callRoute(
      authAction,
      storefrontPost('/auth', nextCookie(wrong)!, { intent: 'login', password: 'Sunny-Day-2026', returnTo, context: 'login' }),
    );
    const done = await (await load(loginLoader, right.headers.get('Location')!, nextCookie(right))).json();
    expect(done.view).toMatchObject({ step: 'success', successTo: '/it/profile' });
  });

  it('the sign-in modal over an /it page comes with its Italian words', async () => {
    const data = await (await load(rootLoader, '/it/cart?auth=email')).json();
    expect(data.authView.step).toBe('email');
    expect(data.i18n.locale).toBe('it');
    // A first load names the scripts of its words (ADR 080); the server renders from the same words.
    expect(data.i18n.messages).toBeUndefined();
    expect(data.i18n.scripts).toEqual([
      expect.stringMatching(/^\/messages\/it\/auth\.[0-9a-f]{8}\.js$/),
      expect.stringMatching(/^\/messages\/it\/forms\.[0-9a-f]{8}\.js$/),
    ]);
    expect(pageWords(data.i18n).messages['auth.heading.email']).toBeDefined();
    // A navigation with JavaScript carries the words themselves.
    const navigated = await (await load(rootLoader, '/it/cart?auth=email&_data=root')).json();
    expect(navigated.i18n.scripts).toBeUndefined();
    expect(navigated.i18n.messages['auth.heading.email']).toEqual(pageWords(data.i18n).messages['auth.heading.email']);
    expect(navigated.i18n.formMessages).toEqual(pageWords(data.i18n).formMessages);
    expect((await (await load(rootLoader, '/it/cart')).json()).i18n).toBeNull();
  });

  it('profile: greeting, consents and your data in Italian', async () => {
    const member = shopper(api);
    const cookie = await storefrontCookie(await member.register());
    const data = await (await load(profileLoader, '/it/profile', cookie)).json();
    const html = renderPage('/it/profile', Profile, data);
    expect(html).toContain('Ciao, ');
    expect(html).toContain('Dati dell&#x27;account');
    expect(html).toContain('I tuoi consensi');
    expect(html).toContain('Scarica i miei dati');
    expect(html).toContain('Elimina l&#x27;account');
    expect(html).toContain('href="/it/orders"');
    expect(html).not.toMatch(/Your consents|Download my data|Account Information/);
  });

  it("orders: a guest's page, with its account panel, in Italian", async () => {
    const guest = shopper(api);
    const cookie = await storefrontCookie(await guest.signInAsGuest());
    const data = await (await load(ordersLoader, '/it/orders', cookie)).json();
    const html = renderPage('/it/orders', Orders, data);
    expect(html).toContain('Storico ordini');
    expect(html).toContain('Crea un account con questa email');
    expect(html).toContain('action="/it/orders"');
    expect(html).toContain('Nessun ordine trovato');
    expect(html).toContain('Cerca per numero d&#x27;ordine o nome dell&#x27;articolo...');
    expect(pageWords(data.i18n).formMessages!['Password must be at least 8 characters']).toBe('La password deve avere almeno 8 caratteri');
  });

  it('a return link and a back-in-stock link that are no longer valid say so in Italian', async () => {
    const returned = await thrownResponse(load(returnLoader, '/it/returns/not-a-token', undefined, { token: 'not-a-token' }));
    expect(returned.status).toBe(404);
    expect(await returned.json()).toEqual({ message: "Questo link per il reso non è valido. Usa il link nell'email di consegna." });
    const unsubscribe = await load(unsubscribeLoader, '/it/wishlist/unsubscribe?token=nothing');
    const data = await unsubscribe.json();
    expect(data.message).toBe('Questo link non è più valido: la richiesta è già stata eliminata, oppure il link è incompleto.');
    expect(renderPage('/it/wishlist/unsubscribe', Unsubscribe, data)).toContain('href="/it"');
  });
});

describe("the shopper's language kept in their account", () => {
  it('the switcher and the profile keep it; signed in again, / opens in it', async () => {
    const member = shopper(api);
    const cookie = await storefrontCookie(await member.register());
    // The switcher: this browser remembers it, and so does the account.
    const switched = await thrownResponse(callRoute(rootLoader, storefrontGet('/cart?lang=it', cookie)));
    expect(switched.headers.get('Location')).toBe('/it/cart');
    expect((await member.get('/api/user/profile')).body.locale).toBe('it');

    // The profile shows it, and changes it back: the page comes back in the language chosen, saying so in it.
    const profile = (await (await callRoute(profileLoader, storefrontGet('/it/profile', cookie), { lang: 'it' })).json()) as Json;
    expect(profile.profile.locale).toBe('it');
    expect(renderPage('/it/profile', Profile, profile)).toContain('Lingua del negozio, delle email e delle ricevute');
    const saved = await callRoute(profileAction, storefrontPost('/it/profile', cookie, { intent: 'language', locale: 'en' }), {
      lang: 'it',
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('Location')).toBe('/profile');
    expect(saved.headers.get('Set-Cookie')).toMatch(/lang=en; Path=\/; Max-Age=31536000/);
    const after = (await (await callRoute(profileLoader, storefrontGet('/profile', nextCookie(saved)))).json()) as Json;
    expect(after.flash).toEqual({
      kind: 'success',
      message: 'Your language is saved: the shop, your emails and receipts are in English from now on.',
    });
    expect((await member.get('/api/user/profile')).body.locale).toBe('en');

    // Signed in elsewhere (no language cookie there): / opens in the account's language.
    const italian = shopper(api, { locale: 'it' });
    const italianCookie = await storefrontCookie(await italian.register());
    const home = await thrownResponse(callRoute(rootLoader, storefrontGet('/', italianCookie), {}));
    expect(home.headers.get('Location')).toBe('/it');
  });
});
