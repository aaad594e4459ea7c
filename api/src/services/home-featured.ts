import { sql } from 'kysely';

import type { AdminHome } from '@contract/api/home';

import type { Db } from '../db/database.js';
import { inTransaction } from '../db/transaction.js';
import type { AppDeps } from '../deps.js';
import { DomainError } from '../domain-error.js';
import { type Actor, recordAudit } from './audit.js';

/** The products the home page shows first, in the owner's order (ADR 073); [] when none is chosen. */
export async function readFeatured(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('home_featured').select('product_id').orderBy('position').execute();
  return rows.map((row) => row.product_id);
}

/**
 * An owner chooses the products the home page shows first (products of the shop, not archived), in
 * order. The table is locked for the change, so two owners saving at once save one after the other;
 * the old list and the new one go to the audit log in the same transaction. The catalogue's change is
 * announced by the table's trigger, and the storefronts' caches are cleared.
 */
export async function changeFeatured(
  deps: Pick<AppDeps, 'db' | 'clock' | 'onCatalogueChange'>,
  ids: string[],
  actor: Actor,
  then: () => Promise<AdminHome>,
): Promise<AdminHome> {
  const now = deps.clock.now();
  await inTransaction(deps.db, async (trx) => {
    // Even an empty list is taken in turn: two saves at once never interleave their rows.
    await sql`LOCK TABLE home_featured IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
    if (ids.length) {
      const found = await trx.selectFrom('products').select('id').where('id', 'in', ids).where('archived_at', 'is', null).execute();
      if (found.length !== ids.length) throw new DomainError('bad_request', 'Choose products of the shop');
    }
    const before = await trx.deleteFrom('home_featured').returning(['position', 'product_id']).execute();
    if (ids.length)
      await trx
        .insertInto('home_featured')
        .values(ids.map((id, i) => ({ position: i + 1, product_id: id })))
        .execute();
    await recordAudit(trx, now, actor, {
      action: 'home.featured',
      subject_type: 'home',
      subject_id: 'featured',
      before: { product_ids: before.sort((a, b) => a.position - b.position).map((row) => row.product_id) },
      after: { product_ids: ids },
    });
  });
  await deps.onCatalogueChange?.();
  return then();
}
