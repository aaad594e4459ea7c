// A Redis server of its own for a test or a soak run: on a free loopback port, in memory only, so it
// can be frozen (SIGSTOP) or stopped without touching the machine's shared Redis on 6379.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';

import { freePort } from './processes.mjs';

export const REDIS_SERVER = process.env.REDIS_SERVER_PATH || '/usr/bin/redis-server';

/** Whether a Redis server binary is installed (Debian's `redis-server` package). */
export const redisServerInstalled = () => existsSync(REDIS_SERVER);

/** Starts `redis-server` on a free port; resolves once it answers PING. */
export async function startRedisServer() {
  const port = await freePort();
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--loglevel', 'warning'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 10_000;
  while (!(await answersPing(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not start on port ${port}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  let frozen = false;
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pid: child.pid,
    /** Stops the process where it is (SIGSTOP): connections stay open and nothing answers, as a hung server. */
    freeze() {
      frozen = true;
      child.kill('SIGSTOP');
    },
    thaw() {
      frozen = false;
      child.kill('SIGCONT');
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (frozen) child.kill('SIGCONT');
      child.kill('SIGKILL');
      await exited;
    },
  };
}

function answersPing(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}
