import { redirect } from '@remix-run/node';
import { signInSchema, tokenPairSchema, type ApiUser, type SignInAnswer } from '@contract/api/auth';
import { ApiRequestError, createApiClient, type ApiClient, type ApiClientOptions } from './api.server';
import { shopperAddress } from './client-address.server';
import { getEnv } from './env.server';
import { AUTH_MESSAGES } from './messages';
import { safeRedirectPath } from './safe-redirect';
import { commitSession, getSession, type SessionUser, type ShopSession } from './session.server';

/** Cookie lifetimes of spec §9, in seconds. */
export const REGISTERED_SESSION_SECONDS = 24 * 60 * 60;
export const GUEST_SESSION_SECONDS = Math.round(0.42 * 24 * 60 * 60);

export { signInSchema };

const AUTH_KEYS = ['accessToken', 'refreshToken', 'user', 'expiresAt'] as const;

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

export function signOut(session: ShopSession): void {
  for (const key of AUTH_KEYS) session.unset(key);
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
 * The one guard for loaders and actions (spec §2 route guard). Sends others to /login, remembering
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

/**
 * An API client acting for the shopper of this request: bearer token from the session, and on a
 * 401/403 about an expired token or a JWT one refresh and one retry. A failed refresh signs out.
 * `commit()` gives the Set-Cookie to send when the session changed.
 */
export async function shopperApi(
  request: Request,
  /** Extra options for the client, given the session and a way to mark it changed (the cart cookie relay). */
  extend?: (session: ShopSession, markChanged: () => void) => Pick<ApiClientOptions, 'headers' | 'onResponse'>,
) {
  const env = getEnv();
  const session = await getSession(request);
  let changed = false;
  let refreshing: Promise<string | null> | undefined;

  const plain = createApiClient({ baseUrl: env.API_URL, timeoutMs: env.API_TIMEOUT_MS, forwardedFor: shopperAddress(request) });
  const refresh = () => {
    refreshing ??= (async () => {
      const refreshToken = session.get('refreshToken');
      if (!refreshToken) return null;
      try {
        const pair = await plain.request('POST', 'auth/refresh', tokenPairSchema, { body: { refresh_token: refreshToken } });
        session.set('accessToken', pair.access_token);
        session.set('refreshToken', pair.refresh_token);
        changed = true;
        return pair.access_token;
      } catch (error) {
        if (!(error instanceof ApiRequestError) || error.status >= 500) throw error;
        signOut(session);
        if (error.code === 'guest_session_expired') {
          session.flash('flash', { kind: 'error', message: AUTH_MESSAGES.guestSessionExpired });
        }
        changed = true;
        return null;
      }
    })();
    return refreshing;
  };

  const api: ApiClient = createApiClient({
    baseUrl: env.API_URL,
    timeoutMs: env.API_TIMEOUT_MS,
    forwardedFor: shopperAddress(request),
    auth: { token: () => session.get('accessToken'), refresh },
    ...extend?.(session, () => {
      changed = true;
    }),
  });
  return {
    api,
    session,
    /** Headers to send with the response: the session cookie when tokens changed or the shopper was signed out. */
    async commit(): Promise<Record<string, string>> {
      return changed ? { 'Set-Cookie': await commitSession(request, session) } : {};
    },
  };
}
