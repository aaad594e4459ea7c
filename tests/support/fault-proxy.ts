import { createServer, type IncomingMessage, request as forward, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * How the proxy treats the next requests:
 * - `pass`: forwards to the target;
 * - `down`: nothing listens any more (connection refused);
 * - `reset`: accepts the connection, then resets it;
 * - `slow`: answers only after `slowMs` (longer than the storefront waits);
 * - `stall`: sends the headers of a 200 at once, then never the body;
 * - `error`: answers 500 with a plain-text body, like a failing upstream or load balancer.
 */
export type FaultMode = 'pass' | 'down' | 'reset' | 'slow' | 'stall' | 'error';

export interface FaultProxy {
  url: string;
  readonly mode: FaultMode;
  /** Switches mode; returns once the listener is closed (down) or listening again. */
  setMode(mode: FaultMode): Promise<void>;
  /** Requests that reached the proxy (in any mode but down). */
  readonly requests: number;
  close(): Promise<void>;
}

/** A controllable HTTP proxy between the storefront and the API, for upstream-failure tests. */
export async function startFaultProxy(target: string, options: { slowMs?: number; port?: number } = {}): Promise<FaultProxy> {
  const upstream = new URL(target);
  const slowMs = options.slowMs ?? 30_000;
  const sockets = new Set<Socket>();
  const held = new Set<ReturnType<typeof setTimeout>>();
  let mode: FaultMode = 'pass';
  let requests = 0;

  const pass = (req: IncomingMessage, res: ServerResponse) => {
    const outgoing = forward(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    outgoing.on('error', () => res.destroy());
    res.on('close', () => outgoing.destroy());
    req.pipe(outgoing);
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    requests += 1;
    switch (mode) {
      case 'reset':
        req.socket.resetAndDestroy();
        return;
      case 'error':
        req.resume();
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal Server Error');
        return;
      case 'stall':
        req.resume();
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.flushHeaders();
        return;
      case 'slow': {
        const timer = setTimeout(() => {
          held.delete(timer);
          if (!res.destroyed) pass(req, res);
        }, slowMs);
        held.add(timer);
        res.on('close', () => {
          clearTimeout(timer);
          held.delete(timer);
        });
        return;
      }
      default:
        pass(req, res);
    }
  };

  const server: Server = createServer(handle);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // Keep-alive connections the client still holds must not outlive a fault.
  const dropConnections = () => {
    for (const socket of sockets) socket.destroy();
  };
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(options.port ?? 0);
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    get mode() {
      return mode;
    },
    get requests() {
      return requests;
    },
    async setMode(next) {
      if (next === mode) return;
      const wasDown = mode === 'down';
      mode = next;
      for (const timer of held) clearTimeout(timer);
      held.clear();
      dropConnections();
      if (next === 'down') await new Promise<void>((resolve) => server.close(() => resolve()));
      else if (wasDown) await listen(port);
    },
    async close() {
      for (const timer of held) clearTimeout(timer);
      dropConnections();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
