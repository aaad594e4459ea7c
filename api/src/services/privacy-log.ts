import type { PrivacyLog } from '@contract/api/privacy';
import { customerLabel } from '@contract/erased';

import type { Db } from '../db/database.js';
import { type Actor, actorName } from './audit.js';

export type PrivacyLogKind = PrivacyLog['entries'][number]['kind'];

/** Who answered a privacy request: the customer themselves, a staff member, the CLI, or the schedule. */
export type PrivacyActor = 'shopper' | 'schedule' | Actor;

/** Writes one line of the privacy log (in the caller's transaction when it passes one). */
export async function recordPrivacyEvent(
  db: Db,
  at: Date,
  entry: { kind: PrivacyLogKind; by: PrivacyActor; customerId?: string | null; details?: Record<string, number> | null },
): Promise<void> {
  await db
    .insertInto('privacy_log')
    .values({
      at,
      kind: entry.kind,
      actor: typeof entry.by === 'string' ? entry.by : actorName(entry.by),
      customer_id: entry.customerId ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
    })
    .execute();
}

/** A page of the privacy log, newest first, each line naming its customer as the back office does. */
export async function listPrivacyLog(db: Db, page: { limit: number; offset: number }): Promise<PrivacyLog> {
  const rows = await db
    .selectFrom('privacy_log as l')
    .leftJoin('users as u', 'u.id', 'l.customer_id')
    .select(['l.at', 'l.kind', 'l.actor', 'l.customer_id', 'l.details', 'u.email'])
    .orderBy('l.id', 'desc')
    .limit(page.limit + 1)
    .offset(page.offset)
    .execute();
  return {
    entries: rows.slice(0, page.limit).map((row) => ({
      at: row.at.toISOString(),
      kind: row.kind,
      actor: row.actor,
      customer_id: row.customer_id,
      customer: row.email ? customerLabel(row.email) : null,
      details: row.details,
    })),
    has_more: rows.length > page.limit,
  };
}
