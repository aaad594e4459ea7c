import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

import pg from 'pg';
import { inject } from 'vitest';

import { type DatabaseHandle, openDatabase, startPglite } from '../../api/src/db/database';
import { migrate } from '../../api/src/db/migrate';
import { leasePglite } from './pglite-pool';

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and drops what the test made. */
  cleanup(): Promise<void>;
  /**
   * Another connection pool on the same database, as a second API instance opens one (PostgreSQL).
   * PGlite has a single session in one process, so there it is the same handle. Closed by cleanup.
   */
  connectAgain(): Promise<DatabaseHandle>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a schema of its own
 * on the PostgreSQL of DATABASE_URL_TEST when the suite runs as the `postgres` project.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const migrated = options.migrate !== false;
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.DATABASE_URL_TEST;
    if (!url) throw new Error('TEST_DB=postgres needs DATABASE_URL_TEST');
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const handle = await openDatabase({ kind: 'postgres', url, schema, maxConnections: 5 });
    if (migrated) await migrate(handle);
    const others: DatabaseHandle[] = [];
    return {
      ...handle,
      async connectAgain() {
        const other = await openDatabase({ kind: 'postgres', url, schema, maxConnections: 5 });
        others.push(other);
        return other;
      },
      async cleanup() {
        await Promise.all(others.map((other) => other.close()));
        await handle.close();
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await dropper.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await dropper.end();
      },
    };
  }
  // A migrated database starts from the copy the global setup made (tests/support/pglite-template.ts),
  // on an engine an earlier file of this worker handed back, reset to that copy (./pglite-pool.ts).
  const template = migrated ? inject('pgliteTemplate') : undefined;
  if (!template) {
    const handle = await openDatabase({ kind: 'pglite' });
    if (migrated) await migrate(handle);
    return { ...handle, connectAgain: async () => handle, cleanup: () => handle.close() };
  }
  const lease = await leasePglite(() => startPglite(undefined, new Blob([readFileSync(template)], { type: 'application/x-gzip' })));
  const handle = await openDatabase({ kind: 'pglite', client: lease.client });
  return {
    ...handle,
    connectAgain: async () => handle,
    async cleanup() {
      await handle.close();
      await lease.release();
    },
  };
}
