import type { Db } from '../db/database.js';
import { DomainError } from '../domain-error.js';
import type { Clock } from './clock.js';

/** Answers of POST products/wishlist; the storefront maps them to the spec's texts. */
export const WISHLIST_ANSWERS = {
  added: 'Added to your wishlist. We will email you when it is back in stock.',
  already: 'Already in your wishlist',
} as const;

export interface WishlistRequest {
  email: string;
  product_id?: string | null;
  product_variant_id?: string | null;
}

export interface WishlistEntryOut {
  email: string;
  product_id: string | null;
  product_variant_id: string | null;
  created_at: string;
}

/**
 * Adds a back-in-stock request. Exactly one of product and variant is stored: the variant when given.
 * A pending request for the same thing answers 'already'; one already notified is requested again.
 */
export async function addWishlistEntry(db: Db, clock: Clock, request: WishlistRequest): Promise<{ already: boolean }> {
  const email = request.email.trim().toLowerCase();
  const variantId = request.product_variant_id ?? null;
  const productId = variantId ? null : (request.product_id ?? null);
  if (variantId) {
    const found = await db.selectFrom('product_variants').select('id').where('id', '=', variantId).executeTakeFirst();
    if (!found) throw new DomainError('not_found', 'Product variant not found');
  } else if (productId) {
    const found = await db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst();
    if (!found) throw new DomainError('not_found', 'Product not found');
  }

  const target = variantId ? ('product_variant_id' as const) : ('product_id' as const);
  const targetId = (variantId ?? productId)!;
  const existing = await db
    .selectFrom('wishlist_entries')
    .select(['id', 'notified_at'])
    .where('email', '=', email)
    .where(target, '=', targetId)
    .executeTakeFirst();
  if (existing && existing.notified_at === null) return { already: true };
  if (existing) {
    await db.updateTable('wishlist_entries').set({ notified_at: null }).where('id', '=', existing.id).execute();
    return { already: false };
  }
  // Two identical requests at once meet at the unique index; the second is simply already there.
  const inserted = await db
    .insertInto('wishlist_entries')
    .values({ email, product_id: productId, product_variant_id: variantId, created_at: clock.now() })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return { already: !inserted };
}

/** The shopper's pending requests, oldest first. */
export async function listWishlistEntries(db: Db, email: string): Promise<WishlistEntryOut[]> {
  const rows = await db
    .selectFrom('wishlist_entries')
    .select(['email', 'product_id', 'product_variant_id', 'created_at'])
    .where('email', '=', email.trim().toLowerCase())
    .where('notified_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
}
