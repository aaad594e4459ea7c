import { rmSync } from 'node:fs';

/** Removes the data folders the end-to-end servers used (every shop's, under one folder of the run). */
export default function teardown() {
  const dir = process.env.E2E_RUN_DIR;
  if (dir && dir.includes('shop-e2e-')) rmSync(dir, { recursive: true, force: true });
}
