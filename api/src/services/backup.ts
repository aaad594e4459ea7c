import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { type FileHandle, mkdir, mkdtemp, open, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { z } from 'zod';

import { version as apiVersion } from '../../../package.json';
import type { Db } from '../db/database.js';
import { type DatabaseHandle, postgresToolTarget, runPostgresTool } from '../db/database.js';
import { migrations } from '../db/migrate.js';
import { ownerOnlyTree } from '../owner-only.js';
import { type Actor, recordAudit } from './audit.js';
import type { Clock } from './clock.js';
import { BUCKETS, isSafeObjectPath } from './storage.js';
import { readTarEntry, tarArchive, type TarEntry, TarFormatError, tarIndex, type TarIndexEntry } from './tar.js';

/**
 * A backup is one tar file: manifest.json first, then the database's own dump, then every object of
 * the storage buckets. The database is dumped before the objects are read, and objects are never
 * changed in place, so every image the database names is in the file (docs/decisions/024-backups.md).
 */

export const BACKUP_FORMAT = 1;
export const BACKUP_CONTENT_TYPE = 'application/x-tar';
const MANIFEST = 'manifest.json';
const DUMP_NAME = { pglite: 'database/pglite.tar.gz', postgres: 'database/postgres.dump' } as const;

const manifestSchema = z.object({
  format: z.number().int(),
  database: z.enum(['pglite', 'postgres']),
  /** PostgreSQL: the schema the shop's tables are in (restored under the same name). */
  schema: z.string().nullable(),
  created_at: z.string(),
  api_version: z.string(),
  /** The migrations applied when the backup was taken: an older API cannot read a newer database. */
  migrations: z.array(z.string()),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

/** A restore that must not happen: the file, the target or the running shop say no. Its message is for the owner. */
export class BackupError extends Error {}

/** What the running API backs up: its database and the folder of its storage buckets. */
export interface BackupSource {
  database: Pick<DatabaseHandle, 'db' | 'backend' | 'dump'>;
  storageDir: string;
}

export interface Backup {
  fileName: string;
  manifest: BackupManifest;
  /** The archive's bytes; the temporary dump is removed once they have all been read, or when they stop being read. */
  chunks: AsyncGenerator<Uint8Array>;
}

export function backupFileName(at: Date): string {
  return `filo-backup-${at.toISOString().slice(0, 19).replace(/:/g, '-')}.tar`;
}

/** The dump or the archive could not be started; `cause` says why. */
export class BackupFailed extends Error {}

/**
 * The owner's backup, taken while the shop serves: recorded in the audit log first, so the file holds
 * the entry of its own making.
 */
export async function takeBackup(deps: { db: Db; clock: Clock }, source: BackupSource, actor: Actor): Promise<Backup> {
  const now = deps.clock.now();
  await recordAudit(deps.db, now, actor, { action: 'backup', subject_type: 'shop', subject_id: backupFileName(now) });
  return startBackup(source, now).catch((error: unknown) => {
    throw new BackupFailed(error instanceof Error ? error.message : String(error), { cause: error });
  });
}

/**
 * Dumps the database now (so a failure is an error answer, not half a file) and answers the archive
 * to stream.
 */
export async function startBackup(source: BackupSource, now: Date): Promise<Backup> {
  const work = await mkdtemp(join(tmpdir(), 'shop-backup-'));
  try {
    const dumpFile = join(work, 'database');
    const { schema } = await source.database.dump(dumpFile);
    const applied = await source.database.db.selectFrom('schema_migrations').select('name').orderBy('name').execute();
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      database: source.database.backend,
      schema,
      created_at: now.toISOString(),
      api_version: apiVersion,
      migrations: applied.map((row) => row.name),
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    async function* entries(): AsyncGenerator<TarEntry> {
      yield { name: MANIFEST, size: manifestBytes.length, body: manifestBytes, modified: now };
      yield { name: DUMP_NAME[manifest.database], size: (await stat(dumpFile)).size, body: createReadStream(dumpFile), modified: now };
      yield* storageEntries(source.storageDir);
    }
    async function* chunks(): AsyncGenerator<Uint8Array> {
      try {
        yield* tarArchive(entries());
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    }
    return { fileName: backupFileName(now), manifest, chunks: chunks() };
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}

/** Every object of the buckets; resized copies (.derived) are made again on demand, unfinished writes (.tmp) are skipped. */
async function* storageEntries(storageDir: string): AsyncGenerator<TarEntry> {
  for (const bucket of BUCKETS) {
    for (const path of await objectPaths(join(storageDir, bucket))) {
      let file: FileHandle;
      try {
        file = await open(join(storageDir, bucket, path), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      try {
        // Objects are replaced by rename, never rewritten: the open file keeps the size read here.
        const info = await file.stat();
        yield {
          name: `storage/${bucket}/${path}`,
          size: info.size,
          body: file.createReadStream({ autoClose: false }),
          modified: info.mtime,
        };
      } finally {
        await file.close();
      }
    }
  }
}

async function objectPaths(dir: string, prefix = ''): Promise<string[]> {
  let names;
  try {
    names = await readdir(join(dir, prefix), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const paths: string[] = [];
  for (const entry of names.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) paths.push(...(await objectPaths(dir, path)));
    else if (entry.isFile() && !entry.name.endsWith('.tmp')) paths.push(path);
  }
  return paths;
}

/** Where a restore writes: the data folder (its pglite folder and storage), and the PostgreSQL database when DATABASE_URL is set. */
export type RestoreTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; dataDir: string };

export interface RestoreSummary {
  manifest: BackupManifest;
  files: number;
}

const KIND_NAME = { pglite: 'the embedded database (PGlite, in DATA_DIR)', postgres: 'PostgreSQL (DATABASE_URL)' } as const;

/** Reads and checks a backup file: a tar archive that starts with a manifest this version understands. */
export async function readBackup(file: FileHandle): Promise<{ manifest: BackupManifest; entries: TarIndexEntry[] }> {
  let entries: TarIndexEntry[];
  try {
    entries = await tarIndex(file);
  } catch (error) {
    if (error instanceof TarFormatError)
      throw new BackupError(`This file is not a complete shop backup: ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)}`);
    throw error;
  }
  if (entries[0]?.name !== MANIFEST) throw new BackupError('This file is not a shop backup: it has no manifest.json first');
  let parsed: unknown;
  try {
    parsed = JSON.parse((await readTarEntry(file, entries[0])).toString('utf8'));
  } catch {
    throw new BackupError('This file is not a shop backup: its manifest.json is not JSON');
  }
  const manifest = manifestSchema.safeParse(parsed);
  if (!manifest.success) throw new BackupError('This file is not a shop backup: its manifest.json is not one the shop writes');
  if (manifest.data.format !== BACKUP_FORMAT) {
    throw new BackupError(
      `This backup has format ${manifest.data.format}; this version of the shop reads format ${BACKUP_FORMAT}. Restore it with the version that made it.`,
    );
  }
  const known = new Set(migrations.map((m) => m.name));
  const unknown = manifest.data.migrations.filter((name) => !known.has(name));
  if (unknown.length) {
    throw new BackupError(
      `This backup was made by a newer version of the shop (API ${manifest.data.api_version}, migration ${unknown.join(', ')}); update the shop before restoring it.`,
    );
  }
  if (!entries.some((entry) => entry.name === DUMP_NAME[manifest.data.database]))
    throw new BackupError('This backup holds no database dump');
  return { manifest: manifest.data, entries };
}

/**
 * Restores a backup into an empty data folder (PGlite) or an empty database (PostgreSQL), and its
 * objects into DATA_DIR/storage. Run with the API stopped; refuses a non-empty target or a backup
 * of the other kind of database. Nothing is left half-restored: each part is written aside and
 * moved in place at the end (the PostgreSQL restore is one transaction).
 */
export async function restoreBackup(archivePath: string, target: RestoreTarget): Promise<RestoreSummary> {
  const file = await open(archivePath, 'r');
  const aside = join(target.dataDir, `.restoring-${randomBytes(4).toString('hex')}`);
  try {
    const { manifest, entries } = await readBackup(file);
    if (manifest.database !== target.kind) {
      throw new BackupError(
        `This backup is of a shop on ${KIND_NAME[manifest.database]}, but this one is set up for ${KIND_NAME[target.kind]}. ` +
          (manifest.database === 'pglite'
            ? 'Unset DATABASE_URL to restore it.'
            : 'Set DATABASE_URL to an empty PostgreSQL database to restore it.'),
      );
    }
    const storageDir = join(target.dataDir, 'storage');
    for (const bucket of BUCKETS) {
      if ((await objectPaths(join(storageDir, bucket))).length) {
        throw new BackupError(`${join(storageDir, bucket)} already holds files; restore into an empty DATA_DIR.`);
      }
    }
    if (target.kind === 'pglite' && existsSync(join(target.dataDir, 'pglite', 'PG_VERSION'))) {
      throw new BackupError(`${join(target.dataDir, 'pglite')} already holds a database; restore into an empty DATA_DIR.`);
    }
    if (target.kind === 'postgres') await refuseNonEmptyDatabase(target.url, manifest.schema);

    await mkdir(aside, { recursive: true });
    let files = 0;
    for (const entry of entries) {
      const match = /^storage\/([^/]+)\/(.+)$/.exec(entry.name);
      if (!match) continue;
      const [, bucket, path] = match;
      if (!(BUCKETS as readonly string[]).includes(bucket) || !isSafeObjectPath(path))
        throw new BackupError(`This backup holds an object with an unsafe name: ${entry.name}`);
      const destination = join(aside, 'storage', bucket, path);
      await mkdir(dirname(destination), { recursive: true });
      await writeFile(destination, await readTarEntry(file, entry));
      files += 1;
    }
    const dump = entries.find((entry) => entry.name === DUMP_NAME[manifest.database])!;
    if (target.kind === 'pglite') {
      const restored = join(aside, 'pglite');
      const tarball = new File([await readTarEntry(file, dump)], 'pgdata.tar.gz', { type: 'application/x-gzip' });
      const client = new PGlite(restored, { loadDataDir: tarball });
      await client.waitReady;
      await client.query('SELECT count(*) FROM schema_migrations');
      await client.close();
      await rm(join(target.dataDir, 'pglite'), { recursive: true, force: true }); // an empty folder at most, checked above
      await rename(restored, join(target.dataDir, 'pglite'));
    } else {
      const dumpFile = join(aside, 'postgres.dump');
      await pipeline(createReadStream(archivePath, { start: dump.offset, end: dump.offset + dump.size - 1 }), createWriteStream(dumpFile));
      await pgRestore(target.url, dumpFile, manifest.schema);
    }
    for (const bucket of BUCKETS) {
      if (!existsSync(join(aside, 'storage', bucket))) continue;
      await mkdir(storageDir, { recursive: true });
      if (existsSync(join(storageDir, bucket))) await rmdirTree(join(storageDir, bucket));
      await rename(join(aside, 'storage', bucket), join(storageDir, bucket));
    }
    // A backup's files are the shop's customers' data: owner-only, whatever the umask was.
    await ownerOnlyTree(target.dataDir);
    return { manifest, files };
  } finally {
    await file.close();
    await rm(aside, { recursive: true, force: true });
  }
}

/** Removes a bucket folder known to hold no files (empty folders at most). */
async function rmdirTree(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) await rmdirTree(join(dir, entry.name));
  }
  await rmdir(dir);
}

async function refuseNonEmptyDatabase(url: string, schema: string | null): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: string }>(
      `SELECT count(*) AS tables FROM pg_tables WHERE schemaname = coalesce($1, current_schema())`,
      [schema],
    );
    if (Number(rows[0].tables) > 0) {
      throw new BackupError(
        `The database of DATABASE_URL already has tables in schema ${schema ?? 'public'}; restore into an empty database.`,
      );
    }
  } finally {
    await client.end();
  }
}

/**
 * pg_restore in one transaction. A schema that already exists (public, in a new database) is not
 * created again: its entry is left out of the list pg_restore follows.
 */
async function pgRestore(url: string, dumpFile: string, schema: string | null): Promise<void> {
  const target = postgresToolTarget(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const exists = await client
    .query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema ?? 'public'])
    .then((result) => (result.rowCount ?? 0) > 0)
    .finally(() => client.end());
  const args = ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', `--dbname=${target.dbname}`];
  if (exists && schema) {
    const list = await runPostgresTool('pg_restore', ['--list', dumpFile], target.env);
    const own = new RegExp(`^\\d+; \\d+ \\d+ (SCHEMA - |COMMENT - SCHEMA )${escapeRegExp(schema)} `);
    const kept = list.split('\n').filter((line) => !own.test(line));
    const listFile = `${dumpFile}.list`;
    await writeFile(listFile, kept.join('\n'));
    args.push(`--use-list=${listFile}`);
  }
  await runPostgresTool('pg_restore', [...args, dumpFile], target.env);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
