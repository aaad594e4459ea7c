import { afterAll, beforeAll } from 'vitest';

import { variants } from './shopper';
import { createTestApi, type TestApi } from './test-api';

type StockedVariant = Awaited<ReturnType<typeof variants>>[number];

/**
 * The real API on a fresh database for one test file: started before its tests, cleaned up after.
 * Call it at the top of the file; its fields are there once the file's tests (and later hooks) run.
 * `stocked` lists the seeded variants that are in stock.
 */
export function useTestApi(options: Parameters<typeof createTestApi>[0] = {}): TestApi & { readonly stocked: StockedVariant[] } {
  let api: TestApi | undefined;
  let stocked: StockedVariant[] = [];
  beforeAll(async () => {
    api = await createTestApi(options);
    if (options.seed !== false) stocked = await variants(api);
  });
  afterAll(() => api?.cleanup());
  const started = (): TestApi => {
    if (!api) throw new Error('The test API starts in beforeAll: use it inside tests and hooks');
    return api;
  };
  return {
    get app() {
      return started().app;
    },
    get deps() {
      return started().deps;
    },
    get database() {
      return started().database;
    },
    get storage() {
      return started().storage;
    },
    get clock() {
      return started().clock;
    },
    get mail() {
      return started().mail;
    },
    get stocked() {
      started();
      return stocked;
    },
    cleanup: () => started().cleanup(),
  };
}
