import { createHmac, timingSafeEqual } from 'node:crypto';

import { sql } from 'kysely';

import type { ShopLocale } from '@contract/locale';

import type { Db } from '../db/database.js';
import { DomainError } from '../domain-error.js';
import { optionsOf, variantLabel } from './cart.js';
import type { Clock } from './clock.js';
import { isComingSoon } from './drops.js';
import { type RenderedEmail, renderEmail } from './mail-templates.js';
import { mailWords } from './mail-words.js';

/** Answers of POST products/wishlist; the storefront maps them to the spec's texts. */
export const WISHLIST_ANSWERS = {
  added: 'Added to your wishlist. We will email you when it is back in stock.',
  /** A product not launched yet: the request is a place on its launch list. */
  addedToLaunch: 'Added to the launch list. We will email you when it launches.',
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
export async function addWishlistEntry(
  db: Db,
  clock: Clock,
  request: WishlistRequest,
  locale: ShopLocale = 'en',
): Promise<{ already: boolean; entryId: string | null; launching: boolean }> {
  const email = request.email.trim().toLowerCase();
  const variantId = request.product_variant_id ?? null;
  const productId = variantId ? null : (request.product_id ?? null);
  let launchDate: Date | string | null = null;
  if (variantId) {
    const found = await db
      .selectFrom('product_variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['v.id', 'p.launch_date'])
      .where('v.id', '=', variantId)
      .executeTakeFirst();
    if (!found) throw new DomainError('not_found', 'Product variant not found');
    launchDate = found.launch_date;
  } else if (productId) {
    const found = await db.selectFrom('products').select(['id', 'launch_date']).where('id', '=', productId).executeTakeFirst();
    if (!found) throw new DomainError('not_found', 'Product not found');
    launchDate = found.launch_date;
  }
  const launching = launchDate !== null && isComingSoon(launchDate, clock.now());

  const target = variantId ? ('product_variant_id' as const) : ('product_id' as const);
  const targetId = (variantId ?? productId)!;
  const existing = await db
    .selectFrom('wishlist_entries')
    .select(['id', 'notified_at'])
    .where('email', '=', email)
    .where(target, '=', targetId)
    .executeTakeFirst();
  if (existing && existing.notified_at === null) return { already: true, entryId: existing.id, launching };
  if (existing) {
    // Asked again after its email went out: it waits once more, in the language asked in this time.
    await db.updateTable('wishlist_entries').set({ notified_at: null, locale }).where('id', '=', existing.id).execute();
    return { already: false, entryId: existing.id, launching };
  }
  // Two identical requests at once meet at the unique index; the second is simply already there.
  const inserted = await db
    .insertInto('wishlist_entries')
    .values({ email, product_id: productId, product_variant_id: variantId, created_at: clock.now(), locale })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return { already: !inserted, entryId: inserted?.id ?? null, launching };
}

const TOKEN_PURPOSE = 'wishlist-unsubscribe.v1';

function tokenSignature(secret: string, entryId: string): string {
  return createHmac('sha256', secret).update(`${TOKEN_PURPOSE}.${entryId}`).digest('base64url');
}

/** The unsubscribe token of an entry: its id and a signature, so the link works without a sign-in. */
export function unsubscribeToken(secret: string, entryId: string): string {
  return `${entryId}.${tokenSignature(secret, entryId)}`;
}

/** The entry a token names, when its signature holds; null for a forged or broken token. */
function entryIdOf(secret: string, token: string): string | null {
  const [entryId, signature] = token.split('.');
  if (!entryId || !signature || !/^[0-9a-f-]{36}$/i.test(entryId)) return null;
  const expected = Buffer.from(tokenSignature(secret, entryId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? entryId : null;
}

/**
 * What an entry waits for, as the shopper chose it: 'Tracer Tee (RED, L/XL)', or the product's name;
 * and, for a product not launched yet at `now`, its launch (the entry is then a place on its launch list).
 */
async function entryLabel(db: Db, entryId: string, now: Date) {
  const row = await db
    .selectFrom('wishlist_entries as w')
    .leftJoin('product_variants as v', 'v.id', 'w.product_variant_id')
    .leftJoin('products as p', (join) => join.on(sql<boolean>`p.id = coalesce(w.product_id, v.product_id)`))
    .select(['w.id', 'w.email', 'w.locale', 'p.name', 'p.launch_date'])
    .select((eb) => optionsOf(eb.ref('w.product_variant_id') as never).as('options'))
    .where('w.id', '=', entryId)
    .executeTakeFirst();
  if (!row) return null;
  const launchesAt = row.launch_date && isComingSoon(row.launch_date, now) ? new Date(row.launch_date) : null;
  return {
    email: row.email,
    locale: row.locale,
    label: variantLabel({ name: row.name ?? 'your item', options: row.options }),
    launchesAt,
  };
}

/** The confirmation of a Notify Me request, with its unsubscribe link. */
export async function wishlistConfirmationEmail(
  db: Db,
  secret: string,
  storefrontUrl: string,
  entryId: string,
  now: Date,
): Promise<(RenderedEmail & { to: string }) | null> {
  const entry = await entryLabel(db, entryId, now);
  if (!entry) return null;
  const words = mailWords(entry.locale);
  const w = words.wishlist;
  const link = new URL(words.page('/wishlist/unsubscribe'), storefrontUrl);
  link.searchParams.set('token', unsubscribeToken(secret, entryId));
  const launch = entry.launchesAt ? words.launchTime(entry.launchesAt) : null;
  return {
    to: entry.email,
    ...renderEmail({
      subject: launch ? w.launchSubject(entry.label) : w.stockSubject(entry.label),
      heading: w.heading,
      paragraphs: [launch ? w.launchText(entry.label, launch) : w.stockText(entry.label), w.changedMind],
      action: { label: launch ? w.stopLaunch : w.stopStock, url: link.toString() },
      locale: entry.locale,
    }),
  };
}

/** The entry a token names and what it waits for; not_found for a forged, broken or already used link. */
async function entryOfToken(
  db: Db,
  secret: string,
  token: string,
  now: Date,
): Promise<{ entryId: string; item: string; launches_at: string | null }> {
  const entryId = entryIdOf(secret, token);
  const entry = entryId ? await entryLabel(db, entryId, now) : null;
  if (!entryId || !entry)
    throw new DomainError('not_found', 'This link is no longer valid: the request was already removed, or the link is incomplete.');
  return { entryId, item: entry.label, launches_at: entry.launchesAt?.toISOString() ?? null };
}

/** What a token's link would stop: the item, and its launch when it is not on sale yet. */
export async function wishlistEntryOfToken(
  db: Db,
  secret: string,
  token: string,
  now: Date,
): Promise<{ item: string; launches_at: string | null }> {
  const { item, launches_at } = await entryOfToken(db, secret, token, now);
  return { item, launches_at };
}

/** Removes the request a token names. Removing twice is fine: the second finds nothing left to do. */
export async function unsubscribeWishlistEntry(
  db: Db,
  secret: string,
  token: string,
  now: Date,
): Promise<{ item: string; removed: boolean; launches_at: string | null }> {
  const { entryId, item, launches_at } = await entryOfToken(db, secret, token, now);
  const removed = await db.deleteFrom('wishlist_entries').where('id', '=', entryId).returning('id').executeTakeFirst();
  return { item, removed: Boolean(removed), launches_at };
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
