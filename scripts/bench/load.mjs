// Throughput and latency with autocannon: a short warm-up, then the measured run.
import { request as httpRequest } from 'node:http';
import autocannon from 'autocannon';
import { loadSummary } from './report.mjs';

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * Measures `url` for `duration` seconds with `connections` open connections (after `warmup` seconds
 * not counted), sending `method`, `headers` and `body` with every request.
 */
export async function measure({ url, method = 'GET', headers = {}, body, duration, connections, warmup = 2 }) {
  const options = { url, method, headers, body, connections, pipelining: 1 };
  if (warmup > 0) await run({ ...options, duration: warmup });
  return loadSummary(await run({ ...options, duration }));
}

/** A plain HTTP request (no Accept-Encoding unless asked): status, headers, body bytes. */
export function fetchRaw(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
