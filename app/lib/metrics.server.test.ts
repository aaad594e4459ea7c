import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createStorefrontMetrics, startMetricsServer } from '../../server-metrics.mjs';
import { callRoute } from '../../tests/support/route-context';
import { startTestApi } from '../../tests/support/test-api';
import { loader as productLoader } from '../routes/product.$productName';
import { catalogueCache } from './cache.server';
import { apiPathLabel, setMetricsRecorder } from './metrics.server';
import { createPageCache } from './page-cache.server';
import { routeLabeler } from './route-label.server';

// The storefront's metrics as server.mjs serves them with METRICS_PORT (ADR 030), filled by the real
// caches and API client while a loader runs against the real API.
type Api = Awaited<ReturnType<typeof startTestApi>>;
let api: Api;
let metrics: ReturnType<typeof createStorefrontMetrics>;
let metricsServer: Server;
let metricsUrl: string;

beforeAll(async () => {
  api = await startTestApi();
  process.env.API_URL = api.url;
  metrics = createStorefrontMetrics();
  setMetricsRecorder(metrics.recorder);
  metricsServer = await startMetricsServer(metrics.registry, 0);
  metricsUrl = `http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}/metrics`;
});
afterAll(async () => {
  setMetricsRecorder();
  await new Promise((resolve) => metricsServer?.close(resolve));
  await api?.cleanup();
});

async function scrape(): Promise<string> {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** A sample's value in the exposition text; 0 when the series is not there yet. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (match?.[1] === name && wanted.every((pair) => match[2].split(',').includes(pair))) return Number(match[3]);
  }
  return 0;
}

const loadProduct = (name: string) =>
  callRoute(productLoader, new Request(`http://shop.test/product/${encodeURIComponent(name)}`), { productName: name });

describe('storefront metrics', () => {
  it('times the API calls a loader makes by API path, and counts catalogue cache misses and hits', async () => {
    catalogueCache.invalidate();
    const call = { method: 'GET', path: '/api/products/details', outcome: '200' };
    const before = await scrape();
    expect((await loadProduct('Padded Jorts')).status).toBe(200);
    expect((await loadProduct('Padded Jorts')).status).toBe(200);
    const after = await scrape();
    // The second render is served by the catalogue cache: one call, one miss, one hit.
    expect(sample(after, 'storefront_api_call_duration_seconds_count', call)).toBe(
      sample(before, 'storefront_api_call_duration_seconds_count', call) + 1,
    );
    expect(sample(after, 'storefront_cache_reads_total', { cache: 'catalogue', result: 'miss' })).toBe(
      sample(before, 'storefront_cache_reads_total', { cache: 'catalogue', result: 'miss' }) + 1,
    );
    expect(sample(after, 'storefront_cache_reads_total', { cache: 'catalogue', result: 'hit' })).toBe(
      sample(before, 'storefront_cache_reads_total', { cache: 'catalogue', result: 'hit' }) + 1,
    );
    expect(after).not.toContain('Padded');
    expect(after).toMatch(/^process_cpu_user_seconds_total \d/m);
  });

  it('counts a call the API failed to answer under why', async () => {
    const url = process.env.API_URL;
    // A port nothing listens on: the API is unreachable.
    process.env.API_URL = 'http://127.0.0.1:9';
    try {
      catalogueCache.invalidate();
      const before = sample(await scrape(), 'storefront_api_call_duration_seconds_count', {
        path: '/api/products/details',
        outcome: 'unreachable',
      });
      // The page answers 503 (upstreamStatus); the call is counted all the same.
      const failed = await loadProduct('Padded Jorts').catch((thrown: unknown) => thrown);
      expect(failed).toBeInstanceOf(Response);
      expect((failed as Response).status).toBe(503);
      expect(
        sample(await scrape(), 'storefront_api_call_duration_seconds_count', { path: '/api/products/details', outcome: 'unreachable' }),
      ).toBeGreaterThan(before);
    } finally {
      process.env.API_URL = url;
    }
  });

  it("counts page cache lookups of the process's page cache", async () => {
    const pages = createPageCache({ counted: true });
    const read = { method: 'GET', url: '/', headers: { host: 'shop.test' } };
    const count = (text: string, result: string) => sample(text, 'storefront_cache_reads_total', { cache: 'page', result });
    const before = await scrape();
    expect(pages.lookup(read)).toBeUndefined();
    await pages.remember(
      read,
      new Response('<p>home</p>', { headers: { 'Content-Type': 'text/html', 'Storefront-Cache-Control': 'max-age=10' } }),
    );
    expect(pages.lookup(read)?.status).toBe(200);
    // A shopper with a session is never answered from the cache, and not counted as a miss of it.
    expect(pages.lookup({ ...read, headers: { ...read.headers, cookie: 'session=1' } })).toBeUndefined();
    const after = await scrape();
    expect([count(after, 'miss'), count(after, 'hit')]).toEqual([count(before, 'miss') + 1, count(before, 'hit') + 1]);
  });

  it('is served only at GET /metrics on its port', async () => {
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(405);
  });
});

describe('labels', () => {
  it('keeps the fixed words of an API path and puts :id for the rest', () => {
    expect(apiPathLabel('products/details')).toBe('/api/products/details');
    expect(apiPathLabel('cart/')).toBe('/api/cart');
    expect(apiPathLabel('cards/face.png')).toBe('/api/cards/face.png');
    expect(apiPathLabel('user/purchase/9b2e1c4e-5d1f-4f6a-9a55-0c1f2d3e4f5a/receipt')).toBe('/api/user/purchase/:id/receipt');
    expect(apiPathLabel('admin/orders/ORD-2026-11-22-1A2B3C4D')).toBe('/api/admin/orders/:id');
    expect(apiPathLabel('admin/orders/ship')).toBe('/api/admin/orders/ship');
    expect(apiPathLabel(`cart/item/${encodeURIComponent('a b')}`)).toBe('/api/cart/item/:id');
  });

  it('names a page by the Remix route it reaches, never by its path', () => {
    const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({
      id,
      parentId,
      path,
      index,
      module: {} as never,
    });
    const routeIdOf = routeLabeler({
      root: route('root', undefined, ''),
      'routes/_index': route('routes/_index', 'root', undefined, true),
      'routes/product.$productName': route('routes/product.$productName', 'root', 'product/:productName'),
      'routes/admin': route('routes/admin', 'root', 'admin'),
      'routes/admin.orders.$order': route('routes/admin.orders.$order', 'routes/admin', 'orders/:order'),
      'routes/orders[.]csv': route('routes/orders[.]csv', 'root', 'orders.csv'),
    });
    expect(routeIdOf('/')).toBe('routes/_index');
    expect(routeIdOf('/product/Padded%20Jorts')).toBe('routes/product.$productName');
    expect(routeIdOf('/admin/orders/ORD-2026-11-22-1A2B3C4D')).toBe('routes/admin.orders.$order');
    expect(routeIdOf('/admin')).toBe('routes/admin');
    expect(routeIdOf('/orders.csv')).toBe('routes/orders[.]csv');
    expect(routeIdOf('/no/such/page')).toBeNull();
  });
});
