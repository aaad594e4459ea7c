import type { ITALIAN_TEXT_NAMES } from '@contract/api/products-admin';
import { formatEuro } from '@contract/money';
import { formatLaunchTime } from '@contract/shop-time';

import type { Locale, MessageKey, Translate } from '~/lib/i18n';

/**
 * Words of the back office's catalogue pages made from the API's values (states, kinds, names), in the
 * member's language: the API answers with English names and codes, the pages say them through `t`.
 */

/** A gift card's state: disabled, expired, spent or usable. */
export function giftCardState(card: { disabled_at: string | null; expires_at: string | null; balance: number }, t: Translate): string {
  if (card.disabled_at) return t('adminCatalogue.giftCards.disabled');
  if (card.expires_at && new Date(card.expires_at) <= new Date()) return t('adminCatalogue.giftCards.expired');
  return card.balance === 0 ? t('adminCatalogue.giftCards.spent') : t('adminCatalogue.giftCards.usable');
}

/** What a discount code takes off, as the API's `description` says it in English ("10% off", "€5.00 off", "Free shipping"). */
export function discountText(code: { kind: 'percent' | 'amount' | 'free_shipping'; value: number }, t: Translate, locale: Locale): string {
  if (code.kind === 'percent') return t('adminCatalogue.discounts.percentOff', { percent: code.value });
  if (code.kind === 'amount') return t('adminCatalogue.discounts.amountOff', { amount: formatEuro(code.value, locale) });
  return t('adminCatalogue.discounts.freeShipping');
}

/** When a code may be used: from, until, both, or always. */
export function discountDates(code: { starts_at: string | null; ends_at: string | null }, t: Translate, locale: Locale): string {
  const from = code.starts_at ? t('adminCatalogue.discounts.from', { date: formatLaunchTime(code.starts_at, undefined, locale) }) : null;
  const until = code.ends_at ? t('adminCatalogue.discounts.until', { date: formatLaunchTime(code.ends_at, undefined, locale) }) : null;
  return [from, until].filter(Boolean).join(', ') || t('adminCatalogue.discounts.always');
}

const ITALIAN_TEXT_KEYS: Record<(typeof ITALIAN_TEXT_NAMES)[number], MessageKey> = {
  category: 'adminCatalogue.italianName.category',
  'short description': 'adminCatalogue.italianName.shortDescription',
  'long description': 'adminCatalogue.italianName.longDescription',
  'size chart': 'adminCatalogue.italianName.sizeChart',
};

/** The texts a product still lacks in Italian, named in the member's language. */
export function missingItalian(names: readonly (typeof ITALIAN_TEXT_NAMES)[number][], t: Translate): string {
  return names.map((name) => t(ITALIAN_TEXT_KEYS[name])).join(', ');
}
