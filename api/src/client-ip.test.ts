import { request } from 'node:http';
import type { AddressInfo } from 'node:net';

import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AppConfig, AppEnv } from './app';
import { clientIp } from './client-ip';

let trustedProxies: string[] = [];
let server: ServerType;
let port = 0;

/** What the API takes for the shopper's address, asked from `localAddress` with this X-Forwarded-For. */
function seenAddress(localAddress: string, forwardedFor: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', localAddress, headers: { 'X-Forwarded-For': forwardedFor } }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('deps', { config: { trustedProxies } as AppConfig } as AppEnv['Variables']['deps']);
    await next();
  });
  app.get('/', (c) => c.text(clientIp(c)));
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the shopper address behind storefronts and proxies', () => {
  it('believes X-Forwarded-For from this machine, and from another only when it is a trusted proxy', async () => {
    expect(await seenAddress('127.0.0.1', '203.0.113.7, 127.0.0.1')).toBe('203.0.113.7');
    // 127.0.0.2 stands for a storefront on another machine.
    trustedProxies = [];
    expect(await seenAddress('127.0.0.2', '203.0.113.7')).toBe('127.0.0.2');
    trustedProxies = ['127.0.0.2'];
    expect(await seenAddress('127.0.0.2', '203.0.113.7')).toBe('203.0.113.7');
  });

  it('believes only the right-most hop a trusted proxy added, never what the client wrote before it', async () => {
    trustedProxies = ['127.0.0.2'];
    expect(await seenAddress('127.0.0.2', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await seenAddress('127.0.0.1', '6.6.6.6, 5.5.5.5, 203.0.113.7')).toBe('203.0.113.7');
    trustedProxies = [];
    expect(await seenAddress('127.0.0.3', '6.6.6.6, 203.0.113.7')).toBe('127.0.0.3');
  });
});
