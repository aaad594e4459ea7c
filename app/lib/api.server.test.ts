import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { installGlobals } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { startTestApi } from '../../tests/support/test-api';
import { ApiRequestError, createApiClient, detailText, upstreamStatus } from './api.server';

describe('detailText', () => {
  it('reads a string detail, joins a list of {msg}, and gives up on anything else', () => {
    expect(detailText({ detail: 'Product not found' })).toBe('Product not found');
    expect(detailText({ detail: [{ loc: ['body', 'email'], msg: 'Field required' }, { msg: 'Invalid email' }] })).toBe(
      'Field required; Invalid email',
    );
    expect(detailText({ detail: '' })).toBeNull();
    expect(detailText({ error: 'x' })).toBeNull();
    expect(detailText(null)).toBeNull();
  });
});

describe('API client errors', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let upstream: Server;
  let upstreamUrl = '';
  let flakyRequests = 0;
  const keysSeen: (string | undefined)[] = [];
  beforeAll(async () => {
    api = await startTestApi({ seed: false });
    // A misbehaving upstream: plain-text 500s, JSON without detail, and a request that never answers.
    upstream = createServer((req, res) => {
      if (req.url?.includes('plain')) return res.writeHead(500, { 'Content-Type': 'text/plain' }).end('oops');
      if (req.url?.includes('nodetail')) return res.writeHead(400, { 'Content-Type': 'application/json' }).end('{"error":1}');
      if (req.url?.includes('wrongshape')) return res.writeHead(200, { 'Content-Type': 'application/json' }).end('[{"id":1}]');
      if (req.url?.includes('expired-then-fresh')) {
        keysSeen.push(req.headers['idempotency-key'] as string | undefined);
        if (req.headers.authorization !== 'Bearer fresh')
          return res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"detail":"Token has expired","code":"token_expired"}');
        return res.writeHead(200, { 'Content-Type': 'application/json' }).end('[]');
      }
      if (req.url?.includes('receipt')) {
        if (req.headers.authorization !== 'Bearer fresh')
          return res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"detail":"Token has expired","code":"token_expired"}');
        return res.writeHead(200, { 'Content-Type': 'application/pdf' }).end('%PDF-1.3 receipt');
      }
      if (req.url?.includes('stall')) return res.writeHead(200, { 'Content-Type': 'application/json' }).write('[');
      if (req.url?.includes('flaky') || req.url?.includes('gateway') || req.url?.includes('dying')) {
        flakyRequests += 1;
        keysSeen.push(req.headers['idempotency-key'] as string | undefined);
        if (req.url.includes('/always/')) return res.writeHead(502, { 'Content-Type': 'text/html' }).end('<h1>502 Bad Gateway</h1>');
        // While an instance dies, the first replay can meet it too: a cut connection, then a 502, then an answer.
        if (req.url.includes('dying') && flakyRequests <= 2) {
          if (flakyRequests === 1) return req.socket.destroy();
          return res.writeHead(502, { 'Content-Type': 'text/html' }).end('<h1>502 Bad Gateway</h1>');
        }
        // The balancer's answer when the instance it chose died mid-request.
        if (req.url.includes('gateway') && flakyRequests === 1)
          return res.writeHead(502, { 'Content-Type': 'text/html' }).end('<h1>502 Bad Gateway</h1>');
        // The first request meets a connection that dies, as after an API restart; later ones are answered.
        if (flakyRequests === 1) return req.socket.destroy();
        return res.writeHead(200, { 'Content-Type': 'application/json' }).end('[]');
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

  it('gives up on an answer whose body stalls after the headers, as a timeout', async () => {
    await expect(listFrom(`${upstreamUrl}/stall`, 300)).rejects.toMatchObject({ status: 504, message: 'Request timed out' });
  });

  it('sends a safe request once more when its connection dies before any answer, and a write with its Idempotency-Key', async () => {
    const client = createApiClient({ baseUrl: `${upstreamUrl}/flaky`, timeoutMs: 2000 });
    const schema = z.array(z.unknown());
    flakyRequests = 0;
    await expect(client.request('GET', 'cart/', schema)).resolves.toEqual([]);
    expect(flakyRequests).toBe(2);
    // products/list is a read sent as POST: marked safe to repeat, and needs no key.
    flakyRequests = 0;
    keysSeen.length = 0;
    await expect(client.products.list()).resolves.toEqual([]);
    expect(flakyRequests).toBe(2);
    expect(keysSeen).toEqual([undefined, undefined]);
    // A write is sent again with the same key, so the API runs it once whichever instance gets it.
    flakyRequests = 0;
    keysSeen.length = 0;
    await expect(client.request('POST', 'cart/add', schema, { body: {} })).resolves.toEqual([]);
    expect(flakyRequests).toBe(2);
    expect(keysSeen[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keysSeen[1]).toBe(keysSeen[0]);
  });

  it('sends a request once more, with the same key, when the balancer answers 502 for an instance that died; each write has a key of its own', async () => {
    const client = createApiClient({ baseUrl: `${upstreamUrl}/gateway`, timeoutMs: 2000 });
    const schema = z.array(z.unknown());
    flakyRequests = 0;
    keysSeen.length = 0;
    await expect(client.request('POST', 'checkout/', schema, { body: {} })).resolves.toEqual([]);
    await expect(client.request('POST', 'checkout/', schema, { body: {} })).resolves.toEqual([]);
    expect(flakyRequests).toBe(3);
    expect(keysSeen[1]).toBe(keysSeen[0]);
    expect(keysSeen[2]).not.toBe(keysSeen[0]);
  });

  it('tries a safe request a third time when the first replay meets the dying instance too, and no more', async () => {
    const client = createApiClient({ baseUrl: `${upstreamUrl}/dying`, timeoutMs: 2000 });
    const schema = z.array(z.unknown());
    flakyRequests = 0;
    keysSeen.length = 0;
    await expect(client.request('POST', 'cart/add', schema, { body: {} })).resolves.toEqual([]);
    expect(flakyRequests).toBe(3);
    expect(new Set(keysSeen).size).toBe(1);
    flakyRequests = 0;
    await expect(client.request('GET', 'always/cart/', schema)).rejects.toMatchObject({ status: 502 });
    expect(flakyRequests).toBe(3);
    // A write without a key is never sent twice: the API may have acted on it.
    flakyRequests = 0;
    await expect(client.request('POST', 'always/contact', schema, { body: {}, headers: {}, idempotent: false })).rejects.toMatchObject({
      status: 502,
    });
    expect(flakyRequests).toBe(1);
  });

  it('keeps the key of a write through the refresh of an expired token', async () => {
    const client = createApiClient({ baseUrl: upstreamUrl, timeoutMs: 2000, auth: { token: () => 'stale', refresh: async () => 'fresh' } });
    keysSeen.length = 0;
    await expect(client.request('POST', 'expired-then-fresh', z.array(z.unknown()), { body: {} })).resolves.toEqual([]);
    expect(keysSeen).toHaveLength(2);
    expect(keysSeen[1]).toBe(keysSeen[0]);
  });
});

describe('upstreamStatus', () => {
  it('maps an unreachable API to 503, a slow one to 504, any other upstream failure to 502, and own faults to 500', () => {
    expect(upstreamStatus(new ApiRequestError(503, 'Failed to fetch'))).toBe(503);
    expect(upstreamStatus(new ApiRequestError(504, 'Request timed out'))).toBe(504);
    expect(upstreamStatus(new ApiRequestError(500, 'HTTP error! status: 500'))).toBe(502);
    expect(upstreamStatus(new ApiRequestError(502, 'Something went wrong'))).toBe(502);
    expect(upstreamStatus(new ApiRequestError(429, 'Too many requests'))).toBe(502);
    expect(upstreamStatus(new TypeError('bug'))).toBe(500);
  });
});

describe('under the globals remix-serve installs', () => {
  it('a call with a body that times out is a 504, not an unhandled rejection that stops the server', async () => {
    const names = ['fetch', 'Request', 'Response', 'Headers', 'FormData', 'File'] as const;
    const saved = Object.fromEntries(names.map((name) => [name, globalThis[name]]));
    const hung = createServer(() => undefined);
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    installGlobals();
    try {
      const client = createApiClient({ baseUrl: `http://127.0.0.1:${(hung.address() as AddressInfo).port}`, timeoutMs: 200 });
      await expect(client.request('POST', 'cart/add', z.unknown(), { body: { variant_id: 'v' } })).rejects.toMatchObject({ status: 504 });
      // Whatever the abort set off settles before the test ends, so an unhandled rejection fails it.
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      Object.assign(globalThis, saved);
      hung.closeAllConnections();
      await new Promise((resolve) => hung.close(resolve));
    }
  });
});
