import { Hono } from 'hono';
import { z } from 'zod';

import { devClockSchema } from '@contract/api/admin';

import { answer } from '../answer.js';
import type { AppEnv } from '../deps.js';
import { validate } from '../http-errors.js';

const advanceSchema = z.object({
  advance_ms: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60 * 60_000),
});

/**
 * The test clock (DEV_CLOCK=1, never in production): `GET /dev/clock` says the API's time,
 * `POST /dev/clock {"advance_ms"}` moves it forward and runs the jobs that became due, answering
 * once they ran, so a test waits for an event, not for time.
 */
export function devClockRoutes(devClock: { advance(ms: number): void; runJobs(): Promise<void> }) {
  const app = new Hono<AppEnv>();
  app.get('/dev/clock', (c) => answer(c, devClockSchema, { now: c.var.deps.clock.now().toISOString() }));
  app.post('/dev/clock', validate('json', advanceSchema), async (c) => {
    devClock.advance(c.req.valid('json').advance_ms);
    await devClock.runJobs();
    return answer(c, devClockSchema, { now: c.var.deps.clock.now().toISOString() });
  });
  return app;
}
