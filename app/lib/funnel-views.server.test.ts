import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { startTestApi, TEST_ADMIN_TOKEN } from '../../tests/support/test-api';
import { flushProductViews, noteProductView, productOfPath } from './funnel-views.server';

describe('the product of a page path, for the funnel', () => {
  it('names the product of a product page in either language, and nothing else', () => {
    expect(productOfPath('/product/Tracer%20Tee')).toBe('Tracer Tee');
    expect(productOfPath('/it/product/Tracer%20Tee')).toBe('Tracer Tee');
    expect(productOfPath('/product/Tracer%20Tee.data')).toBe('Tracer Tee');
    expect(productOfPath('/products/Tracer%20Tee')).toBeNull();
    expect(productOfPath('/cart')).toBeNull();
    expect(productOfPath('/product/%E0%A4%A')).toBeNull();
  });
});

/**
 * The rule and the batch both hosts use (server.mjs on Node, edge/worker.ts on workerd), against the
 * real API: what a view is, and the promise an edge request is kept alive for until its batch is in.
 */
describe('product views as both hosts count them', () => {
  type Api = Awaited<ReturnType<typeof startTestApi>>;
  let api: Api;
  let dataDir: string;
  beforeAll(async () => {
    api = await startTestApi();
    dataDir = await mkdtemp(join(tmpdir(), 'funnel-views-'));
    // The storefront reads the API's admin token from DATA_DIR when ADMIN_TOKEN is unset, as in development.
    await writeFile(join(dataDir, 'admin-token'), TEST_ADMIN_TOKEN);
    process.env.API_URL = api.url;
    process.env.DATA_DIR = dataDir;
  });
  afterEach(() => vi.useRealTimers());
  afterAll(async () => {
    await api.cleanup();
    await rm(dataDir, { recursive: true, force: true });
  });

  const views = async (name: string) => {
    const res = await api.app.request('/api/admin/funnel?days=7', { headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
    const funnel = (await res.json()) as { products: { name: string; view: number }[]; totals: { view: number } };
    return funnel.products.find((product) => product.name === name)?.view ?? 0;
  };
  const page = (path: string, changes: Partial<Parameters<typeof noteProductView>[0]> = {}) => ({
    method: 'GET',
    path,
    purpose: '',
    status: 200,
    ...changes,
  });

  it('counts a product page answered 200 to a GET that is no prefetch, and nothing else', async () => {
    const now = api.clock.now();
    for (const refused of [
      page('/product/Padded%20Jorts', { method: 'HEAD' }),
      page('/product/Padded%20Jorts', { method: 'POST' }),
      page('/product/Padded%20Jorts', { status: 404 }),
      page('/product/Padded%20Jorts', { status: 304 }),
      page('/product/Padded%20Jorts', { purpose: 'prefetch' }),
      page('/product/Padded%20Jorts', { purpose: 'prefetch;prerender' }),
      page('/cart'),
    ]) {
      expect(noteProductView(refused, now)).toBeUndefined();
    }
    await flushProductViews();
    expect(await views('Padded Jorts')).toBe(0);
    noteProductView(page('/product/Padded%20Jorts'), now);
    noteProductView(page('/it/product/Padded%20Jorts.data'), now);
    await flushProductViews();
    expect(await views('Padded Jorts')).toBe(2);
  });

  it('hands the view that starts a batch a promise kept until the batch is at the API (an edge request waits on it)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const now = api.clock.now();
    const before = await views('Tracer Tee');
    let sent = false;
    const batch = noteProductView(page('/product/Tracer%20Tee'), now);
    expect(batch).toBeInstanceOf(Promise);
    void batch!.then(() => (sent = true));
    // Views while the batch waits join it: they have no promise of their own.
    expect(noteProductView(page('/product/Tracer%20Tee'), now)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(9_000);
    expect(sent).toBe(false);
    // The batch time (10 s) passes: the timer sends the batch, and only then is the promise kept.
    await vi.advanceTimersByTimeAsync(1_000);
    await batch;
    expect(await views('Tracer Tee')).toBe(before + 2);
    // The next view starts the next batch.
    const next = noteProductView(page('/product/Tracer%20Tee'), now);
    expect(next).toBeInstanceOf(Promise);
    await flushProductViews();
    await next;
    expect(await views('Tracer Tee')).toBe(before + 3);
  });
});
