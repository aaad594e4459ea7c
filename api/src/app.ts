import { Hono } from 'hono';
import type { Db } from './db/database.js';
import { errorResponse } from './http-errors.js';
import { contactRoutes } from './routes/contact.js';
import { devMailboxRoutes } from './routes/dev-mailbox.js';
import { healthRoutes } from './routes/health.js';
import { productRoutes } from './routes/products.js';
import { storageRoutes } from './routes/storage.js';
import type { Clock } from './services/clock.js';
import type { Logger } from './services/logger.js';
import type { Mailer } from './services/mail.js';
import { createRateLimits, type RateLimits } from './services/rate-limits.js';
import type { Storage } from './services/storage.js';

export interface AppConfig {
  /** Where browsers reach the API (payment pages, links in emails). */
  publicApiUrl: string;
  /** Base of public object URLs: `${storageUrl}/storage/v1/object/public/<bucket>/<path>`. */
  storageUrl: string;
}

/** Everything the API talks to; tests pass in-memory versions. */
export interface AppDeps {
  db: Db;
  clock: Clock;
  mail: Mailer;
  storage: Storage;
  log: Logger;
  config: AppConfig;
  rateLimits: RateLimits;
}

/** What createApp is given; rate limits default to in-memory counters. */
export type AppInput = Omit<AppDeps, 'rateLimits'> & { rateLimits?: RateLimits };

export type AppEnv = { Variables: { deps: AppDeps } };

export function createApp(input: AppInput) {
  const deps: AppDeps = { ...input, rateLimits: input.rateLimits ?? createRateLimits({ log: input.log }) };
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('deps', deps);
    await next();
  });

  app.route('/', healthRoutes());
  app.route('/api/products', productRoutes());
  app.route('/api/contact', contactRoutes());
  app.route('/', storageRoutes());
  if (deps.mail.transport === 'outbox') app.route('/', devMailboxRoutes());

  app.notFound((c) => c.json({ detail: 'Not Found' }, 404));
  app.onError((error, c) => errorResponse(c, error, deps.log.error));
  return app;
}

export type App = ReturnType<typeof createApp>;
