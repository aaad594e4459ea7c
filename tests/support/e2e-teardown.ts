import { rmSync } from 'node:fs';

/**
 * Removes the data folders the end-to-end servers used (every shop's, under one folder of the run).
 * Playwright runs this before it stops the web servers, so the folders go when the runner exits,
 * once the APIs are gone: removed under a running API, its database logged errors at shutdown.
 */
export default function teardown() {
  const dir = process.env.E2E_RUN_DIR;
  if (dir && dir.includes('shop-e2e-')) process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
}
