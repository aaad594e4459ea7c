import type { Selectable } from 'kysely';
import type { z } from 'zod';

import type { userSchema } from '@contract/api/auth';

import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';

export type UserRow = Selectable<Database['users']>;

/** The User of docs/product.md#data-user as the API answers it (`contract/api/auth.ts`). */
export type UserOut = z.input<typeof userSchema>;

export function toUserOut(user: UserRow): UserOut {
  return {
    id: user.id,
    email: user.email,
    user_type: user.user_type,
    has_password: user.password_hash !== null,
    session_expires_at: user.user_type === 'guest' && user.session_expires_at ? user.session_expires_at.toISOString() : null,
    first_name: user.first_name,
    last_name: user.last_name,
    phone: user.phone,
    address: user.address,
    member_since: user.created_at.toISOString(),
    locale: user.locale,
  };
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether the user is a guest (false for an unknown id). */
export async function isGuest(db: Db, id: string | null | undefined): Promise<boolean> {
  if (!id) return false;
  return (await findUserById(db, id))?.user_type === 'guest';
}
