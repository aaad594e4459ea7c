import { createHash, randomBytes, randomUUID } from 'node:crypto';

import { errors, jwtVerify, SignJWT } from 'jose';

import type { Db } from '../db/database.js';
import { inTransaction, type Trx } from '../db/transaction.js';
import { ApiError } from '../http-errors.js';
import type { Clock } from '../services/clock.js';
import { ACCESS_TOKEN_TTL_S, GUEST_SESSION_TTL_MS, REGISTERED_REFRESH_TTL_MS } from './rules.js';

export interface TokenUser {
  id: string;
  user_type: 'guest' | 'registered';
  session_expires_at: Date | null;
}

export interface TokenPair {
  access_token: string;
  refresh_token: string;
}

const ISSUER = 'shop-api';
const REUSE_GRACE_MS = 10_000;
/** The most verified access tokens kept per API instance (the oldest goes first). */
const VERIFIED_TOKENS_MAX = 10_000;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** When a user's refresh token runs out: a guest's with the guest session, a registered user's after its own lifetime. */
function refreshExpiry(user: TokenUser, now: Date): Date {
  if (user.user_type === 'guest') return user.session_expires_at ?? new Date(now.getTime() + GUEST_SESSION_TTL_MS);
  return new Date(now.getTime() + REGISTERED_REFRESH_TTL_MS);
}

/** Ends every live token of a refresh-token family. */
async function revokeFamily(db: Db | Trx, familyId: string, now: Date): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** One rotation inside its transaction: the next pair, or the refusal to raise once the transaction has committed. */
async function rotateIn(
  trx: Trx,
  refreshToken: string,
  now: Date,
  accessToken: (user: TokenUser) => Promise<string>,
): Promise<TokenPair | ApiError> {
  const row = await trx
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', sha256(refreshToken))
    .forUpdate()
    .executeTakeFirst();
  if (!row) return new ApiError(401, 'Invalid refresh token', 'refresh_token_invalid');
  if (row.revoked_at) return new ApiError(401, 'Refresh token has been revoked', 'refresh_token_invalid');
  // Two requests of one page may refresh together with the same token; only a replay after that is theft.
  if (row.used_at && now.getTime() - row.used_at.getTime() > REUSE_GRACE_MS) {
    await revokeFamily(trx, row.family_id, now);
    return new ApiError(401, 'Refresh token reuse detected; please sign in again', 'refresh_token_invalid');
  }
  const user = await trx
    .selectFrom('users')
    .select(['id', 'user_type', 'session_expires_at'])
    .where('id', '=', row.user_id)
    .executeTakeFirst();
  if (!user) return new ApiError(401, 'Invalid refresh token', 'refresh_token_invalid');
  if (user.user_type === 'guest' && user.session_expires_at && user.session_expires_at <= now) {
    return new ApiError(401, 'Guest session has expired', 'guest_session_expired');
  }
  if (row.expires_at <= now) return new ApiError(401, 'Refresh token has expired', 'refresh_token_invalid');
  if (!row.used_at) await trx.updateTable('refresh_tokens').set({ used_at: now }).where('id', '=', row.id).execute();
  const token = randomBytes(32).toString('base64url');
  await trx
    .insertInto('refresh_tokens')
    .values({
      user_id: user.id,
      family_id: row.family_id,
      token_hash: sha256(token),
      created_at: now,
      expires_at: refreshExpiry(user, now),
    })
    .execute();
  return { access_token: await accessToken(user), refresh_token: token };
}

export function createTokenService(db: Db, clock: Clock, jwtSecret: string) {
  const key = new TextEncoder().encode(jwtSecret);

  async function accessToken(user: TokenUser): Promise<string> {
    const now = clock.now();
    let exp = seconds(now) + ACCESS_TOKEN_TTL_S;
    // A guest's token never outlives the guest session.
    if (user.user_type === 'guest' && user.session_expires_at) exp = Math.min(exp, seconds(user.session_expires_at));
    return new SignJWT({ typ: user.user_type })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer(ISSUER)
      .setIssuedAt(seconds(now))
      .setExpirationTime(exp)
      .sign(key);
  }

  async function storeRefreshToken(user: TokenUser, familyId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await db
      .insertInto('refresh_tokens')
      .values({
        user_id: user.id,
        family_id: familyId,
        token_hash: sha256(token),
        created_at: clock.now(),
        expires_at: refreshExpiry(user, clock.now()),
      })
      .execute();
    return token;
  }

  // Access tokens whose signature checked out: the HMAC is most of a signed-in call's own work otherwise.
  const verified = new Map<string, { sub: string; exp: number; nbf: number | undefined }>();

  return {
    /** A new sign-in: a new refresh-token family. */
    async issue(user: TokenUser): Promise<TokenPair> {
      return { access_token: await accessToken(user), refresh_token: await storeRefreshToken(user, randomUUID()) };
    },

    /** The user id in a valid access token; 401 with a detail the storefront maps (expired token, JWT). */
    async verifyAccess(token: string): Promise<{ userId: string }> {
      // A token whose signature was checked before is the same token: only its times are checked again.
      const now = Math.floor(clock.now().getTime() / 1000);
      const known = verified.get(token);
      if (known && now < known.exp && (known.nbf === undefined || now >= known.nbf)) return { userId: known.sub };
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'], currentDate: clock.now() });
        if (!payload.sub) throw new ApiError(401, 'Invalid token: JWT has no subject', 'token_invalid');
        if (payload.exp !== undefined) {
          if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value!);
          verified.set(token, { sub: payload.sub, exp: payload.exp, nbf: payload.nbf });
        }
        return { userId: payload.sub };
      } catch (error) {
        if (error instanceof ApiError) throw error;
        if (error instanceof errors.JWTExpired) throw new ApiError(401, 'Token has expired', 'token_expired');
        throw new ApiError(401, 'Invalid token: JWT could not be verified', 'token_invalid');
      }
    },

    /**
     * Rotation: the presented token is retired and the next one of its family issued. A token used
     * again more than a few seconds later means it leaked: the whole family is revoked and the
     * shopper must sign in again.
     */
    async rotate(refreshToken: string): Promise<TokenPair> {
      const now = clock.now();
      // The outcome is decided inside the transaction and raised after it commits, so a revocation sticks.
      const outcome = await inTransaction(db, (trx) => rotateIn(trx, refreshToken, now, accessToken));
      if (outcome instanceof ApiError) throw outcome;
      return outcome;
    },

    /** Sign-out with only a refresh token (the access token may have run out): its family ends. */
    async revokeFamilyOf(refreshToken: string): Promise<void> {
      const row = await db
        .selectFrom('refresh_tokens')
        .select('family_id')
        .where('token_hash', '=', sha256(refreshToken))
        .executeTakeFirst();
      if (!row) return;
      await revokeFamily(db, row.family_id, clock.now());
    },

    /** Sign-out: the family of the given refresh token, or every token of the user. */
    async revoke(userId: string, refreshToken?: string): Promise<void> {
      const now = clock.now();
      if (refreshToken) {
        const row = await db
          .selectFrom('refresh_tokens')
          .select('family_id')
          .where('token_hash', '=', sha256(refreshToken))
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (row) {
          await revokeFamily(db, row.family_id, now);
          return;
        }
      }
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
