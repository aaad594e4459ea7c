import { z } from 'zod';

/** How many days back the dashboard looks, today included (days in Italy, the shop's time). */
export const FIGURES_DAYS = 30;

/**
 * `GET admin/figures`: the owner's dashboard, over the last FIGURES_DAYS days (days in Italy, the shop's time). Money in cents.
 * Revenue is what orders placed that day paid; refunds are counted on the day they were made; net is
 * revenue less refunds. Units are net of refunded units.
 */
export const figuresSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(
    z.object({ day: z.string(), orders: z.number().int(), revenue: z.number().int(), refunds: z.number().int(), net: z.number().int() }),
  ),
  totals: z.object({
    orders: z.number().int(),
    revenue: z.number().int(),
    refunds: z.number().int(),
    net: z.number().int(),
    /** Revenue per order, rounded to the cent; 0 without orders. */
    average_order_value: z.number().int(),
    /** Gift cards sold in the period: a liability until spent, so not in revenue (ADR 052). */
    gift_card_sales: z.number().int(),
  }),
  top_products: z.array(z.object({ name: z.string(), units: z.number().int(), revenue: z.number().int() })),
  top_variants: z.array(z.object({ sku: z.string(), name: z.string(), variant: z.string(), units: z.number().int() })),
  /** Per size: units sold in the period, units on hand now, and sold ÷ (sold + on hand). */
  sell_through: z.array(z.object({ size: z.string(), sold: z.number().int(), on_hand: z.number().int(), rate: z.number() })),
  /** Back-in-stock requests waiting, most wanted first: what to restock. */
  demand_waiting: z.array(
    z.object({
      product_name: z.string(),
      variant: z.string().nullable(),
      sku: z.string().nullable(),
      stock_quantity: z.number().int().nullable(),
      waiting: z.number().int(),
    }),
  ),
  /**
   * Payments that arrived after their checkout had closed and could not become orders (what they held
   * was gone: stock, the buyer's per-customer limit, the code's uses), newest first: given back whole,
   * or still being given back when the provider has not answered yet.
   */
  refused_payments: z.array(
    z.object({
      at: z.string(),
      email: z.string(),
      amount: z.number().int(),
      reason: z.string(),
      status: z.enum(['refund_pending', 'refunded']),
    }),
  ),
});
export type Figures = z.infer<typeof figuresSchema>;
