import { ADMIN_MESSAGES } from './admin/messages';
import { ApiRequestError, hasErrorCode } from './api.server';
import { AUTH_MESSAGES, MESSAGES } from './messages';

/** What a back-office form says when the API refused it: the API's own sentence, or why it could not be asked. */
export function adminErrorText(error: unknown): string {
  if (hasErrorCode(error, 'invalid_credentials')) return AUTH_MESSAGES.invalidEmailOrPassword;
  // The payment provider's word on a refund, passed on by the API: worth more than "try again".
  if (hasErrorCode(error, 'refund_failed', 'upstream_unavailable')) return error.message;
  if (error instanceof ApiRequestError) return error.status >= 500 ? ADMIN_MESSAGES.apiUnavailable : error.message;
  return MESSAGES.somethingWentWrong;
}

/** Back-office pages are never stored or indexed. */
export const ADMIN_HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' };
