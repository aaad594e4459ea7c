import { afterAll, beforeAll } from 'vitest';

import { startTestApi } from './test-api';

type Api = Awaited<ReturnType<typeof startTestApi>>;

/**
 * The real API for the storefront loaders and actions of one test file: started before its tests on a
 * database of its own, with API_URL pointing at it (and STORAGE_URL at `storage`: a placeholder host
 * for images unless a test reads them), stopped after them. Call it at the top of the file, as the
 * API's own tests call useTestApi; its fields are there once the file's tests (and later hooks) run.
 */
export function storefrontTestApi(options: Parameters<typeof startTestApi>[0] & { storage?: 'placeholder' | 'api' | 'unset' } = {}): Api {
  const { storage = 'unset', ...apiOptions } = options;
  let api: Api | undefined;
  beforeAll(async () => {
    api = await startTestApi(apiOptions);
    process.env.API_URL = api.url;
    if (storage === 'placeholder') process.env.STORAGE_URL = 'http://images.test';
    if (storage === 'api') process.env.STORAGE_URL = api.url;
  });
  afterAll(() => api?.cleanup());
  const started = (): Api => {
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
    get url() {
      return started().url;
    },
    get server() {
      return started().server;
    },
    cleanup: () => started().cleanup(),
  };
}

/** The seeded API as `current` (an older form of storefrontTestApi, with images at a placeholder host). */
export function withStorefrontApi(): { readonly current: Api } {
  const api = storefrontTestApi({ storage: 'placeholder' });
  return {
    get current() {
      return api;
    },
  };
}
