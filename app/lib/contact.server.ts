import { contactAnswerSchema } from '@contract/api/contact';

import type { ContactMessage } from '~/forms/contact';

import { ApiRequestError } from './api.server';
import { apiErrorText } from './api-errors.server';
import type { ShopContext } from './context.server';
import type { Locale } from './i18n';
import { serverTranslator } from './i18n.server';
import { MESSAGES } from './messages';

/** Sends a contact message to the shop API; the request's client passes on the shopper's address for its per-IP limit. */
export function submitContactMessage(context: ShopContext, message: ContactMessage) {
  return context.visitorApi.request('POST', 'contact/submit', contactAnswerSchema, { body: message });
}

/**
 * What the red box says when sending failed (docs/product.md#contact): the server's word on it (its
 * detail in English, its code's message in Italian), else one of the two fallbacks.
 */
export function contactErrorText(error: unknown, locale: Locale): string {
  const t = serverTranslator(locale, 'contact');
  if (!(error instanceof ApiRequestError)) return t('contact.failedTryAgain');
  // The API was not reached or did not answer in time (the client's own texts): worth trying again.
  if (error.message === 'Failed to fetch' || error.message === 'Request timed out') return t('contact.failedTryAgain');
  // An answer without a detail of its own.
  if (error.message === MESSAGES.somethingWentWrong || error.message === MESSAGES.httpError(error.status)) return t('contact.failed');
  return apiErrorText(error, locale);
}
