import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';

import { parseApiEnv } from './env.js';
import { generateCatalogueImages } from './seed/catalogue-images.js';
import { drawArt } from './seed/index.js';
import { consoleLogger as log } from './services/logger.js';
import { createLocalStorage } from './services/storage.js';

/**
 * Lowers this process's priority, every thread of it (on Linux a priority is a thread's, and sharp's
 * threads are already running), so that the requests of the API beside it come first.
 */
function yieldToServing() {
  let threads: number[] = [0];
  try {
    threads = readdirSync('/proc/self/task').map(Number);
  } catch {
    // No /proc: the priority is the whole process's.
  }
  for (const thread of threads) {
    try {
      setPriority(thread, 10);
    } catch {
      // Refused, or the thread has ended: it shares the machine evenly.
    }
  }
}

/**
 * Draws the catalogue images and card frames missing from DATA_DIR/storage, then exits. The API runs
 * it as a child process at its first start: the memory drawing takes (sharp's and the allocator's)
 * goes back to the system with the child, never staying in the serving process. With `--background`
 * (the API serves meanwhile, ADR 074) the garments' front views come first, at normal priority, while
 * the database is being made; then the rest at a lower one.
 */
async function main() {
  const env = parseApiEnv();
  const storage = createLocalStorage(join(env.DATA_DIR, 'storage'));
  if (process.argv.includes('--background')) {
    const started = Date.now();
    // One at a time: the other core is making the database the API waits for.
    const drawn = await generateCatalogueImages(storage, { only: (image) => image.front, workers: 1 });
    if (drawn) log.info(`images: drew ${drawn} front views in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    yieldToServing();
  }
  await drawArt(storage, log);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log.error(`images: drawing failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
