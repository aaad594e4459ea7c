import { createCookieSessionStorage, type Session } from '@remix-run/node';
import { getEnv } from './env.server';

/** What the storefront keeps for a shopper between requests; the auth and cart issues fill it in. */
export interface SessionData {
  accessToken?: string;
  refreshToken?: string;
  /** The API's cart cookie, relayed so the cart follows the shopper. */
  apiCartCookie?: string;
}

export interface SessionFlash {
  flash: { kind: 'success' | 'error'; message: string };
}

export type ShopSession = Session<SessionData, SessionFlash>;

const storages = new Map<string, ReturnType<typeof createCookieSessionStorage<SessionData, SessionFlash>>>();

/** Secure is set when the shopper reached us over https (directly or through a proxy). */
export function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
}

function storageFor(request: Request) {
  const { SESSION_SECRET } = getEnv();
  const secure = isHttps(request);
  const key = `${secure}:${SESSION_SECRET}`;
  let storage = storages.get(key);
  if (!storage) {
    storage = createCookieSessionStorage<SessionData, SessionFlash>({
      cookie: {
        name: '__session',
        httpOnly: true,
        // Lax, not Strict: the return from the hosted payment page is a cross-site navigation.
        sameSite: 'lax',
        secure,
        path: '/',
        secrets: [SESSION_SECRET],
      },
    });
    storages.set(key, storage);
  }
  return storage;
}

export function getSession(request: Request): Promise<ShopSession> {
  return storageFor(request).getSession(request.headers.get('Cookie'));
}

/** Set-Cookie for the session; maxAge in seconds (1 day registered, 0.42 days guest, set by the auth issue). */
export function commitSession(request: Request, session: ShopSession, maxAge?: number): Promise<string> {
  return storageFor(request).commitSession(session, maxAge === undefined ? undefined : { maxAge });
}

export function destroySession(request: Request, session: ShopSession): Promise<string> {
  return storageFor(request).destroySession(session);
}
