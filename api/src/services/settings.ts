import type { z } from 'zod';

import { LOW_STOCK_THRESHOLD, type shopSettingsSchema } from '@contract/api/admin';
import {
  CHANGEABLE_RETENTION_KINDS,
  type ChangeableRetentionKind,
  RETENTION_BOUNDS,
  RETENTION_DAYS,
  type RetentionDays,
} from '@contract/retention';

import type { Db } from '../db/database.js';
import { inTransaction } from '../db/transaction.js';
import type { AppDeps } from '../deps.js';
import { DomainError } from '../domain-error.js';
import { type Actor, actorName, recordAudit } from './audit.js';

const RETENTION_KEY = 'retention_days';
const MENU_KEY = 'menu_products';

type Settings = z.infer<typeof shopSettingsSchema>;

/** What applies when an owner has set nothing. */
const DEFAULTS: Settings = { low_stock_threshold: LOW_STOCK_THRESHOLD, store_credit_bonus_percent: 0 };

/** The shop's settings: each as an owner last set it, or its default. */
export async function readSettings(db: Db): Promise<Settings> {
  const rows = await db.selectFrom('shop_settings').select(['key', 'value']).execute();
  const stored = new Map(rows.map((row) => [row.key, row.value.value]));
  const threshold = stored.get('low_stock_threshold');
  const bonus = stored.get('store_credit_bonus_percent');
  return {
    low_stock_threshold: typeof threshold === 'number' ? threshold : DEFAULTS.low_stock_threshold,
    store_credit_bonus_percent: typeof bonus === 'number' ? bonus : DEFAULTS.store_credit_bonus_percent,
  };
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
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({ value: JSON.stringify({ value }), updated_at: now, updated_by: actorName(actor) }),
        )
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

/** The products the owner features in the shop's menu, in their order; [] when none is chosen. */
export async function readMenuProducts(db: Db): Promise<string[]> {
  const row = await db.selectFrom('shop_settings').select('value').where('key', '=', MENU_KEY).executeTakeFirst();
  const ids = row?.value.value;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * An owner chooses the menu's products (ids of products that exist, archived or not: an archived one
 * is simply not shown); audited before → after in the same transaction. Unknown ids are refused.
 */
export async function changeMenuProducts(deps: Pick<AppDeps, 'db' | 'clock'>, ids: string[], actor: Actor): Promise<string[]> {
  const now = deps.clock.now();
  await inTransaction(deps.db, async (trx) => {
    if (ids.length) {
      const found = await trx.selectFrom('products').select('id').where('id', 'in', ids).where('gift_card', '=', false).execute();
      if (found.length !== ids.length) throw new DomainError('invalid_request', 'Choose products of the catalogue');
    }
    const before = await trx.selectFrom('shop_settings').select('value').where('key', '=', MENU_KEY).forUpdate().executeTakeFirst();
    const value = JSON.stringify({ value: ids });
    await trx
      .insertInto('shop_settings')
      .values({ key: MENU_KEY, value, updated_at: now, updated_by: actorName(actor) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now, updated_by: actorName(actor) }))
      .execute();
    await recordAudit(trx, now, actor, {
      action: 'settings.change',
      subject_type: 'setting',
      subject_id: MENU_KEY,
      before: { [MENU_KEY]: before ? before.value.value : [] },
      after: { [MENU_KEY]: ids },
    });
  });
  return readMenuProducts(deps.db);
}

/**
 * The retention periods in force (issue 39): the defaults of contract/retention.ts, with what an owner
 * set on top, each kept within its bounds; the orders' 10 years never change.
 */
export async function readRetentionDays(db: Db): Promise<RetentionDays> {
  const row = await db.selectFrom('shop_settings').select('value').where('key', '=', RETENTION_KEY).executeTakeFirst();
  const stored = (row?.value.value ?? {}) as Partial<Record<string, unknown>>;
  const periods: RetentionDays = { ...RETENTION_DAYS };
  for (const kind of CHANGEABLE_RETENTION_KINDS) {
    const days = stored[kind];
    if (typeof days === 'number' && Number.isInteger(days))
      periods[kind] = Math.min(RETENTION_BOUNDS[kind].max, Math.max(RETENTION_BOUNDS[kind].min, days));
  }
  return periods;
}

/** An owner sets the changeable periods; the audit entry holds the periods that changed, before → after. */
export async function changeRetentionDays(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  change: Record<ChangeableRetentionKind, number>,
  actor: Actor,
): Promise<RetentionDays> {
  const now = deps.clock.now();
  await inTransaction(deps.db, async (trx) => {
    // Locks the row (once it exists) so two owners saving at once each audit what they replaced.
    await trx.selectFrom('shop_settings').select('key').where('key', '=', RETENTION_KEY).forUpdate().executeTakeFirst();
    const before = await readRetentionDays(trx);
    const value = Object.fromEntries(CHANGEABLE_RETENTION_KINDS.map((kind) => [kind, change[kind]]));
    await trx
      .insertInto('shop_settings')
      .values({ key: RETENTION_KEY, value: JSON.stringify({ value }), updated_at: now, updated_by: actorName(actor) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify({ value }), updated_at: now, updated_by: actorName(actor) }))
      .execute();
    const changed = CHANGEABLE_RETENTION_KINDS.filter((kind) => before[kind] !== change[kind]);
    if (changed.length) {
      await recordAudit(trx, now, actor, {
        action: 'settings.change',
        subject_type: 'setting',
        subject_id: RETENTION_KEY,
        before: Object.fromEntries(changed.map((kind) => [kind, before[kind]])),
        after: Object.fromEntries(changed.map((kind) => [kind, change[kind]])),
      });
    }
  });
  return readRetentionDays(deps.db);
}
