import { Hono } from 'hono';

import { staffLoginRequestSchema, staffSessionSchema, staffSetPasswordRequestSchema } from '@contract/api/staff';

import { answer } from '../answer.js';
import { clientIp } from '../client-ip.js';
import type { AppEnv } from '../deps.js';
import { validate } from '../http-errors.js';
import { enforceRateLimit, RATE_RULES } from '../services/rate-limits.js';
import { endStaffSession, setStaffPassword, staffSignIn, toStaffMember } from '../services/staff.js';

/**
 * The back office's sign-in, mounted at /api/staff: choosing a password with the mailed code, signing
 * in (the shoppers' lockout and rate limits) and signing out. Everything else is under /api/admin.
 */
export function staffAuthRoutes() {
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    await enforceRateLimit(c, c.var.deps.rateLimits, RATE_RULES.authPerIp, clientIp(c));
    c.header('Cache-Control', 'no-store');
    await next();
  });

  app.post('/set-password', validate('json', staffSetPasswordRequestSchema), async (c) => {
    const { email, code, password } = c.req.valid('json');
    await enforceRateLimit(c, c.var.deps.rateLimits, RATE_RULES.authPerEmail, `staff:${email}`);
    await setStaffPassword(c.var.deps, c.var.auth.codes, email, code, password);
    return c.body(null, 204);
  });

  app.post('/login', validate('json', staffLoginRequestSchema), async (c) => {
    const { email, password } = c.req.valid('json');
    await enforceRateLimit(c, c.var.deps.rateLimits, RATE_RULES.authPerEmail, `staff:${email}`);
    const session = await staffSignIn(c.var.deps, email, password);
    return answer(c, staffSessionSchema, {
      token: session.token,
      expires_at: session.expires_at.toISOString(),
      staff: toStaffMember(session.staff),
    });
  });

  app.post('/logout', async (c) => {
    const given = /^Bearer (.+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
    if (given) await endStaffSession(c.var.deps.db, c.var.deps.clock.now(), given);
    return c.body(null, 204);
  });

  return app;
}
