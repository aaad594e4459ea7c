import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from './app.js';
import { answer, checkAnswer } from './answer.js';
import type { Db } from './db/database.js';
import { watchOf } from './services/catalogue-watch.js';

/** At most this many answers per database: searches' words are endless, the oldest answer goes first. */
const MAX_KEPT = 1_000;

interface KeptAnswer {
  changes: number;
  /** When the answer stops being true by itself (a product in it launches): epoch milliseconds. */
  until: number;
  /** The JSON as bytes: written as they are, never encoded again (the whole list is 2 MB at 1,000 products). */
  body: Promise<Uint8Array<ArrayBuffer>>;
}

const kept = new WeakMap<Db, Map<string, KeptAnswer>>();
const encoder = new TextEncoder();

/** The first launch after `now` among the dates given: then 'coming soon' turns into the product. */
export function nextLaunch(launchDates: string[], now: Date): number {
  let until = Infinity;
  for (const date of launchDates) {
    const at = Date.parse(date);
    if (at > now.getTime() && at < until) until = at;
  }
  return until;
}

/**
 * A catalogue read answered as the JSON built the first time (ADR 035): kept while the catalogue
 * watch listens and has heard of no change since, and until a product in it launches. Without the watch
 * every read builds its answer. A failed build (not_found) is never kept.
 */
export async function keptAnswer<S extends z.ZodTypeAny>(
  c: Context<AppEnv>,
  key: string,
  schema: S,
  build: (now: Date) => Promise<z.input<S>>,
  untilOf: (value: z.input<S>, now: Date) => number,
): Promise<Response> {
  const { db, clock } = c.var.deps;
  const now = clock.now();
  const watch = watchOf(db);
  if (!watch?.listening) return answer(c, schema, await build(now));
  let answers = kept.get(db);
  if (!answers) kept.set(db, (answers = new Map()));
  let entry = answers.get(key);
  if (!entry || entry.changes !== watch.changes || now.getTime() >= entry.until) {
    const changes = watch.changes;
    const made: KeptAnswer = { changes, until: Infinity, body: Promise.resolve(new Uint8Array(0)) };
    made.body = build(now).then((value) => {
      checkAnswer(c, schema, value);
      made.until = untilOf(value, now);
      return encoder.encode(JSON.stringify(value));
    });
    made.body.catch(() => {
      if (answers.get(key) === made) answers.delete(key);
    });
    answers.delete(key);
    answers.set(key, made);
    if (answers.size > MAX_KEPT) answers.delete(answers.keys().next().value!);
    entry = made;
  }
  return c.body(await entry.body, 200, { 'Content-Type': 'application/json' });
}
