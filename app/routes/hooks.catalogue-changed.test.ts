import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { pageCache } from '~/lib/page-cache.server';

import { callRoute } from '../../tests/support/route-context';
import { action } from './hooks.catalogue-changed';

const post = (token: string) =>
  callRoute(
    action,
    new Request('http://shop.test/hooks/catalogue-changed', { method: 'POST', headers: { Authorization: `Bearer ${token}` } }),
  );

describe('catalogue change hook: whose token it takes', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'shop-hook-token-'));
    writeFileSync(join(dataDir, 'admin-token'), 'token-kept-in-the-data-folder-0123456789');
    process.env.DATA_DIR = dataDir;
  });
  afterEach(() => {
    delete process.env.ADMIN_TOKEN;
    delete process.env.DATA_DIR;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("the data folder's token, when storefront and API share DATA_DIR", async () => {
    expect((await post('token-kept-in-the-data-folder-0123456789')).status).toBe(204);
    expect((await post('something-else')).status).toBe(401);
  });

  it('drops the stored pages with the catalogue, and only for a caller with the token', async () => {
    const anonymous = { method: 'GET', url: '/', headers: { host: 'shop.test' } };
    const store = () =>
      pageCache.remember(
        anonymous,
        new Response('<p>Padded Jorts: sold out</p>', {
          headers: { 'Content-Type': 'text/html', 'Storefront-Cache-Control': 'max-age=10' },
        }),
      );
    await store();
    expect((await post('something-else')).status).toBe(401);
    expect(pageCache.lookup(anonymous)).toBeDefined();
    expect((await post('token-kept-in-the-data-folder-0123456789')).status).toBe(204);
    expect(pageCache.lookup(anonymous)).toBeUndefined();
  });

  it('ADMIN_TOKEN, when instances share the token through the environment, and then only it', async () => {
    process.env.ADMIN_TOKEN = 'token-shared-by-every-instance-0123456789';
    expect((await post('token-shared-by-every-instance-0123456789')).status).toBe(204);
    expect((await post('token-kept-in-the-data-folder-0123456789')).status).toBe(401);
  });
});
