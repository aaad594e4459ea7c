import { afterAll, beforeAll } from 'vitest';

import { startTestApi } from './test-api';

type Api = Awaited<ReturnType<typeof startTestApi>>;

/**
 * The seeded API, started for the storefront loaders of this file (API_URL points at it, images at a
 * placeholder host) and stopped after it. `current` is set once the file's tests run.
 */
export function withStorefrontApi(): { readonly current: Api } {
  const api = {} as { current: Api };
  beforeAll(async () => {
    api.current = await startTestApi();
    process.env.API_URL = api.current.url;
    process.env.STORAGE_URL = 'http://images.test';
  });
  afterAll(() => api.current?.cleanup());
  return api;
}
