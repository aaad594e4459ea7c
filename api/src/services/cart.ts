import { createHash, randomBytes } from 'node:crypto';

import { type Expression, type Kysely, sql } from 'kysely';

import type { CartAnswer } from '@contract/api/cart';
import { CART_RULES } from '@contract/shop-rules';

import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { DomainError } from '../domain-error.js';
import { keptPerVariant } from './catalogue.js';
import { boughtUnits } from './drops.js';
import { isAvailable, type Stock } from './stock-counted.js';
import { publicObjectUrl } from './storage-urls.js';

/** The cookie that finds an anonymous cart: a random token, stored only as its hash. */
export const CART_COOKIE = 'cart_token';
export const CART_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 30;

type Executor = Kysely<Database>;

export function newCartToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashCartToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A token as this API issues it; anything else is ignored rather than looked up. */
export function isCartToken(value: string | undefined): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}

export async function findAnonymousCart(db: Executor, token: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('carts').select('id').where('token_hash', '=', hashCartToken(token)).where('user_id', 'is', null).executeTakeFirst();
}

export async function findUserCart(db: Executor, userId: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('carts').select('id').where('user_id', '=', userId).executeTakeFirst();
}

export async function ensureUserCart(db: Executor, userId: string, now: Date): Promise<string> {
  await db
    .insertInto('carts')
    .values({ user_id: userId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return (await db.selectFrom('carts').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow()).id;
}

export async function createAnonymousCart(db: Executor, now: Date): Promise<{ id: string; token: string }> {
  const token = newCartToken();
  const { id } = await db
    .insertInto('carts')
    .values({ token_hash: hashCartToken(token), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, token };
}

/**
 * Moves an anonymous cart into the user's cart in one transaction: quantities of the same variant
 * are added up to the line limit, and never beyond the stock unless the line already held more, and
 * the anonymous cart is deleted. Does nothing when the token finds no anonymous cart.
 */
export async function mergeAnonymousCart(db: Db, token: string, userId: string, now: Date): Promise<boolean> {
  if (!isCartToken(token)) return false;
  return inTransaction(db, async (trx) => {
    const anonymous = await trx
      .selectFrom('carts')
      .select(['id', 'restored_from'])
      .where('token_hash', '=', hashCartToken(token))
      .where('user_id', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!anonymous) return false;
    const userCartId = await ensureUserCart(trx, userId, now);
    await trx
      .insertInto('cart_items')
      .columns(['cart_id', 'variant_id', 'quantity', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('cart_items')
          .select([sql<string>`cast(${userCartId} as uuid)`.as('cart_id'), 'variant_id', 'quantity', 'created_at'])
          .where('cart_id', '=', anonymous.id)
          .orderBy('variant_id'),
      )
      .onConflict((oc) =>
        oc.columns(['cart_id', 'variant_id']).doUpdateSet((eb) => ({
          quantity: eb.fn('least', [
            eb('cart_items.quantity', '+', eb.ref('excluded.quantity')),
            eb.val(CART_RULES.maxLineQuantity),
            eb.fn('greatest', [eb.ref('cart_items.quantity'), stockOf(eb.ref('cart_items.variant_id'))]),
          ]),
        })),
      )
      .execute();
    await trx.deleteFrom('carts').where('id', '=', anonymous.id).execute();
    await capToLimits(trx, userCartId, userId);
    // A cart a reminder's link filled stays counted as that reminder's when its shopper signs in.
    await trx
      .updateTable('carts')
      .set((eb) => ({ updated_at: now, restored_from: eb.fn.coalesce(eb.val(anonymous.restored_from), eb.ref('restored_from')) }))
      .where('id', '=', userCartId)
      .execute();
    return true;
  });
}

/**
 * Two carts merged may hold more of a capped product than its buyer may still have (the cap, less
 * what they bought or are paying for): the newest lines give way until the product fits, so the cart
 * never shows what checkout would refuse.
 */
async function capToLimits(trx: Executor, cartId: string, userId: string): Promise<void> {
  const lines = await trx
    .selectFrom('cart_items as i')
    .innerJoin('product_variants as v', 'v.id', 'i.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['i.id', 'i.quantity', 'p.id as product_id', 'p.purchase_limit'])
    .where('i.cart_id', '=', cartId)
    .where('p.purchase_limit', 'is not', null)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .execute();
  if (lines.length === 0) return;
  const { email } = await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
  // Units over what each product allows, taken from its newest lines first.
  const excess = new Map<string, number>();
  for (const line of lines) excess.set(line.product_id, (excess.get(line.product_id) ?? 0) + line.quantity);
  for (const [productId, units] of excess) {
    const limit = lines.find((line) => line.product_id === productId)!.purchase_limit!;
    excess.set(productId, units - Math.max(0, limit - (await boughtUnits(trx, productId, email))));
  }
  for (const line of lines) {
    const over = excess.get(line.product_id) ?? 0;
    if (over <= 0) continue;
    const cut = Math.min(over, line.quantity);
    excess.set(line.product_id, over - cut);
    if (cut === line.quantity) await trx.deleteFrom('cart_items').where('id', '=', line.id).execute();
    else
      await trx
        .updateTable('cart_items')
        .set({ quantity: line.quantity - cut })
        .where('id', '=', line.id)
        .execute();
  }
}

/** The Cart of docs/product.md#data-cart, as `contract/api/cart.ts` describes it. */
export type CartOut = CartAnswer;

export function emptyCart(userId: string | null = null): CartOut {
  return { cart_id: null, user_id: userId, total_price: 0, total_items: 0, items: [] };
}

/** Units in a cart, counted as loadCart's total_items does (lines whose variant still exists), in one query. */
export async function countCartItems(db: Executor, cartId: string): Promise<number> {
  const row = await db
    .selectFrom('cart_items')
    .innerJoin('product_variants as v', 'v.id', 'cart_items.variant_id')
    .select(sql<number>`coalesce(sum(cart_items.quantity), 0)::int`.as('total'))
    .where('cart_items.cart_id', '=', cartId)
    .executeTakeFirstOrThrow();
  return row.total;
}

/** Units in a signed-in shopper's cart, counted as countCartItems does, found by its owner: one query. */
export async function countUserCartItems(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('carts')
    .innerJoin('cart_items', 'cart_items.cart_id', 'carts.id')
    .innerJoin('product_variants as v', 'v.id', 'cart_items.variant_id')
    .select(sql<number>`coalesce(sum(cart_items.quantity), 0)::int`.as('total'))
    .where('carts.user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.total;
}

/** What a cart line shows of its variant besides the line itself: catalogue facts, kept with the catalogue. */
interface LineExtras {
  attributes: { attribute_name: string; value: string; value_description: string | null; order: number }[];
  image: { url: string | null; bucket_name: string; storage_path: string | null } | undefined;
}

/** Each variant's attributes and first product picture (its own, else its product's): two queries for those not kept. */
async function lineExtras(db: Executor, lines: { variant_id: string; product_id: string }[]): Promise<Map<string, LineExtras>> {
  const productOf = new Map(lines.map((line) => [line.variant_id, line.product_id]));
  return keptPerVariant(db, 'cart-line', [...productOf.keys()], async (variantIds) => {
    const productIds = [...new Set(variantIds.map((id) => productOf.get(id)!))];
    const [attributes, images] = await Promise.all([
      db.selectFrom('variant_attributes').selectAll().where('variant_id', 'in', variantIds).orderBy('order').execute(),
      db
        .selectFrom('images')
        .select(['product_id', 'variant_id', 'url', 'bucket_name', 'storage_path', 'order'])
        .where('type', '=', 'product')
        .where((eb) => eb.or([eb('variant_id', 'in', variantIds), eb('product_id', 'in', productIds)]))
        .orderBy('order')
        .execute(),
    ]);
    return new Map(
      variantIds.map((id) => [
        id,
        {
          attributes: attributes
            .filter((a) => a.variant_id === id)
            .map((a) => ({ attribute_name: a.attribute_name, value: a.value, value_description: a.value_description, order: a.order })),
          image: images.find((i) => i.variant_id === id) ?? images.find((i) => i.product_id === productOf.get(id)),
        },
      ]),
    );
  });
}

/** A cart line as loadCart reads it. */
interface LineRow {
  id: string;
  quantity: number;
  variant_id: string;
  sku: string;
  description: string | null;
  price: number;
  stock_quantity: Stock;
  product_id: string;
  name: string;
  short_description: string | null;
}

/**
 * The cart of docs/product.md#data-cart, found by its id or by its owner, with its lines in one
 * query (the cart's row comes with each line, or alone when it has none); empty when there is none.
 */
export async function loadCart(db: Db, cart: { id: string } | { userId: string }, storageUrl: string): Promise<CartOut> {
  const rows = await db
    .selectFrom('carts')
    .leftJoin('cart_items', 'cart_items.cart_id', 'carts.id')
    .leftJoin('product_variants as v', 'v.id', 'cart_items.variant_id')
    .leftJoin('products as p', 'p.id', 'v.product_id')
    .select([
      'carts.id as cart_id',
      'carts.user_id',
      'cart_items.id',
      'cart_items.quantity',
      'v.id as variant_id',
      'v.sku',
      'v.description',
      'v.price',
      'v.stock_quantity',
      'p.id as product_id',
      'p.name',
      'p.short_description',
    ])
    .where('id' in cart ? 'carts.id' : 'carts.user_id', '=', 'id' in cart ? cart.id : cart.userId)
    .orderBy('cart_items.created_at')
    .orderBy('cart_items.id')
    .execute();
  if (rows.length === 0) return emptyCart('userId' in cart ? cart.userId : null);
  const { cart_id, user_id } = rows[0];
  // A line joins its variant and product by foreign key: a row with a line has all of them.
  const lines = rows.filter((row) => row.id !== null) as LineRow[];
  const extras = lines.length ? await lineExtras(db, lines) : new Map<string, LineExtras>();
  const imageUrl = (image: LineExtras['image']) =>
    !image ? null : (image.url ?? (image.storage_path ? publicObjectUrl(storageUrl, image.bucket_name, image.storage_path) : null));

  const items = lines.map((line) => ({
    id: line.id,
    quantity: line.quantity,
    price_at_addition: line.price,
    subtotal: line.price * line.quantity,
    product: {
      id: line.product_id,
      name: line.name,
      sku: line.sku,
      short_description: line.short_description,
      image: imageUrl(extras.get(line.variant_id)!.image),
    },
    variant_info: {
      variant_id: line.variant_id,
      sku: line.sku,
      description: line.description,
      stock_quantity: line.stock_quantity,
      in_stock: isAvailable(line.stock_quantity),
      attributes: extras.get(line.variant_id)!.attributes,
    },
  }));
  return {
    cart_id,
    user_id,
    total_price: items.reduce((sum, item) => sum + item.subtotal, 0),
    total_items: items.reduce((sum, item) => sum + item.quantity, 0),
    items,
  };
}

/** A variant with what a stock message needs. */
export async function findVariant(db: Executor, variantId: string) {
  return db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select([
      'v.id',
      'v.sku',
      'v.price',
      'v.stock_quantity',
      'v.product_id',
      'p.name',
      'p.launch_date',
      'p.purchase_limit',
      'p.archived_at',
      'p.gift_card',
    ])
    .select((eb) => optionsOf(eb.ref('v.id')).as('options'))
    .where('v.id', '=', variantId)
    .executeTakeFirst();
}

/** The stock of a variant (null: not counted), as a subquery usable inside a statement. */
export function stockOf(variantId: Expression<string>) {
  return sql<number | null>`(select stock_quantity from product_variants where id = ${variantId})`;
}

/**
 * A variant's options as the shopper picked them on the product page, by the names the page shows
 * ('Signal red, Small to medium': a value's description, else its code), in display order; options
 * every variant of the product shares (one material, say) are not a choice and are left out. A
 * subquery usable inside a statement.
 */
export function optionsOf(variantId: Expression<string>) {
  // Aliases of their own, so the caller's reference (often `v.id`) is not captured by this query's tables.
  return sql<
    string | null
  >`(select string_agg(coalesce(nullif(btrim(opt_a.value_description), ''), opt_a.value), ', ' order by opt_a."order", opt_a.attribute_name)
    from variant_attributes opt_a join product_variants opt_v on opt_v.id = opt_a.variant_id
    where opt_a.variant_id = ${variantId}
      and (select count(distinct opt_o.value) from variant_attributes opt_o join product_variants opt_ov on opt_ov.id = opt_o.variant_id
           where opt_ov.product_id = opt_v.product_id and opt_o.attribute_name = opt_a.attribute_name) > 1)`;
}

/** The product and its options, as the shopper chose them: what refusals name (never the SKU, an internal code). */
export function variantLabel(variant: { name: string; options: string | null }): string {
  return variant.options ? `${variant.name} (${variant.options})` : variant.name;
}

/** Units of a product (any of its variants) in a cart. */
export async function productUnitsInCart(db: Executor, cartId: string, productId: string): Promise<number> {
  const row = await db
    .selectFrom('cart_items')
    .innerJoin('product_variants as v', 'v.id', 'cart_items.variant_id')
    .select(sql<number>`coalesce(sum(cart_items.quantity), 0)::int`.as('total'))
    .where('cart_items.cart_id', '=', cartId)
    .where('v.product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return row.total;
}

/** The refusal for a quantity the stock cannot cover, naming the product and its options. */
export function notEnoughStock(variant: { name: string; options: string | null; stock_quantity: Stock }): DomainError {
  return new DomainError(
    'out_of_stock',
    variant.stock_quantity !== null && variant.stock_quantity > 0
      ? `Not enough stock for ${variantLabel(variant)}: only ${variant.stock_quantity} available`
      : `${variantLabel(variant)} is out of stock`,
  );
}

export function lineLimitReached(variant: { name: string; options: string | null }): DomainError {
  return new DomainError('line_quantity_limit', `At most ${CART_RULES.maxLineQuantity} of ${variantLabel(variant)} per order`);
}
