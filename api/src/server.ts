import { serve } from '@hono/node-server';
import { createApp } from './app.js';
import { DataDirInUseError, prepareData } from './bootstrap.js';
import { EnvError, parseApiEnv } from './env.js';
import { systemClock } from './services/clock.js';
import { consoleLogger as log } from './services/logger.js';
import { createOutboxMailer, createSmtpMailer } from './services/mail.js';
import { createRateLimits } from './services/rate-limits.js';

async function main() {
  const env = parseApiEnv();
  const { handle, storage, lock } = await prepareData(env, log, { port: env.API_PORT, seed: 'if-empty' });
  const mail = env.SMTP_URL
    ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM, log)
    : createOutboxMailer(handle.db, systemClock, log);
  const rateLimits = createRateLimits({ redisUrl: env.REDIS_URL, log });
  const app = createApp({
    db: handle.db,
    clock: systemClock,
    mail,
    storage,
    log,
    rateLimits,
    config: { publicApiUrl: env.PUBLIC_API_URL, storageUrl: env.STORAGE_URL },
  });

  const server = serve({ fetch: app.fetch, port: env.API_PORT }, (info) => {
    log.info(`API listening on http://localhost:${info.port} (database: ${handle.backend})`);
    if (mail.transport === 'outbox') log.info(`mailbox: ${env.PUBLIC_API_URL}/dev/mailbox`);
  });

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    server.close();
    await rateLimits.close();
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
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DataDirInUseError) log.error(error.message);
  else log.error('The API could not start:', error);
  process.exit(1);
});
