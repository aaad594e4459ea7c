import type { Server } from 'node:http';

/** How long a stopping API waits for the requests it is answering (a balancer's drain is usually longer). */
export const DRAIN_LIMIT_MS = 10_000;

/**
 * Counts the requests `server` is answering, so a stopping instance can drain: stop accepting
 * connections (the balancer's health check fails and it sends no more), let the requests in flight
 * finish, and only then close what they use (the database). Past `limitMs` the connections left are cut.
 */
export function drainable(server: Server) {
  let inFlight = 0;
  let settled: (() => void) | null = null;
  server.on('request', (_request, response) => {
    inFlight += 1;
    response.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) settled?.();
    });
  });
  return {
    get inFlight() {
      return inFlight;
    },
    /** Stops accepting, waits for the requests in flight (at most `limitMs`); answers how many were cut. */
    async drain(limitMs = DRAIN_LIMIT_MS): Promise<number> {
      server.close();
      // Keep-alive connections waiting for their next request hold nothing: close them now.
      server.closeIdleConnections();
      if (inFlight > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, limitMs);
          settled = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      const cut = inFlight;
      server.closeAllConnections();
      return cut;
    },
  };
}
