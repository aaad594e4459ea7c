import { z } from 'zod';

import { RETURN_NUMBER, RETURN_REASONS, RETURN_STATUSES, SIZE_REASONS } from '../returns';

/**
 * The returns answers and posts of the shop API. The rules, names and labels (no zod, for the
 * browser's bundles) are in contract/returns.ts, and re-exported here.
 */
export * from '../returns';

const uuid = z.string().uuid();

/** `POST returns/purchase/:id` and `POST returns/guest/:token`: the lines and units to send back. */
export const returnRequestSchema = z
  .object({
    reason: z.enum(RETURN_REASONS, { errorMap: () => ({ message: 'Choose a reason' }) }),
    comment: z.string().trim().max(500, 'At most 500 characters').default(''),
    /** A refund to the payment, or as store credit (a registered account's, with the owner's bonus; ADR 052). */
    refund_to: z.enum(['payment', 'store_credit']).default('payment'),
    /**
     * The right of withdrawal in one step (EU directive 2011/83): every unit still returnable, decided
     * by the API under the order's lock, for a refund. Sent without lines.
     */
    whole_order: z.boolean().default(false),
    lines: z
      .array(
        z.object({
          item_id: uuid,
          quantity: z.number().int().min(1).max(10_000),
          /** Another size of the same product, instead of a refund. */
          exchange_variant_id: uuid.nullish(),
        }),
      )
      .max(100)
      .default([]),
  })
  .refine((value) => value.whole_order || value.lines.length > 0, { message: 'Choose at least one item to return', path: ['lines'] })
  .refine((value) => !value.whole_order || value.lines.length === 0, {
    message: 'A withdrawal from the whole order names no lines',
    path: ['lines'],
  })
  .refine((value) => new Set(value.lines.map((line) => line.item_id)).size === value.lines.length, {
    message: 'Each line once',
    path: ['lines'],
  })
  .refine((value) => value.lines.every((line) => !line.exchange_variant_id) || SIZE_REASONS.includes(value.reason), {
    message: 'Only an item too small or too big can be exchanged for another size',
    path: ['reason'],
  })
  .refine((value) => value.lines.every((line) => line.exchange_variant_id) || value.lines.every((line) => !line.exchange_variant_id), {
    message: 'Exchange every item of a return or none: ask for a refund in a return of its own',
    path: ['lines'],
  });
export type ReturnRequest = z.input<typeof returnRequestSchema>;

export const returnLineSchema = z.object({
  item_id: z.string(),
  name: z.string(),
  sku: z.string(),
  variant: z.string(),
  quantity: z.number().int(),
  exchange: z.object({ variant_id: z.string().nullable(), sku: z.string(), description: z.string() }).nullable(),
});

export const returnSchema = z.object({
  id: z.string(),
  number: z.string(),
  purchase_id: z.string(),
  order_number: z.string(),
  kind: z.enum(['refund', 'exchange']),
  reason: z.enum(RETURN_REASONS),
  comment: z.string(),
  status: z.enum(RETURN_STATUSES),
  refund_to: z.enum(['payment', 'store_credit']),
  lines: z.array(returnLineSchema),
  /** The exchange's parcel, once shipped. */
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  tracking_url: z.string().nullable(),
  created_at: z.string(),
  received_at: z.string().nullable(),
  closed_at: z.string().nullable(),
});
export type Return = z.infer<typeof returnSchema>;

/** Why an order cannot be returned now, as a code the storefront maps to its sentence. */
export const RETURN_CLOSED_REASONS = ['not_delivered', 'window_passed', 'nothing_left'] as const;

/** What the return form offers for one order. */
export const returnOptionsSchema = z.object({
  purchase_id: z.string(),
  order_number: z.string(),
  /** Guest orders: returned through the signed link, never the account pages. */
  guest: z.boolean(),
  /** The bonus on a refund taken as store credit, in percent (registered accounts only). */
  store_credit_bonus_percent: z.number().int(),
  delivered_at: z.string().nullable(),
  window_ends_at: z.string().nullable(),
  /** Null while the order can be returned. */
  closed: z.enum(RETURN_CLOSED_REASONS).nullable(),
  lines: z.array(
    z.object({
      item_id: z.string(),
      name: z.string(),
      sku: z.string(),
      variant: z.string(),
      quantity: z.number().int(),
      /** Units not returned nor refunded yet. */
      returnable: z.number().int(),
      /** The other sizes of the same product (same colour and finish), with whether any are left. */
      sizes: z.array(z.object({ variant_id: z.string(), sku: z.string(), size: z.string(), in_stock: z.boolean() })),
    }),
  ),
  returns: z.array(returnSchema),
});
export type ReturnOptions = z.infer<typeof returnOptionsSchema>;

export const returnParamSchema = z.object({ purchase_id: uuid });
export const returnTokenParamSchema = z.object({ token: z.string().trim().min(10).max(200) });

/** Back office: one return named by its number. */
const returnNumber = z.string().trim().toUpperCase().regex(RETURN_NUMBER, 'A return number looks like R-7K2M9Q');
export const returnNumberParamSchema = z.object({ number: returnNumber });
export const returnListQuerySchema = z.object({
  order: z.string().trim().min(1).max(64).optional(),
  status: z.enum(RETURN_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const returnActionSchema = z.object({ return: returnNumber });
export const returnShipSchema = z.object({
  return: returnNumber,
  carrier: z.string().trim().min(1).max(60),
  tracking: z.string().trim().min(1).max(80),
});
export const returnListSchema = z.array(returnSchema.extend({ email: z.string() }));
