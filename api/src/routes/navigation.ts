import { Hono } from 'hono';

import { navigationQuerySchema, navigationSchema } from '@contract/api/navigation';

import { answer } from '../answer.js';
import type { AppEnv } from '../deps.js';
import { validate } from '../http-errors.js';
import { publicNavigation } from '../services/navigation-read.js';

/** The header's menu and the footer's columns (ADR 071), for every shopper's page, in the asked language. */
export function navigationRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/', validate('query', navigationQuerySchema), async (c) =>
    answer(c, navigationSchema, await publicNavigation(c.var.deps.db, c.req.valid('query').locale ?? c.var.locale)),
  );

  return app;
}
