import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { useLocation, useMatches } from '@remix-run/react';

import { COMMON_MESSAGES } from '~/locales/common.compiled';
import type about from '~/locales/en/about.json';
import type account from '~/locales/en/account.json';
import type admin from '~/locales/en/admin.json';
import type adminCatalogue from '~/locales/en/admin-catalogue.json';
import type adminOrders from '~/locales/en/admin-orders.json';
import type adminPeople from '~/locales/en/admin-people.json';
import type auth from '~/locales/en/auth.json';
import type cards from '~/locales/en/cards.json';
import type cart from '~/locales/en/cart.json';
import type common from '~/locales/en/common.json';
import type contact from '~/locales/en/contact.json';
import type errors from '~/locales/en/errors.json';
import type forms from '~/locales/en/forms.json';
import type home from '~/locales/en/home.json';
import type order from '~/locales/en/order.json';
import type pages from '~/locales/en/pages.json';
import type product from '~/locales/en/product.json';
import type returns from '~/locales/en/returns.json';

/**
 * The shop's two languages (ADR 046): English at the root, Italian under `/it`. Messages live in one
 * catalogue per language and namespace (`app/locales/<locale>/<namespace>.json`, ICU syntax); the
 * server compiles the ones a route needs, so the browser gets only the strings of the routes on the
 * page and never a message compiler. A page's first load names them as scripts the browser keeps
 * (`scripts`, one per language and namespace, ADR 080); a navigation with JavaScript gets them in its
 * loader data (`messages`). `common` (the chrome and the error pages) is compiled ahead into the
 * bundle (scripts/compile-messages.mjs), so a page without the root's data (a 404, a failure) still
 * speaks its language.
 */
export const LOCALES = ['en', 'it'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** Each language named in itself, as the switcher shows it. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', it: 'Italiano' };
/** The tags of `<html lang>` and `hreflang`. */
export const LANGUAGE_TAGS: Record<Locale, string> = { en: 'en', it: 'it' };
/** The query parameter a switcher link carries: the server remembers the choice and drops it (ADR 046). */
export const LANGUAGE_CHOICE_PARAM = 'lang';

export type Namespace =
  | 'common'
  | 'home'
  | 'product'
  | 'cart'
  | 'auth'
  | 'forms'
  | 'account'
  | 'cards'
  | 'order'
  | 'pages'
  | 'about'
  | 'contact'
  | 'returns'
  | 'errors'
  // The back office (ADR 072): its frame and shared words, then one namespace per area.
  | 'admin'
  | 'admin-orders'
  | 'admin-catalogue'
  | 'admin-people';
export type MessageKey =
  | keyof typeof common
  | keyof typeof home
  | keyof typeof product
  | keyof typeof cart
  | keyof typeof auth
  | keyof typeof forms
  | keyof typeof account
  | keyof typeof cards
  | keyof typeof order
  | keyof typeof pages
  | keyof typeof about
  | keyof typeof contact
  | keyof typeof returns
  | keyof typeof errors
  | keyof typeof admin
  | keyof typeof adminOrders
  | keyof typeof adminCatalogue
  | keyof typeof adminPeople;

/** A namespace's compiled messages, as a loader passes them on, a page's script carries or the server holds. */
export interface NamespaceMessages {
  messages: Messages;
  /**
   * With the `forms` namespace, in a language other than English: the validation messages of the
   * shared zod schemas (which stay in the spec's English, app/forms/*), each English text with its
   * translation, so a field's error reads in the page's language whether the browser or the action
   * found it.
   */
  formMessages?: Record<string, string>;
}

/**
 * The words of a route's namespaces, as its loader answers them: the compiled messages themselves
 * (a navigation with JavaScript), or the addresses of the scripts that hold them (`scripts`, a page's
 * first load: the browser keeps them, and the server renders from its own catalogues).
 */
export interface I18nData extends Partial<NamespaceMessages> {
  locale: Locale;
  namespaces: Namespace[];
  scripts?: string[];
}

export type Values = Record<string, string | number>;
export type Translate = (key: MessageKey, values?: Values) => string;
/** A form's message in the page's language: a schema's English message translated, any other text as it is. */
export type FormMessage = (message: string) => string;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The back office: one address in every language; it speaks the language its member chose (ADR 072). */
export const isBackOfficePath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

/** The language of a path: Italian under `/it`, else English. */
export function localeOfPath(pathname: string): Locale {
  return pathname === '/it' || pathname.startsWith('/it/') ? 'it' : DEFAULT_LOCALE;
}

/** The path without its language prefix: `/it/cart` → `/cart`, `/it` → `/`. */
export function pathWithoutLocale(pathname: string): string {
  const match = /^\/(it|en)(?=\/|$)/.exec(pathname);
  if (!match) return pathname;
  return pathname.slice(match[0].length) || '/';
}

/**
 * Paths that stay the same in every language: the back office and the resource routes (health,
 * robots, sitemap, card images, hooks, CSV, the sign-in steps, logout, the cookie choice...). The
 * route table gives the `:lang?` segment only to shopper pages (remix.config.js).
 */
const UNPREFIXED =
  /^\/(admin|auth|logout|cookie-consent|checkout\/quick|discount|privacy$|terms$|products\/|profile\/data|cards\/|hooks\/|healthz|robots\.txt|sitemap\.xml|no-image\.svg|orders\.csv|build\/)/;

/**
 * A shop path in a language: `localizedPath('/cart?x=1', 'it')` → `/it/cart?x=1`, `/` → `/it`,
 * `/?page=2` → `/it?page=2`. English paths are the root's. Paths that are not the shop's own pages
 * (absolute URLs, resource routes, the back office) are left as they are.
 */
export function localizedPath(to: string, locale: Locale): string {
  if (!to.startsWith('/') || to.startsWith('//')) return to;
  const split = to.search(/[?#]/);
  const pathname = split === -1 ? to : to.slice(0, split);
  const rest = split === -1 ? '' : to.slice(split);
  const bare = pathWithoutLocale(pathname);
  if (locale === DEFAULT_LOCALE || UNPREFIXED.test(bare)) return `${bare}${rest}`;
  return `${bare === '/' ? `/${locale}` : `/${locale}${bare}`}${rest}`;
}

/** The link of a language switcher: the same page and query in `locale`, with the choice to remember. */
export function switchLanguagePath(pathname: string, search: string, locale: Locale): string {
  const query = new URLSearchParams(search);
  query.delete(LANGUAGE_CHOICE_PARAM);
  query.set(LANGUAGE_CHOICE_PARAM, locale);
  return localizedPath(`${pathWithoutLocale(pathname)}?${query}`, locale);
}

/** Where the words of a part without messages come from: the page's scripts in a browser, the catalogues on the server. */
export type MessageSource = (locale: Locale, namespace: Namespace) => NamespaceMessages | undefined;

/** The global each message script of a page adds its namespace to (`<locale>:<namespace>`). */
export const PAGE_MESSAGES_GLOBAL = '__filoMessages';

/** A namespace's message script's address (ADR 080), served by app/routes/messages.$locale.$file.ts. */
export function messageScriptAddress(locale: Locale, namespace: Namespace, version: string): string {
  return `/messages/${locale}/${namespace}.${version}.js`;
}

/** The language, namespace name and version of a message script's address, or null for any other. */
export function messageScriptOf(address: string): { locale: Locale; name: string; version: string } | null {
  const match = /^\/messages\/([a-z]+)\/([a-z-]+)\.([0-9a-f]{8})\.js$/.exec(address);
  return match && isLocale(match[1]) ? { locale: match[1], name: match[2]!, version: match[3]! } : null;
}

/** In a browser: what the page's message scripts added to `__filoMessages`. */
export const pageScriptsSource: MessageSource = (locale, namespace) =>
  (globalThis as { [PAGE_MESSAGES_GLOBAL]?: Record<string, NamespaceMessages> })[PAGE_MESSAGES_GLOBAL]?.[`${locale}:${namespace}`];

let messageSource = pageScriptsSource;

/** The server's catalogues take the place of the page's scripts (app/lib/i18n.server.ts); answers the source it replaced. */
export function setMessageSource(source: MessageSource): MessageSource {
  const previous = messageSource;
  messageSource = source;
  return previous;
}

/** English forms say the schemas' own words: that namespace has nothing to carry, and no script. */
export const hasWords = (locale: Locale, namespace: Namespace) => !(namespace === 'forms' && locale === DEFAULT_LOCALE);

const wordsKept = new Map<string, NamespaceMessages & { complete: true }>();

/** A part's messages: its own, or its namespaces' from the source; `complete` is false when one was not found. */
function wordsOf(part: I18nData): NamespaceMessages & { complete: boolean } {
  if (part.messages) return { messages: part.messages, formMessages: part.formMessages, complete: true };
  const key = `${part.locale}:${part.namespaces.join(',')}`;
  const kept = wordsKept.get(key);
  if (kept) return kept;
  let complete = true;
  const found = part.namespaces.map((namespace) => {
    const words = messageSource(part.locale, namespace);
    if (!words && hasWords(part.locale, namespace)) complete = false;
    return words;
  });
  const words = {
    messages: Object.assign({}, ...found.map((words) => words?.messages)),
    formMessages: Object.assign({}, ...found.map((words) => words?.formMessages)),
  };
  if (!complete) return { ...words, complete };
  const whole = { ...words, complete } as const;
  wordsKept.set(key, whole);
  return whole;
}

/** The words a part gives a page, whether its data carried them or the page's scripts (the server's catalogues) do. */
export function pageWords(part: I18nData): NamespaceMessages {
  const { messages, formMessages } = wordsOf(part);
  return { messages, formMessages };
}

const kept = new Map<string, Translate>();
/** The translator of a page whose words are one route's: every component of the render asks with the same data. */
const keptByPart = new WeakMap<I18nData, Translate>();

/** A translator over the common messages and the compiled ones given (one per locale and set of namespaces, kept). */
export function translator(locale: Locale, parts: (I18nData | undefined | null)[]): Translate {
  const present = parts.filter((part): part is I18nData => Boolean(part) && part!.locale === locale);
  const only = present.length === 1 ? present[0] : undefined;
  const known = only && keptByPart.get(only);
  if (known) return known;
  const key = `${locale}:${present.flatMap((part) => part.namespaces).join(',')}`;
  let t = kept.get(key);
  if (!t) {
    const words = present.map(wordsOf);
    const i18n: I18n = setupI18n({
      locale,
      messages: { [locale]: Object.assign({}, COMMON_MESSAGES[locale], ...words.map((part) => part.messages)) },
    });
    t = (id, values) => i18n._(id, values);
    // A script that did not arrive is not remembered: the next page's data may carry its words.
    if (!words.every((part) => part.complete)) return t;
    kept.set(key, t);
  }
  if (only) keptByPart.set(only, t);
  return t;
}

/** The scripts a page's parts name (each once, in order): the first load's words (ADR 080). */
export function messageScripts(parts: (I18nData | undefined | null)[]): string[] {
  return [...new Set(parts.flatMap((part) => part?.scripts ?? []))];
}

/** The `i18n` of route data, whatever else it holds. */
function i18nOf(data: unknown): I18nData | undefined {
  const part = data && typeof data === 'object' ? (data as { i18n?: I18nData }).i18n : undefined;
  return part && typeof part === 'object' && isLocale(part.locale) ? part : undefined;
}

/** The back office's language: the one its deepest route's data says (the member's choice), else English. */
function backOfficeLocale(parts: (I18nData | undefined)[]): Locale {
  for (let i = parts.length - 1; i >= 0; i--) if (parts[i]) return parts[i]!.locale;
  return DEFAULT_LOCALE;
}

/** Translates a form's messages with the `formMessages` of the parts given (English: as they are). */
export function formMessages(locale: Locale, parts: (I18nData | undefined | null)[]): FormMessage {
  if (locale === DEFAULT_LOCALE) return asWritten;
  const present = parts.filter((part): part is I18nData => Boolean(part) && part!.locale === locale);
  const only = present.length === 1 ? present[0] : undefined;
  const found = only && formMessagesByPart.get(only);
  if (found) return found;
  const known: Record<string, string> = Object.assign({}, ...present.map((part) => wordsOf(part).formMessages));
  const say: FormMessage = (message) => (Object.hasOwn(known, message) ? known[message] : message);
  if (only && wordsOf(only).complete) formMessagesByPart.set(only, say);
  return say;
}
const asWritten: FormMessage = (message) => message;
const formMessagesByPart = new WeakMap<I18nData, FormMessage>();

/**
 * The page's language (from its address), a translator over the messages of every route on it, and
 * `fm`, which says a form's validation message in that language.
 */
export function useI18n(): { locale: Locale; t: Translate; fm: FormMessage } {
  const { pathname } = useLocation();
  const parts = useMatches().map((match) => i18nOf(match.data));
  // The back office's address has no language: its frame's loader says the member's choice.
  const locale = isBackOfficePath(pathname) ? backOfficeLocale(parts) : localeOfPath(pathname);
  return { locale, t: translator(locale, parts), fm: formMessages(locale, parts) };
}

/**
 * The scripts the page's route data names whose words did not arrive (by the `<locale>:<namespace>`
 * their address gives): the browser asks for them again before the page hydrates (entry.client.tsx).
 */
export function missingMessageScripts(loaderData: Record<string, unknown> | undefined, loaded = pageScriptsSource): string[] {
  const named = messageScripts(Object.values(loaderData ?? {}).map(i18nOf));
  return named.filter((src) => {
    const script = messageScriptOf(src);
    return !script || !loaded(script.locale, script.name as Namespace);
  });
}

/** The message scripts the routes on the page name: a first load's words, rendered before the app's own scripts. */
export function usePageMessageScripts(): string[] {
  return messageScripts(useMatches().map((match) => i18nOf(match.data)));
}

/** A translator for a route's `meta`, from its address (else its data's language) and the data of the routes it matched. */
export function metaTranslator(
  location: { pathname: string } | undefined,
  matches: { data?: unknown }[] | undefined,
  data?: unknown,
): { locale: Locale; t: Translate } {
  const own = i18nOf(data);
  const parts = [...(matches ?? []).map((match) => i18nOf(match.data)), own];
  const pathname = typeof location?.pathname === 'string' ? location.pathname : null;
  const locale = pathname !== null && !isBackOfficePath(pathname) ? localeOfPath(pathname) : backOfficeLocale(parts);
  return { locale, t: translator(locale, parts) };
}
