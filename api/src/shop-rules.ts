/** The business constants of spec §9 that the API applies; every amount is in integer cents. */

export const CURRENCY = 'eur';
/** A cart total above this ships free. */
export const FREE_SHIPPING_THRESHOLD = 15_000;
export const SHIPPING_COST = 2_000;
/** VAT in percent, included in every price. */
export const TAX_RATE = 22;
/** What one "Add to Cart" adds. */
export const QUANTITY_PER_ADD = 1;
/** The most of one variant a cart line may hold. */
export const MAX_LINE_QUANTITY = 99;
/** How long a checkout session holds its stock. */
export const CHECKOUT_SESSION_TTL_MS = 30 * 60_000;
export const ESTIMATED_DELIVERY_DAYS = 7;
export const DEFAULT_PAYMENT_METHOD = 'Credit Card';

export function shippingCostFor(cartTotal: number): number {
  return cartTotal > FREE_SHIPPING_THRESHOLD ? 0 : SHIPPING_COST;
}

/** The VAT contained in a tax-included amount, rounded half up to the cent: total − total / 1.22. */
export function includedTax(total: number): number {
  // Integer arithmetic: total·22/122, rounded half up, with no floating-point drift.
  return Math.floor((total * TAX_RATE * 2 + (100 + TAX_RATE)) / (2 * (100 + TAX_RATE)));
}

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
