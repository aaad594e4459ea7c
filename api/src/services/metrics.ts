import { createServer, type Server, type ServerResponse } from 'node:http';

import { type Kysely, sql } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

import { defaultErrorCode } from '@contract/errors';

import type { DatabaseHandle } from '../db/database.js';
import type { Database } from '../db/schema.js';

/** The API's Prometheus metrics, served to the operator on API_METRICS_PORT (loopback only), never on the shoppers' port. */
export interface ApiMetrics {
  registry: Registry;
  /** One answered request, by the route pattern Hono matched (`/api/products/details`), never the raw URL. */
  request(route: string, method: string, status: number, seconds: number): void;
  /** A read of the in-memory catalogue: kept (hit) or assembled from the database (miss). */
  catalogueCache(entry: 'list' | 'details', result: 'hit' | 'miss'): void;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** A label value from a fixed set, whatever method a client invents. */
export const methodLabel = (method: string) => (METHODS.has(method) ? method : 'other');

export function createApiMetrics(
  options: {
    database?: Pick<DatabaseHandle, 'connections'>;
    /** The jobs table to report on, read at each scrape with the API's clock. */
    jobs?: { db: Kysely<Database>; now: () => Date };
    processMetrics?: boolean;
  } = {},
): ApiMetrics {
  const registry = new Registry();
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'api_http_requests_total',
    help: 'Requests answered, by matched route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'api_http_request_duration_seconds',
    help: 'Time to answer a request, by matched route pattern and method',
    labelNames: ['route', 'method'] as const,
    registers: [registry],
  });
  const catalogue = new Counter({
    name: 'api_catalogue_cache_total',
    help: 'Reads of the in-memory catalogue: hit (kept) or miss (assembled from the database)',
    labelNames: ['entry', 'result'] as const,
    registers: [registry],
  });
  const database = options.database;
  if (database) {
    new Gauge({
      name: 'api_db_connections',
      help: 'Database connections: total and idle in the pool, and callers waiting for one (PGlite: one connection)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const { total, idle, waiting } = database.connections();
        this.set({ state: 'total' }, total);
        if (idle !== undefined) this.set({ state: 'idle' }, idle);
        if (waiting !== undefined) this.set({ state: 'waiting' }, waiting);
      },
    });
  }
  const jobs = options.jobs;
  if (jobs) {
    // One query per scrape: a queue that stops moving shows as due jobs growing and an ageing oldest one.
    let last: Promise<{ due: number; scheduled: number; retrying: number; oldest: number }> | null = null;
    const read = () =>
      (last ??= jobs.db
        .selectFrom('jobs')
        .select([
          sql<number>`count(*) filter (where run_at <= ${jobs.now()})::int`.as('due'),
          sql<number>`count(*) filter (where run_at > ${jobs.now()})::int`.as('scheduled'),
          sql<number>`count(*) filter (where attempts > 0)::int`.as('retrying'),
          sql<number>`coalesce(extract(epoch from (${jobs.now()}::timestamptz - min(run_at) filter (where run_at <= ${jobs.now()}))), 0)::float8`.as(
            'oldest',
          ),
        ])
        .where('done_at', 'is', null)
        .executeTakeFirstOrThrow()
        .finally(() => setTimeout(() => (last = null), 0)));
    new Gauge({
      name: 'api_jobs',
      help: 'Scheduled jobs not done yet: due now, scheduled later, and those being retried after a failure',
      labelNames: ['state'] as const,
      registers: [registry],
      async collect() {
        const counts = await read();
        this.set({ state: 'due' }, counts.due);
        this.set({ state: 'scheduled' }, counts.scheduled);
        this.set({ state: 'retrying' }, counts.retrying);
      },
    });
    new Gauge({
      name: 'api_jobs_oldest_due_seconds',
      help: 'How long the oldest due job has waited past its time (0 when none is due)',
      registers: [registry],
      async collect() {
        this.set(Math.max(0, (await read()).oldest));
      },
    });
  }
  return {
    registry,
    request(route, method, status, seconds) {
      const m = methodLabel(method);
      requests.inc({ route, method: m, status: String(status) });
      duration.observe({ route, method: m }, seconds);
    },
    catalogueCache(entry, result) {
      catalogue.inc({ entry, result });
    },
  };
}

/**
 * `GET /metrics` on its own port, on loopback only: the operator's scraper runs on this machine (or
 * reaches it through a tunnel); shoppers never see it. Resolves once it listens.
 */
export function startMetricsServer(registry: Registry, port: number, host = '127.0.0.1'): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics') return sendError(res, 404, 'Not Found');
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, 405, 'Method Not Allowed');
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      () => sendError(res, 500, 'Internal Server Error'),
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

function sendError(res: ServerResponse, status: number, detail: string) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ detail, code: defaultErrorCode(status) }));
}
