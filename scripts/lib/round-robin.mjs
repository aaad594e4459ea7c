// A tiny round-robin HTTP proxy, standing in for the load balancer in front of several instances.
import { createServer, request } from 'node:http';

/** Errors that mean the instance never got the request, so another may take it. */
const NOT_REACHED = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENOTFOUND']);

/**
 * Sends each request to the next of `targets` in turn. The Host header stays the one the client
 * used (instances build links from it), the client's address is added to X-Forwarded-For, and an
 * instance that refuses the connection is skipped for the next one. `served` counts per target.
 */
export function startRoundRobin(targets, { port = 0, host = '127.0.0.1' } = {}) {
  const upstreams = targets.map((target) => new URL(target));
  const served = targets.map(() => 0);
  let next = 0;

  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    // The body is read whole (forms and JSON), so it can go to another instance if the first is down.
    const { 'transfer-encoding': _chunked, ...rest } = req.headers;
    const headers = { ...rest, 'x-forwarded-for': forwarded, 'content-length': String(body.length) };

    const tryTarget = (attempt) => {
      const index = next++ % upstreams.length;
      const target = upstreams[index];
      const outgoing = request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
        (answer) => {
          served[index] += 1;
          res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
          answer.pipe(res);
        },
      );
      outgoing.on('error', (error) => {
        if (NOT_REACHED.has(error.code) && attempt + 1 < upstreams.length && !res.headersSent) return tryTarget(attempt + 1);
        if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' }).end('Bad gateway\n');
        else res.destroy();
      });
      res.on('close', () => outgoing.destroy());
      outgoing.end(body);
    };
    tryTarget(0);
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const { port: actual } = server.address();
      resolve({
        url: `http://${host}:${actual}`,
        port: actual,
        served,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
