import { createHash, randomUUID } from 'node:crypto';

import type { Context, MiddlewareHandler } from 'hono';
import { sql } from 'kysely';

import type { Db } from './db/database.js';
import type { AppEnv } from './deps.js';
import { ApiError } from './http-errors.js';

/**
 * Idempotent writes (ADR 044), as Stripe's API has them: a mutation sent with an `Idempotency-Key`
 * runs once, and the same key sent again (the storefront's retry after a lost answer, a balancer's
 * replay, a second instance) gets the first answer back, kept for a day. The same key with another
 * method, path or body is refused. A repeat that arrives while the first still runs waits for its
 * answer (up to WAIT_MS, else 409 with Retry-After); the work is never run twice at once.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,255}$/;

/** How long an answer is kept for its key. */
export const KEEP_MS = 24 * 60 * 60_000;
/** A claim is its request's for this long, renewed while the request runs; a dead instance's claim lapses. */
export const LEASE_MS = 5_000;
/** How long a repeat waits for the first request's answer before answering 409. */
export const WAIT_MS = 6_000;
const POLL_MS = 100;

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The answer's headers a repeat must get too (a new cart's cookie, a redirect, a wait). */
const KEPT_HEADERS = ['content-type', 'set-cookie', 'location', 'retry-after', 'cache-control'];

/**
 * Whether an answer is the request's result, to be given to every repeat. Not kept, so a repeat runs
 * the request again: refusals before any work (401 and 403 while the client refreshes its token, 429
 * while it waits) and failures of the server (5xx: the work's own transaction rolled back, or the
 * answer did not come from it).
 */
export function isKeptAnswer(status: number): boolean {
  return status >= 200 && status < 500 && status !== 401 && status !== 403 && status !== 429;
}

export function idempotentWrites(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key === undefined || !MUTATIONS.has(c.req.method)) return next();
    if (!KEY_PATTERN.test(key)) throw new ApiError(400, `${IDEMPOTENCY_HEADER} must be 8 to 255 letters, digits or '-', '_', '.', ':'`);
    const { db, clock } = c.var.deps;
    const fingerprint = requestFingerprint(c.req.method, c.req.url, new Uint8Array(await c.req.arrayBuffer()));

    const deadline = Date.now() + WAIT_MS;
    let claim: string | null = null;
    for (;;) {
      claim = await claimKey(db, key, fingerprint, clock.now());
      if (claim) break;
      const held = await db
        .selectFrom('idempotency_keys')
        .select(['fingerprint', 'status', 'headers', 'body'])
        .where('key', '=', key)
        .executeTakeFirst();
      if (!held) continue; // its claim was given back (a failed first try) meanwhile: claim it now
      if (held.fingerprint !== fingerprint) {
        throw new ApiError(422, `This ${IDEMPOTENCY_HEADER} was used with another request; send a new key`, 'idempotency_key_reused');
      }
      if (held.status !== null) {
        const replay = new Response(held.status === 204 || held.status === 304 ? null : held.body, { status: held.status });
        for (const [name, value] of held.headers ?? []) replay.headers.append(name, value);
        replay.headers.set(REPLAYED_HEADER, 'true');
        return replay;
      }
      if (Date.now() >= deadline) {
        c.header('Retry-After', '1');
        throw new ApiError(409, 'The first request with this key is still running; send it again in a moment', 'idempotency_in_progress');
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }

    const mine = claim;
    const renew = setInterval(() => {
      void db
        .updateTable('idempotency_keys')
        .set({ locked_until: new Date(clock.now().getTime() + LEASE_MS) })
        .where('key', '=', key)
        .where('claim', '=', mine)
        .where('status', 'is', null)
        .execute()
        .catch(() => undefined);
    }, LEASE_MS / 3);
    try {
      await next();
    } finally {
      clearInterval(renew);
    }
    const answer = c.res;
    // A kept body is text: a file (the packing slips' PDF) is made again for a repeat, never kept garbled.
    const textual = !/^application\/(pdf|octet-stream)|^image\//i.test(answer.headers.get('content-type') ?? '');
    if (isKeptAnswer(answer.status) && textual) {
      const headers = KEPT_HEADERS.flatMap((name) =>
        name === 'set-cookie'
          ? answer.headers.getSetCookie().map((value): [string, string] => [name, value])
          : answer.headers.has(name)
            ? [[name, answer.headers.get(name)!] as [string, string]]
            : [],
      );
      await db
        .updateTable('idempotency_keys')
        .set({ status: answer.status, headers: JSON.stringify(headers), body: await answer.clone().text(), locked_until: null })
        .where('key', '=', key)
        .where('claim', '=', mine)
        .execute();
    } else {
      await db.deleteFrom('idempotency_keys').where('key', '=', key).where('claim', '=', mine).execute();
    }
  };
}

/** The request's Idempotency-Key, when it is a write carrying a well-formed one (the middleware has claimed it). */
export function writeKey(c: Context<AppEnv>): string | undefined {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  return key !== undefined && MUTATIONS.has(c.req.method) && KEY_PATTERN.test(key) ? key : undefined;
}

/** What a key stands for: the method, the path and query, and the body. */
export function requestFingerprint(method: string, url: string, body: Uint8Array): string {
  const { pathname, search } = new URL(url);
  return createHash('sha256').update(`${method} ${pathname}${search}\n`).update(body).digest('hex');
}

/**
 * Claims `key` in one statement: a new key, a key whose answer has expired, or a key whose claim
 * lapsed (its instance died mid-request) with the same request. Answers the claim, or null when the
 * key is someone else's (running, answered, or used with another request).
 */
async function claimKey(db: Db, key: string, fingerprint: string, now: Date): Promise<string | null> {
  const row = await db
    .insertInto('idempotency_keys')
    .values({
      key,
      fingerprint,
      claim: randomUUID(),
      locked_until: new Date(now.getTime() + LEASE_MS),
      created_at: now,
      expires_at: new Date(now.getTime() + KEEP_MS),
    })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet((eb) => ({
          fingerprint: eb.ref('excluded.fingerprint'),
          claim: eb.ref('excluded.claim'),
          locked_until: eb.ref('excluded.locked_until'),
          status: null,
          headers: null,
          body: null,
          created_at: eb.ref('excluded.created_at'),
          expires_at: eb.ref('excluded.expires_at'),
          // A lapsed claim keeps its work's mark (ADR 069); an expired answer's key starts afresh.
          applied_to: sql<string | null>`CASE WHEN idempotency_keys.expires_at <= ${now} THEN NULL ELSE idempotency_keys.applied_to END`,
        }))
        .where((eb) =>
          eb.or([
            eb('idempotency_keys.expires_at', '<=', now),
            eb.and([
              eb('idempotency_keys.status', 'is', null),
              eb('idempotency_keys.locked_until', '<=', now),
              eb('idempotency_keys.fingerprint', '=', eb.ref('excluded.fingerprint')),
            ]),
          ]),
        ),
    )
    .returning('claim')
    .executeTakeFirst();
  return row?.claim ?? null;
}

/** Forgets answers older than a day (the API's periodic sweep). */
export async function deleteExpiredIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
