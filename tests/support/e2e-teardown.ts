import { rmSync } from 'node:fs';

/** Removes the data folder the end-to-end servers used. */
export default function teardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.includes('shop-e2e-')) rmSync(dir, { recursive: true, force: true });
}
