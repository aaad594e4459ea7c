import { z } from 'zod';

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
  variant_attributes: z.array(z.object({ attribute_name: z.string(), value: z.string() })).nullish(),
  variant: text,
  sku: text,
  quantity: z.number(),
  price: amount,
});

/**
 * docs/product.md#data-purchase. The API sends the first name of each pair below; the others are the
 * spec's alternative names, which the storefront still reads.
 */
export const purchaseDetailSchema = z
  .object({
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
    total: amount,
    trackingNumber: text,
    tracking_number: text,
    tracking: text,
    trackingProvider: text,
    tracking_provider: text,
    carrier: text,
    shipping_address: addressSchema,
    payment_method: text,
  });

/** The Purchase-success answer of docs/product.md#data-purchase (amounts in cents): what the confirmation pages show. */
export const purchaseSuccessSchema = z.object({
  purchase_id: z.string().nullish(),
  purchase_intent_id: z.string().nullish(),
  order_number: z.string().nullish(),
  date: z.string().nullish(),
  created_at: z.string().nullish(),
  total: z.number(),
  subtotal: z.number().nullish(),
  shipping_cost: z.number().nullish(),
  tax: z.number().nullish(),
  discount: z.number().nullish(),
  status: z.string().nullish(),
  estimated_delivery: z.string().nullish(),
  items: z
    .array(
      z.object({
        name: z.string(),
        sku: z.string().nullish(),
        quantity: z.number(),
        price: z.number(),
        subtotal: z.number().nullish(),
        variant_attributes: z.array(z.object({ attribute_name: z.string(), value: z.string() })).nullish(),
      }),
    )
    .default([]),
  shipping_address: addressSchema,
  billing_address: addressSchema,
  payment_method: z.string().nullish(),
  customer_email: z.string().nullish(),
  email: z.string().nullish(),
  first_time_purchase_info: z
    .object({ has_new_items: z.boolean().nullish(), new_items: z.array(z.string()).nullish(), unlocked_cards: z.array(z.unknown()).nullish() })
    .nullish(),
});
export type PurchaseSuccess = z.infer<typeof purchaseSuccessSchema>;

/** `GET user/purchase-success/:purchase_intent_id`: the checkout session's id, or the purchase's own. */
export const purchaseIntentParamSchema = z.object({ purchase_intent_id: z.string().min(1).max(255) });
