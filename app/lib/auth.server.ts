import { redirect } from '@remix-run/node';
import { signInSchema, type ApiUser, type SignInAnswer } from '@contract/api/auth';
import { AUTH_MESSAGES } from './messages';
import { safeRedirectPath } from './safe-redirect';
import { commitSession, getSession, signOut, type SessionUser, type ShopSession } from './session.server';

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
  };
}

/** Stores a sign-in in the session; the cookie lives 1 day, or 0.42 days for a guest. */
export async function signIn(request: Request, session: ShopSession, result: SignInAnswer): Promise<string> {
  session.set('accessToken', result.access_token);
  session.set('refreshToken', result.refresh_token);
  session.set('user', toSessionUser(result.user));
  return commitSession(request, session, result.user.user_type === 'guest' ? GUEST_SESSION_SECONDS : REGISTERED_SESSION_SECONDS);
}

function guestExpired(user: SessionUser | undefined, now = Date.now()): boolean {
  return Boolean(user?.user_type === 'guest' && user.session_expires_at && Date.parse(user.session_expires_at) <= now);
}

export interface Shopper {
  user: SessionUser | null;
  session: ShopSession;
  /** Set when this request signed the shopper out. */
  setCookie: string | null;
  /** The guest session ran out on this request: the page shows the spec's message. */
  guestExpired: boolean;
}

/** The shopper of this request. A guest whose session has run out is signed out here, on every request. */
export async function getShopper(request: Request): Promise<Shopper> {
  const session = await getSession(request);
  const user = session.get('accessToken') ? session.get('user') : undefined;
  if (guestExpired(user)) {
    signOut(session);
    return { user: null, session, setCookie: await commitSession(request, session), guestExpired: true };
  }
  return { user: user ?? null, session, setCookie: null, guestExpired: false };
}

/** The signed-in shopper (registered or guest), or null for a visitor. */
export async function getOptionalUser(request: Request): Promise<SessionUser | null> {
  return (await getShopper(request)).user;
}

/** A same-origin path to come back to; anything else falls back to `fallback`. */
export function safeRedirectTo(value: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  return safeRedirectPath(value, fallback);
}

export type GuardReason = 'login' | 'create-account' | 'guest' | 'guest-expired';

export const GUARD_MESSAGES: Record<GuardReason, string> = {
  login: AUTH_MESSAGES.loginRequired,
  'create-account': AUTH_MESSAGES.createAccountRequired,
  guest: AUTH_MESSAGES.guestsNotAllowed,
  'guest-expired': AUTH_MESSAGES.guestSessionExpired,
};

/**
 * The one guard for loaders and actions (docs/product.md#route-guard). Sends others to /login, remembering
 * where they were going, with the reason shown there.
 */
export async function requireUser(
  request: Request,
  options: { allowGuests?: boolean; requireRegistered?: boolean } = {},
): Promise<SessionUser> {
  const { user, setCookie, guestExpired: expired } = await getShopper(request);
  const url = new URL(request.url);
  const back = (reason: GuardReason) => {
    const params = new URLSearchParams({ redirectTo: `${url.pathname}${url.search}`, reason });
    return redirect(`/login?${params}`, setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined);
  };
  if (!user) throw back(expired ? 'guest-expired' : 'login');
  if (options.requireRegistered && user.user_type !== 'registered') throw back('create-account');
  if (options.allowGuests === false && user.user_type === 'guest') throw back('guest');
  return user;
}

