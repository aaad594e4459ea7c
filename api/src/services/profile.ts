import type { z } from 'zod';
import type { profileAnswerSchema } from '@contract/api/profile';
import type { Db } from '../db/database.js';
import { DomainError } from '../domain-error.js';

/** The profile of spec §7 (`contract/api/profile.ts`). */
export type ProfileOut = z.input<typeof profileAnswerSchema>;

export async function getProfile(db: Db, userId: string): Promise<ProfileOut> {
  const user = await db
    .selectFrom('users')
    .select(['email', 'first_name', 'last_name', 'phone', 'address', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new DomainError('not_found', 'User not found');
  const { created_at, ...rest } = user;
  return { ...rest, member_since: created_at.toISOString() };
}

/** A purchase in the order list (spec §3 "Purchase (list item)"); `total` is display text. */

/** The fields a registered shopper edits; null clears one. */
export async function updateProfile(
  db: Db,
  now: Date,
  userId: string,
  fields: { first_name: string; last_name: string; phone: string | null; address: string | null },
): Promise<ProfileOut> {
  await db.updateTable('users').set({ ...fields, updated_at: now }).where('id', '=', userId).execute();
  return getProfile(db, userId);
}
