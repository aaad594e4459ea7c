import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { type DatabaseHandle, openDatabase, pgliteExists } from './db/database.js';
import { migrate } from './db/migrate.js';
import { type ApiEnv, EnvError } from './env.js';
import { keepDataPrivate } from './owner-only.js';
import { type ArtOnDemand, artOnDemand } from './seed/art-on-demand.js';
import { artMissing, drawArt, seedShop } from './seed/index.js';
import type { Logger } from './services/logger.js';
import { createLocalStorage, type Storage } from './services/storage.js';

export const LOCK_FILE = 'api.lock';

/** Another process holds the embedded database. */
export class DataDirInUseError extends Error {}

/** Who holds the embedded database: PGlite is single-process, so one program at a time. */
export interface DataDirLock {
  pid: number;
  port?: number;
  release(): void;
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataDirLock(dataDir: string, port?: number): DataDirLock {
  const file = join(dataDir, LOCK_FILE);
  if (existsSync(file)) {
    const holder = JSON.parse(readFileSync(file, 'utf8') || '{}') as { pid?: number; port?: number };
    if (holder.pid && holder.pid !== process.pid && processAlive(holder.pid)) {
      throw new DataDirInUseError(
        `The database in ${resolve(dataDir)} is in use by process ${holder.pid}` +
          (holder.port ? ` (the API on port ${holder.port})` : '') +
          '. Stop it first, or use another DATA_DIR.',
      );
    }
  }
  writeFileSync(file, JSON.stringify({ pid: process.pid, port }));
  return {
    pid: process.pid,
    port,
    release: () => rmSync(file, { force: true }),
  };
}

export const ADMIN_TOKEN_FILE = 'admin-token';

/** The owner's bearer token for /api/admin, made once per data folder and readable only by its owner. */
export function ensureAdminToken(dataDir: string): string {
  const file = join(dataDir, ADMIN_TOKEN_FILE);
  if (existsSync(file)) {
    const token = readFileSync(file, 'utf8').trim();
    if (token) return token;
  }
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(32).toString('base64url');
  writeFileSync(file, token, { mode: 0o600 });
  return token;
}

/** The API that holds this data folder, if one is running: its pid and port from the lock file. */
export function runningApi(dataDir: string): { pid: number; port: number } | null {
  const file = join(dataDir, LOCK_FILE);
  if (!existsSync(file)) return null;
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8') || '{}') as { pid?: number; port?: number };
    return holder.pid && holder.port && processAlive(holder.pid) ? { pid: holder.pid, port: holder.port } : null;
  } catch {
    return null;
  }
}

export interface PreparedData {
  handle: DatabaseHandle;
  storage: Storage;
  /** The folder of the storage buckets (backups read it). */
  storageDir: string;
  lock: DataDirLock | null;
  /** With the art drawn in the background: what draws a missing piece when it is asked for. */
  artOnDemand?: ArtOnDemand;
}

/** Opens the database (taking the lock for PGlite), applies migrations, seeds an empty catalogue and the cards, draws missing images and card frames and writes missing policy documents. */
export async function prepareData(
  env: ApiEnv,
  log: Logger,
  options: {
    port?: number;
    seed: 'if-empty' | 'always';
    /**
     * The serving API: the embedded database's first creation, the catalogue and the drawing happen in
     * child processes that exit, so the memory they take never stays with the server (ADR 034).
     */
    inChildren?: boolean;
    /** The child doing that work: the parent holds the data folder's lock for it. */
    locked?: boolean;
    /**
     * When the missing images and card frames are drawn: before this answers (the default), in the
     * background while the API serves (ADR 074), or not at all (the first start's database, made
     * apart from them).
     */
    art?: 'before-serving' | 'in-background' | 'skip';
  },
): Promise<PreparedData> {
  const { port } = options;
  await keepDataPrivate(env.DATA_DIR);
  const lock = env.DATABASE_URL || options.locked ? null : acquireDataDirLock(env.DATA_DIR, port);
  try {
    const storageDir = join(env.DATA_DIR, 'storage');
    const storage = createLocalStorage(storageDir);
    const draw = options.inChildren ? builtScript('draw.mjs') : null;
    const background = options.art === 'in-background';
    // Drawing in the background starts first: the front views are drawn while the database is made.
    if (background && (await artMissing(storage))) drawInBackground(draw, storage, log);
    if (options.inChildren && !env.DATABASE_URL && !pgliteExists(env.DATA_DIR)) {
      const prepare = builtScript('prepare.mjs');
      if (prepare) await runChild(prepare, log, 'first start: database created and catalogue written');
    }
    const handle = env.DATABASE_URL
      ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
      : await openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR });
    const applied = await migrate(handle);
    if (applied.length) log.info(`database (${handle.backend}): applied ${applied.join(', ')}`);
    await seedShop(handle.db, storage, log, {
      catalogue: options.seed,
      skipArt: options.art === 'skip' || background,
      drawElsewhere: draw && !background ? () => runChild(draw, log, 'images drawn') : undefined,
    });
    return { handle, storage, storageDir, lock, ...(background ? { artOnDemand: artOnDemand(storage, log) } : {}) };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/**
 * A secret from the environment; in development, made once and kept in DATA_DIR/secrets.json (the
 * file `npm start` shares). Production must set it.
 */
export function resolveSecret(env: ApiEnv, name: string, value: string | undefined): string {
  if (value) return value;
  if (env.NODE_ENV === 'production') throw new EnvError(`Invalid environment:\n  ${name}: required in production`);
  const file = join(env.DATA_DIR, 'secrets.json');
  const secrets = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  if (!secrets[name]) {
    secrets[name] = randomBytes(32).toString('base64url');
    mkdirSync(env.DATA_DIR, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets[name];
}

/** A program built beside this file (build/api), or null when running the sources (tests). */
function builtScript(name: string): string | null {
  const script = fileURLToPath(new URL(`./${name}`, import.meta.url));
  return existsSync(script) ? script : null;
}

/**
 * Starts drawing the missing art without waiting for it: in a child process (draw-cli.ts: the front
 * views first, then the rest at a lower priority), stopped if this process ends first; from the
 * sources, in this one.
 */
function drawInBackground(script: string | null, storage: Storage, log: Logger): void {
  log.info('images: drawing the missing catalogue images and card frames in the background; any asked for meanwhile is drawn then');
  if (!script) {
    drawArt(storage, log).catch((error: unknown) => log.error('images: drawing in the background failed', error));
    return;
  }
  const started = Date.now();
  const child = spawn(process.execPath, [script, '--background'], { stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
  const stop = () => child.kill();
  process.once('exit', stop);
  child.once('error', (error) => log.error('images: drawing in the background could not start', error));
  child.once('exit', (code, signal) => {
    process.off('exit', stop);
    if (code === 0) log.info(`images drawn in the background in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    else if (signal !== 'SIGTERM')
      log.error(`images: drawing in the background failed (${signal ?? `exit code ${code}`}); a missing one is drawn when asked for`);
  });
}

/** Runs a built program as a child process with this environment and waits for it to succeed. */
function runChild(script: string, log: Logger, done: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, [script], { stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) {
        log.info(`${done} in a separate process in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        resolve();
      } else reject(new Error(`${script.split('/').pop()} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}
