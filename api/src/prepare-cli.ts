import { prepareData } from './bootstrap.js';
import { parseApiEnv } from './env.js';
import { consoleLogger as log } from './services/logger.js';

/**
 * The API's first start, run as a child process by the server (which holds the data folder's lock):
 * creates the embedded database, migrates and writes the catalogue, then exits.
 * Creating a PGlite database takes hundreds of megabytes the WebAssembly heap never gives back; they
 * go with this process.
 */
async function main() {
  const env = parseApiEnv();
  // The art is drawn by the server that started this (before serving or in the background), or was copied in.
  const { handle } = await prepareData(env, log, { seed: 'if-empty', locked: true, art: 'skip' });
  await handle.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log.error(`first start failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
