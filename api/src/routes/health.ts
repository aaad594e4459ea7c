import { Hono } from 'hono';

import { pingDatabase } from '../db/database.js';
import type { AppEnv } from '../deps.js';

export function healthRoutes() {
  return (
    new Hono<AppEnv>()
      .get('/healthz', async (c) => {
        // Ready means the database answers, not only that the process is up.
        await pingDatabase(c.var.deps.db);
        return c.json({ status: 'ok' });
      })
      // Alive: the process answers, without touching the database. The benchmarks' static baseline too.
      .get('/livez', (c) => c.json({ status: 'ok' }))
  );
}
