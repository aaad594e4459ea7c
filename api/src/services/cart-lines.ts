import { sql } from 'kysely';

import { CART_RULES } from '@contract/shop-rules';

import type { Db } from '../db/database.js';
import { DomainError } from '../domain-error.js';
import { findVariant, lineLimitReached, notEnoughStock, productUnitsInCart, stockOf } from './cart.js';
import { boughtUnits, isComingSoon, limitReached, noLongerSold, notLaunched } from './drops.js';
import { covers, coversInSql } from './stock-counted.js';
import { firstApplication } from './write-marks.js';

type Variant = NonNullable<Awaited<ReturnType<typeof findVariant>>>;

/** The lines of a cart, as checkout reads them. */
export async function cartLines(db: Db, cartId: string | null) {
  if (!cartId) return [];
  return db.selectFrom('cart_items').select(['variant_id', 'quantity']).where('cart_id', '=', cartId).execute();
}

/** The line of the shopper's cart, or not_found: another cart's item is as unknown as a missing one. */
export async function cartLine(db: Db, cartId: string | null, itemId: string) {
  const item = cartId
    ? await db
        .selectFrom('cart_items')
        .select(['id', 'variant_id', 'quantity'])
        .where('id', '=', itemId)
        .where('cart_id', '=', cartId)
        .executeTakeFirst()
    : undefined;
  if (!item) throw new DomainError('not_found', 'Cart item not found');
  return item;
}

/**
 * Adds `quantity` of a variant to a cart in one statement: the new line, or the sum with the line
 * already there, is written only while it stays within the stock and the line limit, so parallel
 * adds cannot push a line past either. Refused adds say which limit they met.
 */
export async function addToCart(db: Db, cartId: string, variant: Variant, quantity: number, now: Date): Promise<void> {
  const written = await db
    .insertInto('cart_items')
    .columns(['cart_id', 'variant_id', 'quantity', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('product_variants')
        .select([
          sql<string>`cast(${cartId} as uuid)`.as('cart_id'),
          'id',
          sql<number>`${quantity}::int`.as('quantity'),
          sql<Date>`${now}`.as('created_at'),
        ])
        .where('id', '=', variant.id)
        .where((eb) => coversInSql(eb, eb.ref('stock_quantity'), quantity))
        .where(sql<boolean>`${quantity}::int <= ${CART_RULES.maxLineQuantity}`),
    )
    .onConflict((oc) =>
      oc
        .columns(['cart_id', 'variant_id'])
        .doUpdateSet((eb) => ({ quantity: eb('cart_items.quantity', '+', eb.ref('excluded.quantity')) }))
        .where((eb) => {
          const total = eb('cart_items.quantity', '+', eb.ref('excluded.quantity'));
          return eb.and([eb(total, '<=', CART_RULES.maxLineQuantity), coversInSql(eb, stockOf(eb.val(variant.id)), total)]);
        }),
    )
    .returning('quantity')
    .executeTakeFirst();
  if (written) return;
  // Refused: say which limit, from the line and stock as they are now.
  const [line, fresh] = await Promise.all([
    db.selectFrom('cart_items').select('quantity').where('cart_id', '=', cartId).where('variant_id', '=', variant.id).executeTakeFirst(),
    findVariant(db, variant.id),
  ]);
  const current = fresh ?? variant;
  if (!covers(current.stock_quantity, (line?.quantity ?? 0) + quantity)) throw notEnoughStock(current);
  throw lineLimitReached(current);
}

/**
 * Sets a line's quantity (0 removes it). Raising it is written only while the stock covers it, in
 * the same statement; lowering is always allowed, even below a stock that has fallen since.
 */
export async function setLineQuantity(db: Db, line: { id: string; variant_id: string; quantity: number }, quantity: number): Promise<void> {
  if (quantity === 0) {
    await db.deleteFrom('cart_items').where('id', '=', line.id).execute();
    return;
  }
  const variant = await findVariant(db, line.variant_id);
  if (!variant) throw new DomainError('not_found', 'Product variant not found');
  const written = await db
    .updateTable('cart_items')
    .set({ quantity })
    .where('id', '=', line.id)
    .where((eb) => eb.or([eb('quantity', '>=', quantity), coversInSql(eb, stockOf(eb.ref('variant_id')), quantity)]))
    .returning('quantity')
    .executeTakeFirst();
  if (!written) throw notEnoughStock((await findVariant(db, line.variant_id)) ?? variant);
}

export async function removeLine(db: Db, lineId: string): Promise<void> {
  await db.deleteFrom('cart_items').where('id', '=', lineId).execute();
}

export async function clearCart(db: Db, cartId: string): Promise<void> {
  await db.deleteFrom('cart_items').where('cart_id', '=', cartId).execute();
}

/** The shopper's cart as a route finds it: by its cookie or its owner; `user` is null for a guest without an account. */
export interface ShopperCart {
  cartId: string | null;
  user: { id: string; email: string } | null;
}

/**
 * A capped product (a drop): what the cart holds, less the line being replaced, and what the shopper
 * already bought count. Checkout claims the units for good, atomically; this early word saves a trip there.
 */
async function meetPurchaseLimit(db: Db, variant: Variant, cart: ShopperCart, quantity: number, replacing: number) {
  if (variant.purchase_limit === null) return;
  const [inCart, held] = await Promise.all([
    cart.cartId ? productUnitsInCart(db, cart.cartId, variant.product_id) : 0,
    cart.user ? boughtUnits(db, variant.product_id, cart.user.email) : 0,
  ]);
  const before = inCart - replacing + held;
  if (before + quantity > variant.purchase_limit)
    throw limitReached({ name: variant.name, purchase_limit: variant.purchase_limit }, before);
}

/**
 * Adds units of a variant to the shopper's cart, once the variant is known (and of the product named),
 * still sold, launched and within its cap. A cart (and its cookie) is opened only for an add that can
 * go through. Answers the cart the units went into, and the variant's product.
 */
export async function addForShopper(
  db: Db,
  now: Date,
  add: { variantId: string; productId?: string | null; quantity: number },
  cart: { find(): Promise<ShopperCart>; open(): Promise<ShopperCart> },
  writeKey?: string,
): Promise<ShopperCart & { productId: string }> {
  const variant = await findVariant(db, add.variantId);
  // Gift cards are bought from /gift-cards, with their recipient, never through the cart (ADR 052).
  if (!variant || variant.gift_card || (add.productId && variant.product_id !== add.productId))
    throw new DomainError('not_found', 'Product variant not found');
  if (variant.archived_at) throw noLongerSold(variant);
  if (isComingSoon(variant.launch_date, now)) throw notLaunched(variant);
  const found = await cart.find();
  await meetPurchaseLimit(db, variant, found, add.quantity, 0);
  if (!found.cartId && !covers(variant.stock_quantity, add.quantity)) throw notEnoughStock(variant);
  const into = found.cartId ? found : await cart.open();
  if (!writeKey) await addToCart(db, into.cartId!, variant, add.quantity, now);
  else {
    // Marked in the add's own transaction: a try whose instance died after it committed is not added twice (ADR 069).
    await db.transaction().execute(async (trx) => {
      if (await firstApplication(trx, writeKey, into.cartId!)) await addToCart(trx, into.cartId!, variant, add.quantity, now);
    });
  }
  return { ...into, productId: variant.product_id };
}

/** Sets a line's quantity (0 removes it); raising it meets the same launch and cap as adding to it. */
export async function changeLineQuantity(db: Db, now: Date, cart: ShopperCart, itemId: string, quantity: number): Promise<void> {
  const line = await cartLine(db, cart.cartId, itemId);
  if (quantity > line.quantity) {
    const variant = await findVariant(db, line.variant_id);
    if (variant && isComingSoon(variant.launch_date, now)) throw notLaunched(variant);
    if (variant) await meetPurchaseLimit(db, variant, cart, quantity, line.quantity);
  }
  await setLineQuantity(db, line, quantity);
}

/** Removes one line of the shopper's cart. */
export async function removeCartLine(db: Db, cartId: string | null, itemId: string): Promise<void> {
  const line = await cartLine(db, cartId, itemId);
  await removeLine(db, line.id);
}
