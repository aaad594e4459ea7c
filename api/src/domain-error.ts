import type { ContentfulStatusCode } from 'hono/utils/http-status';

import type { ErrorCode } from '@contract/errors';

/**
 * What a service throws when the shop's rules refuse something: a code from the contract and a
 * sentence for people. Services know nothing of HTTP; the status is chosen here, in one place.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** The HTTP status each domain code is answered with; a code not listed answers 400. */
const STATUS: Partial<Record<ErrorCode, ContentfulStatusCode>> = {
  not_authenticated: 401,
  invalid_credentials: 401,
  token_expired: 401,
  token_invalid: 401,
  refresh_token_invalid: 401,
  guest_session_expired: 401,
  forbidden: 403,
  registration_required: 403,
  not_found: 404,
  conflict: 409,
  already_exists: 409,
  deletion_waits: 409,
  out_of_stock: 409,
  line_quantity_limit: 409,
  checkout_expired: 409,
  payment_refunded: 409,
  order_ambiguous: 409,
  order_status_conflict: 409,
  not_launched: 409,
  purchase_limit_reached: 409,
  refund_exceeds_paid: 409,
  refund_unavailable: 409,
  refund_failed: 502,
  discount_invalid: 404,
  discount_not_started: 409,
  discount_expired: 409,
  discount_used_up: 409,
  discount_customer_used_up: 409,
  discount_not_applicable: 409,
  discount_below_minimum: 409,
  gift_card_invalid: 404,
  gift_card_empty: 409,
  store_credit_empty: 409,
  gift_card_not_allowed: 409,
  delivery_address_required: 409,
  return_window_passed: 409,
  already_returned: 409,
  exchange_sold_out: 409,
  return_status_conflict: 409,
  link_expired: 410,
  payload_too_large: 413,
  invalid_request: 422,
  account_locked: 423,
  rate_limited: 429,
  upstream_unavailable: 502,
};

export function statusOf(error: DomainError): ContentfulStatusCode {
  return STATUS[error.code] ?? 400;
}
