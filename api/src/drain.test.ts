import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { describe, expect, it } from 'vitest';

import { drainable } from './drain';

async function listening(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('draining', () => {
  it('stops accepting, answers the requests in flight, and only then says it is done', async () => {
    // Waits for the request to arrive (a condition, not a fixed time: a busy machine may take longer).
    let arrived = () => {};
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    const { server, url } = await listening((_req, res) => {
      arrived();
      setTimeout(() => res.end('paid'), 400);
    });
    const drain = drainable(server);
    const inFlight = fetch(`${url}/pay`, { method: 'POST' }).then(async (r) => [r.status, await r.text()]);
    await arrival;
    expect(drain.inFlight).toBe(1);
    const started = performance.now();
    const draining = drain.drain(5_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    expect(await draining).toBe(0);
    expect(performance.now() - started).toBeGreaterThan(250);
    expect(await inFlight).toEqual([200, 'paid']);
  });

  it('cuts what is still running after its limit', async () => {
    const { server, url } = await listening(() => undefined);
    const drain = drainable(server);
    const hanging = fetch(url).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    expect(await drain.drain(300)).toBe(1);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await hanging).toBeInstanceOf(Error);
  });
});
