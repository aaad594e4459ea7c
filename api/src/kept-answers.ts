import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

import type { Context } from 'hono';
import type { z } from 'zod';

import { acceptedEncoding } from '@contract/accept-encoding';

import { answer, checkAnswer } from './answer.js';
import type { Db } from './db/database.js';
import type { AppEnv } from './deps.js';
import { watchOf } from './services/catalogue-watch.js';

/** At most this many answers per database: searches' words are endless, the oldest answer goes first. */
const MAX_KEPT = 1_000;

/** The codings a kept answer is also sent in, to clients that take them (the storefront takes none). */
const CODINGS = ['br', 'gzip'] as const;
type Coding = (typeof CODINGS)[number];
/** Smaller answers go as they are: compressing them would save less than it costs. */
export const ENCODE_FROM_BYTES = 8 * 1024;

/** Every kept answer may go in a coding, so caches between must keep them apart. */
const ANSWER_HEADERS = { 'Content-Type': 'application/json', Vary: 'Accept-Encoding' };

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Made once per kept answer, on the thread pool (never on the event loop), when a client first asks
 * for it. Brotli at quality 5: the whole list (2 MB) in about 55 ms to 9 % of its size; quality 11
 * would take 4 s for 7.5 %.
 */
function encode(body: Uint8Array, coding: Coding): Promise<Uint8Array<ArrayBuffer>> {
  const made =
    coding === 'br'
      ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })
      : gzipped(body, { level: 6 });
  return made.then((buffer) => new Uint8Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength)));
}

interface KeptAnswer {
  changes: number;
  /** When the answer stops being true by itself (a product in it launches): epoch milliseconds. */
  until: number;
  /** The JSON as bytes: written as they are, never encoded again (the whole list is 2 MB at 1,000 products). */
  body: Promise<Uint8Array<ArrayBuffer>>;
  /** The same bytes in the codings clients have asked for so far. */
  encoded: Partial<Record<Coding, Promise<Uint8Array<ArrayBuffer>>>>;
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
 * every read builds its answer. A failed build (not_found) is never kept. A client that takes br or
 * gzip gets a large kept answer in it, compressed once (ADR 041).
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
    const made: KeptAnswer = { changes, until: Infinity, body: Promise.resolve(new Uint8Array(0)), encoded: {} };
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
  const body = await entry.body;
  const coding = body.byteLength >= ENCODE_FROM_BYTES ? acceptedEncoding(c.req.header('Accept-Encoding'), CODINGS) : null;
  const encoded = coding ? await encodedOnce(entry, body, coding) : null;
  return encoded && coding ? c.body(encoded, 200, { ...ANSWER_HEADERS, 'Content-Encoding': coding }) : c.body(body, 200, ANSWER_HEADERS);
}

/** The answer in `coding`, made by the first client that asks; null if it could not be (the text goes, the next client tries again). */
function encodedOnce(entry: KeptAnswer, body: Uint8Array, coding: Coding): Promise<Uint8Array<ArrayBuffer> | null> {
  const encoding = (entry.encoded[coding] ??= encode(body, coding));
  return encoding.catch(() => {
    if (entry.encoded[coding] === encoding) delete entry.encoded[coding];
    return null;
  });
}
