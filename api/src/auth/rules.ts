/** The sign-in timings and limits (docs/product.md#validation, docs/product.md#constants); the field checks are in contract/fields.ts. */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const RESEND_COOLDOWN_MS = 60_000;
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_DURATION_MS = 15 * 60_000;
export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REGISTERED_REFRESH_TTL_MS = 24 * 60 * 60_000; // 1 day
export const GUEST_SESSION_TTL_MS = 0.42 * 24 * 60 * 60_000; // 0.42 days, about 10 hours
/** A back-office session: one working day, shorter than a shopper's (it signs in again after). */
export const STAFF_SESSION_TTL_MS = 8 * 60 * 60_000;
