// Build once, copy many: the work of an API's first start (the catalogue images and card frames
// drawn, the embedded database created, migrated and seeded) done once for each version of the code
// that does it, kept under node_modules/.cache, and copied into every fresh data folder (Playwright's,
// the soak run's, the benchmarks', `npm start`'s first). Drawing takes 1–2.5 min of CPU and creating
// a PGlite database 5–20 s; a copy takes well under a second. `npm start` copies what is kept and
// leaves the rest to its API, which serves once the database is made and draws meanwhile (ADR 074).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { root } from './processes.mjs';

const cacheRoot = () => process.env.FILO_CACHE_DIR || join(root, 'node_modules', '.cache');

/**
 * The key of what a built program makes: its bundle (esbuild puts every source it runs into it:
 * the drawing code, the catalogue, the migrations) and the lock file (sharp, libvips, PGlite).
 * A change to any of them is a new key, so a stale copy is never used.
 */
export function contentKey(program) {
  const hash = createHash('sha256');
  for (const file of [join('build', 'api', program), 'package-lock.json']) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Whether the API build these copies come from is there (tests run from sources do not have it). */
export function apiBuilt() {
  return ['draw.mjs', 'prepare.mjs'].every((program) => existsSync(join(root, 'build', 'api', program)));
}

/** Runs a built API program on a data folder of its own; its messages go to stderr. */
function runProgram(program, dataDir) {
  const result = spawnSync(process.execPath, [join(root, 'build', 'api', program)], {
    cwd: root,
    stdio: ['ignore', 2, 2],
    // The embedded database, whatever the caller's environment points at.
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
  });
  if (result.status !== 0) throw new Error(`${program} failed (${result.signal ?? `exit code ${result.status}`})`);
}

/**
 * Makes `target` once: `make(work)` fills a temporary folder beside it, whose `part` is renamed into
 * place. Two runs making the same key at once both succeed; the second one's copy is dropped.
 */
function once(target, part, make) {
  if (existsSync(target)) return { dir: target, made: false };
  mkdirSync(dirname(target), { recursive: true });
  const work = mkdtempSync(`${target}.making-`);
  try {
    make(work);
    try {
      renameSync(join(work, part), target);
    } catch (error) {
      if (!existsSync(target)) throw error;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { dir: target, made: true };
}

/** The folder of the drawn buckets (`product-images`, `cards`), drawn now if this key has none yet. */
export function drawnArt() {
  return once(join(cacheRoot(), 'filo-art', contentKey('draw.mjs')), 'storage', (work) => runProgram('draw.mjs', work));
}

/** The cached folder of `kind` for `program`'s key, if it has been made; null otherwise. */
function kept(kind, program) {
  const dir = join(cacheRoot(), kind, contentKey(program));
  return existsSync(dir) ? { dir, made: false } : null;
}

/** The folder of a migrated, seeded PGlite database (prepare.mjs draws nothing), made now if this key has none yet. */
export function preparedDatabase() {
  return once(join(cacheRoot(), 'filo-database', contentKey('prepare.mjs')), 'pglite', (work) => runProgram('prepare.mjs', work));
}

/**
 * Copies the drawn art into `dataDir/storage` and, unless `database` is false (an API on
 * PostgreSQL), the prepared embedded database into `dataDir/pglite`; what the folder already holds
 * stays. With `only: 'kept'` (`npm start`), copies what the cache holds and makes nothing: the API
 * makes the rest, drawing the art in the background while it serves (ADR 074). Without the API
 * build, does nothing: the API's first start does the work itself. Answers what it did, for a log line.
 */
export function seedDataFolder(dataDir, { database = true, only } = {}) {
  if (!apiBuilt()) return 'no API build: the first start draws and seeds';
  const started = Date.now();
  const wanted = database && !existsSync(join(dataDir, 'pglite', 'PG_VERSION'));
  const art = only === 'kept' ? kept('filo-art', 'draw.mjs') : drawnArt();
  const db = !wanted ? null : only === 'kept' ? kept('filo-database', 'prepare.mjs') : preparedDatabase();
  mkdirSync(dataDir, { recursive: true });
  if (art) cpSync(art.dir, join(dataDir, 'storage'), { recursive: true, force: false });
  if (db) cpSync(db.dir, join(dataDir, 'pglite'), { recursive: true });
  const what = [art && 'images and card frames', db && 'database'].filter(Boolean).join(' and ');
  const made = art?.made || db?.made ? 'made and kept' : 'copied from the cache';
  const copied = what && `${what} ${made} in ${((Date.now() - started) / 1000).toFixed(1)} s`;
  const left = [!art && 'the images and card frames', wanted && !db && 'the database'].filter(Boolean).join(' and ');
  return [copied, left && `${left} made by the API`].filter(Boolean).join('; ');
}

// `node scripts/lib/prepared-data.mjs`: makes the art and the database now (after a build), so the
// first fresh data folder of a test run is a copy (`npm test` does it beside the typecheck).
if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const made = [drawnArt().made, preparedDatabase().made].some(Boolean);
  console.log(`prepared data: ${made ? 'made' : 'already in the cache'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
