import { beforeEach, describe, expect, it } from 'vitest';

import type { Logger, RequestLogLine } from '../../api/src/services/logger';
import { callRoute } from '../../tests/support/route-context';
import { storefrontTestApi } from '../../tests/support/storefront-api';
import { catalogueCache } from '../lib/cache.server';
import { loader as cartLoader } from './cart';
import { loader as productLoader } from './product.$productName';

// A shopper's request carries one id from the storefront to the API (ADR 030): the API's log line
// for each call the storefront made for it names the same id.
const lines: RequestLogLine[] = [];
const log: Logger = { info: () => undefined, error: () => undefined, request: (line) => lines.push(line) };

storefrontTestApi({ log });
// The product comes through the catalogue cache: empty it so each test's loader calls the API.
beforeEach(() => catalogueCache.invalidate());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function loadProduct(headers: Record<string, string>) {
  const request = new Request('http://shop.test/product/Padded%20Jorts', { headers });
  return callRoute(productLoader, request, { productName: 'Padded Jorts' });
}

/** The API's log lines written while `work` ran. */
async function apiLinesDuring(work: () => Promise<unknown>): Promise<RequestLogLine[]> {
  const from = lines.length;
  await work();
  return lines.slice(from);
}

describe('request ids from the storefront to the API', () => {
  it("sends the id of the storefront request with the loader's API call", async () => {
    const seen = await apiLinesDuring(async () => expect((await loadProduct({ 'X-Request-Id': 'proxy-7f3a.01_b' })).status).toBe(200));
    expect(seen.find((line) => line.path === '/api/products/details')).toMatchObject({
      request_id: 'proxy-7f3a.01_b',
      method: 'GET',
      status: 200,
      msg: 'request',
    });
    expect(seen.every((line) => line.request_id === 'proxy-7f3a.01_b')).toBe(true);
  });

  it("sends it from the shopper's own client too (session, cart cookie)", async () => {
    const request = new Request('http://shop.test/cart', { headers: { 'X-Request-Id': 'cart-req-42' } });
    const seen = await apiLinesDuring(async () => expect((await callRoute(cartLoader, request)).status).toBe(200));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.map((line) => line.request_id)).toEqual(seen.map(() => 'cart-req-42'));
  });

  it('replaces an unsafe incoming id, and uses the new one for every call of the request', async () => {
    for (const unsafe of ['two words', 'x'.repeat(65), 'id"quoted', 'a,b']) {
      catalogueCache.invalidate();
      const seen = await apiLinesDuring(async () => expect((await loadProduct({ 'X-Request-Id': unsafe })).status).toBe(200));
      expect(seen.length).toBeGreaterThan(0);
      const ids = new Set(seen.map((line) => line.request_id));
      expect(ids.size).toBe(1);
      expect([...ids][0]).toMatch(UUID);
    }
  });

  it('makes an id when the request has none', async () => {
    const seen = await apiLinesDuring(() => loadProduct({}));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0].request_id).toMatch(UUID);
  });
});
