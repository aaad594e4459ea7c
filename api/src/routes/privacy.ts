import { Hono } from 'hono';

import { retentionDaysSchema } from '@contract/retention';

import { answer } from '../answer.js';
import type { AppEnv } from '../deps.js';
import { readRetentionDays } from '../services/settings.js';

/** `GET /api/privacy/retention`: the periods in force, which the privacy policy page states. Public. */
export function privacyRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/retention', async (c) => {
    c.header('Cache-Control', 'public, max-age=60');
    return answer(c, retentionDaysSchema, await readRetentionDays(c.var.deps.db));
  });
  return app;
}
