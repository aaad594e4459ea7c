// Vitest's global setup: one migrated in-memory PGlite database, written once as a tarball of its
// data folder, from which every test file's database starts (tests/support/test-db.ts). Creating a
// PGlite database runs initdb, seconds of CPU per file on two cores; loading a copy takes a fraction.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../api/src/db/database';
import { migrate } from '../../api/src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The tarball of a migrated PGlite database, for tests/support/test-db.ts. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  // The PostgreSQL project's databases are schemas on the server.
  if (project.name === 'postgres') return;
  const dir = await mkdtemp(join(tmpdir(), 'shop-pglite-template-'));
  const file = join(dir, 'migrated.tar.gz');
  const handle = await openDatabase({ kind: 'pglite' });
  try {
    await migrate(handle);
    await handle.dump(file);
  } finally {
    await handle.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}
