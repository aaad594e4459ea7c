import type { DiscountQuote } from '@contract/api/discounts';

/**
 * What the cart page says about the codes a shopper types: the cart's loader and action answer with
 * these, and its summary shows them.
 */

/** The gift card the shopper entered: its balance, or why it cannot pay (ADR 052). */
export type EnteredGiftCard = { last4: string; balance: number; error: null } | { last4: null; balance: 0; error: string };

/** The code the shopper applied, priced on this cart, or why it cannot be used on it now. */
export type AppliedDiscount = { code: string; quote: DiscountQuote; error: null } | { code: string; quote: null; error: string };
