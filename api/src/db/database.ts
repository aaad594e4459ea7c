import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';

import { oneTripQueries } from './pglite-one-trip.js';
import type { Database } from './schema.js';
import { withConflictRetries } from './transaction.js';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  backend: 'pglite' | 'postgres';
  /** Runs a multi-statement SQL script (migrations), rolling back on failure; not for request-time queries. */
  exec(script: string): Promise<void>;
  /**
   * Writes a consistent copy of the database to `file` while it serves: PGlite's own tarball of its
   * data folder, or pg_dump's custom format of the shop's schema. Answers the schema it holds (PostgreSQL).
   */
  dump(file: string): Promise<{ schema: string | null }>;
  /** The connections it holds, for the operator's metrics: PGlite has one; a pg pool says how many are idle and how many callers wait. */
  connections(): { total: number; idle?: number; waiting?: number };
  /**
   * Listens on a NOTIFY channel. PGlite hands each message over before the query that caused it
   * returns; PostgreSQL listens on a connection of its own, outside the pool, and `settle()` answers
   * once every message committed before it was called has been handed over. `onLost` is called once
   * if that connection fails: the listener is then dead and messages may have been missed.
   */
  listen(channel: string, onMessage: (payload: string) => void, onLost: (error: Error) => void): Promise<Listener>;
  close(): Promise<void>;
}

export interface Listener {
  settle(): Promise<void>;
  close(): Promise<void>;
}

/** A channel name as LISTEN reads it: quoted, so any characters and case are kept. */
const channelIdentifier = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

export type DatabaseOptions =
  // No dataDir: in memory. `from`: start from this tarball of a data folder (dumpDataDir's) instead
  // of an empty database (tests start from one migrated copy: tests/support/pglite-template.ts).
  // `client`: an engine already started, which the handle's close() hands back by closing it (tests
  // pass one engine from file to file: tests/support/pglite-pool.ts).
  | { kind: 'pglite'; dataDir?: string; from?: Blob; client?: PGlite }
  | { kind: 'postgres'; url: string; schema?: string; maxConnections?: number };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') return openPostgres(options.url, options.schema, options.maxConnections);
  return openPglite(options.dataDir, options.from, options.client);
}

export const PGLITE_SHARED_BUFFERS = '16MB';

/** Whether DATA_DIR holds an embedded database already (its first creation is the costly one). */
export function pgliteExists(dataDir: string): boolean {
  return existsSync(join(dataDir, 'pglite', 'PG_VERSION'));
}

/** A PGlite engine started on `dataDir` (in memory without one), from the tarball `from` if given. */
export async function startPglite(dataDir?: string, from?: Blob): Promise<PGlite> {
  let path: string | undefined;
  if (dataDir) {
    path = join(dataDir, 'pglite');
    mkdirSync(path, { recursive: true });
  }
  // A shop's database is small and its files sit in the system's page cache anyway: 16 MB of shared
  // buffers (PostgreSQL's default is 128 MB) keeps the embedded server's memory down (docs/benchmarks.md).
  const options = { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`], loadDataDir: from };
  const client = path ? new PGlite(path, options) : new PGlite(options);
  await client.waitReady;
  return client;
}

async function openPglite(dataDir?: string, from?: Blob, started?: PGlite): Promise<DatabaseHandle> {
  const client = started ?? (await startPglite(dataDir, from));
  // Statements in one trip into the engine instead of six (pglite-one-trip.ts, issue #36).
  const db = new Kysely<Database>({ dialect: new PGliteDialect(oneTripQueries(client)) });
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
    dump: async (file) => {
      // On Kysely's one connection, so no transaction is half done; CHECKPOINT puts every page in the files.
      const tarball = await db.connection().execute(async (connection) => {
        await sql`CHECKPOINT`.execute(connection);
        return client.dumpDataDir('gzip');
      });
      await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
      return { schema: null };
    },
    connections: () => ({ total: 1 }),
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channelIdentifier(channel), onMessage);
      return { settle: async () => undefined, close: () => stop() };
    },
    close: () => db.destroy(),
  };
}

/** The server's address for pg_dump and pg_restore, with its password in the environment rather than on their command line. */
export function postgresToolTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const address = new URL(url);
  const password = decodeURIComponent(address.password);
  address.password = '';
  return { dbname: address.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a PostgreSQL client program; its own message on failure (a version mismatch, a refused connection). */
export function runPostgresTool(program: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(error.code === 'ENOENT' ? `${program} is not installed (it comes with the PostgreSQL client programs)` : error.message),
      ),
    );
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${program} failed: ${err.trim() || `exit code ${code}`}`))));
  });
}

/** A schema name as pg_dump's --schema reads it: quoted, so it is a name and not a pattern. */
export const schemaPattern = (schema: string) => `"${schema.replace(/"/g, '""')}"`;

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
  // A deadlock or serialization failure is retried rather than answered as an error (ADR 043).
  const db = new Kysely<Database>({ dialect: withConflictRetries(new PostgresDialect({ pool })) });
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
    dump: async (file) => {
      // pg_dump reads everything in one snapshot; only the shop's schema, as a test run shares the database.
      const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
      const current = rows[0].schema;
      const target = postgresToolTarget(url);
      await runPostgresTool(
        'pg_dump',
        ['--format=custom', '--no-owner', '--no-acl', `--schema=${schemaPattern(current)}`, `--file=${file}`, `--dbname=${target.dbname}`],
        target.env,
      );
      return { schema: current };
    },
    connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: async (channel, onMessage, onLost) => {
      // Named after its channel, so an operator (or a test) can tell it among the connections.
      const client = new pg.Client({ connectionString: url, application_name: channel.slice(0, 63) });
      let closing = false;
      let lost = false;
      const lose = (error: Error) => {
        if (closing || lost) return;
        lost = true;
        client.end().catch(() => undefined);
        onLost(error);
      };
      client.on('error', lose);
      client.on('end', () => lose(new Error('the listening connection ended')));
      client.on('notification', (message) => {
        if (message.channel === channel) onMessage(message.payload ?? '');
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${channelIdentifier(channel)}`);
      } catch (error) {
        closing = true;
        await client.end().catch(() => undefined);
        throw error;
      }
      return {
        // A server sends what is pending before it says it is ready again, so one round trip settles it.
        // A lost connection has said so through onLost: nothing is left to wait for.
        settle: async () => {
          if (!lost) await client.query('SELECT 1').catch(() => undefined);
        },
        close: async () => {
          closing = true;
          await client.end().catch(() => undefined);
        },
      };
    },
    close: () => db.destroy(),
  };
}

/** Whether the database answers a query now (readiness). */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
