// Build once, copy many: the work of an API's first start (the catalogue images and card frames
// drawn, the embedded database created, migrated and seeded) done once for each version of the code
// that does it, kept under node_modules/.cache, and copied into every fresh data folder (Playwright's,
// the soak run's, the benchmarks', `npm start`'s first). Drawing takes 1–2.5 min of CPU and creating
// a PGlite database 5–20 s; a copy takes well under a second.
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

/** The folder of a migrated, seeded PGlite database, made now (from the drawn art) if this key has none yet. */
export function preparedDatabase(art = drawnArt().dir) {
  return once(join(cacheRoot(), 'filo-database', contentKey('prepare.mjs')), 'pglite', (work) => {
    // With the art in place the first start only creates, migrates and seeds the database.
    cpSync(art, join(work, 'storage'), { recursive: true });
    runProgram('prepare.mjs', work);
  });
}

/**
 * Copies the drawn art into `dataDir/storage` and, unless `database` is false (an API on
 * PostgreSQL), the prepared embedded database into `dataDir/pglite`; what the folder already holds
 * stays. Without the API build, does nothing: the API's first start does the work itself.
 * Answers what it did, for a log line.
 */
export function seedDataFolder(dataDir, { database = true } = {}) {
  if (!apiBuilt()) return 'no API build: the first start draws and seeds';
  const started = Date.now();
  const art = drawnArt();
  const db = database && !existsSync(join(dataDir, 'pglite', 'PG_VERSION')) ? preparedDatabase(art.dir) : null;
  mkdirSync(dataDir, { recursive: true });
  cpSync(art.dir, join(dataDir, 'storage'), { recursive: true, force: false });
  if (db) cpSync(db.dir, join(dataDir, 'pglite'), { recursive: true });
  const what = db ? 'images, card frames and database' : 'images and card frames';
  const made = art.made || db?.made ? 'made and kept' : 'copied from the cache';
  return `${what} ${made} in ${((Date.now() - started) / 1000).toFixed(1)} s`;
}

// `node scripts/lib/prepared-data.mjs`: makes the art and the database now (after a build), so the
// first fresh data folder of a test run is a copy (`npm test` does it beside the typecheck).
if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const made = preparedDatabase().made;
  console.log(`prepared data: ${made ? 'made' : 'already in the cache'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
