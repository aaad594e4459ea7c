import { ApiRequestError, hasErrorCode } from './api.server';
import { apiErrorText } from './api-errors.server';
import { DEFAULT_LOCALE, type Locale } from './i18n';
import { serverTranslator } from './i18n.server';

/**
 * What a back-office form says when the API refused it, in the member's language (ADR 072): the API's
 * own sentence in English, its refusal's code in another language, or why it could not be asked.
 */
export function adminErrorText(error: unknown, locale: Locale = DEFAULT_LOCALE): string {
  const t = serverTranslator(locale, 'admin', 'errors');
  if (hasErrorCode(error, 'invalid_credentials')) return t('errors.invalidCredentials');
  // The payment provider's word on a refund, passed on by the API: worth more than "try again".
  if (hasErrorCode(error, 'refund_failed', 'upstream_unavailable')) return error.message;
  if (error instanceof ApiRequestError && error.status >= 500) return t('admin.apiUnavailable');
  // The API's details are English; another language says the refusal's code (ADR 053), less precisely.
  if (error instanceof ApiRequestError) return locale === DEFAULT_LOCALE ? error.message : apiErrorText(error, locale);
  return t('error.somethingWentWrong');
}

/** Back-office pages are never stored or indexed. */
export const ADMIN_HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' };
