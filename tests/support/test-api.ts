import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { serve, type ServerType } from '@hono/node-server';

import { type App, type AppDeps, createApp } from '../../api/src/app';
import { artOnDemand } from '../../api/src/seed/art-on-demand';
import { seedCatalogue } from '../../api/src/seed/database';
import { watchCatalogue } from '../../api/src/services/catalogue-watch';
import { fixedClock } from '../../api/src/services/clock';
import { type Logger, silentLogger } from '../../api/src/services/logger';
import { createOutboxMailer, type Mailer } from '../../api/src/services/mail';
import { createApiMetrics } from '../../api/src/services/metrics';
import type { PaymentProvider } from '../../api/src/services/payments/provider';
import { createTestPaymentProvider } from '../../api/src/services/payments/test-provider';
import { createRateLimits } from '../../api/src/services/rate-limits';
import { createLocalStorage, type Storage } from '../../api/src/services/storage';
import { createTestDatabase, type TestDatabase } from './test-db';

/** The admin bearer token of every test API. */
export const TEST_ADMIN_TOKEN = 'test-admin-token';

export interface TestApi {
  app: App;
  /** What the app was built from, for tests that call services directly. */
  deps: AppDeps;
  database: TestDatabase;
  storage: Storage;
  clock: ReturnType<typeof fixedClock>;
  mail: Mailer;
  cleanup(): Promise<void>;
}

/**
 * The process's current time to the minute. The API's clock starts here rather than on a fixed date,
 * because the storefront under test reads the process clock: expiries the API issues (guest sessions,
 * tokens, codes) must mean the same to both on whatever day the suite runs.
 */
export function currentMinute(): Date {
  return new Date(Math.floor(Date.now() / 60_000) * 60_000);
}

/** Sign-in budgets high enough that only tests about rate limits meet them (by rule name). */
export const GENEROUS_LIMITS: Record<string, number> = {
  'auth-ip': 10_000,
  'auth-email': 10_000,
  'code-ip': 10_000,
  'code-shopper': 10_000,
};

/** The real API on a fresh database, for in-process calls (`app.request`). */
export async function createTestApi(
  options: {
    seed?: boolean;
    mail?: Mailer;
    log?: Logger;
    /** Count the operator's metrics (deps.metrics), as the API does with API_METRICS_PORT set. */
    metrics?: boolean;
    limits?: Record<string, number>;
    payments?: PaymentProvider;
    /** Where the API's clock starts; by default the process's current minute. */
    clockStart?: Date | string;
    /** The public mailbox at /dev/mailbox (on, as tests and outside checks run with DEV_MAILBOX=1). */
    devMailbox?: boolean;
    /**
     * Answer catalogue reads from memory as the server does (ADR 035). Off by default: a test that
     * writes to the database directly must `settle()` the watch before it reads on PostgreSQL.
     */
    watchCatalogue?: boolean;
    /** Draw the seed's missing images and card frames when asked for, as `npm start`'s API does (ADR 074). */
    artOnDemand?: boolean;
  } = {},
): Promise<TestApi> {
  const database = await createTestDatabase();
  if (options.seed !== false) await seedCatalogue(database.db);
  const storageDir = await mkdtemp(join(tmpdir(), 'shop-storage-'));
  const storage = createLocalStorage(storageDir);
  const clock = fixedClock(options.clockStart ?? currentMinute());
  const log = options.log ?? silentLogger;
  const mail = options.mail ?? createOutboxMailer(database.db, clock, log);
  const deps: AppDeps = {
    db: database.db,
    clock,
    mail,
    storage,
    rateLimits: createRateLimits({ points: options.limits ?? GENEROUS_LIMITS }),
    payments: options.payments ?? createTestPaymentProvider('http://localhost:8787'),
    log,
    metrics: options.metrics ? createApiMetrics({ database, jobs: { db: database.db, now: () => clock.now() } }) : undefined,
    config: {
      publicApiUrl: 'http://localhost:8787',
      storageUrl: 'http://localhost:8787',
      storefrontUrl: 'http://shop.test',
      adminToken: TEST_ADMIN_TOKEN,
      devMailbox: options.devMailbox ?? true,
      jwtSecret: 'test-jwt-secret-that-is-long-enough-0123456789',
    },
    backup: { database, storageDir },
    artOnDemand: options.artOnDemand ? artOnDemand(storage, log) : undefined,
  };
  const watch = options.watchCatalogue ? await watchCatalogue(database, log) : undefined;
  const app = createApp(deps);
  return {
    app,
    deps,
    database,
    storage,
    clock,
    mail,
    async cleanup() {
      await watch?.close();
      await database.cleanup();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}

/** The same API listening on an ephemeral port, for storefront loaders that reach it over HTTP. */
export async function startTestApi(
  options: Parameters<typeof createTestApi>[0] = {},
): Promise<TestApi & { url: string; server: ServerType }> {
  const api = await createTestApi(options);
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    ...api,
    server,
    url: `http://127.0.0.1:${port}`,
    async cleanup() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await api.cleanup();
    },
  };
}

/**
 * Runs `work` and answers the most requests the API server was handling at one time meanwhile: a
 * loader whose independent calls run in parallel shows them all in flight together. Each request is
 * held for `holdMs` before the API sees it, so that calls made together overlap even though the
 * API shares the test's event loop, and calls made one after another cannot.
 */
export async function mostConcurrentRequests(api: { server: ServerType }, work: () => Promise<unknown>, holdMs = 250): Promise<number> {
  type Listener = (request: IncomingMessage, response: ServerResponse) => void;
  const server = api.server as Server;
  const listeners = server.listeners('request') as Listener[];
  let inFlight = 0;
  let most = 0;
  const held: Listener = (request, response) => {
    most = Math.max(most, ++inFlight);
    response.once('close', () => inFlight--);
    setTimeout(() => {
      for (const listener of listeners) listener.call(server, request, response);
    }, holdMs);
  };
  server.removeAllListeners('request');
  server.on('request', held);
  try {
    await work();
  } finally {
    server.off('request', held);
    for (const listener of listeners) server.on('request', listener);
  }
  return most;
}
