import { z } from 'zod';

/**
 * Cancellations and refunds from the back office (docs/product.md#api-admin, ADR 023). Owner only.
 * Amounts are cents. The server works out what each line gives back; the form only says which
 * units, what extra amount (shipping, a goodwill gesture), and whether the units go back on sale.
 */

/** The form's one-time key: posting the same form twice makes one refund. */
const idempotencyKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,100}$/, 'Reload the page and try again');
const orderReference = z.string().trim().min(1).max(64);

export const refundLineRequestSchema = z.object({
  item_id: z.string().uuid(),
  quantity: z.number().int().min(1).max(10_000),
});

/** `POST admin/orders/refund`: some units and/or an amount, or everything left (`full`). */
export const refundRequestSchema = z
  .object({
    order: orderReference,
    idempotency_key: idempotencyKey,
    full: z.boolean().default(false),
    lines: z.array(refundLineRequestSchema).max(100).default([]),
    /** Cents on top of the lines' value. */
    amount: z.number().int().min(0).max(100_000_000).default(0),
    restock: z.boolean().default(false),
    reason: z.string().trim().max(500).default(''),
  })
  .refine((value) => value.full || value.lines.length > 0 || value.amount > 0, {
    message: 'Choose units to refund or an amount',
    path: ['lines'],
  })
  .refine((value) => new Set(value.lines.map((line) => line.item_id)).size === value.lines.length, {
    message: 'Each line once',
    path: ['lines'],
  });
export type RefundRequest = z.input<typeof refundRequestSchema>;

/** `POST admin/orders/cancel`: an order not shipped yet; everything is refunded and goes back on sale. */
export const cancelRequestSchema = z.object({
  order: orderReference,
  idempotency_key: idempotencyKey,
  reason: z.string().trim().max(500).default(''),
});

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const refundSchema = z.object({
  id: z.string(),
  kind: z.enum(['refund', 'cancellation']),
  amount: z.number().int(),
  lines: z.array(
    z.object({ item_id: z.string(), sku: z.string(), name: z.string(), quantity: z.number().int(), amount: z.number().int() }),
  ),
  restock: z.boolean(),
  reason: z.string(),
  provider: z.string(),
  provider_refund_id: z.string().nullable(),
  status: z.enum(REFUND_STATUSES),
  failure: z.string().nullable(),
  actor: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

/** What a refund or cancellation post answers: the refund (the earlier one when the key was used before) and the order after it. */
export const refundAnswerSchema = z.object({
  order_number: z.string(),
  status: z.string(),
  /** Cents refunded on the order so far, this refund included. */
  refunded_total: z.number().int(),
  refund: refundSchema,
  /** True when this key had already refunded: nothing new was refunded. */
  replayed: z.boolean(),
});

/** A line of an order as the refund form offers it. */
export const refundableLineSchema = z.object({
  item_id: z.string(),
  sku: z.string(),
  name: z.string(),
  variant: z.string(),
  quantity: z.number().int(),
  refunded_quantity: z.number().int(),
  /** Units in a return still open (requested or received): refunded through the return, not from here. */
  in_return_quantity: z.number().int(),
  unit_price: z.number().int(),
  /** What one unit gives back: its price less its share of the order's discount. */
  unit_refund: z.number().int(),
});

/** The payment side of an order, for the back office. */
export const orderPaymentSchema = z.object({
  provider: z.string().nullable(),
  provider_session_id: z.string().nullable(),
  captured: z.number().int(),
  refunded: z.number().int(),
  /** What may still be refunded. */
  refundable: z.number().int(),
  /** Whether this API can refund through the provider that took the payment. */
  can_refund: z.boolean(),
});
