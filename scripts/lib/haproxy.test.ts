import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ensureHaproxy, haproxyConfig, startHaproxy } from './haproxy.mjs';
import { freePort } from './processes.mjs';

// The cluster's balancer is a real HAProxy on loopback, in front of two small instances this test
// runs: round robin, health checks, the headers it sets, and no second try of a request that reached
// an instance (issue 44: the hand-written proxy sent a POST again after the storefront gave up).

type Seen = { instance: string; method: string; path: string; forwardedFor?: string; requestId?: string };

const installed = ensureHaproxy({ log: () => undefined });

/** A POST on a connection of its own (as each shopper's request may be): its status, or 'closed' when no answer came. */
function post(url: string, path: string, body: string): Promise<number | 'closed'> {
  return new Promise((resolve) => {
    const outgoing = request(
      `${url}${path}`,
      { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json' } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', () => resolve('closed'));
    outgoing.end(body);
  });
}

describe.runIf(!installed.missing)('HAProxy in front of the instances', () => {
  const seen: Seen[] = [];
  const instances: { server: Server; port: number; name: string; mode: 'ok' | 'reset' }[] = [];
  let balancer: Awaited<ReturnType<typeof startHaproxy>>;
  let url: string;

  const instance = async (name: string) => {
    const entry = { server: undefined as unknown as Server, port: 0, name, mode: 'ok' as 'ok' | 'reset' };
    entry.server = createServer((req: IncomingMessage, res) => {
      if (req.url === '/healthz') return res.end('ok');
      seen.push({
        instance: name,
        method: req.method!,
        path: req.url!,
        forwardedFor: req.headers['x-forwarded-for'] as string,
        requestId: req.headers['x-request-id'] as string,
      });
      // An instance that dies mid-request: it got the request, and answers nothing.
      if (entry.mode === 'reset') return req.socket.destroy();
      res.end(name);
    });
    await new Promise<void>((resolve) => entry.server.listen(0, '127.0.0.1', resolve));
    entry.port = (entry.server.address() as AddressInfo).port;
    instances.push(entry);
    return entry;
  };

  beforeAll(async () => {
    const [a, b] = [await instance('one'), await instance('two')];
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    balancer = await startHaproxy({
      tiers: [{ name: 'api', port, servers: [a, b].map((i) => ({ name: i.name, address: `127.0.0.1:${i.port}` })) }],
    });
    // Both marked up by their health checks.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
  });
  afterAll(async () => {
    await balancer?.stop();
    for (const entry of instances) entry.server.close();
  });

  it('sends requests to each instance in turn, with X-Forwarded-For and an X-Request-Id, keeping one it was given', async () => {
    seen.length = 0;
    for (let i = 0; i < 4; i += 1)
      await (await fetch(`${url}/api/products/list`, { headers: i === 0 ? { 'X-Request-Id': 'from-the-storefront' } : {} })).text();
    expect(seen.map((s) => s.instance).sort()).toEqual(['one', 'one', 'two', 'two']);
    expect(seen.every((s) => s.forwardedFor?.endsWith('127.0.0.1'))).toBe(true);
    expect(seen[0].requestId).toBe('from-the-storefront');
    expect(seen.slice(1).every((s) => /^[0-9a-f-]{36}$/.test(s.requestId ?? ''))).toBe(true);
    const served = await balancer.served();
    expect(served.api.every((n: number) => n >= 2)).toBe(true);
  });

  it('never sends a request that reached an instance to another one, even when that instance answered nothing', async () => {
    instances[0].mode = 'reset';
    instances[1].mode = 'reset';
    seen.length = 0;
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await post(url, '/api/cart/add', '{"variant_id":"x"}'));
    // A 502, or the client's connection closed (HAProxy's answer when a reused connection to the
    // instance dies): either way the balancer says it failed and leaves any retry to the client.
    expect(answers.every((answer) => answer === 502 || answer === 'closed')).toBe(true);
    // Each POST reached one instance exactly once: no retry, no redispatch.
    expect(seen.filter((s) => s.method === 'POST')).toHaveLength(4);
    instances[0].mode = 'ok';
    instances[1].mode = 'ok';
  });

  it('sends a request whose connection was refused to the other instance, and stops sending to a dead one', async () => {
    const dead = instances[1];
    await new Promise<void>((resolve) => dead.server.close(() => resolve()));
    dead.server.closeAllConnections();
    seen.length = 0;
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push(await post(url, '/api/cart/add', '{}'));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(seen.map((s) => s.instance))).toEqual(new Set(['one']));
  });
});

describe('haproxyConfig', () => {
  it('lists every instance of a tier with its health check, and retries only connections that failed', () => {
    const config = haproxyConfig({
      tiers: [
        {
          name: 'api',
          port: 8787,
          servers: [
            { name: 'api-1', address: '10.0.0.11:8787' },
            { name: 'api-2', address: '10.0.0.12:8787' },
          ],
        },
      ],
    });
    expect(config).toContain('retry-on conn-failure');
    expect(config).toContain('http-check send meth GET uri /healthz ver HTTP/1.1 hdr Host localhost');
    expect(config).toContain('server api-1 10.0.0.11:8787 check');
    expect(config).toContain('server api-2 10.0.0.12:8787 check');
    expect(config).toContain('option forwardfor');
    expect(config).not.toMatch(/retry-on .*(empty-response|response-timeout|all-retryable-errors)/);
  });
});
