import { CART_RULES } from './shop-rules';

export interface CartSummary {
  /** The items, tax included. */
  total: number;
  subtotalExcludingTax: number;
  tax: number;
  shipping: number;
  /** What the shopper pays: items plus shipping. */
  finalTotal: number;
  /** Cents still to add for free shipping (remaining plus one cent), or null when it is free. */
  freeShippingRemaining: number | null;
}

/** The order summary of the cart page from the cart's total in cents (spec §9). */
export function cartSummary(totalCents: number): CartSummary {
  const freeShipping = totalCents > CART_RULES.freeShippingOverCents;
  const shipping = freeShipping ? 0 : CART_RULES.shippingCents;
  // tax = total − total / 1.22, rounded to the cent.
  const tax = Math.round(totalCents - totalCents / (1 + CART_RULES.taxRate));
  return {
    total: totalCents,
    subtotalExcludingTax: totalCents - tax,
    tax,
    shipping,
    finalTotal: totalCents + shipping,
    freeShippingRemaining: freeShipping ? null : CART_RULES.freeShippingOverCents - totalCents + 1,
  };
}
