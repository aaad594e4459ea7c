import { join } from 'node:path';

import { parseApiEnv } from './env.js';
import { drawArt } from './seed/index.js';
import { consoleLogger as log } from './services/logger.js';
import { createLocalStorage } from './services/storage.js';

/**
 * Draws the catalogue images and card frames missing from DATA_DIR/storage, then exits. The API runs
 * it as a child process at its first start: the memory drawing takes (sharp's and the allocator's)
 * goes back to the system with the child, never staying in the serving process.
 */
async function main() {
  const env = parseApiEnv();
  await drawArt(createLocalStorage(join(env.DATA_DIR, 'storage')), log);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log.error(`images: drawing failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
