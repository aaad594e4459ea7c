// Vitest's global setup: one migrated in-memory PGlite database, written once as a tarball of its
// data folder, from which every test file's database starts (tests/support/test-db.ts). Creating a
// PGlite database runs initdb, seconds of CPU per file on two cores; loading a copy takes a fraction.
// The tarball is kept between runs under node_modules/.cache, keyed by what makes it (the database
// code, the migrations and PGlite's version): a run whose migrations are unchanged skips initdb
// (13–28 s on a busy two-core machine) altogether.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The tarball of a migrated PGlite database, for tests/support/test-db.ts. */
    pgliteTemplate: string;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The key of the migrated database: every source of api/src/db and migrations, and PGlite's version. */
export function templateKey(): string {
  const hash = createHash('sha256');
  const sources = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? sources(join(dir, entry.name))
        : /\.(ts|sql)$/.test(entry.name) && !entry.name.includes('.test.')
          ? [join(dir, entry.name)]
          : [],
    );
  for (const file of [...sources('api/src/db').sort(), 'node_modules/@electric-sql/pglite/package.json']) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

export default async function setup(project: TestProject) {
  // The PostgreSQL project's databases are schemas on the server.
  if (project.name === 'postgres') return;
  const dir = process.env.FILO_CACHE_DIR || join(root, 'node_modules', '.cache');
  const file = join(dir, 'filo-pglite-template', `${templateKey()}.tar.gz`);
  if (!existsSync(file)) {
    await mkdir(join(dir, 'filo-pglite-template'), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    // Loaded only to make the file: PGlite and the migrations take seconds to import on a busy machine.
    const { openDatabase } = await import('../../api/src/db/database');
    const { migrate } = await import('../../api/src/db/migrate');
    const handle = await openDatabase({ kind: 'pglite' });
    try {
      await migrate(handle);
      await handle.dump(partial);
    } finally {
      await handle.close();
    }
    // Renamed whole into place: a run beside this one reads either no file or a complete one.
    await rename(partial, file).catch(() => rm(partial, { force: true }));
  }
  project.provide('pgliteTemplate', file);
}
