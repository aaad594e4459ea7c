import { z } from 'zod';

import { ORDER_FILTERS } from '../order-status';
import { purchaseSuccessAnswerSchema } from './orders';
import { orderPaymentSchema, refundableLineSchema, refundSchema } from './refunds';

/**
 * The owner's routes under /api/admin (docs/product.md#api-admin), used by `npm run shop`. They
 * answer to the admin bearer token only.
 */

/** At or below this many units a variant is shown as low in the back office, until an owner sets another number. */
export const LOW_STOCK_THRESHOLD = 5;

/** `GET admin/settings`, and `POST admin/settings` (owner only) with the settings to change. */
export const shopSettingsSchema = z.object({ low_stock_threshold: z.number().int(), store_credit_bonus_percent: z.number().int() });
/** The bonus an owner may add to a return refunded as store credit (ADR 052): 0 to 25 percent. */
export const storeCreditBonusRule = (percent: z.ZodNumber) =>
  percent.int('Enter a whole percentage').min(0, 'Enter 0 or more').max(25, 'Enter at most 25');
/** The threshold's rule, for the API's number and the form's text alike. */
export const lowStockThresholdRule = (units: z.ZodNumber) =>
  units.int('Enter a whole number of units').min(0, 'Enter 0 or more units').max(10_000, 'Enter at most 10000 units');
const unitsMessages = { required_error: 'Enter a number of units', invalid_type_error: 'Enter a whole number of units' };
export const shopSettingsRequestSchema = z
  .object({
    low_stock_threshold: lowStockThresholdRule(z.number(unitsMessages)).optional(),
    store_credit_bonus_percent: storeCreditBonusRule(z.number()).optional(),
  })
  .refine((change) => Object.keys(change).length > 0, 'Change at least one setting');
/** The same from a form, where the number arrives as text. */
export const shopSettingsFormSchema = z.object({ low_stock_threshold: lowStockThresholdRule(z.coerce.number(unitsMessages)) });

/**
 * `GET admin/stock`: every variant with what can be sold now (`stock_quantity`), what open checkouts
 * hold on top of it (`reserved`), units sold in the last 30 days, and back-in-stock requests waiting.
 */
export const stockListSchema = z.array(
  z.object({
    sku: z.string(),
    product_name: z.string(),
    description: z.string(),
    stock_quantity: z.number().int(),
    reserved: z.number().int(),
    sold_30_days: z.number().int(),
    waiting: z.number().int(),
  }),
);

/** `POST admin/restock`. */
export const restockRequestSchema = z.object({
  sku: z.string().trim().min(1).max(64),
  quantity: z.number().int().min(1).max(1_000_000),
});
export const restockAnswerSchema = z.object({
  sku: z.string(),
  product_name: z.string(),
  previous_quantity: z.number().int(),
  stock_quantity: z.number().int(),
  /** Addresses that got a back-in-stock email. */
  notified: z.array(z.string()),
});

export const orderListSchema = z.array(
  z.object({
    purchase_id: z.string(),
    order_number: z.string(),
    date: z.string(),
    email: z.string(),
    total: z.string(),
    status: z.string(),
    /** Formatted; null when nothing was refunded. */
    refunded: z.string().nullable(),
    /** The discount code the order was paid with, and what it took off (formatted); null without one. */
    discount_code: z.string().nullable().default(null),
    discount: z.string().nullable().default(null),
    carrier: z.string().nullable(),
    tracking_number: z.string().nullable(),
    /** What a gift card and store credit paid (ADR 052), "gift card ····7K2M €20.00"; null when nothing. */
    paid_with_balances: z.string().nullable().default(null),
  }),
);

/** A calendar day, YYYY-MM-DD, that exists. */
export const isoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-24')
  .refine(
    (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    'No such date',
  );

/**
 * `GET admin/orders`: newest first. `q` finds an order by its number or id, the buyer's email, or an
 * item's name; `from` and `to` are days in Italy (the shop's time, both included); `limit` and `offset` page through them
 * (the CLI asks for the newest 500).
 */
export const orderListQuerySchema = z
  .object({
    q: z.string().trim().max(100).optional(),
    status: z.enum(ORDER_FILTERS).optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
    limit: z.coerce.number().int().min(1).max(500).default(500),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { message: 'The first day comes after the last', path: ['to'] });
export type OrderListQuery = z.input<typeof orderListQuerySchema>;

/** A note the staff keep on an order; never shown to the buyer. */
export const orderNoteSchema = z.object({ id: z.string(), author: z.string(), body: z.string(), created_at: z.string() });

/** `GET admin/orders/:order`: one order as the owner packs it, with its buyer, items, delivery address and the staff's notes. */
export const orderDetailSchema = purchaseSuccessAnswerSchema.extend({
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  /** The tracking page made from the carrier's template when it was shipped (migration 042). */
  tracking_url: z.string().nullable().default(null),
  notes: z.array(orderNoteSchema),
  payment: orderPaymentSchema,
  /** The lines with what is left to refund on each. */
  lines: z.array(refundableLineSchema),
  refunds: z.array(refundSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** `POST admin/orders/notes`. */
export const orderNoteRequestSchema = z.object({
  order: z.string().trim().min(1).max(64),
  note: z
    .string({ required_error: 'Write the note', invalid_type_error: 'Write the note' })
    .trim()
    .min(1, 'Write the note')
    .max(2000, 'A note is at most 2000 characters'),
});

/** An order as the owner names it: the full id, its first 8 characters, or the order number. */
const orderReference = z.string().trim().min(1).max(64);
export const orderParamSchema = z.object({ order: orderReference });

/** `POST admin/orders/ship`: Processing → Shipped, and the buyer gets the tracking link. */
export const shipRequestSchema = z.object({
  order: orderReference,
  carrier: z.string().trim().min(1).max(60),
  tracking: z.string().trim().min(1).max(80),
});
export const shipAnswerSchema = z.object({
  order_number: z.string(),
  status: z.string(),
  carrier: z.string(),
  tracking_number: z.string(),
  tracking_url: z.string().nullable(),
});

/** `POST admin/orders/deliver`: Shipped → Delivered. */
export const deliverRequestSchema = z.object({ order: orderReference });
export const deliverAnswerSchema = z.object({ order_number: z.string(), status: z.string() });

/** The mail outbox, newest first (`admin/mail`, and `dev/mailbox.json` when the dev mailbox is on). */
export const outboxQuerySchema = z.object({ to: z.string().trim().max(254).optional() });
export const outboxSchema = z.array(
  z.object({
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    created_at: z.string(),
    /** Extra headers the email carried (a reminder's List-Unsubscribe and List-Unsubscribe-Post). */
    headers: z.record(z.string(), z.string()).optional(),
  }),
);

/** The test clock's answer (`GET`/`POST /dev/clock`, DEV_CLOCK=1 only): the API's time now. */
export const devClockSchema = z.object({ now: z.string() });
