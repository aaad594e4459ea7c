// Starting and stopping the programs under test: production builds, free ports, their own data folder.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${child.label} stopped (exit ${child.exitCode}):\n${child.tail()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${child.label} did not answer ${url} within ${timeoutMs / 1000} s:\n${child.tail()}`);
}

// BENCH_CPU_PROF=<folder>: the storefront and the API write a CPU profile there when they stop (node --cpu-prof).
const profiling = (args) => (process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF, ...args] : args);

const logs = mkdtempSync(join(tmpdir(), 'filo-bench-logs-'));
process.once('exit', () => rmSync(logs, { recursive: true, force: true }));

/**
 * Runs `node <args>` with `env` in `cwd`, its output written to a file whose last lines go into error
 * messages. A file, as a host's log collector takes it: through a pipe read by this process, which is
 * busy generating the load, 6 % of the API's profile samples were its log lines' (synchronous) writes;
 * into a file, none.
 */
function startNode(label, args, env, cwd = root) {
  const file = join(logs, `${label.replace(/\W+/g, '-')}-${Date.now()}.log`);
  const out = openSync(file, 'a');
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', out, out] });
  closeSync(out);
  child.label = label;
  child.tail = () => readFileSync(file, 'utf8').split('\n').filter(Boolean).slice(-40).join('\n');
  return child;
}

function stop(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Resident set size of a running process, in bytes (Linux); with `peak`, the highest it has been (VmHWM). */
export function residentBytes(pid, { peak = false } = {}) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number((peak ? /VmHWM:\s+(\d+)\s+kB/ : /VmRSS:\s+(\d+)\s+kB/).exec(status)?.[1]);
  return kb * 1024;
}

const SECRETS = {
  SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0123456789',
  JWT_SECRET: 'bench-jwt-secret-that-is-long-enough-0123456789abcd',
};

/** The shop API from build/api on a free port: PGlite in `dataDir`, or PostgreSQL at `databaseUrl`. */
export async function startApi({ dataDir, databaseUrl, storefrontUrl }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startNode(databaseUrl ? 'API (PostgreSQL)' : 'API (PGlite)', profiling([join(root, 'build/api/server.mjs')]), {
    NODE_ENV: 'production',
    API_PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_API_URL: url,
    STOREFRONT_URL: storefrontUrl ?? 'http://127.0.0.1:9',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...SECRETS,
  });
  // A first start seeds the catalogue and draws its images.
  await waitFor(`${url}/healthz`, child, 240_000);
  return { url, pid: child.pid, stop: () => stop(child) };
}

/** The storefront (server.mjs, build/index.js) on a free port, reaching the API at `apiUrl`. */
export async function startStorefront({ dataDir, apiUrl, publicApiUrl }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startNode('storefront', profiling([join(root, 'server.mjs'), join(root, 'build/index.js')]), {
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    API_URL: apiUrl,
    PUBLIC_API_URL: publicApiUrl ?? apiUrl,
    ...SECRETS,
  });
  await waitFor(`${url}/healthz`, child, 60_000);
  return { url, pid: child.pid, stop: () => stop(child) };
}

/** The storefront's edge build on workerd (edge/serve.mjs, build/edge/worker.mjs), reaching the API at `apiUrl`. */
export async function startEdgeStorefront({ dataDir, apiUrl }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startNode('edge', [join(root, 'edge/serve.mjs')], {
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    API_URL: apiUrl,
    PUBLIC_API_URL: apiUrl,
    ...SECRETS,
  });
  await waitFor(`${url}/healthz`, child, 60_000);
  return { url, pid: child.pid, stop: () => stop(child) };
}

/** The baseline (scripts/bench/static-server.mjs): answers each path of `routesFile` with the same bytes. */
export async function startStaticServer(routesFile) {
  const port = await freePort();
  const child = startNode('baseline', [join(root, 'scripts/bench/static-server.mjs'), String(port), routesFile], {});
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/`, child, 10_000);
  return { url, pid: child.pid, stop: () => stop(child) };
}

/** The minimal Remix app of bench/minimal-remix (built beforehand), served by remix-serve from its own folder. */
export async function startMinimalRemix() {
  const dir = join(root, 'bench/minimal-remix');
  const port = await freePort();
  const child = startNode(
    'minimal Remix app',
    [join(root, 'node_modules/@remix-run/serve/dist/cli.js'), join(dir, 'build/index.js')],
    {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    dir,
  );
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/?size=1000`, child, 30_000);
  return { url, pid: child.pid, stop: () => stop(child) };
}
