// A pass-through HTTP proxy between the storefront and the API that counts the calls going through it.
import { createServer, request as httpRequest } from 'node:http';

import { freePort } from './servers.mjs';

export async function startCountingProxy(targetUrl) {
  const target = new URL(targetUrl);
  const calls = [];
  const server = createServer((incoming, outgoing) => {
    calls.push(`${incoming.method} ${incoming.url.split('?')[0]}`);
    const upstream = httpRequest(
      {
        hostname: target.hostname,
        port: target.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, host: target.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    /** The calls made while `action` ran, as "METHOD /path". */
    async count(action) {
      const from = calls.length;
      await action();
      return calls.slice(from);
    },
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
