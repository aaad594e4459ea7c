import { describe, expect, it } from 'vitest';

import { type I18nData, type NamespaceMessages, PAGE_MESSAGES_GLOBAL } from '~/lib/i18n';
import { i18nData } from '~/lib/i18n.server';

import { callRoute } from '../../tests/support/route-context';
import { loader } from './messages.$locale.$file';

const get = (path: string) => {
  const [, , locale, file] = path.split('/');
  return callRoute(loader, new Request(`http://shop.test${path}`), { locale, file });
};

/** What a browser's page has once the scripts ran: each evaluated as a classic script with `self`. */
async function runScripts(paths: string[]): Promise<Record<string, NamespaceMessages>> {
  const self: Record<string, Record<string, NamespaceMessages>> = {};
  for (const path of paths) {
    const answer = await get(path);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(answer.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    new Function('self', await answer.text())(self);
  }
  return self[PAGE_MESSAGES_GLOBAL];
}

describe("a first load's words as scripts the browser keeps (ADR 080)", () => {
  it('the scripts a page names give it exactly the words a navigation with JavaScript carries', async () => {
    for (const locale of ['en', 'it'] as const) {
      const namespaces = ['account', 'returns', 'forms'] as const;
      const first = i18nData({ locale, dataRequest: false }, ...namespaces);
      const navigated = i18nData({ locale, dataRequest: true }, ...namespaces);
      expect(first.messages).toBeUndefined();
      // English forms have no words to carry: the schemas' own messages are the page's.
      expect(first.scripts).toHaveLength(locale === 'en' ? 2 : 3);
      const added = await runScripts(first.scripts!);
      const merged = Object.assign({}, ...Object.values(added).map((words) => words.messages));
      expect(merged).toEqual(navigated.messages);
      expect(Object.keys(merged).length).toBeGreaterThan(50);
      expect(added[`${locale}:forms`]?.formMessages).toEqual(navigated.formMessages);
    }
  });

  it("a script's address changes with its words: each language and namespace has its own version", () => {
    const paths = (['en', 'it'] as const).flatMap((locale) => i18nData({ locale, dataRequest: false }, 'cart', 'product').scripts!);
    expect(paths).toHaveLength(4);
    expect(new Set(paths.map((path) => path.split('.')[1])).size).toBe(4);
    expect(paths[0]).toMatch(/^\/messages\/en\/cart\.[0-9a-f]{8}\.js$/);
  });

  it('an address of another version gets the words of today, not kept; anything else is not found', async () => {
    const [current] = (i18nData({ locale: 'it', dataRequest: false }, 'cart') as I18nData).scripts!;
    const stale = await get(current.replace(/\.[0-9a-f]{8}\.js$/, '.00000000.js'));
    expect(stale.status).toBe(200);
    expect(stale.headers.get('Cache-Control')).toBe('no-cache');
    expect(await stale.text()).toBe(await (await get(current)).text());
    for (const path of [
      '/messages/fr/cart.00000000.js',
      '/messages/it/nothing.00000000.js',
      '/messages/it/constructor.00000000.js',
      '/messages/it/cart.js',
      '/messages/it/cart.0000000g.js',
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('Cache-Control')).toBe('no-store');
    }
  });
});
