import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll } from 'vitest';

import { startTestApi } from './test-api';
import { startedLater, TEST_API_FIELDS } from './use-test-api';

type Api = Awaited<ReturnType<typeof startTestApi>>;

interface StorefrontApiOptions {
  /** STORAGE_URL: left as it is, a placeholder host for images, or the API's own storage. */
  storage?: 'unset' | 'placeholder' | 'api';
  /** A data folder of the file's own as DATA_DIR (the admin token, the waiting room's files), removed after. */
  dataDir?: boolean;
}

/**
 * The real API for the storefront loaders and actions of one test file: started before its tests on a
 * database of its own, with API_URL pointing at it, stopped after them. Call it at the top of the
 * file, as the API's own tests call useTestApi; its fields are there once the file's tests (and later
 * hooks) run. `dataDir` is the file's DATA_DIR when asked for.
 */
export function storefrontTestApi(
  options: Parameters<typeof startTestApi>[0] & StorefrontApiOptions = {},
): Api & { readonly dataDir: string } {
  const { storage = 'unset', dataDir: ownFolder = false, ...apiOptions } = options;
  let api: (Api & { dataDir: string }) | undefined;
  beforeAll(async () => {
    const started = await startTestApi(apiOptions);
    const dataDir = ownFolder ? await mkdtemp(join(tmpdir(), 'storefront-test-')) : '';
    api = Object.assign(started, { dataDir });
    process.env.API_URL = started.url;
    if (storage === 'placeholder') process.env.STORAGE_URL = 'http://images.test';
    if (storage === 'api') process.env.STORAGE_URL = started.url;
    if (dataDir) process.env.DATA_DIR = dataDir;
  });
  afterAll(async () => {
    await api?.cleanup();
    if (api?.dataDir) await rm(api.dataDir, { recursive: true, force: true });
  });
  return startedLater(() => api, [...TEST_API_FIELDS, 'url', 'server', 'dataDir']);
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
