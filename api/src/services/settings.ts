import type { z } from 'zod';
import { LOW_STOCK_THRESHOLD, type shopSettingsSchema } from '@contract/api/admin';
import type { AppDeps } from '../deps.js';
import type { Db } from '../db/database.js';
import { actorName, recordAudit, type Actor } from './audit.js';
import { inTransaction } from '../db/transaction.js';

type Settings = z.infer<typeof shopSettingsSchema>;

/** What applies when an owner has set nothing. */
const DEFAULTS: Settings = { low_stock_threshold: LOW_STOCK_THRESHOLD };

/** The shop's settings: each as an owner last set it, or its default. */
export async function readSettings(db: Db): Promise<Settings> {
  const rows = await db.selectFrom('shop_settings').select(['key', 'value']).execute();
  const stored = new Map(rows.map((row) => [row.key, row.value.value]));
  const threshold = stored.get('low_stock_threshold');
  return { low_stock_threshold: typeof threshold === 'number' ? threshold : DEFAULTS.low_stock_threshold };
}

/** Sets the given settings, each with its audit entry (before → after) in the same transaction. */
export async function changeSettings(deps: Pick<AppDeps, 'db' | 'clock'>, change: Partial<Settings>, actor: Actor): Promise<Settings> {
  const now = deps.clock.now();
  await inTransaction(deps.db, async (trx) => {
    for (const [key, value] of Object.entries(change) as [keyof Settings, Settings[keyof Settings]][]) {
      const before = await trx.selectFrom('shop_settings').select('value').where('key', '=', key).forUpdate().executeTakeFirst();
      await trx
        .insertInto('shop_settings')
        .values({ key, value: JSON.stringify({ value }), updated_at: now, updated_by: actorName(actor) })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify({ value }), updated_at: now, updated_by: actorName(actor) }))
        .execute();
      await recordAudit(trx, now, actor, {
        action: 'settings.change',
        subject_type: 'setting',
        subject_id: key,
        before: { [key]: before ? before.value.value : DEFAULTS[key] },
        after: { [key]: value },
      });
    }
  });
  return readSettings(deps.db);
}
