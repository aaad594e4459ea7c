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

/** Waits before restart n (from 1): 1 s, 2 s, 4 s... at most 30 s; an instance that ran a minute starts again at 1 s. */
export const restartDelayMs = (restarts) => Math.min(1000 * 2 ** Math.max(0, restarts - 1), 30_000);

/**
 * Starts `program` as startProgram does and keeps it running: when it stops without being told to
 * (a crash, a kill, an outside SIGTERM), it is started again on the same port after a growing wait,
 * while the balancer's health check keeps it out and the other instances serve. `stop()` ends it for
 * good. `onEvent(line)` hears of each stop and restart. The handle's `child`, `exited` and `url` are
 * those of the current run.
 */
export async function superviseProgram(program, options, { onEvent = () => {} } = {}) {
  let current = await startProgram(program, options);
  let stopped = false;
  let restarts = 0;
  let streak = 0;
  let wake = () => {};
  const handle = {
    label: options.label,
    url: current.url,
    port: options.port,
    get child() {
      return current.child;
    },
    get exited() {
      return current.exited;
    },
    get restarts() {
      return restarts;
    },
    recent: () => current.recent(),
    /** Sends `signal` to the running process (the soak run's faults); the supervisor restarts it. */
    kill(signal = 'SIGKILL') {
      current.child.kill(signal);
    },
    /** Resolves once the instance answers /healthz again after `restarts` restarts. */
    async restarted(count = restarts + 1) {
      while (!stopped && (restarts < count || !(await healthy(current.url)))) await new Promise((resolve) => setTimeout(resolve, 100));
    },
    async stop() {
      stopped = true;
      wake();
      await current.stop();
    },
  };
  void (async () => {
    for (;;) {
      const startedAt = Date.now();
      const code = await current.exited;
      if (stopped) return;
      streak = Date.now() - startedAt > 60_000 ? 1 : streak + 1;
      const delay = restartDelayMs(streak);
      onEvent(`[${options.label}] stopped unexpectedly (exit ${code}); starting it again in ${delay / 1000} s while the others serve`);
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, delay);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (stopped) return;
      try {
        current = await startProgram(program, options);
        restarts += 1;
        onEvent(`[${options.label}] running again (restart ${restarts})`);
      } catch (error) {
        restarts += 1;
        onEvent(`[${options.label}] did not start again: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
        // startProgram stopped what it started; wait for the next turn with a dead handle.
        current = { ...current, exited: Promise.resolve('failed start') };
      }
    }
  })();
  return handle;
}

function healthy(url) {
  return fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
    (response) => response.ok,
    () => false,
  );
}
