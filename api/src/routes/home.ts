import { Hono } from 'hono';

import { publicHomeSchema } from '@contract/api/home';

import { answer } from '../answer.js';
import type { AppEnv } from '../deps.js';
import { publicHome } from '../services/home.js';

/** The home page's hero for everyone (ADR 073): the one shown now, in both languages, and when it changes next. */
export function homeRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => answer(c, publicHomeSchema, await publicHome(c.var.deps)));
  return app;
}
