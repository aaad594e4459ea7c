/**
 * The id that follows one shopper's request through both programs' logs: the storefront takes the
 * one its proxy sent or makes one, passes it to the API on every call, and both answer it.
 */
export const REQUEST_ID_HEADER = 'X-Request-Id';

// Short, and nothing that could break a log line or a header: letters, digits, dot, underscore, hyphen.
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function isSafeRequestId(value: unknown): value is string {
  return typeof value === 'string' && SAFE_REQUEST_ID.test(value);
}

/** The incoming id when it is safe to repeat, else a new one (web crypto: Node, browsers and workerd alike). */
export function requestIdFrom(incoming: unknown): string {
  return isSafeRequestId(incoming) ? incoming : crypto.randomUUID();
}
