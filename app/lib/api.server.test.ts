import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../../tests/support/test-api';
import { ApiRequestError, createApiClient, detailText } from './api.server';

describe('detailText', () => {
  it('reads a string detail, joins a list of {msg}, and gives up on anything else', () => {
    expect(detailText({ detail: 'Product not found' })).toBe('Product not found');
    expect(detailText({ detail: [{ loc: ['body', 'email'], msg: 'Field required' }, { msg: 'Invalid email' }] })).toBe('Field required; Invalid email');
    expect(detailText({ detail: '' })).toBeNull();
    expect(detailText({ error: 'x' })).toBeNull();
    expect(detailText(null)).toBeNull();
  });
});

describe('API client errors', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let upstream: Server;
  let upstreamUrl = '';
  beforeAll(async () => {
    api = await startTestApi({ seed: false });
    // A misbehaving upstream: plain-text 500s, JSON without detail, and a request that never answers.
    upstream = createServer((req, res) => {
      if (req.url?.includes('plain')) return res.writeHead(500, { 'Content-Type': 'text/plain' }).end('oops');
      if (req.url?.includes('nodetail')) return res.writeHead(400, { 'Content-Type': 'application/json' }).end('{"error":1}');
      if (req.url?.includes('wrongshape')) return res.writeHead(200, { 'Content-Type': 'application/json' }).end('[{"id":1}]');
      if (req.url?.includes('receipt')) {
        if (req.headers.authorization !== 'Bearer fresh') return res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"detail":"Token has expired"}');
        return res.writeHead(200, { 'Content-Type': 'application/pdf' }).end('%PDF-1.3 receipt');
      }
      // hang: never respond
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
    await api.cleanup();
  });

  const listFrom = (baseUrl: string, timeoutMs = 2000) => createApiClient({ baseUrl, timeoutMs }).products.list();

  it('passes the real API answer through', async () => {
    expect(await listFrom(api.url)).toEqual([]);
  });

  it("uses the HTTP status form when the body is not JSON, 'Something went wrong' when JSON has no detail", async () => {
    await expect(listFrom(`${upstreamUrl}/plain`)).rejects.toMatchObject({ status: 500, message: 'HTTP error! status: 500' });
    await expect(listFrom(`${upstreamUrl}/nodetail`)).rejects.toMatchObject({ status: 400, message: 'Something went wrong' });
  });

  it('refuses an answer of the wrong shape instead of passing it on', async () => {
    await expect(listFrom(`${upstreamUrl}/wrongshape`)).rejects.toMatchObject({ status: 502, message: 'Something went wrong' });
  });

  it('gives up on a hung upstream after the timeout', async () => {
    const error = await listFrom(`${upstreamUrl}/hang`, 300).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 504, message: 'Request timed out' });
  });

  it('hands back a raw answer unread, after one refresh of an expired token', async () => {
    let refreshes = 0;
    const client = createApiClient({
      baseUrl: upstreamUrl,
      timeoutMs: 2000,
      auth: { token: () => 'stale', refresh: async () => (++refreshes, 'fresh') },
    });
    const answer = await client.raw('GET', 'user/purchase/1/receipt', { headers: { Accept: 'application/pdf' } });
    expect(refreshes).toBe(1);
    expect(answer.headers.get('Content-Type')).toBe('application/pdf');
    expect(await answer.text()).toBe('%PDF-1.3 receipt');
    await expect(client.raw('GET', 'plain')).rejects.toMatchObject({ status: 500, message: 'HTTP error! status: 500' });
  });
});
