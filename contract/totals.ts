import { CART_RULES } from './shop-rules';

/** Shipping for a cart total (docs/product.md#constants): free above the threshold. */
export function shippingCostFor(cartTotal: number): number {
  return cartTotal > CART_RULES.freeShippingOverCents ? 0 : CART_RULES.shippingCents;
}

/** The VAT contained in a tax-included amount, rounded half up to the cent: total − total / 1.22. */
export function includedTax(total: number): number {
  const rate = CART_RULES.taxPercent;
  // Integer arithmetic: total·22/122, rounded half up, with no floating-point drift.
  return Math.floor((total * rate * 2 + (100 + rate)) / (2 * (100 + rate)));
}

/** The totals of a checkout session and a purchase, as the API answers them. */
export interface Totals {
  /** The items, tax included (the cart total). */
  subtotal: number;
  shipping_cost: number;
  /** The VAT included in the subtotal. */
  tax: number;
  /** What the shopper pays: subtotal plus shipping. */
  total: number;
}

export function totalsFor(cartTotal: number): Totals {
  const shipping = shippingCostFor(cartTotal);
  return { subtotal: cartTotal, shipping_cost: shipping, tax: includedTax(cartTotal), total: cartTotal + shipping };
}

/** The cart page's order summary. */
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

/** The cart page's order summary from the cart's total in cents; the same figures as {@link totalsFor}. */
export function cartSummary(totalCents: number): CartSummary {
  const totals = totalsFor(totalCents);
  return {
    total: totals.subtotal,
    subtotalExcludingTax: totals.subtotal - totals.tax,
    tax: totals.tax,
    shipping: totals.shipping_cost,
    finalTotal: totals.total,
    freeShippingRemaining: totals.shipping_cost === 0 ? null : CART_RULES.freeShippingOverCents - totalCents + 1,
  };
}
