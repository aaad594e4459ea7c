#!/usr/bin/env node
// `npm run start:cluster`: the shop as it runs on several machines, on this one. Two shop APIs on
// one PostgreSQL (DATABASE_URL) and one Redis (REDIS_URL), two storefronts, and HAProxy in front of
// each tier (Debian's package, installed when missing and running as root): the storefront on PORT
// (3000), the API on API_PORT (8787). An instance that stops is started again while the others serve;
// Ctrl-C stops everything. Secrets every instance shares come from the environment or are made once in DATA_DIR.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

import { startCluster } from './lib/cluster.mjs';
import { ensureHaproxy } from './lib/haproxy.mjs';
import { buildIfStale, fail, mailboxLine, portFrom, secretFor } from './lib/launch.mjs';
import { root } from './lib/processes.mjs';

const databaseUrl = process.env.DATABASE_URL?.trim();
const redisUrl = process.env.REDIS_URL?.trim();
if (!databaseUrl || !redisUrl) {
  fail(
    'The cluster needs one PostgreSQL and one Redis that every instance shares, for example:\n' +
      '  createdb -h 127.0.0.1 -U postgres shop\n' +
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/shop REDIS_URL=redis://127.0.0.1:6379 npm run start:cluster',
  );
}
const instances = Number(process.env.CLUSTER_INSTANCES || 2);
if (!Number.isInteger(instances) || instances < 1 || instances > 8)
  fail(`CLUSTER_INSTANCES=${process.env.CLUSTER_INSTANCES} must be 1 to 8.`);
// Each instance serves its metrics on a port of its own: the tier's port plus its number (from 0).
const metricsRange = (variable) => {
  const base = Number(process.env[variable]?.trim() || NaN);
  return Number.isInteger(base) ? [base, base + instances - 1] : null;
};
const [webMetrics, apiMetrics] = [metricsRange('METRICS_PORT'), metricsRange('API_METRICS_PORT')];
if (webMetrics && apiMetrics && webMetrics[0] <= apiMetrics[1] && apiMetrics[0] <= webMetrics[1]) {
  fail(
    `METRICS_PORT=${webMetrics[0]} and API_METRICS_PORT=${apiMetrics[0]} overlap: with ${instances} instances the storefronts use ` +
      `${webMetrics[0]}–${webMetrics[1]} and the APIs ${apiMetrics[0]}–${apiMetrics[1]}. Set them at least ${instances} apart.`,
  );
}
const webPort = portFrom('PORT', 3000);
const apiPort = portFrom('API_PORT', 8787);
// Shared object storage stands in for a bucket behind a CDN: every API reads and writes this folder.
const dataDir = resolve(root, process.env.DATA_DIR?.trim() || 'data-cluster');
mkdirSync(dataDir, { recursive: true });

/** A secret every instance must share. */
const sharedSecret = (name) => secretFor(dataDir, name);

const haproxy = ensureHaproxy();
if (haproxy.missing) fail(`The cluster's load balancer is HAProxy. ${haproxy.missing}.`);
buildIfStale();

let cluster;
let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  await cluster?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  cluster = await startCluster({
    databaseUrl,
    redisUrl,
    redisKeyPrefix: process.env.REDIS_KEY_PREFIX ?? '',
    dataDir,
    secrets: {
      SESSION_SECRET: sharedSecret('SESSION_SECRET'),
      JWT_SECRET: sharedSecret('JWT_SECRET'),
      ADMIN_TOKEN: sharedSecret('ADMIN_TOKEN'),
    },
    webPort,
    apiPort,
    instances,
    log: (line) => console.log(line),
    onEvent: (line) => console.error(line),
  });
} catch (error) {
  fail(`The cluster could not start: ${error instanceof Error ? error.message : error}`);
}

function metricsLines() {
  const line = (name, range) =>
    range ? `\n  ${name} metrics on 127.0.0.1, ports ${range[0]}–${range[1]} (one per instance, in order)` : '';
  return line('Storefront', webMetrics) + line('API', apiMetrics);
}

console.log(`
The shop runs on ${instances} API and ${instances} storefront instances:
  Storefront  ${cluster.webUrl.replace('127.0.0.1', 'localhost')}   (HAProxy over ${cluster.storefronts.map((s) => s.url).join(', ')})
  Shop API    ${cluster.apiUrl.replace('127.0.0.1', 'localhost')}   (HAProxy over ${cluster.apis.map((a) => a.url).join(', ')})
  Mailbox     ${mailboxLine(cluster.apiUrl.replace('127.0.0.1', 'localhost'))}${metricsLines()}
An instance that stops is started again while the others serve. Ctrl-C stops them all.`);
