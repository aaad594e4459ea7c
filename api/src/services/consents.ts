import { type ConsentKind, POLICY_VERSION } from '@contract/api/privacy';

import type { Db } from '../db/database.js';

/**
 * Records a consent (the cookie notice's; marketing goes through its double opt-in,
 * reminders/marketing-consent.ts) under the current policy version. Giving one already in force changes nothing
 * (the partial unique index keeps one in force per kind, so two at once record it once).
 */
export async function giveConsent(db: Db, now: Date, userId: string, kind: ConsentKind): Promise<void> {
  await db
    .insertInto('consents')
    .values({ user_id: userId, kind, policy_version: POLICY_VERSION, given_at: now, confirmed_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'kind']).where('withdrawn_at', 'is', null).doNothing())
    .execute();
}

/** Withdraws the consent of that kind in force, if any: one conditional UPDATE. Says whether there was one. */
export async function withdrawConsent(db: Db, now: Date, userId: string, kind: ConsentKind): Promise<boolean> {
  const done = await db
    .updateTable('consents')
    .set({ withdrawn_at: now })
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/** Every consent the customer gave, newest first. */
export async function listConsents(db: Db, userId: string) {
  const rows = await db
    .selectFrom('consents')
    .select(['kind', 'policy_version', 'given_at', 'withdrawn_at', 'confirmed_at'])
    .where('user_id', '=', userId)
    .orderBy('given_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    policy_version: row.policy_version,
    given_at: row.given_at.toISOString(),
    withdrawn_at: row.withdrawn_at ? row.withdrawn_at.toISOString() : null,
    confirmed_at: row.confirmed_at ? row.confirmed_at.toISOString() : null,
  }));
}
