import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

import { compileMessageOrThrow as compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';

import { LOCALES, type Namespace } from '~/lib/i18n';
import { CATALOGUES } from '~/lib/i18n.server';

import { COMMON_MESSAGES } from './common.compiled';

// The message catalogues (ADR 046): every key in both languages, every key used, every message valid ICU.

const APP = join(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const code = sources(APP)
  .map((path) => readFileSync(path, 'utf8'))
  .join('\n');
const namespaces = Object.keys(CATALOGUES.en) as Namespace[];

describe('message catalogues', () => {
  it('has every namespace as a file in every language, and no other file', () => {
    for (const locale of LOCALES) {
      const files = readdirSync(join(__dirname, locale)).sort();
      expect(files, locale).toEqual(namespaces.map((namespace) => `${namespace}.json`).sort());
    }
  });

  it('has the same keys in every language', () => {
    for (const namespace of namespaces) {
      const english = Object.keys(CATALOGUES.en[namespace]).sort();
      for (const locale of LOCALES)
        expect(Object.keys(CATALOGUES[locale][namespace]).sort(), `${locale}/${namespace}.json`).toEqual(english);
    }
  });

  it('names each key in one namespace only, so a page that loads several finds one message', () => {
    const seen = new Map<string, Namespace>();
    for (const namespace of namespaces) {
      for (const key of Object.keys(CATALOGUES.en[namespace])) {
        expect(seen.get(key), `${key} in ${namespace}`).toBeUndefined();
        seen.set(key, namespace);
      }
    }
  });

  it('uses every key somewhere in the storefront, written out as a string', () => {
    const unused = namespaces.flatMap((namespace) =>
      Object.keys(CATALOGUES.en[namespace])
        .filter((key) => !code.includes(`'${key}'`) && !code.includes(`"${key}"`))
        .map((key) => `${namespace}: ${key}`),
    );
    expect(unused).toEqual([]);
  });

  it('writes every message as valid ICU, with the same placeholders in every language', () => {
    const placeholders = (text: string) =>
      [...new Set([...text.matchAll(/\{(\w+)/g)].map((match) => match[1]))]
        .filter((name) => !['one', 'other', 'few', 'many', 'zero', 'two'].includes(name))
        .sort();
    for (const namespace of namespaces) {
      for (const [key, english] of Object.entries(CATALOGUES.en[namespace])) {
        for (const locale of LOCALES) {
          const text = CATALOGUES[locale][namespace][key];
          expect(() => compileMessage(text), `${locale} ${key}`).not.toThrow();
          expect(text.trim(), `${locale} ${key}`).not.toBe('');
          if (locale !== 'en')
            expect(placeholders(text), `${locale} ${key}`).toEqual(
              expect.arrayContaining(placeholders(english).filter((name) => name !== 'count' || !english.includes('plural'))),
            );
        }
      }
    }
  });

  it('has the bundled common messages compiled from the catalogues as they are (node scripts/compile-messages.mjs)', () => {
    for (const locale of LOCALES) {
      const fresh = Object.fromEntries(Object.entries(CATALOGUES[locale].common).map(([key, text]) => [key, compileMessage(text)]));
      expect(COMMON_MESSAGES[locale], locale).toEqual(fresh);
    }
  });

  it('keeps the test honest: a key only in a test file counts as unused', () => {
    expect(relative(APP, __filename)).toBe('locales/catalogues.test.ts');
    expect(code).not.toContain('keeps the test honest');
  });
});
