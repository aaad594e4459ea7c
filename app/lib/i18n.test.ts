import { describe, expect, it } from 'vitest';

import { preferredLocale } from './accept-language';
import { localeOfPath, localizedPath, pathWithoutLocale, switchLanguagePath } from './i18n';

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
