import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { preferredLocale } from './accept-language';
import {
  formMessages,
  type I18nData,
  localeOfPath,
  localizedPath,
  messageScripts,
  type MessageSource,
  missingMessageScripts,
  type NamespaceMessages,
  pageScriptsSource,
  pageWords,
  pathWithoutLocale,
  setMessageSource,
  switchLanguagePath,
  translator,
} from './i18n';

describe('paths in two languages (ADR 046)', () => {
  it('reads the language of a path: Italian under /it only', () => {
    expect(localeOfPath('/it')).toBe('it');
    expect(localeOfPath('/it/cart')).toBe('it');
    expect(localeOfPath('/item')).toBe('en');
    expect(localeOfPath('/italy/it')).toBe('en');
    expect(localeOfPath('/')).toBe('en');
  });

  it('puts a shop path in a language, query and hash kept, and leaves resource routes and the back office alone', () => {
    expect(localizedPath('/', 'it')).toBe('/it');
    expect(localizedPath('/?page=2', 'it')).toBe('/it?page=2');
    expect(localizedPath('/cart?confirm=clear#x', 'it')).toBe('/it/cart?confirm=clear#x');
    expect(localizedPath('/it/cart', 'en')).toBe('/cart');
    expect(localizedPath('/it', 'en')).toBe('/');
    expect(localizedPath('/it/cart', 'it')).toBe('/it/cart');
    for (const path of [
      '/admin/orders',
      '/cookie-consent',
      '/logout',
      '/auth',
      '/orders.csv',
      '/cards/a.webp',
      '/sitemap.xml',
      '/checkout/quick',
      '/privacy',
      '/products/Tracer%20Tee',
    ]) {
      expect(localizedPath(path, 'it'), path).toBe(path);
    }
    expect(localizedPath('/privacy-policy', 'it')).toBe('/it/privacy-policy');
    expect(localizedPath('https://elsewhere.example/', 'it')).toBe('https://elsewhere.example/');
    expect(pathWithoutLocale('/en/cart')).toBe('/cart');
  });

  it('links the switcher to the same page and query in the other language, with the choice to remember', () => {
    expect(switchLanguagePath('/product/Tracer%20Tee', '?color=RED&size=L%2FXL', 'it')).toBe(
      '/it/product/Tracer%20Tee?color=RED&size=L%2FXL&lang=it',
    );
    expect(switchLanguagePath('/it', '?lang=it&page=2', 'en')).toBe('/?page=2&lang=en');
  });

  it('guesses Italian only when the browser ranks it above English', () => {
    expect(preferredLocale('it-IT,it;q=0.9,en-US;q=0.8')).toBe('it');
    expect(preferredLocale('en-GB,en;q=0.9,it;q=0.8')).toBe('en');
    expect(preferredLocale('de-DE,it;q=0.5')).toBe('it');
    expect(preferredLocale('de-DE,fr;q=0.5')).toBe('en');
    expect(preferredLocale('it;q=0, en')).toBe('en');
    expect(preferredLocale('*')).toBe('en');
    expect(preferredLocale(null)).toBe('en');
    expect(preferredLocale('garbage;;;q=x')).toBe('en');
  });
});

describe("a first load's words from the page's scripts (ADR 080)", () => {
  // Namespaces in an order no route asks for: the translators kept by other suites in this worker stay apart.
  const part: I18nData = { locale: 'it', namespaces: ['contact', 'cart', 'forms'], scripts: ['/messages/it/contact.x.js'] };
  const pageMessages = globalThis as { __filoMessages?: Record<string, NamespaceMessages> };
  let serverSource: MessageSource;
  beforeEach(() => {
    serverSource = setMessageSource(pageScriptsSource);
    delete pageMessages.__filoMessages;
  });
  afterEach(() => {
    setMessageSource(serverSource);
    delete pageMessages.__filoMessages;
  });

  it('translates with what the scripts added, and does not keep a translator while one is missing', () => {
    pageMessages.__filoMessages = { 'it:contact': { messages: { 'contact.formHeading': 'Mandaci un messaggio' } } };
    let t = translator('it', [part]);
    expect(t('contact.formHeading')).toBe('Mandaci un messaggio');
    expect(t('cart.title')).toBe('cart.title');
    // The cart's script ran later (or a navigation brought its words): the next translator has them.
    pageMessages.__filoMessages['it:cart'] = { messages: { 'cart.title': 'Carrello' } };
    pageMessages.__filoMessages['it:forms'] = { messages: {}, formMessages: { 'Enter the city': 'Inserisci la città' } };
    t = translator('it', [part]);
    expect(t('cart.title')).toBe('Carrello');
    expect(formMessages('it', [part])('Enter the city')).toBe('Inserisci la città');
    expect(pageWords(part).messages).toEqual({ 'contact.formHeading': 'Mandaci un messaggio', 'cart.title': 'Carrello' });
  });

  it("a part's own messages (a navigation with JavaScript) come before any script", () => {
    const carried: I18nData = { locale: 'it', namespaces: ['cart', 'contact'], messages: { 'cart.title': 'Carrello' } };
    expect(translator('it', [carried])('cart.title')).toBe('Carrello');
  });

  it('finds the scripts whose words did not arrive, to ask for them again before hydrating', () => {
    const loaderData = {
      root: { i18n: null },
      'routes/profile': {
        i18n: {
          locale: 'it',
          namespaces: ['account', 'cards'],
          scripts: ['/messages/it/account.0a1b2c3d.js', '/messages/it/cards.4e5f6a7b.js'],
        },
      },
      'routes/other': { nothing: true },
    };
    pageMessages.__filoMessages = { 'it:account': { messages: {} } };
    expect(missingMessageScripts(loaderData)).toEqual(['/messages/it/cards.4e5f6a7b.js']);
    pageMessages.__filoMessages['it:cards'] = { messages: {} };
    expect(missingMessageScripts(loaderData)).toEqual([]);
    expect(missingMessageScripts(undefined)).toEqual([]);
  });

  it('names each script once, in the order of the parts', () => {
    expect(
      messageScripts([{ locale: 'it', namespaces: ['auth'], scripts: ['/a.js', '/f.js'] }, null, { ...part, scripts: ['/f.js', '/c.js'] }]),
    ).toEqual(['/a.js', '/f.js', '/c.js']);
  });
});
