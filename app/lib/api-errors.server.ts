import type { ErrorCode } from '@contract/errors';

import { ApiRequestError } from './api.server';
import { DEFAULT_LOCALE, type Locale, type MessageKey } from './i18n';
import { serverTranslator } from './i18n.server';

/**
 * What a shopper is told when the API refused or failed, by the answer's `code` (never its English
 * `detail`, which may be reworded at any time). English pages show the API's detail as they always
 * have (docs/product.md#error-messages: "General API errors show the response's detail text"); the
 * other languages say the code's message from the `errors` catalogue.
 */
const CODE_MESSAGES: Partial<Record<ErrorCode, MessageKey>> = {
  invalid_request: 'errors.invalidRequest',
  bad_request: 'errors.invalidRequest',
  not_authenticated: 'errors.notAuthenticated',
  forbidden: 'errors.forbidden',
  not_found: 'errors.notFound',
  conflict: 'errors.conflict',
  payload_too_large: 'errors.tooLarge',
  rate_limited: 'errors.rateLimited',
  internal_error: 'errors.generic',
  upstream_unavailable: 'errors.unavailable',
  busy: 'errors.busy',
  idempotency_in_progress: 'errors.inProgress',
  idempotency_key_reused: 'errors.conflict',
  invalid_credentials: 'errors.invalidCredentials',
  account_locked: 'errors.accountLocked',
  already_exists: 'errors.alreadyExists',
  code_invalid: 'errors.codeInvalid',
  code_expired: 'errors.codeExpired',
  code_too_soon: 'errors.rateLimited',
  no_verification_pending: 'errors.noVerification',
  token_expired: 'errors.sessionEnded',
  token_invalid: 'errors.sessionEnded',
  refresh_token_invalid: 'errors.sessionEnded',
  guest_session_expired: 'errors.guestSessionExpired',
  registration_required: 'errors.registrationRequired',
  deletion_waits: 'errors.deletionWaits',
  out_of_stock: 'errors.outOfStock',
  line_quantity_limit: 'errors.lineLimit',
  cart_empty: 'errors.cartEmpty',
  checkout_expired: 'errors.checkoutExpired',
  payment_not_completed: 'errors.paymentNotCompleted',
  payment_refunded: 'errors.paymentRefunded',
  order_ambiguous: 'errors.notFound',
  order_status_conflict: 'errors.orderConflict',
  not_launched: 'errors.notLaunched',
  purchase_limit_reached: 'errors.purchaseLimit',
  discount_invalid: 'errors.discountInvalid',
  discount_not_started: 'errors.discountNotStarted',
  discount_expired: 'errors.discountExpired',
  discount_used_up: 'errors.discountUsedUp',
  discount_customer_used_up: 'errors.discountCustomerUsedUp',
  discount_not_applicable: 'errors.discountNotApplicable',
  discount_below_minimum: 'errors.discountBelowMinimum',
  gift_card_invalid: 'errors.giftCardInvalid',
  gift_card_empty: 'errors.giftCardEmpty',
  store_credit_empty: 'errors.storeCreditEmpty',
  delivery_address_required: 'errors.deliveryAddressRequired',
  gift_card_not_allowed: 'errors.giftCardNotAllowed',
  return_window_passed: 'errors.returnWindowPassed',
  already_returned: 'errors.alreadyReturned',
  exchange_sold_out: 'errors.exchangeSoldOut',
  return_status_conflict: 'errors.returnConflict',
};

/** Codes that mean "ask again later": the message says how long when the answer's Retry-After does. */
const WAIT_CODES: readonly ErrorCode[] = ['rate_limited', 'code_too_soon'];

/** A refusal that asks the shopper to wait (a rate limit, a code asked for again too soon), in `locale`. */
export function waitText(error: ApiRequestError, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return error.message;
  const t = serverTranslator(locale, 'errors');
  return error.retryAfter !== undefined ? t('errors.wait', { seconds: error.retryAfter }) : t('errors.rateLimited');
}

/** The sentence for a failed API call in `locale`: the API's detail in English, the code's message in any other language. */
export function apiErrorText(error: unknown, locale: Locale): string {
  const t = serverTranslator(locale, 'errors');
  if (!(error instanceof ApiRequestError)) return t('error.somethingWentWrong');
  if (locale === DEFAULT_LOCALE) return error.message;
  if (error.code && WAIT_CODES.includes(error.code)) return waitText(error, locale);
  const key = error.code ? CODE_MESSAGES[error.code] : undefined;
  if (key) return t(key);
  // No code: the API was not reached, or answered something else than its JSON.
  if (error.status === 503) return t('errors.unreachable');
  if (error.status === 504) return t('errors.timeout');
  return t('errors.generic');
}

/** A discount code's refusals, each naming the code (its detail in English says more: a start date, a minimum). */
const DISCOUNT_MESSAGES: Partial<Record<ErrorCode, MessageKey>> = {
  discount_invalid: 'discount.invalid',
  discount_not_started: 'discount.notStarted',
  discount_expired: 'discount.expired',
  discount_used_up: 'discount.usedUp',
  discount_customer_used_up: 'discount.customerUsedUp',
  discount_not_applicable: 'discount.notApplicable',
  discount_below_minimum: 'discount.belowMinimum',
};

/** Why a discount code cannot be used, in `locale`: as apiErrorText, the code named in the sentence. */
export function discountErrorText(error: unknown, code: string, locale: Locale): string {
  const key = error instanceof ApiRequestError && error.code ? DISCOUNT_MESSAGES[error.code] : undefined;
  if (!key || locale === DEFAULT_LOCALE) return apiErrorText(error, locale);
  return serverTranslator(locale, 'cart')(key, { code });
}
