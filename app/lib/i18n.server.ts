import type { Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

import enAbout from '~/locales/en/about.json';
import enAccount from '~/locales/en/account.json';
import enAdmin from '~/locales/en/admin.json';
import enAdminCatalogue from '~/locales/en/admin-catalogue.json';
import enAdminOrders from '~/locales/en/admin-orders.json';
import enAdminPeople from '~/locales/en/admin-people.json';
import enAuth from '~/locales/en/auth.json';
import enCards from '~/locales/en/cards.json';
import enCart from '~/locales/en/cart.json';
import enCommon from '~/locales/en/common.json';
import enContact from '~/locales/en/contact.json';
import enErrors from '~/locales/en/errors.json';
import enForms from '~/locales/en/forms.json';
import enHome from '~/locales/en/home.json';
import enOrder from '~/locales/en/order.json';
import enPages from '~/locales/en/pages.json';
import enProduct from '~/locales/en/product.json';
import enReturns from '~/locales/en/returns.json';
import itAbout from '~/locales/it/about.json';
import itAccount from '~/locales/it/account.json';
import itAdmin from '~/locales/it/admin.json';
import itAdminCatalogue from '~/locales/it/admin-catalogue.json';
import itAdminOrders from '~/locales/it/admin-orders.json';
import itAdminPeople from '~/locales/it/admin-people.json';
import itAuth from '~/locales/it/auth.json';
import itCards from '~/locales/it/cards.json';
import itCart from '~/locales/it/cart.json';
import itCommon from '~/locales/it/common.json';
import itContact from '~/locales/it/contact.json';
import itErrors from '~/locales/it/errors.json';
import itForms from '~/locales/it/forms.json';
import itHome from '~/locales/it/home.json';
import itOrder from '~/locales/it/order.json';
import itPages from '~/locales/it/pages.json';
import itProduct from '~/locales/it/product.json';
import itReturns from '~/locales/it/returns.json';
export { preferredLocale } from './accept-language';
import { FORM_MESSAGE_KEYS } from './form-messages.server';
import {
  DEFAULT_LOCALE,
  type FormMessage,
  formMessages,
  hasWords,
  type I18nData,
  isLocale,
  LANGUAGE_CHOICE_PARAM,
  type Locale,
  messageScriptAddress,
  type Namespace,
  type NamespaceMessages,
  PAGE_MESSAGES_GLOBAL,
  setMessageSource,
  type Translate,
  translator,
} from './i18n';
import { requestCookie } from './request-cookie';

/** Every catalogue, as written (ICU MessageFormat). English is the spec's wording word for word. */
export const CATALOGUES: Record<Locale, Record<Namespace, Record<string, string>>> = {
  en: {
    common: enCommon,
    home: enHome,
    product: enProduct,
    cart: enCart,
    auth: enAuth,
    forms: enForms,
    account: enAccount,
    cards: enCards,
    order: enOrder,
    pages: enPages,
    about: enAbout,
    contact: enContact,
    returns: enReturns,
    errors: enErrors,
    admin: enAdmin,
    'admin-orders': enAdminOrders,
    'admin-catalogue': enAdminCatalogue,
    'admin-people': enAdminPeople,
  },
  it: {
    common: itCommon,
    home: itHome,
    product: itProduct,
    cart: itCart,
    auth: itAuth,
    forms: itForms,
    account: itAccount,
    cards: itCards,
    order: itOrder,
    pages: itPages,
    about: itAbout,
    contact: itContact,
    returns: itReturns,
    errors: itErrors,
    admin: itAdmin,
    'admin-orders': itAdminOrders,
    'admin-catalogue': itAdminCatalogue,
    'admin-people': itAdminPeople,
  },
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

const formMessagesKept = new Map<Locale, Record<string, string>>();

/** The validation messages of the shared schemas in `locale`, by their English text (FORM_MESSAGE_KEYS). */
function translatedFormMessages(locale: Locale): Record<string, string> {
  let messages = formMessagesKept.get(locale);
  if (!messages) {
    const t = serverTranslator(locale, 'forms', 'returns', 'admin', 'admin-orders', 'admin-catalogue', 'admin-people');
    messages = Object.fromEntries(Object.entries(FORM_MESSAGE_KEYS).map(([english, key]) => [english, t(key)]));
    formMessagesKept.set(locale, messages);
  }
  return messages;
}

const i18nDataKept = new Map<string, I18nData>();

/** What a loader knows of its request: the language, and whether it answers a navigation with JavaScript (`?_data`). */
export interface I18nRequest {
  readonly locale: Locale;
  readonly dataRequest?: boolean;
}

/**
 * The `i18n` a loader answers: its namespaces' words in the request's language. A navigation with
 * JavaScript (a data request) gets the compiled messages; a page's first load gets the addresses of
 * the scripts that hold them (ADR 080), which the browser keeps, while the server renders from its
 * own catalogues. A bare language (tests, emails) always gets the messages. Made once per language,
 * form and list of namespaces and kept (frozen): every page asks for the same few (issue 36).
 */
export function i18nData(request: Locale | I18nRequest, ...namespaces: Namespace[]): I18nData {
  const { locale, dataRequest = true } = typeof request === 'string' ? { locale: request } : request;
  const key = `${dataRequest ? 'messages' : 'scripts'}:${locale}:${namespaces.join(',')}`;
  let data = i18nDataKept.get(key);
  if (!data) {
    data = dataRequest
      ? { locale, namespaces, ...namespaceWords(locale, namespaces) }
      : {
          locale,
          namespaces,
          scripts: namespaces.filter((namespace) => hasWords(locale, namespace)).map((namespace) => messageScriptPath(locale, namespace)),
        };
    i18nDataKept.set(key, Object.freeze(data));
  }
  return data;
}

/** The words of some namespaces together; `forms` only as `formMessages`, and only in a language other than English. */
function namespaceWords(locale: Locale, namespaces: Namespace[]): NamespaceMessages {
  const words: NamespaceMessages = {
    // `forms` travels as `formMessages` only: pages say those messages by their English text.
    messages: Object.assign(
      {},
      ...namespaces.filter((namespace) => namespace !== 'forms').map((namespace) => compiledMessages(locale, namespace)),
    ),
  };
  // English pages show the schemas' own messages: nothing to send.
  if (namespaces.includes('forms') && locale !== DEFAULT_LOCALE) words.formMessages = translatedFormMessages(locale);
  return words;
}

// The server renders a first load's words from its catalogues, as the page's scripts give them to the browser.
setMessageSource((locale, namespace) =>
  isLocale(locale) && namespace in CATALOGUES[locale] ? namespaceWords(locale, [namespace]) : undefined,
);

const scriptsKept = new Map<string, { body: string; version: string }>();

/**
 * A namespace's script: it adds the namespace's words to the page's `__filoMessages`, and its
 * version is a hash of that text, so its address changes exactly when its words do (kept a year).
 */
export function messageScript(locale: Locale, namespace: Namespace): { body: string; version: string } {
  const key = `${locale}:${namespace}`;
  let script = scriptsKept.get(key);
  if (!script) {
    // JSON is a JavaScript literal; the two line separators are escaped for older engines.
    const words = JSON.stringify(namespaceWords(locale, [namespace]))
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029');
    const body = `(self.${PAGE_MESSAGES_GLOBAL}=self.${PAGE_MESSAGES_GLOBAL}||{})[${JSON.stringify(key)}]=${words};\n`;
    script = { body, version: fnv1a(body) };
    scriptsKept.set(key, script);
  }
  return script;
}

export function messageScriptPath(locale: Locale, namespace: Namespace): string {
  return messageScriptAddress(locale, namespace, messageScript(locale, namespace).version);
}

/** A namespace of the catalogues by name, or null. */
export function namespaceNamed(locale: Locale, name: string): Namespace | null {
  return Object.hasOwn(CATALOGUES[locale], name) ? (name as Namespace) : null;
}

/** FNV-1a, 32 bits, in hex: a version, not a secret (the same on Node and at the edge, with no import). */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** A form message translator for actions (a refused post's errors before they are sent back). */
export function serverFormMessage(locale: Locale): FormMessage {
  return formMessages(locale, [i18nData(locale, 'forms')]);
}

const translatorsKept = new Map<string, Translate>();

/** A translator for loaders and actions (titles, messages they answer with); one per language and namespaces, kept. */
export function serverTranslator(locale: Locale, ...namespaces: Namespace[]): Translate {
  const key = `${locale}:${namespaces.join(',')}`;
  let t = translatorsKept.get(key);
  if (!t) {
    const all: Namespace[] = ['common', ...namespaces];
    t = translator(locale, [
      { locale, namespaces: all, messages: Object.assign({}, ...all.map((namespace) => compiledMessages(locale, namespace))) },
    ]);
    translatorsKept.set(key, t);
  }
  return t;
}

/** The cookie that remembers a shopper's language (a year, readable by every shop path). */
export const LANGUAGE_COOKIE = 'lang';

/** The language a shopper chose before, from the `lang` cookie; null when none. */
export function rememberedLocale(request: Request): Locale | null {
  const value = requestCookie(request, LANGUAGE_COOKIE);
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
