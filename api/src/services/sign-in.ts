import type { ShopLocale } from '@contract/locale';

import { clearFailures, countFailure, lockedFor, unlockedAt } from '../auth/lockout.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { GUEST_SESSION_TTL_MS, LOCK_DURATION_MS } from '../auth/rules.js';
import { findUserByEmail, type UserRow } from '../auth/users.js';
import type { Db } from '../db/database.js';
import { DomainError } from '../domain-error.js';

const accountExists = () => new DomainError('already_exists', 'An account with this email already exists');

/** Refuses an email that already has an account with a password. */
export async function ensureNoAccount(db: Db, email: string): Promise<UserRow | undefined> {
  const user = await findUserByEmail(db, email);
  if (user?.password_hash) throw accountExists();
  return user;
}

/** Which verification the email has under way, for a resend; no_verification_pending when none. */
export async function pendingVerification(db: Db, email: string): Promise<'register' | 'guest'> {
  const pending = await db
    .selectFrom('verification_codes')
    .select('purpose')
    .where('email', '=', email)
    .where('purpose', 'in', ['register', 'guest'])
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!pending) throw new DomainError('no_verification_pending', 'No verification in progress for this email');
  return pending.purpose as 'register' | 'guest';
}

/**
 * The registered account, made from scratch or from the guest record of the same email (keeping its
 * purchases and cards), in the language it was made in.
 */
export async function createAccount(
  db: Db,
  now: Date,
  existing: UserRow | undefined,
  input: { email: string; password: string; first_name: string; last_name: string; locale?: ShopLocale },
): Promise<UserRow> {
  const account = {
    user_type: 'registered' as const,
    password_hash: await hashPassword(input.password),
    first_name: input.first_name,
    last_name: input.last_name,
    email_verified_at: now,
    session_expires_at: null,
    updated_at: now,
    ...(input.locale ? { locale: input.locale } : {}),
  };
  return existing
    ? db.updateTable('users').set(account).where('id', '=', existing.id).returningAll().executeTakeFirstOrThrow()
    : db
        .insertInto('users')
        .values({ email: input.email, created_at: now, ...account })
        .returningAll()
        .executeTakeFirstOrThrow();
}

/**
 * A signed-in guest becomes a registered account on the same record, keeping its purchases and cards.
 * One conditional UPDATE: only a guest record without a password changes, so a stale guest sign-in
 * can never set the password of an account made in the meantime (already_exists).
 */
export async function keepGuestAsAccount(
  db: Db,
  now: Date,
  userId: string,
  input: { password: string; first_name?: string; last_name?: string; locale?: ShopLocale },
): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  const account = await db
    .updateTable('users')
    .set({
      user_type: 'registered',
      password_hash: passwordHash,
      first_name: input.first_name || null,
      last_name: input.last_name || null,
      session_expires_at: null,
      updated_at: now,
      ...(input.locale ? { locale: input.locale } : {}),
    })
    .where('id', '=', userId)
    .where('user_type', '=', 'guest')
    .where('password_hash', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!account) throw accountExists();
  return account;
}

/** A guest session of GUEST_SESSION_TTL_MS from now, on the guest record of the email, in the language of this visit. */
export async function startGuestSession(
  db: Db,
  now: Date,
  existing: UserRow | undefined,
  email: string,
  locale?: ShopLocale,
): Promise<UserRow> {
  const guest = {
    email_verified_at: now,
    session_expires_at: new Date(now.getTime() + GUEST_SESSION_TTL_MS),
    updated_at: now,
    ...(locale ? { locale } : {}),
  };
  return existing
    ? db.updateTable('users').set(guest).where('id', '=', existing.id).returningAll().executeTakeFirstOrThrow()
    : db
        .insertInto('users')
        .values({ email, user_type: 'guest', created_at: now, ...guest })
        .returningAll()
        .executeTakeFirstOrThrow();
}

/**
 * Email and password. Failures are counted, and the lock set, in one statement that runs only while
 * the account is not locked; a success clears the count only on the same condition. So however
 * many guesses arrive at once, the fifth failure locks the account, no guess gets through a lock,
 * and a right password cannot lift a lock that a parallel failure has just set.
 */
export async function passwordSignIn(db: Db, now: Date, email: string, password: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  if (user?.locked_until && user.locked_until > now) throw lockedFor(user.locked_until, now);
  const unlocked = unlockedAt(now);

  if (!user || !(await verifyPassword(user.password_hash ?? null, password))) {
    if (user?.password_hash) {
      const counted = await db
        .updateTable('users')
        .set(countFailure(now))
        .where('id', '=', user.id)
        .where(unlocked)
        .returning(['locked_until'])
        .executeTakeFirst();
      const lock = counted ? counted.locked_until : await lockOf(db, user.id);
      if (lock && lock > now) throw lockedFor(lock, now);
    }
    throw new DomainError('invalid_credentials', 'Invalid credentials');
  }
  const signedIn = await db
    .updateTable('users')
    .set(clearFailures())
    .where('id', '=', user.id)
    .where(unlocked)
    .returningAll()
    .executeTakeFirst();
  if (!signedIn) throw lockedFor((await lockOf(db, user.id)) ?? new Date(now.getTime() + LOCK_DURATION_MS), now);
  return signedIn;
}

async function lockOf(db: Db, userId: string): Promise<Date | null> {
  const row = await db.selectFrom('users').select('locked_until').where('id', '=', userId).executeTakeFirst();
  return row?.locked_until ?? null;
}

/** A new password, which also lifts any lock. */
export async function setPassword(db: Db, now: Date, userId: string, password: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password), ...clearFailures(), updated_at: now })
    .where('id', '=', userId)
    .execute();
}
