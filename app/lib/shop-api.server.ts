import { tokenPairSchema } from '@contract/api/auth';
import { ApiRequestError, createApiClient, type ApiClient, type ApiClientOptions } from './api.server';
import { shopperAddress } from './client-address.server';
import { getEnv } from './env.server';
import { requestIdOf } from './request-id.server';
import { AUTH_MESSAGES } from './messages';
import { commitSession, getSession, signOut, type ShopSession } from './session.server';

/**
 * The one place the storefront builds its client of the shop API. A loader or action asks for it
 * with its `request`, as often as it likes: Remix gives every loader and action its own Request, so
 * one client (and one session, see getSession) serves each of them, and two helpers of one loader
 * never refresh the same rotating token twice.
 */

/** The API's cart cookie (Path=/api, HttpOnly): the storefront keeps it in its session and relays it. */
const API_CART_COOKIE = 'cart_token';

/** The cart_token cookie among an answer's Set-Cookie headers: its value, '' when cleared, undefined when absent. */
export function cartTokenFromResponse(response: Response): string | undefined {
  const headers = response.headers as Headers & { getSetCookie?: () => string[] };
  const cookies = headers.getSetCookie?.() ?? [response.headers.get('set-cookie') ?? ''];
  for (const cookie of cookies) {
    const match = new RegExp(`^\\s*${API_CART_COOKIE}=([^;]*)`).exec(cookie);
    if (match) return /max-age=0\b/i.test(cookie) ? '' : match[1];
  }
  return undefined;
}

/**
 * Client options relaying the API's cart cookie: sent as a Cookie header on every call, and saved
 * in the session whenever the API sets a new one (a cart started, merged at sign-in, or ended).
 */
export function cartCookieRelay(session: ShopSession, markChanged: () => void = () => {}): Pick<ApiClientOptions, 'headers' | 'onResponse'> {
  return {
    headers: (): Record<string, string> => {
      const cookie = session.get('apiCartCookie');
      return cookie ? { Cookie: cookie } : {};
    },
    onResponse: (response) => {
      const token = cartTokenFromResponse(response);
      if (token === undefined) return;
      const next = token ? `${API_CART_COOKIE}=${token}` : undefined;
      if (next === session.get('apiCartCookie')) return;
      if (next) session.set('apiCartCookie', next);
      else session.unset('apiCartCookie');
      markChanged();
    },
  };
}

/**
 * How the client carries the shopper's sign-in: `refresh` sends the access token and, when it has
 * expired, refreshes once and retries; `as-is` sends it without refreshing (a loader that runs beside
 * the page's own, which does the refreshing); `none` sends no token (the sign-in steps themselves).
 */
export type TokenUse = 'refresh' | 'as-is' | 'none';

export interface ShopApi {
  api: ApiClient;
  session: ShopSession;
  /** Headers for the response: the session cookie when this client changed the session (tokens, cart cookie, sign-out). */
  commit(): Promise<Record<string, string>>;
  /** Says the caller changed the session too, so commit() writes it. */
  markChanged(): void;
}

const shopperClients = new WeakMap<Request, Map<TokenUse, Promise<ShopApi>>>();
const visitorClients = new WeakMap<Request, ApiClient>();

function baseOptions(request: Request): ApiClientOptions {
  const env = getEnv();
  return { baseUrl: env.API_URL, timeoutMs: env.API_TIMEOUT_MS, forwardedFor: shopperAddress(request), requestId: requestIdOf(request) };
}

/** A client that acts for nobody in particular: public reads and posts (catalogue, wishlist, contact). */
export function visitorApi(request: Request): ApiClient {
  let api = visitorClients.get(request);
  if (!api) {
    api = createApiClient(baseOptions(request));
    visitorClients.set(request, api);
  }
  return api;
}

/**
 * A client acting for the shopper of this request: the session's bearer token (see TokenUse) and
 * its relayed cart cookie. A refresh the API refuses signs the shopper out (with the spec's message
 * when a guest session has run out).
 */
export function shopApi(request: Request, options: { token?: TokenUse } = {}): Promise<ShopApi> {
  const token = options.token ?? 'refresh';
  let byUse = shopperClients.get(request);
  if (!byUse) {
    byUse = new Map();
    shopperClients.set(request, byUse);
  }
  let client = byUse.get(token);
  if (!client) {
    client = buildShopApi(request, token);
    byUse.set(token, client);
  }
  return client;
}

async function buildShopApi(request: Request, token: TokenUse): Promise<ShopApi> {
  const session = await getSession(request);
  let changed = false;
  const markChanged = () => {
    changed = true;
  };
  let refreshing: Promise<string | null> | undefined;
  const refresh = () => {
    refreshing ??= (async () => {
      const refreshToken = session.get('refreshToken');
      if (!refreshToken) return null;
      try {
        const pair = await visitorApi(request).request('POST', 'auth/refresh', tokenPairSchema, { body: { refresh_token: refreshToken } });
        session.set('accessToken', pair.access_token);
        session.set('refreshToken', pair.refresh_token);
        markChanged();
        return pair.access_token;
      } catch (error) {
        if (!(error instanceof ApiRequestError) || error.status >= 500) throw error;
        signOut(session);
        // The API said so in its detail: the short message of docs/product.md#error-messages (the long alert is the 60-second check's).
        if (error.code === 'guest_session_expired') session.flash('flash', { kind: 'error', message: AUTH_MESSAGES.guestSessionExpiredShort });
        markChanged();
        return null;
      }
    })();
    return refreshing;
  };

  const api = createApiClient({
    ...baseOptions(request),
    auth: token === 'none' ? undefined : { token: () => session.get('accessToken'), refresh: token === 'refresh' ? refresh : async () => null },
    ...cartCookieRelay(session, markChanged),
  });
  return {
    api,
    session,
    async commit(): Promise<Record<string, string>> {
      return changed ? { 'Set-Cookie': await commitSession(request, session) } : {};
    },
    markChanged,
  };
}
