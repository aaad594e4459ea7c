import { sql } from 'kysely';

import type { AdminProduct, VariantCreateRequest, VariantEditRequest } from '@contract/api/products-admin';

import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import type { AppDeps } from '../../deps.js';
import { DomainError } from '../../domain-error.js';
import { type Actor, recordAudit } from '../audit.js';
import { addStockIn, sendBackInStock, type StockChange } from '../stock.js';
import { stockNotCounted } from '../stock-counted.js';
import { skuTaken } from './products.js';
import { adminProduct, type Deps, optionRows } from './read.js';

/** The options of every variant of a product but one, as comparable keys. */
async function otherOptionKeys(trx: Db, productId: string, exceptVariantId: string | null): Promise<string[]> {
  const rows = await trx
    .selectFrom('product_variants as v')
    .select(
      sql<string>`(select string_agg(a.attribute_name || '=' || a.value, '&' order by a."order", a.attribute_name) from variant_attributes a where a.variant_id = v.id)`.as(
        'options',
      ),
    )
    .where('v.product_id', '=', productId)
    .$if(exceptVariantId !== null, (q) => q.where('v.id', '<>', exceptVariantId!))
    .execute();
  return rows.map((r) => r.options);
}

const optionKey = (rows: { attribute_name: string; value: string }[]) => rows.map((a) => `${a.attribute_name}=${a.value}`).join('&');

/**
 * One variant's own fields (SKU, price, shown on the grid on its own or not, with what text) and
 * units to add or take away, in one transaction with the row locked. Units added to a sold-out
 * variant email whoever waits for it (after the commit); units taken away never take the stock
 * below zero, whatever checkouts took meanwhile. Audited.
 */
export async function editVariant(
  deps: Deps & Pick<AppDeps, 'mail' | 'config'>,
  productId: string,
  variantId: string,
  request: VariantEditRequest,
  actor: Actor,
): Promise<AdminProduct> {
  const now = deps.clock.now();
  const change = await inTransaction(deps.db, async (trx) => {
    const before = await trx
      .selectFrom('product_variants')
      .select(['id', 'sku', 'price', 'is_listed', 'listing_description', 'stock_quantity'])
      .where('id', '=', variantId)
      .where('product_id', '=', productId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new DomainError('not_found', 'Variant not found');
    if (before.stock_quantity === null && request.stock_change !== 0) throw stockNotCounted(before.sku);
    await trx
      .updateTable('product_variants')
      .set({ sku: request.sku, price: request.price, is_listed: request.is_listed, listing_description: request.listing_description })
      .where('id', '=', variantId)
      .execute();
    const rows = request.options ? optionRows(request.options) : null;
    const current = rows
      ? await trx
          .selectFrom('variant_attributes')
          .select(['attribute_name', 'value'])
          .where('variant_id', '=', variantId)
          .orderBy('order')
          .orderBy('attribute_name')
          .execute()
      : [];
    // Options given and other than the variant's own: written, with the label the owner typed.
    if (request.options && rows && optionKey(current) !== optionKey(rows)) {
      // The product's row is locked: two variants cannot take the same options at once.
      await trx.selectFrom('products').select('id').where('id', '=', productId).forUpdate().executeTakeFirst();
      if ((await otherOptionKeys(trx, productId, variantId)).includes(optionKey(rows)))
        throw new DomainError('already_exists', 'The product already has a variant with these options');
      await trx.deleteFrom('variant_attributes').where('variant_id', '=', variantId).execute();
      await trx
        .insertInto('variant_attributes')
        .values(rows.map((a) => ({ ...a, variant_id: variantId })))
        .execute();
      const { colour, treatment, material, size } = request.options;
      await trx
        .updateTable('product_variants')
        .set({ description: [colour, treatment, material, size].filter(Boolean).join(', ') })
        .where('id', '=', variantId)
        .execute();
    }
    let stockChange: StockChange = null;
    if (request.stock_change > 0) stockChange = await addStockIn(trx, now, { variantId }, request.stock_change);
    if (request.stock_change < 0) {
      const taken = await trx
        .updateTable('product_variants')
        .set((eb) => ({ stock_quantity: eb('stock_quantity', '+', request.stock_change) }))
        .where('id', '=', variantId)
        .where('stock_quantity', '>=', -request.stock_change)
        .returning('stock_quantity')
        .executeTakeFirst();
      if (!taken)
        throw new DomainError('conflict', `Only ${before.stock_quantity} in stock: ${-request.stock_change} cannot be taken away`);
    }
    await recordAudit(trx, now, actor, {
      action: 'variant.edit',
      subject_type: 'product',
      subject_id: productId,
      before: {
        variant: variantId,
        sku: before.sku,
        price: before.price,
        is_listed: before.is_listed,
        listing_description: before.listing_description,
        stock: before.stock_quantity,
      },
      after: { variant: variantId, ...request },
    });
    return stockChange;
  }).catch((error: unknown) => skuTaken(error, request.sku));
  if (change) await sendBackInStock(deps, change);
  await deps.onCatalogueChange?.();
  return adminProduct(deps.db, now, productId);
}

/** One more variant of a product: its options (no other variant may have the same), SKU, price and stock. Audited. */
export async function addVariant(deps: Deps, productId: string, request: VariantCreateRequest, actor: Actor): Promise<AdminProduct> {
  const now = deps.clock.now();
  const attributes = optionRows(request);
  const options = optionKey(attributes);
  await inTransaction(deps.db, async (trx) => {
    // The product's row is locked: two variants with the same options cannot be added at once.
    const product = await trx.selectFrom('products').select(['id', 'gift_card']).where('id', '=', productId).forUpdate().executeTakeFirst();
    if (!product) throw new DomainError('not_found', 'Product not found');
    const existing = await trx
      .selectFrom('product_variants as v')
      .select(
        sql<string>`(select string_agg(a.attribute_name || '=' || a.value, '&' order by a."order", a.attribute_name) from variant_attributes a where a.variant_id = v.id)`.as(
          'options',
        ),
      )
      .select((eb) => eb.fn.max('v.position').over().as('last'))
      .where('v.product_id', '=', productId)
      .execute();
    if (existing.some((row) => row.options === options))
      throw new DomainError('already_exists', 'The product already has a variant with these options');
    const variant = await trx
      .insertInto('product_variants')
      .values({
        product_id: productId,
        sku: request.sku,
        description: [request.colour, request.treatment, request.material, request.size].filter(Boolean).join(', '),
        price: request.price,
        // A gift card's amount has no stock to count (migration 040).
        stock_quantity: product.gift_card ? null : request.stock,
        position: (existing[0]?.last ?? -1) + 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('variant_attributes')
      .values(attributes.map((a) => ({ ...a, variant_id: variant.id })))
      .execute();
    await recordAudit(trx, now, actor, {
      action: 'variant.add',
      subject_type: 'product',
      subject_id: productId,
      after: { variant: variant.id, ...request },
    });
  }).catch((error: unknown) => skuTaken(error, request.sku));
  await deps.onCatalogueChange?.();
  return adminProduct(deps.db, now, productId);
}
