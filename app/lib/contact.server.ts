import { isIP } from 'node:net';
import type { ContactMessage } from '~/forms/contact';
import { ApiRequestError, type ApiClient } from './api.server';
import { contactSubmitResponseSchema } from './api-schemas';
import { MESSAGES } from './messages';

/** The shopper's address as the proxy in front of the storefront reports it, if there is one. */
export function clientAddress(request: Request): string | null {
  const candidates = [request.headers.get('x-forwarded-for')?.split(',')[0], request.headers.get('x-real-ip')];
  return candidates.map((value) => value?.trim()).find((value): value is string => Boolean(value && isIP(value))) ?? null;
}

/** Sends a contact message to the shop API, passing on the shopper's address for its per-IP limit. */
export function submitContactMessage(api: ApiClient, message: ContactMessage, request: Request) {
  const ip = clientAddress(request);
  return api.request('POST', 'contact/submit', contactSubmitResponseSchema, {
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
