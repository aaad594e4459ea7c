/**
 * The shop's languages (ADR 046): English, the spec's, and Italian. The storefront sends the page's
 * language with every call to the API (`Accept-Language`); the API answers in English as ever, and
 * records the language on what it mails about later (an account, an order, a back-in-stock request),
 * so each email and receipt speaks the language its shopper used.
 */
export const SHOP_LOCALES = ['en', 'it'] as const;
export type ShopLocale = (typeof SHOP_LOCALES)[number];
export const DEFAULT_SHOP_LOCALE: ShopLocale = 'en';

export function isShopLocale(value: unknown): value is ShopLocale {
  return typeof value === 'string' && (SHOP_LOCALES as readonly string[]).includes(value);
}

/**
 * The shop's language an `Accept-Language` header ranks highest (q-values respected, `it-IT` counts
 * as `it`, `*` as English); English when it names none of them.
 */
export function preferredLocale(acceptLanguage: string | null | undefined): ShopLocale {
  let best: { locale: ShopLocale; q: number } | null = null;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const [range, ...params] = part.trim().split(';');
    const tag = range.trim().toLowerCase();
    if (!tag) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    const primary = tag.split('-')[0];
    const locale = primary === '*' ? DEFAULT_SHOP_LOCALE : isShopLocale(primary) ? primary : null;
    if (locale && (!best || q > best.q)) best = { locale, q };
  }
  return best?.locale ?? DEFAULT_SHOP_LOCALE;
}

/**
 * A storefront page's path in a language: English at the root, Italian under `/it` (ADR 046):
 * `/orders?order_id=x` → `/it/orders?order_id=x`, `/` → `/it`. For the shop's own pages only, not
 * its resource routes (a receipt's PDF, the card images), which have one address in every language.
 */
export function shopPagePath(path: string, locale: ShopLocale): string {
  if (locale === DEFAULT_SHOP_LOCALE || !path.startsWith('/')) return path;
  return path === '/' || path.startsWith('/?') ? `/${locale}${path.slice(1)}` : `/${locale}${path}`;
}
