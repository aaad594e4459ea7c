import type { Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

import enCart from '~/locales/en/cart.json';
import enCommon from '~/locales/en/common.json';
import enHome from '~/locales/en/home.json';
import enProduct from '~/locales/en/product.json';
import itCart from '~/locales/it/cart.json';
import itCommon from '~/locales/it/common.json';
import itHome from '~/locales/it/home.json';
import itProduct from '~/locales/it/product.json';
export { preferredLocale } from './accept-language';
import { type I18nData, isLocale, LANGUAGE_CHOICE_PARAM, type Locale, type Namespace, type Translate, translator } from './i18n';

/** Every catalogue, as written (ICU MessageFormat). English is the spec's wording word for word. */
export const CATALOGUES: Record<Locale, Record<Namespace, Record<string, string>>> = {
  en: { common: enCommon, home: enHome, product: enProduct, cart: enCart },
  it: { common: itCommon, home: itHome, product: itProduct, cart: itCart },
};

const compiled = new Map<string, Messages>();

/** A namespace's messages compiled for the runtime: compiled once per process, on the server only. */
function compiledMessages(locale: Locale, namespace: Namespace): Messages {
  const key = `${locale}:${namespace}`;
  let messages = compiled.get(key);
  if (!messages) {
    messages = {};
    for (const [id, text] of Object.entries(CATALOGUES[locale][namespace])) messages[id] = compileMessage(text);
    compiled.set(key, messages);
  }
  return messages;
}

/** The `i18n` a loader answers: its namespaces' messages in the request's language. */
export function i18nData(locale: Locale, ...namespaces: Namespace[]): I18nData {
  return { locale, namespaces, messages: Object.assign({}, ...namespaces.map((namespace) => compiledMessages(locale, namespace))) };
}

/** A translator for loaders and actions (titles, messages they answer with). */
export function serverTranslator(locale: Locale, ...namespaces: Namespace[]): Translate {
  return translator(locale, [i18nData(locale, 'common', ...namespaces)]);
}

/** The cookie that remembers a shopper's language (a year, readable by every shop path). */
export const LANGUAGE_COOKIE = 'lang';

/** The language a shopper chose before, from the `lang` cookie; null when none. */
export function rememberedLocale(request: Request): Locale | null {
  const cookies = request.headers.get('Cookie') ?? '';
  const value = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(cookies)?.[1];
  return isLocale(value) ? value : null;
}

export function languageCookie(locale: Locale, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The language a switcher link chose (`?lang=it`), if the request carries one. */
export function chosenLocale(url: URL): Locale | null {
  const value = url.searchParams.get(LANGUAGE_CHOICE_PARAM);
  return isLocale(value) ? value : null;
}
