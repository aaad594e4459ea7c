import type { SubmissionResult } from '@conform-to/react';
import { createCookieSessionStorage, createSession, redirect, type Session } from '@remix-run/node';

import { getEnv } from './env.server';

/** The signed-in shopper as the storefront remembers them (docs/product.md#data-user). */
export interface SessionUser {
  id: string;
  email: string;
  user_type: 'guest' | 'registered';
  first_name: string | null;
  last_name: string | null;
  /** Guests only: ISO time their session ends. */
  session_expires_at: string | null;
  /** The language kept in their account: the shop's first guess at `/` while they are signed in (ADR 046). */
  locale?: 'en' | 'it';
}

/** What the storefront keeps for a shopper between requests. */
export interface SessionData {
  accessToken: string;
  refreshToken: string;
  user: SessionUser;
  /** When the cookie itself expires (ms since epoch), so every later commit keeps the same end. */
  expiresAt: number;
  /** The API's cart cookie, relayed so the cart follows the shopper. */
  apiCartCookie: string;
  /** Where the shopper is in the sign-in flow (docs/product.md#sign-in-flow): kept between its form posts. */
  authFlow: AuthFlowState;
  /** A Quick Purchase waiting for the sign-in modal to finish. */
  quickPurchase: PendingQuickPurchase;
  /** A checkout with nothing left to pay, waiting for the delivery address the shop asks for itself (ADR 062). */
  deliveryStep: PendingDeliveryStep;
  /** The discount code the shopper applied (on /cart or by a /discount/{code} link), as the API normalised it. */
  discountCode: string;
  /** The gift card code the shopper entered on /cart (ADR 052); checked again at checkout. */
  giftCardCode: string;
  /** The header's cart badge as last read or changed here (app/lib/cart.server.ts, keptCartCount). */
  cartCount: KeptCartCount;
  /** What the signed-in shopper waits for, as last read or changed here (app/lib/wishlist.server.ts, ADR 059). */
  wishlist: KeptWishlist;
}

export interface KeptWishlist {
  /** The product and variant ids of their pending wishlist entries. */
  ids: string[];
  /** When they were read (ms since epoch). */
  at: number;
  /** Whose wishlist it is: a digest of the signed-in user's id and email. */
  of: string;
}

export interface KeptCartCount {
  /** The cart's total_items; null once forgotten (then `at` says when, and `of` is empty). */
  n: number | null;
  /** When it was read (ms since epoch). */
  at: number;
  /** Whose cart it counts: a digest of the signed-in user and the relayed cart cookie. */
  of: string;
}

export interface PendingQuickPurchase {
  productName: string;
  variantId: string;
  /** The language of the product page it started on: it goes on, and comes back, in that language. */
  locale?: 'en' | 'it';
  /** When it was asked for (ms): an old one is not resumed. */
  at: number;
}

/** What the delivery address page goes on with: the cart's checkout, or a Quick Purchase of one variant. */
export type PendingDeliveryStep = ({ kind: 'cart' } | { kind: 'quick'; productName: string; variantId: string; locale?: 'en' | 'it' }) & {
  /** When it was asked for (ms): an old one is not gone on with. */
  at: number;
};

export interface AuthFlowState {
  email?: string;
  intent?: 'register' | 'guest';
  /** When the last code was sent (ms), for 'Resend code in {n}s'. */
  codeSentAt?: number;
  /** A reset code already verified, for the new-password step. */
  resetCode?: string;
  /** Where the success step goes. */
  successTo?: string;
}

export interface Flash {
  kind: 'success' | 'error';
  message: string;
  /** A short note that leaves sooner ('Already in your wishlist!', docs/product.md#constants). */
  brief?: boolean;
}

export interface SessionFlash {
  flash: Flash;
  /** The outcome of the last auth step post: field errors and notices for the step it returns to. */
  authResult: { lastResult?: SubmissionResult<string[]>; notice?: string };
}

export type ShopSession = Session<SessionData, SessionFlash>;

type ShopStorage = ReturnType<typeof createCookieSessionStorage<SessionData, SessionFlash>>;
/** Each storage, with the session data of the cookie headers it has read (signature checked), by header. */
const storages = new Map<string, { storage: ShopStorage; decoded: Map<string, string> }>();
/** Cookie headers whose decoded session is kept, per storage (a cookie is at most 4 KB). */
const DECODED_COOKIES_MAX = 1_000;

/** Secure is set when the shopper reached us over https (directly or through a proxy). */
export function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
}

/** Where a cookie goes: Secure when the shopper reached us over https (the request's context says). */
export interface CookieTarget {
  secure: boolean;
}

/** What the flash helpers read of the request's context (context.server.ts, which builds it from this module). */
interface SessionContext extends CookieTarget {
  session(): Promise<ShopSession>;
}

function storageFor(secure: boolean) {
  const { SESSION_SECRET } = getEnv();
  const key = `${secure}:${SESSION_SECRET}`;
  let kept = storages.get(key);
  if (!kept) {
    const storage = createCookieSessionStorage<SessionData, SessionFlash>({
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
    kept = { storage, decoded: new Map() };
    storages.set(key, kept);
  }
  return kept;
}

/**
 * The session in the request's cookie, read by the request's context (context.server.ts) once. Its
 * signature is checked and its data decoded once per cookie header: a shopper sends the same one page
 * after page (issue #21). Each call gets a session of its own.
 */
export async function readSession(request: Request): Promise<ShopSession> {
  const { storage, decoded } = storageFor(isHttps(request));
  const header = request.headers.get('Cookie');
  if (!header) return storage.getSession(header);
  const known = decoded.get(header);
  if (known !== undefined) return createSession<SessionData, SessionFlash>(JSON.parse(known));
  const session = await storage.getSession(header);
  if (decoded.size >= DECODED_COOKIES_MAX) decoded.clear();
  decoded.set(header, JSON.stringify(session.data));
  return session;
}

const AUTH_KEYS = ['accessToken', 'refreshToken', 'user', 'expiresAt', 'wishlist'] as const;

/** Forgets the shopper's sign-in (tokens, who they are and what they wait for); the cart cookie and the flow stay. */
export function signOut(session: ShopSession): void {
  for (const key of AUTH_KEYS) session.unset(key);
}

/**
 * Set-Cookie for the session. `maxAge` (seconds) starts a new lifetime (sign-in: 1 day registered,
 * 0.42 days guest); without it the cookie keeps the end it already had, or lasts the browser session.
 */
export function commitSession({ secure }: CookieTarget, session: ShopSession, maxAge?: number): Promise<string> {
  if (maxAge !== undefined) session.set('expiresAt', Date.now() + maxAge * 1000);
  const expiresAt = session.get('expiresAt');
  // A new lifetime is exactly maxAge; otherwise what is left of the old one (a millisecond past the set must not cost a second).
  const remaining = maxAge ?? (expiresAt ? Math.max(0, Math.round((expiresAt - Date.now()) / 1000)) : undefined);
  return storageFor(secure).storage.commitSession(session, remaining === undefined ? undefined : { maxAge: remaining });
}

export function destroySession({ secure }: CookieTarget, session: ShopSession): Promise<string> {
  return storageFor(secure).storage.destroySession(session);
}

/** Post/Redirect/Get with a message for the next page (303, so the browser follows with GET). */
export async function redirectWithFlash(context: SessionContext, to: string, flash: Flash): Promise<Response> {
  const session = await context.session();
  session.flash('flash', flash);
  return redirect(to, { status: 303, headers: { 'Set-Cookie': await commitSession(context, session) } });
}

/** The flash message left by the last redirect, if any, and the header that clears it. */
export async function takeFlash(context: SessionContext): Promise<{ flash: Flash | null; headers: HeadersInit }> {
  const session = await context.session();
  const flash = session.get('flash') ?? null;
  return { flash, headers: flash ? { 'Set-Cookie': await commitSession(context, session) } : {} };
}

function guestExpired(user: SessionUser | undefined, now = Date.now()): boolean {
  return Boolean(user?.user_type === 'guest' && user.session_expires_at && Date.parse(user.session_expires_at) <= now);
}

/** Who the session says is signed in; a guest whose session has run out is signed out of it here. */
export function shopperOf(session: ShopSession): { user: SessionUser | null; guestExpired: boolean } {
  const user = session.get('accessToken') ? session.get('user') : undefined;
  if (guestExpired(user)) {
    signOut(session);
    return { user: null, guestExpired: true };
  }
  return { user: user ?? null, guestExpired: false };
}
