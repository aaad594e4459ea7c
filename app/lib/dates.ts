import { SHOP_TIME_ZONE, shopDay } from '@contract/shop-time';

// The shop's own days (Italy's), as its cards and back office count them; the same on the server and in the browser.
const options = { day: 'numeric', month: 'long', year: 'numeric', timeZone: SHOP_TIME_ZONE } as const;
const long = { en: new Intl.DateTimeFormat('en-GB', options), it: new Intl.DateTimeFormat('it-IT', options) };

/** Dates already said, by language and instant: a shopper's pages say the same few on every request. */
const said = new Map<string, string>();
const SAID_KEPT = 2_000;

/** '22 November 2026' ('22 novembre 2026' in Italian), the day in Italy. Empty for a date that cannot be read. */
export function formatLongDate(value: string | Date | null | undefined, locale: 'en' | 'it' = 'en'): string {
  if (!value) return '';
  const date = new Date(value);
  const time = date.getTime();
  if (Number.isNaN(time)) return '';
  const key = `${locale}${time}`;
  let text = said.get(key);
  if (text === undefined) {
    text = long[locale].format(date);
    if (said.size >= SAID_KEPT) said.clear();
    said.set(key, text);
  }
  return text;
}

/** 2026-11-22, the day in Italy: a date spreadsheets read as one. */
export function isoDay(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : shopDay(date);
}
