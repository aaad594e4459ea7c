import { type Kysely, sql } from 'kysely';

import type { CardOut, Database } from '../db/schema.js';
import { isoTime } from './clock.js';

type Reader = Kysely<Database>;

/** A card as read from the database: the answer's fields, with dates not yet turned into text. */
export type CardRow = Omit<CardOut, 'unlocked_at' | 'created_at' | 'serial'> & {
  created_at: Date | string;
  unlocked_at: Date | string | null;
  serial?: string | null;
};

export function toCardOut(row: CardRow): CardOut {
  return {
    id: row.id,
    product_id: row.product_id,
    product_name: row.product_name,
    name: row.name,
    rarity: row.rarity,
    animation_folder_path: row.animation_folder_path,
    animation_file_name: row.animation_file_name,
    animation_file_format: row.animation_file_format,
    animation_length: row.animation_length,
    image_path: row.image_path,
    text_color: row.text_color,
    accent_color: row.accent_color,
    bg_color: row.bg_color,
    unlocked_at: row.unlocked_at ? isoTime(row.unlocked_at) : null,
    created_at: isoTime(row.created_at),
    serial: row.serial ?? null,
  };
}

/**
 * A card's fields, its artwork that of the colour its holder bought (`cc`, joined on the holder's
 * card `u`), else the card's own: the one it shows locked.
 */
const CARD_COLUMNS = [
  'c.id',
  'c.product_id',
  'p.name as product_name',
  'c.name',
  'c.rarity',
  sql<string>`coalesce(cc.animation_folder_path, c.animation_folder_path)`.as('animation_folder_path'),
  'c.animation_file_name',
  'c.animation_file_format',
  'c.animation_length',
  sql<string>`coalesce(cc.image_path, c.image_path)`.as('image_path'),
  'c.text_color',
  'c.accent_color',
  'c.bg_color',
  'c.created_at',
] as const;

/** The cards a user has unlocked, newest first. */
export async function listUserCards(db: Reader, userId: string): Promise<CardOut[]> {
  const rows = await db
    .selectFrom('user_cards as u')
    .innerJoin('cards as c', 'c.id', 'u.card_id')
    .leftJoin('products as p', 'p.id', 'c.product_id')
    .leftJoin('card_colours as cc', (join) => join.onRef('cc.card_id', '=', 'u.card_id').onRef('cc.colour', '=', 'u.colour'))
    .select([...CARD_COLUMNS, 'u.unlocked_at', 'u.serial'])
    .where('u.user_id', '=', userId)
    .orderBy('u.unlocked_at', 'desc')
    .orderBy('c.name')
    .execute();
  return rows.map(toCardOut);
}

/** One page of the card catalogue, each card with when this user unlocked it (or null). */
export async function listCards(db: Reader, userId: string, page: number, perPage: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('cards as c')
      .leftJoin('products as p', 'p.id', 'c.product_id')
      .leftJoin('user_cards as u', (join) => join.onRef('u.card_id', '=', 'c.id').on('u.user_id', '=', userId))
      .leftJoin('card_colours as cc', (join) => join.onRef('cc.card_id', '=', 'c.id').onRef('cc.colour', '=', 'u.colour'))
      .select([...CARD_COLUMNS, 'u.unlocked_at', 'u.serial'])
      .orderBy('c.created_at')
      .orderBy('c.name')
      .orderBy('c.id')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom('cards')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { cards: rows.map(toCardOut), total: Number(count.n), page, per_page: perPage };
}

/** The colour option of a bought line (its variant's `color`), if it has one. */
const colourOf = (attributes: { attribute_name: string; value: string }[]) =>
  attributes.find((attribute) => attribute.attribute_name === 'color')?.value ?? null;

/**
 * Unlocks, for `userId`, the card of every product in `productIds` they do not hold yet, and returns
 * the cards this call unlocked, each in the colour of the purchase's first line of its product. The
 * (user, card) key makes it idempotent: a product bought before, or a concurrent fulfilment that got
 * there first, unlocks nothing here.
 */
export async function unlockCards(db: Reader, userId: string, productIds: string[], purchaseId: string, now: Date): Promise<CardOut[]> {
  if (!productIds.length) return [];
  const cards = await db
    .selectFrom('cards')
    .select(['id', 'product_id'])
    .where('product_id', 'in', [...new Set(productIds)])
    .orderBy('id')
    .execute();
  if (!cards.length) return [];
  const lines = await db
    .selectFrom('purchase_items')
    .select(['product_id', 'variant_attributes'])
    .where('purchase_id', '=', purchaseId)
    .orderBy('position')
    .execute();
  const colours = new Map<string, string | null>();
  for (const line of lines)
    if (line.product_id && !colours.has(line.product_id)) colours.set(line.product_id, colourOf(line.variant_attributes));
  const unlocked = await db
    .insertInto('user_cards')
    .values(
      cards.map((card) => ({
        user_id: userId,
        card_id: card.id,
        purchase_id: purchaseId,
        unlocked_at: now,
        colour: colours.get(card.product_id) ?? null,
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'card_id']).doNothing())
    .returning('card_id')
    .execute();
  return cardsUnlockedBy(
    db,
    purchaseId,
    unlocked.map((row) => row.card_id),
  );
}

/** The cards a purchase unlocked (optionally only `cardIds`), as they are now. */
export async function cardsUnlockedBy(db: Reader, purchaseId: string, cardIds?: string[]): Promise<CardOut[]> {
  if (cardIds && !cardIds.length) return [];
  let query = db
    .selectFrom('user_cards as u')
    .innerJoin('cards as c', 'c.id', 'u.card_id')
    .leftJoin('products as p', 'p.id', 'c.product_id')
    .leftJoin('card_colours as cc', (join) => join.onRef('cc.card_id', '=', 'u.card_id').onRef('cc.colour', '=', 'u.colour'))
    .select([...CARD_COLUMNS, 'u.unlocked_at', 'u.serial'])
    .where('u.purchase_id', '=', purchaseId)
    .orderBy('c.name');
  if (cardIds) query = query.where('c.id', 'in', cardIds);
  return (await query.execute()).map(toCardOut);
}

/**
 * A card is its owner's while they own the product: when every unit of a product in an order has
 * been refunded (cancelled, returned, or refunded by the owner), the card that order unlocked goes,
 * unless another of the buyer's orders still holds that product, which then keeps it unlocked.
 * Runs in the refund's transaction.
 */
export async function withdrawRefundedCards(trx: Reader, purchaseId: string): Promise<void> {
  const held = await trx
    .selectFrom('user_cards as u')
    .innerJoin('cards as c', 'c.id', 'u.card_id')
    .select(['u.user_id', 'u.card_id', 'c.product_id'])
    .where('u.purchase_id', '=', purchaseId)
    .execute();
  for (const card of held) {
    if (!card.product_id) continue;
    const kept = await trx
      .selectFrom('purchase_items as i')
      .innerJoin('purchases as p', 'p.id', 'i.purchase_id')
      .select(['p.id', 'p.created_at', 'i.variant_attributes'])
      .where('p.user_id', '=', card.user_id)
      .where('i.product_id', '=', card.product_id)
      .where((eb) => eb('i.quantity', '>', eb.ref('i.refunded_quantity')))
      .orderBy('p.created_at')
      .orderBy('p.id')
      .orderBy('i.position')
      .executeTakeFirst();
    if (kept?.id === purchaseId) continue;
    if (kept) {
      await trx
        .updateTable('user_cards')
        .set({ purchase_id: kept.id, unlocked_at: kept.created_at, colour: colourOf(kept.variant_attributes) })
        .where('user_id', '=', card.user_id)
        .where('card_id', '=', card.card_id)
        .execute();
    } else {
      await trx.deleteFrom('user_cards').where('user_id', '=', card.user_id).where('card_id', '=', card.card_id).execute();
    }
  }
}
