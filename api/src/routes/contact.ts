import { Hono } from 'hono';

import { contactAnswerSchema, contactRequestSchema } from '@contract/api/contact';

import { answer } from '../answer.js';
import { clientIp } from '../client-ip.js';
import type { AppEnv } from '../deps.js';
import { validate } from '../http-errors.js';
import { receiveContactMessage } from '../services/contact.js';
import { enforceRateLimit, RATE_RULES } from '../services/rate-limits.js';

export function contactRoutes() {
  const app = new Hono<AppEnv>();

  app.post('/submit', validate('json', contactRequestSchema), async (c) => {
    const { rateLimits } = c.var.deps;
    const input = c.req.valid('json');
    const ip = clientIp(c);
    await enforceRateLimit(c, rateLimits, RATE_RULES.contactPerIp, ip);
    await enforceRateLimit(c, rateLimits, RATE_RULES.contactPerEmail, input.email);

    const id = await receiveContactMessage(c.var.deps, input, ip === 'unknown' ? null : ip, c.var.locale);
    return answer(c, contactAnswerSchema, { id, message: 'Message received' }, 201);
  });

  return app;
}
