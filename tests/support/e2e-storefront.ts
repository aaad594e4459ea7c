import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ExtraStorefront {
  url: string;
  stop(): Promise<void>;
}

/**
 * One more storefront from the production build, beside the one Playwright starts, with its own
 * environment (an API behind a fault proxy, a short timeout). Resolves once it answers /healthz.
 */
export async function startStorefront(env: Record<string, string>): Promise<ExtraStorefront> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['server.mjs', 'build/index.js'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`the storefront on ${url} stopped (exit ${code ?? signal}):\n${errors}`);
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      stopping = true;
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the storefront stopped at start:\n${errors}`);
    const ready = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the storefront did not start within 60 s:\n${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
