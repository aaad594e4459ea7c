import type { Server as HttpServer } from 'node:http';

import { serve } from '@hono/node-server';

import { type AppDeps, createApp } from './app.js';
import { DataDirInUseError, ensureAdminToken, prepareData, resolveSecret } from './bootstrap.js';
import { DRAIN_LIMIT_MS, drainable } from './drain.js';
import { EnvError, parseApiEnv } from './env.js';
import { deleteExpiredIdempotencyKeys } from './idempotency.js';
import { watchCatalogue } from './services/catalogue-watch.js';
import { checkoutJobHandlers, releaseExpiredSessions } from './services/checkout.js';
import { offsetClock, systemClock } from './services/clock.js';
import { dropJobHandlers } from './services/drops.js';
import { homeJobHandlers } from './services/home.js';
import { runDueJobs, startJobRunner } from './services/jobs.js';
import { consoleLogger as log } from './services/logger.js';
import { createOutboxMailer, createSmtpMailer } from './services/mail.js';
import { createApiMetrics, startMetricsServer } from './services/metrics.js';
import { orderMailJobHandlers } from './services/order-mail.js';
import { paymentsFromEnv } from './services/payments/from-env.js';
import { createRateLimits } from './services/rate-limits.js';
import { reminderJobHandlers } from './services/reminders/cart-reminders.js';
import { purgeExpiredData } from './services/retention.js';
import { storefrontNotifier } from './services/storefront-hook.js';

/** The periodic sweeps of every instance: expired checkouts and idempotency keys each minute, the retention purge hourly. */
function startSweeps(db: AppDeps['db'], clock: AppDeps['clock']) {
  // Checkout sessions nobody paid give their stock back (requests also do this as they pass); answers kept
  // for idempotency keys are forgotten after a day.
  const expirySweep = setInterval(() => {
    releaseExpiredSessions(db, clock.now()).catch((error) => log.error('releasing expired checkout sessions failed', error));
    deleteExpiredIdempotencyKeys(db, clock.now()).catch((error) => log.error('forgetting expired idempotency keys failed', error));
  }, 60_000);
  expirySweep.unref();
  // What has outlived its stated period goes, hourly (contract/retention.ts, the privacy policy).
  const retentionSweep = setInterval(() => {
    purgeExpiredData(db, clock.now()).then(
      (purged) => {
        const removed = Object.entries(purged).filter(([, n]) => n > 0);
        if (removed.length) log.info(`retention: removed ${removed.map(([what, n]) => `${n} ${what}`).join(', ')}`);
      },
      (error) => log.error('the retention purge failed', error),
    );
  }, 60 * 60_000);
  retentionSweep.unref();
  return {
    stop() {
      clearInterval(expirySweep);
      clearInterval(retentionSweep);
    },
  };
}

type ApiEnv = ReturnType<typeof parseApiEnv>;

function appConfig(env: ApiEnv, adminToken: string, jwtSecret: string): AppDeps['config'] {
  return {
    publicApiUrl: env.PUBLIC_API_URL,
    storageUrl: env.STORAGE_URL,
    storefrontUrl: env.STOREFRONT_URL,
    adminToken,
    jwtSecret,
    trustedProxies: env.TRUSTED_PROXIES,
    devMailbox: env.DEV_MAILBOX,
  };
}

function rateLimitsFromEnv(env: ApiEnv) {
  return createRateLimits({
    redisUrl: env.REDIS_URL,
    keyPrefix: env.REDIS_KEY_PREFIX,
    log,
    points: { 'auth-ip': env.AUTH_IP_LIMIT_PER_MINUTE, 'code-ip': env.CODE_IP_LIMIT_PER_HOUR },
  });
}

/** Every kind of scheduled job and who runs it. */
function allJobHandlers(deps: AppDeps) {
  return {
    ...dropJobHandlers(deps),
    ...homeJobHandlers(deps),
    ...checkoutJobHandlers(deps),
    ...orderMailJobHandlers(deps),
    ...reminderJobHandlers(deps),
  };
}

async function main() {
  const env = parseApiEnv();
  const jwtSecret = resolveSecret(env, 'JWT_SECRET', env.JWT_SECRET);
  const { handle, storage, storageDir, lock, artOnDemand } = await prepareData(env, log, {
    port: env.API_PORT,
    seed: 'if-empty',
    inChildren: true,
    art: env.SEED_ART,
  });
  const mail = env.SMTP_URL ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM, log) : createOutboxMailer(handle.db, systemClock, log);
  const rateLimits = rateLimitsFromEnv(env);
  // Shared counters from the first request on; memory stands in while Redis is unreachable.
  if (env.REDIS_URL && !(await rateLimits.ready())) log.error('rate limits: Redis not reachable yet; counting in memory meanwhile');
  // Catalogue reads answered from memory, kept current by the database's announcements (ADR 035).
  const watch = await watchCatalogue(handle, log);
  const adminToken = env.ADMIN_TOKEN ?? ensureAdminToken(env.DATA_DIR);
  const payments = paymentsFromEnv(env);
  log.info(`payments: ${payments.name === 'stripe' ? 'Stripe Checkout' : 'built-in test payment page'}`);
  const testClock = env.DEV_CLOCK ? offsetClock() : null;
  const clock = testClock ?? systemClock;
  const metrics = env.API_METRICS_PORT
    ? createApiMetrics({ database: handle, jobs: { db: handle.db, now: () => clock.now() } })
    : undefined;
  if (env.DEV_CLOCK) log.info('clock: test clock on (DEV_CLOCK=1): POST /dev/clock moves it forward');
  const deps: AppDeps = {
    db: handle.db,
    clock,
    mail,
    storage,
    payments,
    log,
    metrics,
    rateLimits,
    config: appConfig(env, adminToken, jwtSecret),
    onCatalogueChange: storefrontNotifier(env.STOREFRONT_HOOK_URLS, adminToken, log),
    backup: { database: handle, storageDir },
    artOnDemand,
  };
  // Scheduled work (launch emails, closed Stripe sessions, and order emails the request that queued them
  // could not send): every instance polls, each job runs once (services/jobs.ts).
  const jobs = startJobRunner(() => runDueJobs(deps, allJobHandlers(deps)), env.JOB_POLL_MS, log);
  if (testClock) deps.devClock = { advance: testClock.advance, runJobs: jobs.poke };
  const app = createApp(deps);

  const server = serve({ fetch: app.fetch, port: env.API_PORT }, (info) => {
    log.info(`API listening on http://localhost:${info.port} (database: ${handle.backend})`);
    if (mail.transport === 'outbox') {
      log.info(
        env.DEV_MAILBOX
          ? `mailbox: ${env.PUBLIC_API_URL}/dev/mailbox`
          : 'mailbox: npm run shop -- mail [--to EMAIL] (DEV_MAILBOX=1 also serves it at /dev/mailbox)',
      );
    }
  });

  // Idle connections are closed by the client first: a server that closes them at the same moment a
  // client reuses one makes that request fail (ECONNRESET). Clients and proxies keep idle sockets for
  // at most a minute; headersTimeout must stay above keepAliveTimeout.
  const http1 = server as HttpServer; // serve() makes a node:http server unless told otherwise
  http1.keepAliveTimeout = 65_000;
  http1.headersTimeout = 66_000;
  const requests = drainable(http1);

  const sweeps = startSweeps(handle.db, clock);

  let metricsServer: HttpServer | undefined;
  let stopping = false;
  // Draining (ADR 044): stop accepting, so the balancer's health check fails and it sends no more; let
  // the requests in flight finish (at most DRAIN_LIMIT_MS) and the job runner's pass end; only then
  // close what they use. A payment being fulfilled as SIGTERM arrives is answered, not cut.
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    sweeps.stop();
    log.info(`stopping: finishing ${requests.inFlight} request(s) in flight (at most ${DRAIN_LIMIT_MS / 1000} s)`);
    const [cut] = await Promise.all([requests.drain(DRAIN_LIMIT_MS), jobs.stop()]);
    if (cut) log.error(`stopping: ${cut} request(s) still running after ${DRAIN_LIMIT_MS / 1000} s were cut`);
    metricsServer?.close();
    await rateLimits.close();
    await watch.close();
    await handle.close().catch((error) => log.error('closing the database failed', error));
    lock?.release();
    process.exit(code);
  };
  server.on('error', (error: NodeJS.ErrnoException) => {
    log.error(
      error.code === 'EADDRINUSE'
        ? `Port ${env.API_PORT} is already in use. Stop the program using it or set API_PORT to another port.`
        : `The API server failed: ${error.message}`,
    );
    void stop(1);
  });
  // The operator's metrics, on their own loopback port: never on the port shoppers reach.
  if (metrics && env.API_METRICS_PORT) {
    const metricsPort = env.API_METRICS_PORT;
    startMetricsServer(metrics.registry, metricsPort).then(
      (started) => {
        metricsServer = started;
        log.info(`metrics: http://127.0.0.1:${metricsPort}/metrics`);
      },
      (error: NodeJS.ErrnoException) => {
        log.error(
          error.code === 'EADDRINUSE'
            ? `Port ${metricsPort} is already in use. Stop the program using it or set API_METRICS_PORT to another port.`
            : `The metrics server failed: ${error.message}`,
        );
        void stop(1);
      },
    );
  }
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DataDirInUseError) log.error(error.message);
  else log.error('The API could not start:', error);
  process.exit(1);
});
