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
  type I18nData,
  isLocale,
  LANGUAGE_CHOICE_PARAM,
  type Locale,
  type Namespace,
  type Translate,
  translator,
} from './i18n';

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

/**
 * The `i18n` a loader answers: its namespaces' messages in the request's language. Made once per
 * language and list of namespaces and kept (frozen): every page asks for the same few (issue 36).
 */
export function i18nData(locale: Locale, ...namespaces: Namespace[]): I18nData {
  const key = `${locale}:${namespaces.join(',')}`;
  let data = i18nDataKept.get(key);
  if (!data) {
    data = {
      locale,
      namespaces,
      // `forms` travels as `formMessages` only: pages say those messages by their English text.
      messages: Object.assign(
        {},
        ...namespaces.filter((namespace) => namespace !== 'forms').map((namespace) => compiledMessages(locale, namespace)),
      ),
    };
    // English pages show the schemas' own messages: nothing to send.
    if (namespaces.includes('forms') && locale !== DEFAULT_LOCALE) data.formMessages = translatedFormMessages(locale);
    i18nDataKept.set(key, Object.freeze(data));
  }
  return data;
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
