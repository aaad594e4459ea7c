/**
 * vitest `setupFiles` of the projects whose test files share a worker process and its modules
 * (`isolate: false` in vitest.config.ts): every file starts from the environment the worker
 * started with, whatever the file before it set, and with the storefront's catalogue cache empty
 * (its keys name the API's address, and a later file's API may listen on a port an earlier one used).
 */
import { catalogueCache } from '~/lib/cache.server';

const STARTING_ENV = Symbol.for('filo.test.startingEnv');
const kept = globalThis as typeof globalThis & { [STARTING_ENV]?: Record<string, string | undefined> };

if (!kept[STARTING_ENV]) {
  kept[STARTING_ENV] = { ...process.env };
} else {
  const starting = kept[STARTING_ENV];
  for (const name of Object.keys(process.env)) if (!(name in starting)) delete process.env[name];
  Object.assign(process.env, starting);
}
catalogueCache.invalidate();
