import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

import { sql } from 'kysely';

import type { Db } from '../db/database.js';
import type { CodePurpose } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { ApiError } from '../http-errors.js';
import type { Clock } from '../services/clock.js';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS, RESEND_COOLDOWN_MS } from './rules.js';

/**
 * Seconds left of the cooldown after the newest code that was mailed or is being mailed (not
 * retired before it went out); 0 when another may be sent.
 */
async function waitFor(db: Db, email: string, purpose: CodePurpose, now: Date): Promise<number> {
  const last = await db
    .selectFrom('verification_codes')
    .select('created_at')
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .where((eb) => eb.or([eb('mailed_at', 'is not', null), eb('consumed_at', 'is', null)]))
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!last) return 0;
  return Math.max(0, Math.ceil((last.created_at.getTime() + RESEND_COOLDOWN_MS - now.getTime()) / 1000));
}

/**
 * Retires the older codes and stores a new one, in one transaction under a lock on the email and purpose;
 * 429 within the cooldown of the last code mailed or being mailed.
 */
async function storeNewCode(db: Db, clock: Clock, email: string, purpose: CodePurpose, codeHash: string) {
  return inTransaction(db, async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`code:${purpose}:${email}`}, 0))`.execute(trx);
    const now = clock.now();
    const wait = await waitFor(trx, email, purpose, now);
    if (wait > 0) throw new ApiError(429, `Please wait ${wait} seconds before requesting a new code.`, 'code_too_soon', wait);
    await trx
      .updateTable('verification_codes')
      .set({ consumed_at: now })
      .where('email', '=', email)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .execute();
    return trx
      .insertInto('verification_codes')
      .values({
        email,
        purpose,
        code_hash: codeHash,
        created_at: now,
        expires_at: new Date(now.getTime() + CODE_TTL_MS),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
}

/**
 * One-time 6-digit codes: drawn from a CSPRNG, kept only as keyed hashes, valid for 10 minutes,
 * single use, dead after 5 wrong guesses, and not sent again within 60 s of the last one.
 */
export function createCodeService(db: Db, clock: Clock, secret: string) {
  const digest = (email: string, purpose: CodePurpose, code: string) =>
    createHmac('sha256', secret).update(`${purpose}:${email}:${code}`).digest('base64url');

  async function latest(email: string, purpose: CodePurpose) {
    return (
      db
        .selectFrom('verification_codes')
        .selectAll()
        .where('email', '=', email)
        .where('purpose', '=', purpose)
        // The live one first: a new code retires the others in its own transaction, even one made in the same instant.
        .orderBy(sql`consumed_at IS NULL`, 'desc')
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst()
    );
  }

  return {
    /** Seconds until another code may be sent for this email and purpose (0 when allowed). */
    async cooldownSeconds(email: string, purpose: CodePurpose): Promise<number> {
      return waitFor(db, email, purpose, clock.now());
    },

    /**
     * Makes a new code (retiring older ones), hands it to `deliver` (the email) and marks it mailed;
     * 429 within the cooldown of the last code mailed or being mailed. The check and the new code are
     * one transaction under a lock on the email and purpose, so requests racing each other send one
     * code, not one each. A code whose delivery failed is retired and holds nothing back: asking again
     * sends a new one at once.
     */
    async create(email: string, purpose: CodePurpose, deliver: (code: string) => Promise<void>): Promise<void> {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const stored = await storeNewCode(db, clock, email, purpose, digest(email, purpose, code));
      try {
        await deliver(code);
      } catch (error) {
        await db
          .updateTable('verification_codes')
          .set({ consumed_at: clock.now() })
          .where('id', '=', stored.id)
          .where('consumed_at', 'is', null)
          .execute()
          .catch(() => undefined);
        throw error;
      }
      await db.updateTable('verification_codes').set({ mailed_at: clock.now() }).where('id', '=', stored.id).execute();
    },

    /**
     * Checks a code. `consume` ends it at once (guest sign-in, password reset); otherwise it is only
     * marked verified, for a later step to consume with `takeVerified`.
     */
    async check(email: string, purpose: CodePurpose, code: string, options: { consume: boolean }): Promise<void> {
      const row = await latest(email, purpose);
      const now = clock.now();
      const label = purpose === 'reset' ? 'Reset code' : 'Verification code';
      if (!row || row.consumed_at) throw new ApiError(400, `Invalid ${label.toLowerCase()}`, 'code_invalid');
      if (row.expires_at <= now) throw new ApiError(400, `${label} has expired`, 'code_expired');
      // Claim the guess before comparing, in one statement: parallel guesses each take one of the
      // five, and once they are spent no guess is compared at all, however many arrive at once.
      const claimed = await db
        .updateTable('verification_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', row.id)
        .where('attempts', '<', CODE_MAX_ATTEMPTS)
        .where('consumed_at', 'is', null)
        .returning('attempts')
        .executeTakeFirst();
      if (!claimed) throw new ApiError(400, `${label} has expired after too many attempts`, 'code_expired');
      const expected = Buffer.from(row.code_hash);
      const given = Buffer.from(digest(email, purpose, code));
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        if (claimed.attempts >= CODE_MAX_ATTEMPTS) throw new ApiError(400, `${label} has expired after too many attempts`, 'code_expired');
        throw new ApiError(400, `Invalid ${label.toLowerCase()}`, 'code_invalid');
      }
      // The right code is used once: of two parallel right answers, only one consumes it.
      const used = await db
        .updateTable('verification_codes')
        .set(options.consume ? { verified_at: now, consumed_at: now } : { verified_at: now })
        .where('id', '=', row.id)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw new ApiError(400, `Invalid ${label.toLowerCase()}`, 'code_invalid');
    },

    /** Consumes a code verified earlier and still within its lifetime; false when there is none. */
    async takeVerified(email: string, purpose: CodePurpose): Promise<boolean> {
      const row = await latest(email, purpose);
      const now = clock.now();
      if (!row || !row.verified_at || row.consumed_at || row.expires_at <= now) return false;
      const updated = await db
        .updateTable('verification_codes')
        .set({ consumed_at: now })
        .where('id', '=', row.id)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },
  };
}

export type CodeService = ReturnType<typeof createCodeService>;
