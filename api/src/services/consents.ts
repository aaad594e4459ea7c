import { CONSENT_POLICY, type ConsentKind } from '@contract/api/privacy';
import { policyDocument } from '@contract/policies';
import { shopDay } from '@contract/shop-time';

import type { Db } from '../db/database.js';

/**
 * The version of the policy a consent of that kind is given under (`CONSENT_POLICY`): the shop day
 * its published version was made, as the owner publishes it from the back office (ADR 068); the day
 * of the text the shop started with while its page is not in the database yet.
 */
export async function policyVersion(db: Db, kind: ConsentKind): Promise<string> {
  const slug = CONSENT_POLICY[kind];
  const published = await db
    .selectFrom('pages')
    .innerJoin('page_versions', (join) =>
      join.onRef('page_versions.page_id', '=', 'pages.id').onRef('page_versions.number', '=', 'pages.published_version'),
    )
    .select('page_versions.created_at')
    .where('pages.builtin', '=', slug)
    .executeTakeFirst();
  return published ? shopDay(published.created_at) : policyDocument(slug).updated;
}

/**
 * Records a consent (the cookie notice's; marketing goes through its double opt-in,
 * reminders/marketing-consent.ts) under the current policy version. Giving one already in force changes nothing
 * (the partial unique index keeps one in force per kind, so two at once record it once).
 */
export async function giveConsent(db: Db, now: Date, userId: string, kind: ConsentKind): Promise<void> {
  const version = await policyVersion(db, kind);
  await db
    .insertInto('consents')
    .values({ user_id: userId, kind, policy_version: version, given_at: now, confirmed_at: now })
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
