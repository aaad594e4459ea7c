import { prepareData } from './bootstrap.js';
import { parseApiEnv } from './env.js';
import { consoleLogger as log } from './services/logger.js';

/**
 * The API's first start, run as a child process by the server (which holds the data folder's lock):
 * creates the embedded database, migrates, writes the catalogue and draws the images, then exits.
 * Creating a PGlite database takes hundreds of megabytes the WebAssembly heap never gives back; they
 * go with this process.
 */
async function main() {
  const env = parseApiEnv();
  const { handle } = await prepareData(env, log, { seed: 'if-empty', locked: true });
  await handle.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log.error(`first start failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
