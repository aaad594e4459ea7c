import type { ContactMessage } from '~/forms/contact';
import { ApiRequestError, type ApiClient } from './api.server';
import { contactAnswerSchema } from '@contract/api/contact';
import { shopperAddress } from './client-address.server';
import { MESSAGES } from './messages';

/** Sends a contact message to the shop API, passing on the shopper's address for its per-IP limit. */
export function submitContactMessage(api: ApiClient, message: ContactMessage, request: Request) {
  const ip = shopperAddress(request);
  return api.request('POST', 'contact/submit', contactAnswerSchema, {
    body: message,
    headers: ip ? { 'X-Forwarded-For': ip } : undefined,
  });
}

/** What the red box says when sending failed (spec §8): the server's detail, else one of the two fallbacks. */
export function contactErrorText(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return MESSAGES.contactFailedTryAgain;
  // The API was not reached or did not answer in time: worth trying again.
  if (error.message === 'Failed to fetch' || error.message === 'Request timed out') return MESSAGES.contactFailedTryAgain;
  // An answer without a detail of its own.
  if (error.message === MESSAGES.somethingWentWrong || error.message === MESSAGES.httpError(error.status)) return MESSAGES.contactFailed;
  return error.message;
}
