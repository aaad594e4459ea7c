import { type Kysely, sql } from 'kysely';

import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { Clock } from './clock.js';
import type { Logger } from './logger.js';

/** A job as its handler gets it: claimed by this instance until its lease ends. */
export interface ClaimedJob {
  id: string;
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  attempts: number;
}

export type JobHandler = (job: ClaimedJob) => Promise<void>;

export interface JobRunnerOptions {
  /** How long a claimed job stays this instance's; a crashed instance's job is taken again after it. */
  leaseMs?: number;
  /** Jobs claimed per pass. */
  batch?: number;
  /** Attempts before a job is given up (its last error kept). */
  maxAttempts?: number;
  /** Only these jobs (emails queued by a transaction that has just committed, sent at once). */
  ids?: string[];
}

// A pass runs at most a batch of emails; an instance that dies holding one delays it by a minute, not five.
const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_BATCH = 20;
const DEFAULT_MAX_ATTEMPTS = 8;

/** Wait before attempt n+1: 30 s, 1 min, 2 min, ... at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

/**
 * Schedules the job of a key to run at `runAt` (or moves it there): one job per key. A job already
 * done is scheduled again, with its attempts counted afresh; a job some instance holds right now
 * keeps its lease, so it is not run twice at once.
 */
export async function scheduleJob(
  db: Db,
  now: Date,
  job: { kind: string; key: string; runAt: Date; payload?: Record<string, unknown> },
): Promise<void> {
  const payload = JSON.stringify(job.payload ?? {});
  await db
    .insertInto('jobs')
    .values({ kind: job.kind, key: job.key, payload, run_at: job.runAt, created_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ kind: job.kind, payload, run_at: job.runAt, done_at: null, attempts: 0, last_error: null }),
    )
    .execute();
}

/** Removes a job that has not run (a drop whose launch was called off). */
export async function cancelJob(db: Db, key: string): Promise<void> {
  await db.deleteFrom('jobs').where('key', '=', key).where('done_at', 'is', null).execute();
}

/**
 * Runs the jobs due now, once across every API instance: each pass claims a batch with
 * FOR UPDATE SKIP LOCKED (another instance's pass skips them) and a lease, runs them, and marks each
 * done, or due again later with its error when it failed. The attempt number fences the result: an
 * instance whose lease ran out and whose job was taken again cannot mark it.
 * Returns how many jobs ran (succeeded or not).
 */
export async function runDueJobs(
  deps: { db: Db; clock: Clock; log: Logger },
  handlers: Record<string, JobHandler>,
  options: JobRunnerOptions = {},
): Promise<number> {
  const { db, clock, log } = deps;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const now = clock.now();
  const claimed = await db
    .updateTable('jobs')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), locked_until: new Date(now.getTime() + leaseMs) }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('jobs')
        .select('id')
        .where('done_at', 'is', null)
        .where('run_at', '<=', now)
        .where((inner) => inner.or([inner('locked_until', 'is', null), inner('locked_until', '<=', now)]))
        .$if(options.ids !== undefined, (query) =>
          query.where('id', 'in', options.ids?.length ? options.ids : ['00000000-0000-0000-0000-000000000000']),
        )
        .orderBy('run_at')
        .orderBy('id')
        .limit(options.batch ?? DEFAULT_BATCH)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'kind', 'key', 'payload', 'attempts'])
    .execute();

  for (const job of claimed) {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
      await handler(job);
      await finishJob(db, job, clock.now());
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const givenUp = job.attempts >= maxAttempts;
      log.error(`job ${job.key} failed (attempt ${job.attempts}${givenUp ? ', given up' : ''})`, error);
      const at = clock.now();
      await db
        .updateTable('jobs')
        .set({
          last_error: message.slice(0, 1000),
          locked_until: null,
          ...(givenUp ? { done_at: at } : { run_at: new Date(at.getTime() + retryDelayMs(job.attempts)) }),
        })
        .where('id', '=', job.id)
        .where('attempts', '=', job.attempts)
        .execute();
    }
  }
  return claimed.length;
}

/**
 * Marks a claimed job done, unless its lease ran out and it was claimed again since (the attempt
 * number fences it). A handler may call it inside its own transaction, so that what the job did and
 * its being done commit together; false when the job is no longer this run's.
 */
export async function finishJob(db: Kysely<Database>, job: ClaimedJob, at: Date): Promise<boolean> {
  const done = await db
    .updateTable('jobs')
    .set({ done_at: at, locked_until: null, last_error: null })
    .where('id', '=', job.id)
    .where('attempts', '=', job.attempts)
    .where('done_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return Boolean(done);
}

/** Jobs not done yet, soonest first (the CLI and tests read them). */
export function pendingJobs(db: Db) {
  return db
    .selectFrom('jobs')
    .select(['kind', 'key', 'run_at', 'attempts', 'last_error', sql<boolean>`locked_until is not null`.as('claimed')])
    .where('done_at', 'is', null)
    .orderBy('run_at')
    .execute();
}

/**
 * Polls for due jobs every `intervalMs` until stopped. A pass never overlaps the previous one; a
 * `poke` runs a pass now (after a drop is scheduled close to now, or when a test moves the clock).
 */
export function startJobRunner(run: () => Promise<number>, intervalMs: number, log: Logger) {
  let running: Promise<void> | null = null;
  let again = false;
  const pass = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          // Keep going while passes find full batches or a poke came in meanwhile.
          while ((await run()) > 0);
        } while (again);
      } catch (error) {
        log.error('running scheduled jobs failed', error);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void pass(), intervalMs);
  timer.unref();
  return {
    poke: pass,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
