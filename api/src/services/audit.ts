import type { AuditEntry } from '@contract/api/staff';
import type { ShopLocale } from '@contract/locale';

import type { Db } from '../db/database.js';

/** Who made a change: a signed-in staff member, or the owner's command line (the admin token). */
export type Actor =
  | {
      kind: 'staff';
      id: string;
      email: string;
      role: 'owner' | 'staff';
      /** Their back office's language (ADR 072). */ locale?: ShopLocale;
    }
  | { kind: 'cli'; role: 'owner' };

/** Also the payment provider, for what it tells the shop happened there (a refund made in its dashboard). */
export type AuditActor = Actor | { kind: 'provider'; name: string };

export const actorName = (actor: AuditActor) => (actor.kind === 'cli' ? 'cli' : actor.kind === 'provider' ? actor.name : actor.email);

export interface AuditRecord {
  action: string;
  subject_type: string;
  subject_id: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Writes one change to the audit log (in the caller's transaction when it passes one). */
export async function recordAudit(db: Db, at: Date, actor: AuditActor, entry: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at,
      actor: actorName(actor),
      action: entry.action,
      subject_type: entry.subject_type,
      subject_id: entry.subject_id,
      before: entry.before ? JSON.stringify(entry.before) : null,
      after: entry.after ? JSON.stringify(entry.after) : null,
    })
    .execute();
}

/** The newest changes first, all of them or those of one subject. */
export async function listAudit(db: Db, filter: { subject_type?: string; subject_id?: string; limit: number }): Promise<AuditEntry[]> {
  let query = db.selectFrom('audit_log').select(['at', 'actor', 'action', 'subject_type', 'subject_id', 'before', 'after']);
  if (filter.subject_type) query = query.where('subject_type', '=', filter.subject_type);
  if (filter.subject_id) query = query.where('subject_id', '=', filter.subject_id);
  // The log of changes leaves out the emails the shop sent; an order's own timeline shows them.
  else query = query.where('action', 'not like', '%.email');
  const rows = await query.orderBy('id', 'desc').limit(filter.limit).execute();
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}
