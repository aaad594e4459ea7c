import { Hono } from 'hono';

import { linkTokenSchema, marketingAnswerSchema } from '@contract/api/insights';

import { answer } from '../answer.js';
import type { AppEnv } from '../deps.js';
import { ApiError, validate } from '../http-errors.js';
import { confirmMarketingConsent, unsubscribeMarketing } from '../services/reminders/marketing-consent.js';

/** Marketing email's links, mounted at /api/marketing: they work without signing in (signed tokens). */
export function marketingRoutes() {
  const app = new Hono<AppEnv>();

  // The double opt-in: the link of the confirmation email, posted from the storefront's page.
  app.post('/confirm', validate('json', linkTokenSchema), async (c) => {
    const { db, clock, config } = c.var.deps;
    await confirmMarketingConsent(db, config.jwtSecret, c.req.valid('json').token, clock.now());
    return answer(c, marketingAnswerSchema, { message: 'Marketing emails confirmed' });
  });

  // One-click unsubscribe (RFC 8058): a mail client POSTs `List-Unsubscribe=One-Click` to the URL of the
  // List-Unsubscribe header, token in the query; the storefront's page posts JSON with the token.
  app.post('/unsubscribe', async (c) => {
    const { db, clock, config } = c.var.deps;
    const type = c.req.header('Content-Type') ?? '';
    const sent: unknown = type.includes('application/json') ? await c.req.json().catch(() => null) : null;
    // Any JSON may arrive (null, a list, a number): only an object's `token` is read.
    const body = sent && typeof sent === 'object' && !Array.isArray(sent) ? (sent as Record<string, unknown>) : {};
    const parsed = linkTokenSchema.safeParse({ token: c.req.query('token') ?? body.token });
    if (!parsed.success) throw new ApiError(422, [{ loc: ['query', 'token'], msg: 'Field required', type: 'missing' }]);
    await unsubscribeMarketing(db, config.jwtSecret, parsed.data.token, clock.now());
    c.header('Cache-Control', 'no-store');
    return answer(c, marketingAnswerSchema, { message: 'You will get no more marketing emails' });
  });

  return app;
}
