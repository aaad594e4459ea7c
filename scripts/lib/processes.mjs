// Starting the shop's two programs from the build, on ports of their own, for the cluster and the soak run.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** A port nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const PROGRAMS = {
  api: ['--enable-source-maps', 'build/api/server.mjs'],
  storefront: ['server.mjs', 'build/index.js'],
};

/**
 * Starts `program` ('api' or 'storefront') with `env` on `port`; resolves once it answers /healthz.
 * `log(line)` sees every output line (prefix it, print it, or drop it).
 */
export async function startProgram(program, { label, port, env, log = () => {}, timeoutMs = 180_000 }) {
  const portVariable = program === 'api' ? 'API_PORT' : 'PORT';
  const child = spawn(process.execPath, PROGRAMS[program], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', ...env, [portVariable]: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const recent = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      recent.push(line);
      if (recent.length > 40) recent.shift();
      log(`[${label}] ${line}`);
    });
  }
  let stopping = false;
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const url = `http://127.0.0.1:${port}`;
  const handle = {
    label,
    url,
    port,
    child,
    exited,
    /** Lines it printed last, for a failure message. */
    recent: () => recent.join('\n'),
    async stop() {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
    get stopping() {
      return stopping;
    },
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${label} stopped while starting (exit ${await exited}):\n${handle.recent()}`);
    }
    const ready = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return handle;
    if (Date.now() > deadline) {
      await handle.stop();
      throw new Error(`${label} did not answer /healthz within ${timeoutMs / 1000} s:\n${handle.recent()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
