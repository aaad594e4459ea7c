import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApi } from '../../../tests/support/test-api';
import type { Logger, RequestLogLine } from '../services/logger';
import { startMetricsServer } from '../services/metrics';

// The operator's view of the API (ADR 030): request ids and log lines on every answer, and
// Prometheus metrics on a loopback port of their own, by route pattern.
const lines: RequestLogLine[] = [];
const log: Logger = { info: () => undefined, error: () => undefined, request: (line) => lines.push(line) };

let api: Awaited<ReturnType<typeof startTestApi>>;
let metricsServer: Server;
let metricsUrl: string;

beforeAll(async () => {
  api = await startTestApi({ log, metrics: true });
  metricsServer = await startMetricsServer(api.deps.metrics!.registry, 0);
  metricsUrl = `http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}/metrics`;
});
afterAll(async () => {
  await new Promise((resolve) => metricsServer?.close(resolve));
  await api?.cleanup();
});

async function scrape(): Promise<string> {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** A sample's value in the exposition text; 0 when the series is not there yet. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = match[2].split(',');
    if (wanted.every((pair) => have.includes(pair))) return Number(match[3]);
  }
  return 0;
}

const details = (name: string) => `${api.url}/api/products/details?product_name=${encodeURIComponent(name)}`;

describe('metrics', () => {
  it('counts requests and their time under the matched route pattern, never the raw URL', async () => {
    const before = await scrape();
    const route = { route: '/api/products/details', method: 'GET' };
    const ok = sample(before, 'api_http_requests_total', { ...route, status: '200' });
    const missing = sample(before, 'api_http_requests_total', { ...route, status: '404' });
    const timed = sample(before, 'api_http_request_duration_seconds_count', route);

    expect((await fetch(details('Padded Jorts'))).status).toBe(200);
    expect((await fetch(details('Padded Jorts'))).status).toBe(200);
    expect((await fetch(details('No such product'))).status).toBe(404);

    const after = await scrape();
    expect(sample(after, 'api_http_requests_total', { ...route, status: '200' })).toBe(ok + 2);
    expect(sample(after, 'api_http_requests_total', { ...route, status: '404' })).toBe(missing + 1);
    expect(sample(after, 'api_http_request_duration_seconds_count', route)).toBe(timed + 3);
    expect(after).not.toMatch(/Padded|No such product|product_name/);
  });

  it('labels a path no route takes as unmatched, with no trace of the path', async () => {
    const before = sample(await scrape(), 'api_http_requests_total', { route: 'unmatched', method: 'GET', status: '404' });
    expect((await fetch(`${api.url}/api/orders/ORD-2026-11-22-1A2B3C4D/secret`)).status).toBe(404);
    const after = await scrape();
    expect(sample(after, 'api_http_requests_total', { route: 'unmatched', method: 'GET', status: '404' })).toBe(before + 1);
    expect(after).not.toContain('ORD-2026');
  });

  it('counts catalogue reads the kept catalogue answered and those it had to assemble', async () => {
    const list = () =>
      fetch(`${api.url}/api/products/list`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    const count = (text: string, result: string) => sample(text, 'api_catalogue_cache_total', { entry: 'list', result });
    // What any change of the catalogue does (migration 015): the next read assembles it again.
    await sql`UPDATE catalogue_state SET version = version + 1`.execute(api.database.db);
    const before = await scrape();
    expect((await list()).status).toBe(200);
    const first = await scrape();
    expect([count(first, 'miss'), count(first, 'hit')]).toEqual([count(before, 'miss') + 1, count(before, 'hit')]);
    expect((await list()).status).toBe(200);
    const second = await scrape();
    expect([count(second, 'miss'), count(second, 'hit')]).toEqual([count(first, 'miss'), count(first, 'hit') + 1]);
  });

  it('shows the database connections and the process', async () => {
    const text = await scrape();
    expect(sample(text, 'api_db_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    if (process.env.TEST_DB === 'postgres') expect(text).toMatch(/^api_db_connections\{state="idle"\} \d+$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
  });

  it('shows the job queue: due, scheduled later, retrying, and how late the oldest due job is', async () => {
    const now = api.clock.now();
    await api.database.db.deleteFrom('jobs').execute();
    await api.database.db
      .insertInto('jobs')
      .values([
        { kind: 'test', key: 'metrics:due', run_at: new Date(now.getTime() - 90_000), created_at: now },
        { kind: 'test', key: 'metrics:retry', run_at: new Date(now.getTime() - 30_000), attempts: 2, created_at: now },
        { kind: 'test', key: 'metrics:later', run_at: new Date(now.getTime() + 60_000), created_at: now },
        { kind: 'test', key: 'metrics:done', run_at: new Date(now.getTime() - 600_000), done_at: now, created_at: now },
      ])
      .execute();
    const text = await scrape();
    expect(sample(text, 'api_jobs', { state: 'due' })).toBe(2);
    expect(sample(text, 'api_jobs', { state: 'scheduled' })).toBe(1);
    expect(sample(text, 'api_jobs', { state: 'retrying' })).toBe(1);
    expect(text).toMatch(/^api_jobs_oldest_due_seconds 90$/m);
    await api.database.db.deleteFrom('jobs').where('kind', '=', 'test').execute();
  });

  it("is not served on the shoppers' port", async () => {
    const response = await fetch(`${api.url}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'Not Found', code: 'not_found' });
  });

  it('answers nothing else on the metrics port', async () => {
    const other = await fetch(metricsUrl.replace('/metrics', '/api/products/list'));
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ code: 'not_found' });
    const post = await fetch(metricsUrl, { method: 'POST' });
    expect(post.status).toBe(405);
  });
});

describe('request ids', () => {
  it('answers the id the storefront sent and logs it in one JSON line', async () => {
    const response = await fetch(details('Padded Jorts'), { headers: { 'X-Request-Id': 'storefront-1234.ab_C' } });
    expect(response.headers.get('x-request-id')).toBe('storefront-1234.ab_C');
    const line = lines.find((entry) => entry.request_id === 'storefront-1234.ab_C');
    expect(line).toMatchObject({ level: 'info', msg: 'request', method: 'GET', path: '/api/products/details', status: 200 });
    expect(Object.keys(line!)).toEqual(['time', 'level', 'msg', 'request_id', 'method', 'path', 'status', 'ms']);
    expect(new Date(line!.time).toISOString()).toBe(line!.time);
    expect(line!.ms).toBeGreaterThanOrEqual(0);
  });

  it('replaces an unsafe id with one of its own', async () => {
    for (const unsafe of ['has spaces', 'x'.repeat(65), 'a"b', '<script>']) {
      const response = await fetch(`${api.url}/livez`, { headers: { 'X-Request-Id': unsafe } });
      const id = response.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(lines.some((entry) => entry.request_id === unsafe)).toBe(false);
      expect(lines.filter((entry) => entry.request_id === id)).toHaveLength(1);
    }
  });

  it('makes an id when none is sent, also for errors answered before any route', async () => {
    const response = await fetch(`${api.url}/api/products/list`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: 'x'.repeat(2_000_000),
    });
    expect(response.status).toBe(413);
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.find((entry) => entry.request_id === id)).toMatchObject({ status: 413, path: '/api/products/list' });
  });
});
