#!/usr/bin/env node
// `npm start`: builds if needed, starts the shop API and the storefront, prints their URLs,
// prefixes each program's log lines, and stops both on Ctrl-C. `npm run start:edge` (`--edge`) runs
// the storefront's edge build on workerd instead of server.mjs, on the same ports and environment.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

import { buildIfStale, fail, mailboxLine, portFrom, secretFor } from './lib/launch.mjs';
import { seedDataFolder } from './lib/prepared-data.mjs';
import { root } from './lib/processes.mjs';

/** Resolves when nothing listens on the port; rejects with a clear message otherwise. */
function ensurePortFree(port, name) {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', (error) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Port ${port} is already in use. Stop the program using it, or choose another port: ${name}=<port> npm start`
            : `Port ${port} cannot be used: ${error.message}`,
        ),
      ),
    );
    probe.listen(port, () => probe.close(() => resolvePort()));
  });
}

const port = portFrom('PORT', 3000);
const apiPort = portFrom('API_PORT', 8787);
if (port === apiPort) fail(`PORT and API_PORT are both ${port}; give them different ports.`);
const dataDir = resolve(root, process.env.DATA_DIR?.trim() || 'data');
mkdirSync(dataDir, { recursive: true });
const publicApiUrl = process.env.PUBLIC_API_URL?.trim() || `http://localhost:${apiPort}`;

try {
  await Promise.all([ensurePortFree(port, 'PORT'), ensurePortFree(apiPort, 'API_PORT')]);
} catch (error) {
  fail(error.message);
}

const edge = process.argv.includes('--edge');
buildIfStale({ edge });

// First start: the drawn images and card frames and, on the embedded database, the seeded database,
// copied if the cache holds them (scripts/lib/prepared-data.mjs). What it does not, the API makes: the
// database before it serves, the art in the background, any image a page asks for meanwhile drawn then
// (ADR 074).
if (!existsSync(join(dataDir, 'storage')))
  console.log(`first start: ${seedDataFolder(dataDir, { database: !process.env.DATABASE_URL?.trim(), only: 'kept' })}`);

const shared = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV || 'production',
  DATA_DIR: dataDir,
  PUBLIC_API_URL: publicApiUrl,
  SESSION_SECRET: secretFor(dataDir, 'SESSION_SECRET'),
  JWT_SECRET: secretFor(dataDir, 'JWT_SECRET'),
};

const children = new Set();
let stopping = false;

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  const exit = () => process.exit(code);
  if (children.size === 0) exit();
  // Both programs close their servers and the database on SIGTERM; wait for them.
  for (const child of children) child.once('exit', () => children.size === 0 && exit());
}

/** Starts a program, prefixing its lines; resolves when a line matches `ready`. */
function run(label, args, env, ready) {
  return new Promise((resolveReady, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let isReady = false;
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        (stream === child.stderr ? process.stderr : process.stdout).write(`[${label}] ${line}\n`);
        if (!isReady && ready.test(line)) {
          isReady = true;
          resolveReady();
        }
      });
    }
    child.once('exit', (code, signal) => {
      children.delete(child);
      if (!isReady) reject(new Error(`${label} stopped before it was ready (exit ${code ?? signal}).`));
      else if (!stopping) {
        console.error(`[${label}] stopped unexpectedly (exit ${code ?? signal}); stopping the shop.`);
        stopAll(1);
      }
    });
  });
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

try {
  // Side by side: the storefront needs the API only for its first request.
  await Promise.all([
    run(
      'api',
      ['--enable-source-maps', join(root, 'build', 'api', 'server.mjs')],
      {
        ...shared,
        API_PORT: String(apiPort),
        STOREFRONT_URL: process.env.STOREFRONT_URL?.trim() || `http://localhost:${port}`,
        SEED_ART: process.env.SEED_ART?.trim() || 'in-background',
      },
      /API listening on/,
    ),
    run(
      'web',
      edge ? [join(root, 'edge', 'serve.mjs')] : [join(root, 'server.mjs'), join(root, 'build', 'index.js')],
      { ...shared, PORT: String(port), API_URL: process.env.API_URL?.trim() || `http://127.0.0.1:${apiPort}` },
      /\[storefront\] http/,
    ),
  ]);
} catch (error) {
  console.error(`\n${error.message}`);
  stopAll(1);
}

if (!stopping) {
  console.log(`
  Shop is running.
    Storefront  http://localhost:${port}${edge ? ' (edge build, workerd)' : ''}
    Shop API    ${publicApiUrl}
    Mailbox     ${mailboxLine(publicApiUrl)}
  Press Ctrl-C to stop.
`);
}
