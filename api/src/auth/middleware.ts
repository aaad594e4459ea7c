import type { Context, MiddlewareHandler } from 'hono';

import type { AppEnv } from '../deps.js';
import { ApiError } from '../http-errors.js';
import { watchOf } from '../services/catalogue-watch.js';
import { findUserById, type UserRow } from './users.js';

/** Reads the bearer token; 401 with a detail the storefront can act on when it is missing or bad. */
export async function authenticate(c: Context<AppEnv>): Promise<UserRow> {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new ApiError(401, 'Not authenticated');
  const { userId } = await c.var.auth.tokens.verifyAccess(match[1]);
  const { db } = c.var.deps;
  // Kept by the instance's watch while it listens: every change to the row is announced (migration 024).
  const watch = watchOf(db);
  const user = watch ? await watch.user(userId, () => findUserById(db, userId)) : await findUserById(db, userId);
  if (!user || user.erased_at) throw new ApiError(401, 'Invalid token: user not found');
  if (user.user_type === 'guest' && user.session_expires_at && user.session_expires_at <= c.var.deps.clock.now()) {
    throw new ApiError(401, 'Guest session has expired', 'guest_session_expired');
  }
  return user;
}

/** Route guard: sets `user` for the handler. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('user', await authenticate(c));
  await next();
};
