import { sql } from 'kysely';

import { DomainError } from '../domain-error.js';
import { LOCK_AFTER_FAILURES, LOCK_DURATION_MS } from './rules.js';

/**
 * The password lockout shared by shoppers (`users`) and the back office (`staff`): both tables keep
 * `failed_login_count` and `locked_until`. A failure is counted in the same statement that may set the
 * lock, so parallel wrong passwords can never slip past the limit.
 */
export function lockedFor(until: Date, now: Date): DomainError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return new DomainError('account_locked', `Account locked due to multiple failed attempts. Try again in ${minutes} minutes.`);
}

/** The row is not locked at `now` (a WHERE condition). */
export const unlockedAt = (now: Date) => sql<boolean>`(locked_until is null or locked_until <= ${now})`;

/** The SET of a failed password: one more failure, or the lock once the limit is reached (count back to 0). */
export function countFailure(now: Date) {
  const lockUntil = new Date(now.getTime() + LOCK_DURATION_MS);
  const reachesLock = sql<boolean>`failed_login_count + 1 >= ${LOCK_AFTER_FAILURES}`;
  return {
    failed_login_count: sql<number>`case when ${reachesLock} then 0 else failed_login_count + 1 end`,
    locked_until: sql<Date | null>`case when ${reachesLock} then ${lockUntil} else locked_until end`,
  };
}

/** The SET of a successful sign-in or a new password. */
export const clearFailures = () => ({ failed_login_count: 0, locked_until: null });
