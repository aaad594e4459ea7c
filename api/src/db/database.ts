import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  backend: 'pglite' | 'postgres';
  /** Runs a multi-statement SQL script (migrations), rolling back on failure; not for request-time queries. */
  exec(script: string): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir?: string } // no dataDir: in memory
  | { kind: 'postgres'; url: string; schema?: string; maxConnections?: number };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') return openPostgres(options.url, options.schema, options.maxConnections);
  return openPglite(options.dataDir);
}

async function openPglite(dataDir?: string): Promise<DatabaseHandle> {
  let path: string | undefined;
  if (dataDir) {
    path = join(dataDir, 'pglite');
    mkdirSync(path, { recursive: true });
  }
  const client = path ? new PGlite(path) : new PGlite();
  await client.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  return {
    db,
    backend: 'pglite',
    exec: async (script) => {
      try {
        await client.exec(script);
      } catch (error) {
        await client.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
    close: () => db.destroy(),
  };
}

async function openPostgres(url: string, schema?: string, max = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // A test run gets its own schema; everything else uses the default search path.
    options: schema ? `-c search_path=${schema}` : undefined,
  });
  // Fail at start, not on the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    backend: 'postgres',
    exec: async (script) => {
      // One connection for the whole script, so a failed transaction is rolled back where it ran.
      const client = await pool.connect();
      try {
        await client.query(script);
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => db.destroy(),
  };
}
