import { redirect } from '@remix-run/node';

import { type ApiUser, type SignInAnswer, signInSchema } from '@contract/api/auth';

import type { ShopContext } from './context.server';
import { localizedPath, type MessageKey } from './i18n';
import { safeRedirectPath } from './safe-redirect';
import { commitSession, type SessionUser, type ShopSession, signOut } from './session.server';

export { signOut };

/** Cookie lifetimes of docs/product.md#constants, in seconds. */
export const REGISTERED_SESSION_SECONDS = 24 * 60 * 60;
export const GUEST_SESSION_SECONDS = Math.round(0.42 * 24 * 60 * 60);

export { signInSchema };

function toSessionUser(user: ApiUser): SessionUser {
  return {
    id: user.id,
    email: user.email,
    user_type: user.user_type,
    first_name: user.first_name,
    last_name: user.last_name,
    session_expires_at: user.session_expires_at,
    ...(user.locale ? { locale: user.locale } : {}),
  };
}

/** Stores a sign-in in the session; the cookie lives 1 day, or 0.42 days for a guest. */
export async function signIn(context: ShopContext, session: ShopSession, result: SignInAnswer): Promise<string> {
  session.set('accessToken', result.access_token);
  session.set('refreshToken', result.refresh_token);
  session.set('user', toSessionUser(result.user));
  // What another sign-in kept of its wishlist is not this one's.
  session.unset('wishlist');
  return commitSession(context, session, result.user.user_type === 'guest' ? GUEST_SESSION_SECONDS : REGISTERED_SESSION_SECONDS);
}

export type { Shopper } from './context.server';

/** The shopper of this request (the context reads it once; a guest whose session has run out is signed out there). */
export function getShopper(context: ShopContext) {
  return context.shopper();
}

/** The signed-in shopper (registered or guest), or null for a visitor. */
export async function getOptionalUser(context: ShopContext): Promise<SessionUser | null> {
  return (await context.shopper()).user;
}

/** A same-origin path to come back to; anything else falls back to `fallback`. */
export function safeRedirectTo(value: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  return safeRedirectPath(value, fallback);
}

export type GuardReason = 'login' | 'create-account' | 'guest' | 'guest-expired';

/** What /login says to a shopper the guard sent there, by the reason in its address. */
export const GUARD_MESSAGES: Record<GuardReason, MessageKey> = {
  login: 'auth.loginRequired',
  'create-account': 'auth.createAccountRequired',
  guest: 'auth.guestsNotAllowed',
  'guest-expired': 'guestSessionExpired',
};

/**
 * The one guard for loaders and actions (docs/product.md#route-guard). Sends others to /login, remembering
 * where they were going, with the reason shown there.
 */
export async function requireUser(
  request: Request,
  context: ShopContext,
  options: { allowGuests?: boolean; requireRegistered?: boolean } = {},
): Promise<SessionUser> {
  const { user, setCookie, guestExpired: expired } = await context.shopper();
  const back = (reason: GuardReason) => toLogin(request, context, reason, setCookie);
  if (!user) throw back(expired ? 'guest-expired' : 'login');
  if (options.requireRegistered && user.user_type !== 'registered') throw back('create-account');
  if (options.allowGuests === false && user.user_type === 'guest') throw back('guest');
  return user;
}

/** To the sign-in page in the page's language (an /it page's guard sends to /it/login). */
function toLogin(request: Request, context: ShopContext, reason: GuardReason, setCookie: string | null): Response {
  const url = new URL(request.url);
  const params = new URLSearchParams({ redirectTo: `${url.pathname}${url.search}`, reason });
  return redirect(localizedPath(`/login?${params}`, context.locale), setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined);
}

/**
 * The guard's answer once a refused refresh has signed the shopper out on this request (a used or
 * expired refresh token): the sign-in page, as for any visitor, with the cleared cookie. Null while
 * the shopper is still signed in.
 */
export async function signedOutHere(request: Request, context: ShopContext): Promise<Response | null> {
  if (!context.signedOut) return null;
  const reason = context.signedOut.user_type === 'guest' ? 'guest-expired' : 'login';
  return toLogin(request, context, reason, (await context.commit())['Set-Cookie'] ?? null);
}
