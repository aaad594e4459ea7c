import { z } from 'zod';

import { apiCardSchema } from './cards';
import { returnSchema } from './returns';

/** The statuses a purchase goes through (docs/product.md#orders); "in transit" is the shipped ones. */
export const PURCHASE_STATUSES = ['processing', 'shipped', 'delivered'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/** `GET user/purchases`: one page of the history; search and status run over all of it (ADR 010). */
export const purchaseQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  q: z.string().trim().max(100, 'Search is too long').optional(),
  status: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(PURCHASE_STATUSES, { errorMap: () => ({ message: `Status must be one of: ${PURCHASE_STATUSES.join(', ')}` }) }))
    .optional(),
});

/** docs/product.md#data-purchase: `total` is display text. */
export const purchaseListItemSchema = z.object({
  purchase_id: z.string(),
  date: z.string(),
  total: z.union([z.string(), z.number()]),
  status: z.string(),
  items: z.array(z.string()).default([]),
  item_count: z.number().int().nonnegative(),
  /** Display text of what was refunded on the order; absent or null when nothing was. */
  refunded: z.string().nullish(),
  /** Only on orders paid with a discount code: what it took off, in euros ("€20.40"), and the code. */
  discount: z.string().nullish(),
  discount_code: z.string().nullish(),
  /** Only on orders a gift card or store credit paid part of (ADR 052): "gift card ····7K2M €20.00, store credit €5.00". */
  paid_with_balances: z.string().nullish(),
});
export const purchaseListSchema = z.array(purchaseListItemSchema);
export type PurchaseListItem = z.infer<typeof purchaseListItemSchema>;

/** `GET user/stats`: counts by status; "in transit" is the shipped orders. */
export const purchaseStatsSchema = z.object({
  total_orders: z.number().int(),
  delivered: z.number().int(),
  in_transit: z.number().int(),
  processing: z.number().int().optional(),
  total_spent: z.number().optional(),
});
export type PurchaseStats = z.infer<typeof purchaseStatsSchema>;

/** An amount whose unit the answer leaves open: the storefront shows it through `displayAmount`. */
const amount = z.union([z.number(), z.string()]).nullish();
const text = z.string().nullish();

const addressSchema = z
  .object({ name: text, line1: text, line2: text, city: text, state: text, postal_code: text, country: text })
  .nullish();
export type PurchaseAddress = NonNullable<z.infer<typeof addressSchema>>;

const lineSchema = z.object({
  name: z.string(),
  variant_attributes: z
    .array(z.object({ attribute_name: z.string(), value: z.string(), value_description: z.string().nullish() }))
    .nullish(),
  variant: text,
  sku: text,
  quantity: z.number(),
  price: amount,
  refunded_quantity: z.number().nullish(),
});

/**
 * docs/product.md#data-purchase. The API sends the first name of each pair below; the others are the
 * spec's alternative names, which the storefront still reads.
 */
export const purchaseDetailSchema = z.object({
  purchase_id: z.string(),
  order_number: text,
  created_at: text,
  date: text,
  status: text,
  items: z.array(lineSchema).nullish(),
  itemDetails: z.array(lineSchema).nullish(),
  order_items: z.array(lineSchema).nullish(),
  subtotal: amount,
  sub_total: amount,
  shipping_cost: amount,
  shipping: amount,
  tax: amount,
  discount: amount,
  /** The discount code the order was paid with, if any. */
  discount_code: text,
  total: amount,
  /** Cents refunded since the purchase. */
  refunded_total: z.number().nullish(),
  trackingNumber: text,
  tracking_number: text,
  tracking: text,
  trackingProvider: text,
  tracking_provider: text,
  carrier: text,
  /** The carrier's tracking page for this parcel, made from the owner's carrier list when it was shipped. */
  tracking_url: text,
  shipping_address: addressSchema,
  payment_method: text,
  /** The order's returns and exchanges (ADR 032); the window's end while it can be returned, else null. */
  returns: z.array(returnSchema).nullish(),
  return_window_ends_at: text,
});

export const postalAddressSchema = z.object({
  name: z.string().nullable(),
  line1: z.string().nullable(),
  line2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
});

/**
 * The Purchase-success answer of docs/product.md#data-purchase exactly as the API sends it (amounts
 * in cents). The API types its answer with it; the storefront reads it through the lenient
 * `purchaseSuccessSchema` below, derived from this one.
 */
export const purchaseSuccessAnswerSchema = z.object({
  purchase_id: z.string(),
  purchase_intent_id: z.string(),
  order_number: z.string(),
  date: z.string(),
  created_at: z.string(),
  /** Items, tax included. */
  subtotal: z.number(),
  shipping_cost: z.number(),
  /** The VAT included in the subtotal. */
  tax: z.number(),
  discount: z.number(),
  /** The discount code the order was paid with; null without one. */
  discount_code: z.string().nullable().optional(),
  /** Subtotal plus shipping: what was paid. */
  total: z.number(),
  /** What has been refunded since (cents); absent in answers from before refunds. */
  refunded_total: z.number().optional(),
  /** Paid by a gift card (its last four characters) and by store credit (ADR 052); absent when nothing was. */
  gift_card_amount: z.number().optional(),
  gift_card_last4: z.string().nullable().optional(),
  store_credit_amount: z.number().optional(),
  status: z.string(),
  estimated_delivery: z.string(),
  items: z.array(
    z.object({
      product_id: z.string().nullable(),
      variant_id: z.string().nullable(),
      name: z.string(),
      sku: z.string(),
      variant: z.string(),
      variant_attributes: z.array(z.object({ attribute_name: z.string(), value: z.string(), value_description: z.string().nullish() })),
      quantity: z.number(),
      /** Unit price in cents, tax included. */
      price: z.number(),
      subtotal: z.number(),
      /** Units of this line refunded since. */
      refunded_quantity: z.number().optional(),
    }),
  ),
  shipping_address: postalAddressSchema.nullable(),
  billing_address: postalAddressSchema.nullable(),
  payment_method: z.string(),
  customer_email: z.string(),
  email: z.string(),
  first_time_purchase_info: z.object({
    has_new_items: z.boolean(),
    new_items: z.array(z.string()),
    unlocked_cards: z.array(apiCardSchema),
  }),
});
export type PurchaseSuccessAnswer = z.input<typeof purchaseSuccessAnswerSchema>;

/**
 * How the confirmation pages read it: every field may be missing (a demo order, an older answer)
 * except the total and the item lines.
 */
export const purchaseSuccessSchema = purchaseSuccessAnswerSchema.deepPartial().extend({
  total: z.number(),
  items: z
    .array(purchaseSuccessAnswerSchema.shape.items.element.partial().required({ name: true, quantity: true, price: true }))
    .default([]),
});
export type PurchaseSuccess = z.infer<typeof purchaseSuccessSchema>;

/** `GET user/purchase-success/:purchase_intent_id`: the checkout session's id, or the purchase's own. */
export const purchaseIntentParamSchema = z.object({ purchase_intent_id: z.string().min(1).max(255) });

/**
 * `GET user/orders-overview?limit=&q=&status=&open=` (issue #21): what the orders page reads, in one
 * call: the first `limit` purchases of the search (as `GET user/purchases` at offset 0), the statistics
 * of all orders, null when they could not be read (the API logs why; the page shows the list without
 * them), and with `open` the detail of that order (issue #36), as `GET user/purchase/:id` answers it,
 * null when it is not one of the shopper's orders.
 */
export const ordersOverviewQuerySchema = purchaseQuerySchema
  .omit({ offset: true })
  .extend({ open: z.string().uuid('must be a purchase id').optional() });
export const ordersOverviewSchema = z.object({
  purchases: purchaseListSchema,
  stats: purchaseStatsSchema.nullable(),
  /** Only when `open` was asked. */
  opened: purchaseDetailSchema.nullable().optional(),
});
export type OrdersOverview = z.infer<typeof ordersOverviewSchema>;
