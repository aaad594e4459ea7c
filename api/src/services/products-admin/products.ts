import type { AdminProduct, ProductCreateRequest, ProductEditRequest } from '@contract/api/products-admin';

import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { DomainError } from '../../domain-error.js';
import { type Actor, recordAudit } from '../audit.js';
import { isComingSoon, launchJobKey, scheduleLaunch } from '../drops.js';
import { cancelJob } from '../jobs.js';
import { adminProduct, type Deps, optionRows, skuPart } from './read.js';

/** A unique index said no: which one decides the message. */
function uniqueViolation(error: unknown): string | null {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  if (e?.code !== '23505') return null;
  return e.constraint ?? e.message ?? '';
}

/** The category of that name, made when it is new (two at once meet at its unique name). */
async function categoryId(db: Db, name: string): Promise<string> {
  await db
    .insertInto('categories')
    .values({ name })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return (await db.selectFrom('categories').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

/** A variant's SKU met another's unique index: say which; anything else goes on as it was. */
export function skuTaken(error: unknown, sku: string): never {
  if (uniqueViolation(error) !== null) throw new DomainError('already_exists', `Another variant already has the SKU ${sku}`);
  throw error;
}

function refusal(error: unknown, request: { name: string }): never {
  const index = uniqueViolation(error);
  if (index !== null) {
    if (/sku/.test(index))
      throw new DomainError('already_exists', 'A variant with one of these SKUs already exists: choose another SKU prefix');
    throw new DomainError('already_exists', `A product named ${request.name} already exists`);
  }
  throw error;
}

/**
 * A product and its variants, one per colour and size (colour, treatment and material before size,
 * as the shop shows them), each with the same stock and the product's price. Audited; the launch
 * job is scheduled when the launch is ahead.
 */
export async function createProduct(deps: Deps, request: ProductCreateRequest, actor: Actor): Promise<AdminProduct> {
  const now = deps.clock.now();
  const id = await inTransaction(deps.db, async (trx) => {
    const product = await trx
      .insertInto('products')
      .values({
        name: request.name,
        short_description: request.short_description,
        long_description: request.long_description,
        price: request.price,
        // No launch given: on sale from now.
        launch_date: request.launch_date ?? now,
        purchase_limit: request.purchase_limit,
      })
      .returning(['id', 'launch_date'])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('product_categories')
      .values({ product_id: product.id, category_id: await categoryId(trx, request.category), position: 0 })
      .execute();
    let position = 0;
    for (const colour of request.colours) {
      for (const size of request.sizes) {
        const attributes = optionRows({ colour, size, material: request.material, treatment: request.treatment });
        const variant = await trx
          .insertInto('product_variants')
          .values({
            product_id: product.id,
            sku: [request.sku_prefix, skuPart(colour), skuPart(size)].join('-'),
            description: `${colour}, ${size}`,
            price: request.price,
            stock_quantity: request.stock_per_variant,
            position: position++,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('variant_attributes')
          .values(attributes.map((a) => ({ ...a, variant_id: variant.id })))
          .execute();
      }
    }
    await scheduleLaunch(trx, now, product);
    await recordAudit(trx, now, actor, {
      action: 'product.create',
      subject_type: 'product',
      subject_id: product.id,
      after: { ...request, variants: request.colours.length * request.sizes.length },
    });
    return product.id;
  }).catch((error: unknown) => refusal(error, request));
  await deps.onCatalogueChange?.();
  return adminProduct(deps.db, now, id);
}

/**
 * Changes a product's own fields in one transaction (row locked, so two edits take turns and each
 * audit entry's 'before' is what that edit replaced). A new name keeps the old one as a permanent
 * redirect; a new launch moves its job. Nothing is saved when a rule refuses.
 */
export async function editProduct(deps: Deps, id: string, request: ProductEditRequest, actor: Actor): Promise<AdminProduct> {
  const now = deps.clock.now();
  await inTransaction(deps.db, async (trx) => {
    const before = await trx.selectFrom('products').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw new DomainError('not_found', 'Product not found');
    const beforeCategory = await trx
      .selectFrom('product_categories as pc')
      .innerJoin('categories as c', 'c.id', 'pc.category_id')
      .select('c.name')
      .where('pc.product_id', '=', id)
      .orderBy('pc.position')
      .executeTakeFirst();
    const updated = await trx
      .updateTable('products')
      .set({
        name: request.name,
        short_description: request.short_description,
        long_description: request.long_description,
        price: request.price,
        // No launch given: a drop goes on sale now; a product on sale already keeps its launch (and place).
        launch_date: request.launch_date ?? (isComingSoon(before.launch_date, now) ? now : before.launch_date),
        purchase_limit: request.purchase_limit,
      })
      .where('id', '=', id)
      .returning(['id', 'launch_date'])
      .executeTakeFirstOrThrow();
    // Variants that kept the product's price follow it; a variant priced apart keeps its own.
    if (request.price !== before.price)
      await trx
        .updateTable('product_variants')
        .set({ price: request.price })
        .where('product_id', '=', id)
        .where('price', '=', before.price)
        .execute();
    if (beforeCategory?.name !== request.category) {
      await trx.deleteFrom('product_categories').where('product_id', '=', id).execute();
      await trx
        .insertInto('product_categories')
        .values({ product_id: id, category_id: await categoryId(trx, request.category), position: 0 })
        .execute();
    }
    if (request.name !== before.name) {
      // The old address keeps working (permanently redirected); a name taken back is a product's own again.
      await trx.deleteFrom('product_name_redirects').where('old_name', '=', request.name).execute();
      await trx
        .insertInto('product_name_redirects')
        .values({ old_name: before.name, product_id: id })
        .onConflict((oc) => oc.column('old_name').doUpdateSet({ product_id: id }))
        .execute();
    }
    // An archived product launches nothing: its job stays called off until it is brought back.
    if (!before.archived_at) await scheduleLaunch(trx, now, updated);
    await recordAudit(trx, now, actor, {
      action: 'product.edit',
      subject_type: 'product',
      subject_id: id,
      before: {
        name: before.name,
        category: beforeCategory?.name ?? '',
        short_description: before.short_description,
        long_description: before.long_description,
        price: before.price,
        launch_date: new Date(before.launch_date).toISOString(),
        purchase_limit: before.purchase_limit,
      },
      after: request,
    });
  }).catch((error: unknown) => refusal(error, request));
  await deps.onCatalogueChange?.();
  return adminProduct(deps.db, now, id);
}

/**
 * Takes a product out of the shop (listing, page, carts, checkouts; its launch job is called off) or
 * brings it back (and its launch, if still ahead). Its orders and history stay. Audited.
 */
export async function archiveProduct(deps: Deps, id: string, archived: boolean, actor: Actor): Promise<AdminProduct> {
  const now = deps.clock.now();
  await inTransaction(deps.db, async (trx) => {
    const before = await trx
      .selectFrom('products')
      .select(['id', 'launch_date', 'archived_at'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new DomainError('not_found', 'Product not found');
    if (Boolean(before.archived_at) === archived) return;
    await trx
      .updateTable('products')
      .set({ archived_at: archived ? now : null })
      .where('id', '=', id)
      .execute();
    if (archived) await cancelJob(trx, launchJobKey(id));
    else await scheduleLaunch(trx, now, before);
    await recordAudit(trx, now, actor, {
      action: archived ? 'product.archive' : 'product.restore',
      subject_type: 'product',
      subject_id: id,
    });
  });
  await deps.onCatalogueChange?.();
  return adminProduct(deps.db, now, id);
}
