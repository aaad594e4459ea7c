import { sql } from 'kysely';

import type { Db } from '../db/database.js';
import { DomainError } from '../domain-error.js';

/**
 * The purchase an owner means: a full id, its first 8 characters, or the order number
 * ORD-YYYY-MM-DD-XXXXXXXX. 404 when none matches, 409 when a short reference is ambiguous.
 */
export async function findOrder(db: Db, reference: string) {
  const ref = reference.trim();
  const fromNumber = /^ORD-\d{4}-\d{2}-\d{2}-([0-9A-F]{8})$/i.exec(ref)?.[1];
  const prefix = (fromNumber ?? ref).toLowerCase();
  if (!/^[0-9a-f]{8}([0-9a-f-]{28})?$/.test(prefix)) throw new DomainError('not_found', `No order ${ref}`);
  const matches = await db
    .selectFrom('purchases')
    .selectAll()
    .where(sql<string>`id::text`, 'like', `${prefix}%`)
    .limit(2)
    .execute();
  if (matches.length === 0) throw new DomainError('not_found', `No order ${ref}`);
  if (matches.length > 1) throw new DomainError('order_ambiguous', `More than one order starts with ${ref}; give the full id`);
  return matches[0];
}

/** An order as findOrder reads it: the whole purchase row. */
export type Purchase = Awaited<ReturnType<typeof findOrder>>;
