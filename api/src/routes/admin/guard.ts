import { createHash, timingSafeEqual } from 'node:crypto';

import { createMiddleware } from 'hono/factory';

import type { AppEnv } from '../../deps.js';
import { DomainError } from '../../domain-error.js';
import { ApiError } from '../../http-errors.js';
import { staffOfToken } from '../../services/staff.js';

function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Who is acting: the CLI with the admin token kept in DATA_DIR (as the owner), or a staff member with
 * their own session token, so roles are enforced here. Anyone else is answered 401.
 */
export const staffOrOwner = createMiddleware<AppEnv>(async (c, next) => {
  const given = /^Bearer (.+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
  const { adminToken } = c.var.deps.config;
  if (given && adminToken && sameToken(given, adminToken)) c.set('actor', { kind: 'cli', role: 'owner' });
  else {
    const staff = given ? await staffOfToken(c.var.deps.db, c.var.deps.clock.now(), given) : undefined;
    if (!staff) {
      c.header('WWW-Authenticate', 'Bearer');
      throw new ApiError(401, 'Not authenticated');
    }
    c.set('actor', { kind: 'staff', id: staff.id, email: staff.email, role: staff.role, locale: staff.locale });
  }
  c.header('Cache-Control', 'no-store');
  await next();
});

/** What only an owner may do (staff management, money, the catalogue, the outbox, backups). */
export const ownerOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.actor.role !== 'owner') throw new DomainError('forbidden', 'Only an owner may do this');
  await next();
});
