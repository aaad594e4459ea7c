import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { silentLogger } from './logger';
import { CATALOGUE_CHANGED_PATH, storefrontNotifier } from './storefront-hook';

/** A storefront instance that records the hook calls it gets. */
function instance() {
  const calls: { path?: string; method?: string; auth?: string }[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    calls.push({ path: req.url, method: req.method, auth: req.headers.authorization });
    res.writeHead(204).end();
  });
  return {
    calls,
    server,
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  };
}

describe('catalogue change hook', () => {
  const first = instance();
  const second = instance();
  beforeAll(() => Promise.all([first.start(), second.start()]));
  afterAll(() => Promise.all([first, second].map(({ server }) => new Promise((resolve) => server.close(resolve)))));

  it('tells every storefront instance, with the admin token, and shrugs off one that is down', async () => {
    const down = 'http://127.0.0.1:1';
    await storefrontNotifier([first.url(), down, second.url()], 'admin-token', silentLogger)();
    for (const { calls } of [first, second]) {
      expect(calls).toEqual([{ path: CATALOGUE_CHANGED_PATH, method: 'POST', auth: 'Bearer admin-token' }]);
    }
  });
});
