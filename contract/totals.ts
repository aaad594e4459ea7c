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
  /** The items, tax included, before any discount (the cart total). */
  subtotal: number;
  /** What a discount code takes off the items. */
  discount: number;
  shipping_cost: number;
  /** The VAT included in the items after the discount. */
  tax: number;
  /** What the shopper pays: subtotal less discount, plus shipping. */
  total: number;
}

/** What a discount code changes: the cents it takes off the items, and whether it waives shipping. */
export interface TotalsDiscount {
  discount: number;
  freeShipping: boolean;
}

const NO_DISCOUNT: TotalsDiscount = { discount: 0, freeShipping: false };

/**
 * The totals for a cart total. A discount comes off the items first: the free-shipping threshold and
 * the included tax are worked out on the discounted amount.
 */
export function totalsFor(cartTotal: number, { discount, freeShipping }: TotalsDiscount = NO_DISCOUNT): Totals {
  const taken = Math.min(Math.max(0, discount), cartTotal);
  const items = cartTotal - taken;
  const shipping = freeShipping ? 0 : shippingCostFor(items);
  return { subtotal: cartTotal, discount: taken, shipping_cost: shipping, tax: includedTax(items), total: items + shipping };
}

/** The cart page's order summary. */
export interface CartSummary {
  /** The items, tax included, before any discount. */
  itemsTotal: number;
  /** What the discount code takes off the items. */
  discount: number;
  /** The items after the discount, tax included. */
  total: number;
  subtotalExcludingTax: number;
  tax: number;
  shipping: number;
  /** What the shopper pays: items plus shipping. */
  finalTotal: number;
  /** Cents still to add for free shipping (remaining plus one cent), or null when it is free. */
  freeShippingRemaining: number | null;
}

/**
 * The cart page's order summary from the cart's total in cents; the same figures as {@link totalsFor}.
 * With a discount the hint counts from the discounted total, as the threshold does.
 */
export function cartSummary(totalCents: number, discount: TotalsDiscount = NO_DISCOUNT): CartSummary {
  const totals = totalsFor(totalCents, discount);
  const items = totals.subtotal - totals.discount;
  return {
    itemsTotal: totals.subtotal,
    discount: totals.discount,
    total: items,
    subtotalExcludingTax: items - totals.tax,
    tax: totals.tax,
    shipping: totals.shipping_cost,
    finalTotal: totals.total,
    freeShippingRemaining: totals.shipping_cost === 0 ? null : CART_RULES.freeShippingOverCents - items + 1,
  };
}
