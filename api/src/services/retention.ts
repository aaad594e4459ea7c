import type { RetentionDays } from '@contract/retention';

import type { Db } from '../db/database.js';
import { recordPrivacyEvent } from './privacy-log.js';
import { readRetentionDays } from './settings.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const before = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

export type PurgeCounts = Record<keyof RetentionDays, number>;

/**
 * Removes what has outlived its period: the periods in force (contract/retention.ts's defaults, or
 * what the owner set, services/settings.ts). A run that removed anything writes one line of the
 * privacy log with its counts. Every statement is a plain DELETE by
 * age, so instances may run it at once and a run cut short is finished by the next. Orders go only
 * after their 10 years, with everything that hangs on them; a guest goes only without orders and
 * without a checkout under way.
 */
export async function purgeExpiredData(db: Db, now: Date): Promise<PurgeCounts> {
  const periods = await readRetentionDays(db);
  const count = (result: { numDeletedRows: bigint }[]) => result.reduce((sum, r) => sum + Number(r.numDeletedRows), 0);
  const orders = count(await db.deleteFrom('purchases').where('created_at', '<', before(now, periods.orders)).execute());
  const unpaidCheckouts = count(
    await db
      .deleteFrom('checkout_sessions')
      .where('status', 'in', ['expired', 'cancelled', 'declined', 'refunded'])
      .where('created_at', '<', before(now, periods.unpaidCheckouts))
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('purchases').select('id').whereRef('purchases.checkout_session_id', '=', 'checkout_sessions.id'))),
      )
      .execute(),
  );
  const guestsWithoutOrders = count(
    await db
      .deleteFrom('users')
      .where('user_type', '=', 'guest')
      .where('erased_at', 'is', null)
      .where((eb) => eb.or([eb('session_expires_at', 'is', null), eb('session_expires_at', '<', before(now, periods.guestsWithoutOrders))]))
      .where('updated_at', '<', before(now, periods.guestsWithoutOrders))
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('purchases').select('id').whereRef('purchases.user_id', '=', 'users.id'))),
      )
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('checkout_sessions').select('id').whereRef('checkout_sessions.user_id', '=', 'users.id'))),
      )
      .execute(),
  );
  const anonymousCarts = count(
    await db.deleteFrom('carts').where('user_id', 'is', null).where('updated_at', '<', before(now, periods.anonymousCarts)).execute(),
  );
  const contactMessages = count(
    await db.deleteFrom('contact_messages').where('created_at', '<', before(now, periods.contactMessages)).execute(),
  );
  const outbox = count(await db.deleteFrom('mail_outbox').where('created_at', '<', before(now, periods.outbox)).execute());
  const spent = before(now, periods.spentCodesAndSessions);
  const spentCodesAndSessions =
    count(await db.deleteFrom('verification_codes').where('expires_at', '<', spent).execute()) +
    count(await db.deleteFrom('refresh_tokens').where('expires_at', '<', spent).execute()) +
    count(await db.deleteFrom('staff_sessions').where('expires_at', '<', spent).execute());
  const finishedJobs = count(await db.deleteFrom('jobs').where('done_at', '<', before(now, periods.finishedJobs)).execute());
  const privacyLog = count(await db.deleteFrom('privacy_log').where('at', '<', before(now, periods.privacyLog)).execute());
  const counts = {
    orders,
    unpaidCheckouts,
    guestsWithoutOrders,
    anonymousCarts,
    contactMessages,
    outbox,
    spentCodesAndSessions,
    finishedJobs,
    privacyLog,
  };
  const removed = Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
  if (Object.keys(removed).length) await recordPrivacyEvent(db, now, { kind: 'purge', by: 'schedule', details: removed });
  return counts;
}
