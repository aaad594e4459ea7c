#!/usr/bin/env node
// Every measurement runs in one process against the same build, so the tables compare; the shop section
// is shop.mjs, the printed tables run-report.mjs.
// `npm run bench`: the shop's benchmarks, measured side by side in one run on the production build.
// Prints tables and writes bench/results.json. Not part of `npm test`.
//
// Options: --duration <s> (each load run, default 10), --connections <n> (default 10),
// --lighthouse-runs <n> (default 5, the median is kept), --rounds <n> (the scale section's rounds, default 3;
// its ratios are the rounds' median), --no-postgres, --only <sections> (comma-separated,
// of shop, figures, drop, scale; a partial run writes bench/results-<sections>.json, not bench/results.json).
// DATABASE_URL_BENCH (default postgres://postgres@127.0.0.1:5432/test) is where a fresh database is made.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { measureDrop } from './drop.mjs';
import { measureFigures } from './figures.mjs';
import { printResults } from './run-report.mjs';
import { measureScale } from './scale.mjs';
import { root } from './servers.mjs';
import { measureShop } from './shop.mjs';

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'lighthouse-runs': { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    'no-postgres': { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const SECTIONS = ['shop', 'figures', 'drop', 'scale'];
const only = options.only ? options.only.split(',').map((s) => s.trim()) : null;
const unknown = only?.filter((s) => !SECTIONS.includes(s)) ?? [];
if (only && (unknown.length || only.length === 0)) {
  console.error(`bench: --only takes some of ${SECTIONS.join(', ')}; not ${unknown.join(', ') || 'nothing'}`);
  process.exit(2);
}
const runs = (section) => !only || only.includes(section);
const DURATION = Number(options.duration);
const CONNECTIONS = Number(options.connections);
const LIGHTHOUSE_RUNS = Number(options['lighthouse-runs']);
const ROUNDS = Number(options.rounds);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const POSTGRES_URL = process.env.DATABASE_URL_BENCH || 'postgres://postgres@127.0.0.1:5432/test';

const log = (message) => console.error(`bench: ${message}`);

const work = mkdtempSync(join(os.tmpdir(), 'shop-bench-'));
const stops = [];
const results = {
  measuredAt: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    loadAverageAtStart: os.loadavg().map((l) => Number(l.toFixed(2))),
  },
  settings: {
    durationSeconds: DURATION,
    connections: CONNECTIONS,
    lighthouseRuns: LIGHTHOUSE_RUNS,
    rounds: ROUNDS,
    sections: only ?? SECTIONS,
  },
};

try {
  if (
    !existsSync(join(root, 'build/index.js')) ||
    !existsSync(join(root, 'build/api/server.mjs')) ||
    !existsSync(join(root, 'build/edge/worker.mjs'))
  )
    throw new Error('no production build: run `node scripts/build.mjs --edge` first');
  if (runs('shop') && !existsSync(CHROMIUM)) throw new Error(`Chromium is not at ${CHROMIUM} (set CHROMIUM_PATH)`);

  if (runs('shop')) {
    const bench = {
      duration: DURATION,
      connections: CONNECTIONS,
      lighthouseRuns: LIGHTHOUSE_RUNS,
      chromium: CHROMIUM,
      noPostgres: options['no-postgres'],
      postgresUrl: POSTGRES_URL,
    };
    await measureShop(bench, work, stops, results);
  }

  if (runs('figures')) {
    log("the dashboard's figures with 100,000 orders");
    results.figures = await measureFigures({
      duration: DURATION,
      connections: CONNECTIONS,
      postgresUrl: options['no-postgres'] ? null : POSTGRES_URL,
      work,
    });
  }
  if (runs('drop')) {
    log('the drop rehearsal: 300 shoppers at the launch of 50 units, 1 per customer');
    results.drop = await measureDrop({
      duration: DURATION,
      connections: CONNECTIONS,
      postgresUrl: options['no-postgres'] ? null : POSTGRES_URL,
      work,
    });
  }
  if (runs('scale')) {
    log('the shop at scale: 1,000 products, 100,000 orders, a customer with 500');
    results.scale = await measureScale({
      duration: DURATION,
      connections: CONNECTIONS,
      rounds: ROUNDS,
      postgresUrl: options['no-postgres'] ? null : POSTGRES_URL,
      work,
    });
  }
  results.machine.loadAverageAtEnd = os.loadavg().map((l) => Number(l.toFixed(2)));

  const out = join(root, 'bench');
  mkdirSync(out, { recursive: true });
  const resultsFile = only ? `results-${only.join('-')}.json` : 'results.json';
  writeFileSync(join(out, resultsFile), `${JSON.stringify(results, null, 2)}\n`);

  printResults(results, { duration: DURATION, connections: CONNECTIONS, lighthouseRuns: LIGHTHOUSE_RUNS, rounds: ROUNDS });
  console.log(
    `\nLoad average (1, 5, 15 min): ${results.machine.loadAverageAtStart.join(', ')} at the start, ${results.machine.loadAverageAtEnd.join(', ')} at the end.`,
  );
  console.log(`bench/${resultsFile} written.`);
} catch (error) {
  console.error(`bench: ${error instanceof Error ? error.stack : error}`);
  process.exitCode = 1;
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
}
