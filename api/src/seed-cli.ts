import { prepareData } from './bootstrap.js';
import { parseApiEnv } from './env.js';
import { consoleLogger as log } from './services/logger.js';

/** `npm run seed`: migrate, add any catalogue product that is missing, draw missing images. */
async function main() {
  const env = parseApiEnv();
  const { handle, lock } = await prepareData(env, log, { seed: 'always' });
  await handle.close();
  lock?.release();
  log.info('seed: done');
}

main().catch((error: unknown) => {
  log.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
