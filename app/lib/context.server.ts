import type { AppLoadContext } from '@remix-run/server-runtime';

import { tokenPairSchema } from '@contract/api/auth';
import { REQUEST_ID_HEADER, requestIdFrom } from '@contract/request-id';

import { type ApiClient, type ApiClientOptions, ApiRequestError, createApiClient } from './api.server';
import { shopperAddress } from './client-address.server';
import { getEnv } from './env.server';
import { DEFAULT_LOCALE, type Locale, localeOfPath } from './i18n';
import { preferredLocale, rememberedLocale, serverTranslator } from './i18n.server';
import { commitSession, isHttps, readSession, type SessionUser, shopperOf, type ShopSession, signOut } from './session.server';
import { readStaffSession, type StaffContext, type StaffSession } from './staff-session.server';

/**
 * How the shopper's client carries the sign-in: `refresh` sends the access token and, when it has
 * expired, refreshes once and retries; `as-is` sends it without refreshing (the root loader's badge,
 * which runs beside the page's loaders); `none` sends no token (the sign-in steps themselves).
 */
export type TokenUse = 'refresh' | 'as-is' | 'none';

export interface ShopApi {
  api: ApiClient;
  session: ShopSession;
  /** The context's commit: the session cookie when this request changed the session. */
  commit(): Promise<Record<string, string>>;
  markChanged(): void;
}

export interface Shopper {
  user: SessionUser | null;
  session: ShopSession;
  /** Set when this request signed the shopper out. */
  setCookie: string | null;
  /** The guest session ran out on this request: the page shows the spec's message. */
  guestExpired: boolean;
}

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
export function cartCookieRelay(
  session: ShopSession,
  markChanged: () => void = () => {},
): Pick<ApiClientOptions, 'headers' | 'onResponse'> {
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
 * Everything a loader or action needs about the request it serves, made once where the request comes
 * in (server.mjs and edge/worker.ts pass `getLoadContext` to Remix) and handed to every loader and
 * action of that request as `context` (ADR 045). Nothing else builds these pieces.
 */
declare module '@remix-run/server-runtime' {
  interface AppLoadContext {
    /** This request's id (X-Request-Id), sent to the API on every call. */
    readonly requestId: string;
    /** The shopper's address for the API's per-IP limits; undefined when the request did not come through the host's entry. */
    readonly clientAddress: string | undefined;
    /** The shopper reached us over https (directly or through a proxy): cookies are Secure. */
    readonly secure: boolean;
    /** This storefront's origin as the shopper sees it. */
    readonly origin: string;
    /** The page's language, from its path: Italian under /it, else English (ADR 046). */
    readonly locale: Locale;
    /** A navigation or post with JavaScript (Remix's `?_data`): the answer is data, not a page's first load (ADR 080). */
    readonly dataRequest: boolean;
    /** The shopper's session, read from the cookie on first use: every loader and helper of the request shares it. */
    session(): Promise<ShopSession>;
    /** Who is signed in; a guest whose session has run out is signed out on first use (the guard's view). */
    shopper(): Promise<Shopper>;
    /** The API client that acts for nobody: public reads and posts (catalogue, wishlist, contact). */
    readonly visitorApi: ApiClient;
    /** The API client acting for this shopper (see TokenUse): the session's token and the relayed cart cookie. */
    shopApi(token?: TokenUse): Promise<ShopApi>;
    /** Set once a refresh the API refused has signed the shopper out on this request: who they were. */
    readonly signedOut: SessionUser | null;
    /** Says a caller changed the session, so commit() writes it. */
    markChanged(): void;
    /** Headers for the answer: the session cookie when anything on this request changed the session. */
    commit(): Promise<Record<string, string>>;
    /** The back office's session and client (/admin). */
    readonly staff: StaffContext;
  }
}

/** The request's shop context: Remix's load context, as typed above. */
export type ShopContext = AppLoadContext;

/** The shop context of a request: what Remix's `getLoadContext` answers, on Node and on the edge. */
export function getLoadContext(request: Request): ShopContext {
  return createShopContext(request);
}

export function createShopContext(request: Request, options: { fetch?: typeof fetch } = {}): ShopContext {
  const env = getEnv();
  const url = new URL(request.url);
  const secure = isHttps(request);
  const requestId = requestIdFrom(request.headers.get(REQUEST_ID_HEADER));
  const clientAddress = shopperAddress(request);
  const locale = localeOfPath(url.pathname);
  const base: ApiClientOptions = {
    baseUrl: env.API_URL,
    timeoutMs: env.API_TIMEOUT_MS,
    forwardedFor: clientAddress,
    requestId,
    locale,
    fetch: options.fetch,
  };
  const visitorApi = createApiClient(base);

  let session: Promise<ShopSession> | undefined;
  let shopper: Promise<Shopper> | undefined;
  let refreshing: Promise<string | null> | undefined;
  let changed = false;
  const clients = new Map<TokenUse, Promise<ShopApi>>();
  let staffSession: Promise<StaffSession> | undefined;

  const readShop = () => (session ??= readSession(request));
  const markChanged = () => {
    changed = true;
  };
  const commit = async (): Promise<Record<string, string>> =>
    changed ? { 'Set-Cookie': await commitSession(context, await readShop()) } : {};

  /** The one refresh of this request: a rotating refresh token must never be spent twice. */
  const refresh = (current: ShopSession) =>
    (refreshing ??= refreshTokens(visitorApi, current, locale, markChanged, (user) => (context.signedOut = user)));

  const buildShopApi = async (token: TokenUse): Promise<ShopApi> => {
    const current = await readShop();
    const api = createApiClient({
      ...base,
      auth:
        token === 'none'
          ? undefined
          : {
              token: () => current.get('accessToken'),
              refresh: token === 'refresh' ? () => refresh(current) : async () => null,
              signedOut: () => !current.get('refreshToken'),
            },
      ...cartCookieRelay(current, markChanged),
    });
    return { api, session: current, commit, markChanged };
  };

  const context: ShopContext & { signedOut: SessionUser | null } = {
    requestId,
    clientAddress,
    secure,
    origin: `${secure ? 'https:' : url.protocol}//${url.host}`,
    locale,
    dataRequest: url.searchParams.has('_data'),
    session: readShop,
    shopper: () =>
      (shopper ??= readShop().then(async (current) => {
        const { user, guestExpired } = shopperOf(current);
        if (guestExpired) markChanged();
        return { user, session: current, guestExpired, setCookie: guestExpired ? await commitSession(context, current) : null };
      })),
    visitorApi,
    shopApi(token = 'refresh') {
      let client = clients.get(token);
      if (!client) {
        client = buildShopApi(token);
        clients.set(token, client);
      }
      return client;
    },
    signedOut: null,
    markChanged,
    commit,
    staff: {
      session: () => (staffSession ??= readStaffSession(request)),
      locale: async () =>
        (await context.staff.session()).get('locale') ??
        rememberedLocale(request) ??
        preferredLocale(request.headers.get('Accept-Language')),
      // The back office's calls ask in its language (English unless said), whatever the path.
      api: (token?: string, locale: Locale = DEFAULT_LOCALE) =>
        createApiClient({ ...base, locale, auth: token ? { token: () => token, refresh: async () => null } : undefined }),
    },
  };
  return context;
}

/**
 * Trades the session's refresh token for a new pair. A refused refresh ends the sign-in on this very
 * request (docs/product.md#accounts): the cookie is cleared on this answer and the calls go on for a visitor.
 */
async function refreshTokens(
  visitorApi: ApiClient,
  current: ShopSession,
  locale: Locale,
  markChanged: () => void,
  onSignedOut: (user: SessionUser | null) => void,
): Promise<string | null> {
  const refreshToken = current.get('refreshToken');
  if (!refreshToken) return null;
  try {
    const pair = await visitorApi.request('POST', 'auth/refresh', tokenPairSchema, { body: { refresh_token: refreshToken } });
    current.set('accessToken', pair.access_token);
    current.set('refreshToken', pair.refresh_token);
    markChanged();
    return pair.access_token;
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status >= 500) throw error;
    const user = current.get('user') ?? null;
    onSignedOut(user);
    signOut(current);
    if (error.code === 'guest_session_expired' || user?.user_type === 'guest') {
      current.flash('flash', { kind: 'error', message: serverTranslator(locale, 'errors')('errors.guestSessionExpired') });
    }
    markChanged();
    return null;
  }
}
