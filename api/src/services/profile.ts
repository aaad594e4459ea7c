import type { z } from 'zod';

import type { profileAnswerSchema } from '@contract/api/profile';
import type { ShopLocale } from '@contract/locale';

import type { UserRow } from '../auth/users.js';
import type { Db } from '../db/database.js';
import { DomainError } from '../domain-error.js';

/** The profile of docs/product.md#api-profile (`contract/api/profile.ts`). */
export type ProfileOut = z.input<typeof profileAnswerSchema>;

export async function getProfile(db: Db, userId: string): Promise<ProfileOut> {
  const user = await db
    .selectFrom('users')
    .select(['email', 'first_name', 'last_name', 'phone', 'address', 'created_at', 'locale'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new DomainError('not_found', 'User not found');
  return profileOf(user);
}

/** The profile of a user row already read (the signed-in check reads the whole row). */
export function profileOf(
  user: Pick<UserRow, 'email' | 'first_name' | 'last_name' | 'phone' | 'address' | 'created_at' | 'locale'>,
): ProfileOut {
  const { email, first_name, last_name, phone, address, created_at, locale } = user;
  return { email, first_name, last_name, phone, address, member_since: created_at.toISOString(), locale };
}

/** The shopper's language: their emails and receipts from now on, and the shop's when they sign in again. */
export async function setLocale(db: Db, now: Date, userId: string, locale: ShopLocale): Promise<ShopLocale> {
  await db.updateTable('users').set({ locale, updated_at: now }).where('id', '=', userId).execute();
  return locale;
}

/** A purchase in the order list (docs/product.md#data-purchase); `total` is display text. */

/** The fields a registered shopper edits; null clears one. */
export async function updateProfile(
  db: Db,
  now: Date,
  userId: string,
  fields: { first_name: string; last_name: string; phone: string | null; address: string | null },
): Promise<ProfileOut> {
  await db
    .updateTable('users')
    .set({ ...fields, updated_at: now })
    .where('id', '=', userId)
    .execute();
  return getProfile(db, userId);
}
