import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';

import type { AppEnv } from '../deps.js';
import {
  CART_COOKIE,
  CART_COOKIE_MAX_AGE_S,
  createAnonymousCart,
  ensureUserCart,
  findAnonymousCart,
  findUserCart,
  isCartToken,
  mergeAnonymousCart,
} from '../services/cart.js';
import { authenticate } from './middleware.js';
import type { UserRow } from './users.js';

/** The anonymous-cart token the request carries, if it looks like one this API issued. */
export function readCartToken(c: Context<AppEnv>): string | undefined {
  const token = getCookie(c, CART_COOKIE);
  return isCartToken(token) ? token : undefined;
}

function setCartCookie(c: Context<AppEnv>, token: string) {
  setCookie(c, CART_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/api',
    maxAge: CART_COOKIE_MAX_AGE_S,
    secure: c.var.deps.config.publicApiUrl.startsWith('https://'),
  });
}

/** The bearer's user when an Authorization header is sent (401 when it is bad), else null. */
export async function optionalUser(c: Context<AppEnv>): Promise<UserRow | null> {
  return c.req.header('authorization') ? authenticate(c) : null;
}

/** Merges the request's anonymous cart, if any, into the user's: called by every sign-in. */
export async function mergeCartOfRequest(c: Context<AppEnv>, userId: string): Promise<void> {
  const token = readCartToken(c);
  if (token) await mergeAnonymousCart(c.var.deps.db, token, userId, c.var.deps.clock.now());
}

/**
 * The shopper's cart: the bearer's user's (an anonymous cart sent along is merged into it first),
 * else the one of the cart cookie. With `create`, a missing cart is made (and its cookie set).
 */
export async function shopperCart(
  c: Context<AppEnv>,
  options: { create: boolean },
): Promise<{ cartId: string | null; user: UserRow | null }> {
  const { db, clock } = c.var.deps;
  const user = await optionalUser(c);
  if (user) {
    await mergeCartOfRequest(c, user.id);
    const cartId = options.create ? await ensureUserCart(db, user.id, clock.now()) : ((await findUserCart(db, user.id))?.id ?? null);
    return { cartId, user };
  }
  const token = readCartToken(c);
  const found = token ? await findAnonymousCart(db, token) : undefined;
  if (found) return { cartId: found.id, user: null };
  if (!options.create) return { cartId: null, user: null };
  const created = await createAnonymousCart(db, clock.now());
  setCartCookie(c, created.token);
  return { cartId: created.id, user: null };
}
