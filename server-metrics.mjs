// The storefront's Prometheus metrics (ADR 030), for server.mjs only: Node code the route modules and
// the edge bundle never import. Served on METRICS_PORT, on loopback, never on the shoppers' port.
import { createServer } from 'node:http';

import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** A label value from a fixed set, whatever method a client invents. */
const methodLabel = (method) => (METHODS.has(method) ? method : 'other');

/**
 * The registry and what fills it: `observeRequest` for each answered request (by Remix route id),
 * and `recorder`, which the build's caches and API client report to (setMetricsRecorder).
 */
export function createStorefrontMetrics({ processMetrics = true } = {}) {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'storefront_http_requests_total',
    help: 'Requests answered, by Remix route id (static for built and public files), method and status',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'storefront_http_request_duration_seconds',
    help: 'Time to answer a request, by Remix route id and method',
    labelNames: ['route', 'method'],
    registers: [registry],
  });
  const apiCalls = new Histogram({
    name: 'storefront_api_call_duration_seconds',
    help: "Calls to the shop API, timed to the answer's headers, by method, API path (ids as :id) and status (or timeout, unreachable, aborted)",
    labelNames: ['method', 'path', 'outcome'],
    registers: [registry],
  });
  const cacheReads = new Counter({
    name: 'storefront_cache_reads_total',
    help: "Reads of the page cache (anonymous reads), the catalogue cache and the kept renders of shoppers' own pages: hit, stale (served while refreshed) or miss",
    labelNames: ['cache', 'result'],
    registers: [registry],
  });
  return {
    registry,
    observeRequest(route, method, status, seconds) {
      const m = methodLabel(method);
      requests.inc({ route, method: m, status: String(status) });
      duration.observe({ route, method: m }, seconds);
    },
    recorder: {
      cacheRead: (cache, result) => cacheReads.inc({ cache, result }),
      apiCall: (method, path, outcome, seconds) => apiCalls.observe({ method: methodLabel(method), path, outcome }, seconds),
    },
  };
}

/** `GET /metrics` on `port` of loopback (0: any free port). Resolves with the listening server. */
export function startMetricsServer(registry, port, host = '127.0.0.1') {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics') return sendError(res, 404, 'Not Found', 'not_found');
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, 405, 'Method Not Allowed', 'bad_request');
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      () => sendError(res, 500, 'Internal Server Error', 'internal_error'),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

function sendError(res, status, detail, code) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ detail, code }));
}
