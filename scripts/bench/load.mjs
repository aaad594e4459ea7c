// Throughput and latency with autocannon: a short warm-up, then the measured run; with the servers'
// process ids, the CPU time they spent on it per request and the machine's load average.
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import os from 'node:os';

import autocannon from 'autocannon';

import { loadSummary } from './report.mjs';

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

// Linux counts a process's CPU time in clock ticks of 10 ms (USER_HZ, `getconf CLK_TCK`).
const TICK_MS = 10;

/** CPU time a process has used so far (user + system), in ms, from /proc/<pid>/stat; null where there is none. */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name, which is in brackets and may hold spaces: utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

/**
 * Measures `url` for `duration` seconds with `connections` open connections (after `warmup` seconds
 * not counted), sending `method`, `headers` and `body` with every request. Given `pids` (the
 * processes that serve it; the load generator runs in this one and is not among them), the answer
 * also has `cpuMs`, the CPU time those processes spent per request of the measured run (and
 * `cpuByProcess`, each one's in the order of `pids`), and
 * `load`, the machine's one-minute load average at its end.
 */
export async function measure({ url, method = 'GET', headers = {}, body, duration, connections, warmup = 2, pids = [] }) {
  const options = { url, method, headers, body, connections, pipelining: 1 };
  if (warmup > 0) await run({ ...options, duration: warmup });
  const before = pids.map((pid) => cpuMs(pid) ?? Number.NaN);
  const summary = loadSummary(await run({ ...options, duration }));
  const perRequest = (spent) =>
    summary.requests > 0 && Number.isFinite(spent) ? Math.round((spent / summary.requests) * 100) / 100 : null;
  // Each process's share too (the storefront's and the API's), so a change is seen where it was made.
  const spent = pids.map((pid, i) => (cpuMs(pid) ?? Number.NaN) - before[i]);
  const cpu = pids.length > 0 ? perRequest(spent.reduce((sum, each) => sum + each, 0)) : null;
  const cpuByProcess = spent.map(perRequest);
  return { ...summary, cpuMs: cpu, cpuByProcess, load: Math.round(os.loadavg()[0] * 10) / 10 };
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
