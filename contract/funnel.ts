// The funnel's words and periods without zod, for the back office's pages in the browser (ADR 056).
/**
 * Issue 41: abandoned-checkout reminders, the funnel without tracking, and demand per variant (ADR 056).
 * The funnel's steps, in the order a shopper passes them.
 */
export const FUNNEL_STEPS = ['view', 'add_to_cart', 'checkout_started', 'payment_page', 'paid'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
export const FUNNEL_STEP_LABELS: Record<FunnelStep, string> = {
  view: 'Product views',
  add_to_cart: 'Added to cart',
  checkout_started: 'Checkout started',
  payment_page: 'Payment page reached',
  paid: 'Paid',
};
/** The funnel's counters for every product together are kept under this product id. */
export const ALL_PRODUCTS_ID = '00000000-0000-0000-0000-000000000000';
export const FUNNEL_PERIODS = [7, 30] as const;
