import { z } from 'zod';

/**
 * Every `code` an error answer of the shop API may carry. Clients branch on these, never on the
 * English of `detail`, which may be reworded at any time (docs/product.md#errors).
 */
export const ERROR_CODES = [
  // Any route
  'invalid_request', // 422: the request failed validation; `detail` lists where
  'bad_request',
  'not_authenticated',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'rate_limited',
  'internal_error',
  'upstream_unavailable',
  'busy', // 503: the database gave up a transaction for a conflict too many times in a row; safe to send again
  // Idempotent writes (ADR 044): a repeat of a key whose first request still runs, a key sent with another request
  'idempotency_in_progress',
  'idempotency_key_reused',
  // Signing in
  'invalid_credentials',
  'account_locked',
  'already_exists',
  'code_invalid',
  'code_expired',
  'code_too_soon',
  'no_verification_pending',
  'token_expired',
  'token_invalid',
  'refresh_token_invalid',
  'guest_session_expired',
  'registration_required',
  // Privacy (issue 39): an account whose orders, refunds or returns are still open waits to be deleted
  'deletion_waits',
  // Links in emails (issue 41): a cart's restore link or a consent's confirmation link past its days
  'link_expired',
  // Cart, checkout and orders
  'out_of_stock',
  'line_quantity_limit',
  'cart_empty',
  'checkout_expired',
  'payment_not_completed',
  'payment_refunded', // 409: paid after the checkout closed and its items, limit or code could no longer be had: the payment went back
  'order_ambiguous',
  'order_status_conflict',
  // Drops: a product before its launch instant, and a per-customer cap reached
  'not_launched',
  'purchase_limit_reached',
  // Refunds: more than was paid or bought, a provider that cannot refund here, a provider's refusal
  'refund_exceeds_paid',
  'refund_unavailable',
  'refund_failed',
  // Discount codes: each reason a code cannot be used has its own code and message
  'discount_invalid',
  'discount_not_started',
  'discount_expired',
  'discount_used_up',
  'discount_customer_used_up',
  'discount_not_applicable',
  'discount_below_minimum',
  // Gift cards and store credit (ADR 052): an unknown, disabled or expired code reads as unknown; a spent card; no credit to use
  'gift_card_invalid',
  'gift_card_empty',
  'store_credit_empty',
  'gift_card_not_allowed', // 409: a gift card (or store credit) cannot pay for another gift card
  'delivery_address_required', // 409: nothing left to pay (no payment page to ask), goods to ship and no address given or on file (ADR 062)
  // Returns (ADR 032): past the window, units already sent back, an exchange size sold out, a step out of turn
  'return_window_passed',
  'already_returned',
  'exchange_sold_out',
  'return_status_conflict',
  // Payments provider webhooks
  'webhook_invalid',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The code an error answer carries when nothing more precise is said: one per HTTP status. */
export function defaultErrorCode(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'not_authenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 422:
      return 'invalid_request';
    case 423:
      return 'account_locked';
    case 429:
      return 'rate_limited';
    case 502:
    case 503:
    case 504:
      return 'upstream_unavailable';
    default:
      return status >= 500 ? 'internal_error' : 'bad_request';
  }
}

/** One item of a 422 answer: where, what, and which kind of problem. */
export const validationIssueSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

/** Every error answer of the API: `{"detail": ..., "code": ...}`. */
export const errorAnswerSchema = z.object({
  detail: z.union([z.string(), z.array(validationIssueSchema)]),
  code: z.enum(ERROR_CODES),
});
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
