import { contactAnswerSchema } from '@contract/api/contact';

import type { ContactMessage } from '~/forms/contact';

import { ApiRequestError } from './api.server';
import type { ShopContext } from './context.server';
import { MESSAGES } from './messages';

/** Sends a contact message to the shop API; the request's client passes on the shopper's address for its per-IP limit. */
export function submitContactMessage(context: ShopContext, message: ContactMessage) {
  return context.visitorApi.request('POST', 'contact/submit', contactAnswerSchema, { body: message });
}

/** What the red box says when sending failed (docs/product.md#contact): the server's detail, else one of the two fallbacks. */
export function contactErrorText(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return MESSAGES.contactFailedTryAgain;
  // The API was not reached or did not answer in time: worth trying again.
  if (error.message === 'Failed to fetch' || error.message === 'Request timed out') return MESSAGES.contactFailedTryAgain;
  // An answer without a detail of its own.
  if (error.message === MESSAGES.somethingWentWrong || error.message === MESSAGES.httpError(error.status)) return MESSAGES.contactFailed;
  return error.message;
}
