import { formatEuro } from './money';

/**
 * Gift cards (ADR 052): the shape of a code and how it is written. A code is 20 characters of
 * Crockford's base 32 (100 random bits, never guessed), shown in groups of four after "FILO".
 */
export const GIFT_CARD_CODE_LENGTH = 20;
export const GIFT_CARD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Capitals, without spaces, dashes or the "FILO" prefix; the letters people misread mapped as base 32 does (O→0, I/L→1). */
export function normaliseGiftCardCode(raw: string): string {
  const compact = raw.replace(/[\s-]+/g, '').toUpperCase();
  const bare = compact.startsWith('FILO') && compact.length === GIFT_CARD_CODE_LENGTH + 4 ? compact.slice(4) : compact;
  return bare.replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** FILO-XXXX-XXXX-XXXX-XXXX-XXXX, as the card and its email print it. */
export function formatGiftCardCode(code: string): string {
  return ['FILO', ...(normaliseGiftCardCode(code).match(/.{1,4}/g) ?? [])].join('-');
}

/** How the owner's list and a receipt name a card without its code. */
export const giftCardLabel = (last4: string) => `Gift card ····${last4}`;

/** Amounts a gift card may be issued for, in cents. */
export const GIFT_CARD_LIMITS = { minAmount: 500, maxAmount: 50_000 } as const;

/** What a gift card and store credit paid of an order, as lists and CSVs say it ("gift card ····7K2M €20.00, store credit €5.00"). */
export function paidWithBalances(order: {
  gift_card_amount: number;
  gift_card_last4: string | null;
  store_credit_amount: number;
}): string | null {
  const parts = [
    order.gift_card_amount > 0 ? `gift card ····${order.gift_card_last4 ?? ''} ${formatEuro(order.gift_card_amount)}` : null,
    order.store_credit_amount > 0 ? `store credit ${formatEuro(order.store_credit_amount)}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}
