import type { Db } from '../db/database.js';

/**
 * Marks the work of the write keyed `key` as applied to `target` (a cart), inside the work's own
 * transaction `trx` (ADR 069): true when the work is to be done (no key, or not yet applied there).
 * False when an earlier try with this key committed it there and its instance died before keeping
 * the answer: the request that took the key over answers without doing it again.
 */
export async function firstApplication(trx: Db, key: string | undefined, target: string): Promise<boolean> {
  if (!key) return true;
  const marked = await trx
    .updateTable('idempotency_keys')
    .set({ applied_to: target })
    .where('key', '=', key)
    .where((eb) => eb.or([eb('applied_to', 'is', null), eb('applied_to', '<>', target)]))
    .returning('key')
    .executeTakeFirst();
  if (marked) return true;
  // Already applied there, or no claim for this key at all (a caller without the middleware): do it then.
  const held = await trx.selectFrom('idempotency_keys').select('applied_to').where('key', '=', key).executeTakeFirst();
  return held?.applied_to !== target;
}
