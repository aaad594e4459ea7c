import { afterAll, beforeAll } from 'vitest';

import { variants } from './shopper';
import { createTestApi, type TestApi } from './test-api';

type StockedVariant = Awaited<ReturnType<typeof variants>>[number];

/**
 * An object whose fields are those of what `started()` answers, read when used: a file's API made in
 * beforeAll can be named at the top of the file. Before it has started, using a field says why not.
 */
export function startedLater<T extends object>(started: () => T | undefined, fields: readonly (keyof T)[]): T {
  const view = {} as T;
  const current = (): T => {
    const value = started();
    if (!value) throw new Error('The test API starts in beforeAll: use it inside tests and hooks');
    return value;
  };
  for (const field of fields) {
    Object.defineProperty(view, field, {
      enumerable: true,
      get: () => {
        const value = current()[field];
        return typeof value === 'function' ? value.bind(current()) : value;
      },
    });
  }
  return view;
}

export const TEST_API_FIELDS = [
  'app',
  'deps',
  'database',
  'storage',
  'clock',
  'mail',
  'cleanup',
] as const satisfies readonly (keyof TestApi)[];

/**
 * The real API on a fresh database for one test file: started before its tests, cleaned up after.
 * Call it at the top of the file; its fields are there once the file's tests (and later hooks) run.
 * `stocked` lists the seeded variants that are in stock.
 */
export function useTestApi(options: Parameters<typeof createTestApi>[0] = {}): TestApi & { readonly stocked: StockedVariant[] } {
  let api: (TestApi & { stocked: StockedVariant[] }) | undefined;
  beforeAll(async () => {
    const started = await createTestApi(options);
    api = Object.assign(started, { stocked: options.seed !== false ? await variants(started) : [] });
  });
  afterAll(() => api?.cleanup());
  return startedLater(() => api, [...TEST_API_FIELDS, 'stocked']);
}
