import { isHttps } from './session.server';
import { COOKIE_CONSENT_KEY } from './site-rules';

const ACCEPTED = 'accepted';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Whether the shopper accepted the cookie notice (the cookie is set by the form post, or by the page script). */
export function hasCookieConsent(request: Request): boolean {
  const header = request.headers.get('Cookie') ?? '';
  return header.split(';').some((part) => part.trim() === `${COOKIE_CONSENT_KEY}=${ACCEPTED}`);
}

/** Set-Cookie remembering the acceptance for a year; readable by page script too, since it holds no secret. */
export function cookieConsentHeader(request: Request): string {
  return `${COOKIE_CONSENT_KEY}=${ACCEPTED}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${isHttps(request) ? '; Secure' : ''}`;
}

/** Set-Cookie forgetting the acceptance: the notice shows again (a withdrawn consent). */
export function cookieConsentClearedHeader(request: Request): string {
  return `${COOKIE_CONSENT_KEY}=; Path=/; Max-Age=0; SameSite=Lax${isHttps(request) ? '; Secure' : ''}`;
}
