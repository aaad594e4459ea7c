import { REMINDER_DEFAULTS, type ReminderSettings } from '@contract/api/insights';

import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import type { AppDeps } from '../../deps.js';
import { type Actor, actorName, recordAudit } from '../audit.js';

const KEY = 'cart_reminders';

/** The reminders' settings in force: the defaults (off, 4 h, 48 h), with what an owner set on top. */
export async function readReminderSettings(db: Db): Promise<ReminderSettings> {
  const row = await db.selectFrom('shop_settings').select('value').where('key', '=', KEY).executeTakeFirst();
  const stored = (row?.value.value ?? {}) as Partial<Record<keyof ReminderSettings, unknown>>;
  const settings: ReminderSettings = { ...REMINDER_DEFAULTS };
  if (typeof stored.enabled === 'boolean') settings.enabled = stored.enabled;
  if (typeof stored.first_hours === 'number') settings.first_hours = stored.first_hours;
  if (typeof stored.followup_hours === 'number') settings.followup_hours = stored.followup_hours;
  if (typeof stored.subject_en === 'string') settings.subject_en = stored.subject_en;
  if (typeof stored.subject_it === 'string') settings.subject_it = stored.subject_it;
  return settings;
}

/** An owner sets the reminders: the audit entry holds what changed, before → after, in the same transaction. */
export async function changeReminderSettings(deps: Pick<AppDeps, 'db' | 'clock'>, change: ReminderSettings, actor: Actor) {
  const now = deps.clock.now();
  await inTransaction(deps.db, async (trx) => {
    // Locks the row (once it exists) so two owners saving at once each audit what they replaced.
    await trx.selectFrom('shop_settings').select('key').where('key', '=', KEY).forUpdate().executeTakeFirst();
    const before = await readReminderSettings(trx);
    const value = JSON.stringify({ value: change });
    await trx
      .insertInto('shop_settings')
      .values({ key: KEY, value, updated_at: now, updated_by: actorName(actor) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now, updated_by: actorName(actor) }))
      .execute();
    const changed = (Object.keys(change) as (keyof ReminderSettings)[]).filter((key) => before[key] !== change[key]);
    if (changed.length) {
      await recordAudit(trx, now, actor, {
        action: 'settings.change',
        subject_type: 'setting',
        subject_id: KEY,
        before: Object.fromEntries(changed.map((key) => [key, before[key]])),
        after: Object.fromEntries(changed.map((key) => [key, change[key]])),
      });
    }
  });
  return readReminderSettings(deps.db);
}
