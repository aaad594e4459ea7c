import { sql } from 'kysely';
import { POINT_CODES, type AdminProduct, type ProductCreateRequest, type ProductEditRequest, type SizeChartRequest, type VariantCreateRequest, type VariantEditRequest } from '@contract/api/products-admin';
import type { SizeChartRecord } from '../db/schema.js';
import { addStockIn, sendBackInStock, type StockChange } from './stock.js';
import type { AppDeps } from '../deps.js';
import type { Db } from '../db/database.js';
import { DomainError } from '../domain-error.js';
import { recordAudit, type Actor } from './audit.js';
import { isComingSoon, launchJobKey, scheduleLaunch } from './drops.js';
import { cancelJob } from './jobs.js';
import { inTransaction } from '../db/transaction.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'log' | 'onCatalogueChange'>;

/** A unique index said no: which one decides the message. */
function uniqueViolation(error: unknown): string | null {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  if (e?.code !== '23505') return null;
  return e.constraint ?? e.message ?? '';
}

/** The codes of an option value inside a SKU: 'L/XL' → 'LXL', 'Off White' → 'OFFWHITE'. */
export function skuPart(value: string): string {
  return value.normalize('NFKD').replace(/[^A-Za-z0-9]/g, '').toUpperCase().slice(0, 10) || 'X';
}

async function productRows(db: Db, id?: string) {
  let query = db
    .selectFrom('products as p')
    .select([
      'p.id',
      'p.name',
      'p.short_description',
      'p.long_description',
      'p.price',
      'p.launch_date',
      'p.purchase_limit',
      'p.archived_at',
      sql<string>`coalesce((select c.name from product_categories pc join categories c on c.id = pc.category_id where pc.product_id = p.id order by pc.position limit 1), '')`.as('category'),
      sql<number>`(select count(*)::int from wishlist_entries w left join product_variants v on v.id = w.product_variant_id where w.notified_at is null and (w.product_id = p.id or v.product_id = p.id))`.as('waiting'),
    ])
    .orderBy('p.launch_date', 'desc')
    .orderBy('p.name');
  if (id) query = query.where('p.id', '=', id);
  const products = await query.execute();
  const ids = products.map((p) => p.id);
  // The variants with their options, and (for one product) its chart, sizes and images, read together.
  const [{ variants, attributes }, chart, sizes, images] = await Promise.all([
    (async () => {
      const variants = ids.length
        ? await db
            .selectFrom('product_variants')
            .select(['id', 'product_id', 'sku', 'description', 'price', 'stock_quantity', 'is_listed', 'listing_description'])
            .where('product_id', 'in', ids)
            .orderBy('position')
            .orderBy('sku')
            .execute()
        : [];
      const attributes = variants.length
        ? await db
            .selectFrom('variant_attributes')
            .select(['variant_id', 'attribute_name', 'value'])
            .where(
              'variant_id',
              'in',
              variants.map((v) => v.id),
            )
            .execute()
        : [];
      return { variants, attributes };
    })(),
    id ? db.selectFrom('size_charts').select('chart').where('product_id', '=', id).executeTakeFirst() : undefined,
    id
      ? db
          .selectFrom('variant_attributes as a')
          .innerJoin('product_variants as v', 'v.id', 'a.variant_id')
          .select(['a.value', (eb) => eb.fn.min('v.position').as('first')])
          .where('v.product_id', '=', id)
          .where('a.attribute_name', '=', 'size')
          .groupBy('a.value')
          .orderBy('first')
          .execute()
      : [],
    id
      ? db
          .selectFrom('images')
          .select(['id', 'type', 'bucket_name', 'storage_path', 'url', 'alt', 'order', 'width', 'height', 'focal_x', 'focal_y'])
          .where('product_id', '=', id)
          .orderBy('type')
          .orderBy('order')
          .orderBy('id')
          .execute()
      : [],
  ]);
  const optionsOf = (variantId: string) => {
    const value = (name: string) => attributes.find((a) => a.variant_id === variantId && a.attribute_name === name)?.value ?? null;
    return { colour: value('color') ?? value('colour'), size: value('size'), material: value('material'), treatment: value('treatment') };
  };
  return { products, variants: variants.map((v) => ({ ...v, options: optionsOf(v.id) })), images, chart: chart?.chart ?? null, sizes: sizes.map((s) => s.value) };
}

/** A variant's option rows, in the shop's display order (colour, treatment, material, then size). */
/**
 * A variant's options: the code in capitals (what addresses and filters carry) and, as its
 * description, the words the owner typed ('Sand', 'One size'), which the shop shows shoppers.
 */
function optionRows(options: { colour: string; size: string; material: string | null; treatment: string | null }) {
  const row = (attribute_name: string, typed: string, order: number) => ({ attribute_name, value: typed.toUpperCase(), value_description: typed.trim(), order });
  return [
    row('color', options.colour, 0),
    ...(options.treatment ? [row('treatment', options.treatment, 1)] : []),
    ...(options.material ? [row('material', options.material, 2)] : []),
    row('size', options.size, 3),
  ];
}

/** The options of every variant of a product but one, as comparable keys. */
async function otherOptionKeys(trx: Db, productId: string, exceptVariantId: string | null): Promise<string[]> {
  const rows = await trx
    .selectFrom('product_variants as v')
    .select(sql<string>`(select string_agg(a.attribute_name || '=' || a.value, '&' order by a."order", a.attribute_name) from variant_attributes a where a.variant_id = v.id)`.as('options'))
    .where('v.product_id', '=', productId)
    .$if(exceptVariantId !== null, (q) => q.where('v.id', '<>', exceptVariantId!))
    .execute();
  return rows.map((r) => r.options);
}

const optionKey = (rows: { attribute_name: string; value: string }[]) => rows.map((a) => `${a.attribute_name}=${a.value}`).join('&');

/** A stored chart as the form's rows. */
function chartRows(chart: SizeChartRecord | null) {
  if (!chart) return null;
  return {
    fit_description: chart.fitDescription ?? '',
    sizing_tips: chart.sizingTips ?? [],
    model_info: (chart.modelInfo ?? []).map((m) => m.modelDescription),
    points: chart.sizeChart?.measurementPoints ?? [],
    sizes: (chart.sizeChart?.sizes ?? []).map((s) => ({ size: s.sizeName, values: Object.fromEntries(s.measurements.map((m) => [m.measurementCode, m.value])) })),
  };
}

type Rows = Awaited<ReturnType<typeof productRows>>;
function toAdminProduct(now: Date, product: Rows['products'][number], variants: Rows['variants'], images: Rows['images'] = [], chart: SizeChartRecord | null = null, sizes: string[] = []): AdminProduct {
  return {
    id: product.id,
    name: product.name,
    category: product.category,
    short_description: product.short_description,
    long_description: product.long_description,
    price: product.price,
    launch_date: new Date(product.launch_date).toISOString(),
    coming_soon: isComingSoon(product.launch_date, now),
    archived_at: product.archived_at ? new Date(product.archived_at).toISOString() : null,
    purchase_limit: product.purchase_limit,
    waiting: product.waiting,
    variants: variants.filter((v) => v.product_id === product.id).map(({ product_id: _, ...v }) => v),
    images,
    size_chart: chartRows(chart),
    sizes,
  };
}

/** Every product, newest launch first, with its variants' stock and the requests waiting. */
export async function listAdminProducts(db: Db, now: Date): Promise<Omit<AdminProduct, 'images' | 'size_chart' | 'sizes'>[]> {
  const { products, variants } = await productRows(db);
  return products.map((p) => toAdminProduct(now, p, variants));
}

export async function adminProduct(db: Db, now: Date, id: string): Promise<AdminProduct> {
  const { products, variants, images, chart, sizes } = await productRows(db, id);
  if (!products[0]) throw new DomainError('not_found', 'Product not found');
  return toAdminProduct(now, products[0], variants, images, chart, sizes);
}

/** The category of that name, made when it is new (two at once meet at its unique name). */
async function categoryId(db: Db, name: string): Promise<string> {
  await db.insertInto('categories').values({ name }).onConflict((oc) => oc.column('name').doNothing()).execute();
  return (await db.selectFrom('categories').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

/** A variant's SKU met another's unique index: say which; anything else goes on as it was. */
function skuTaken(error: unknown, sku: string): never {
  if (uniqueViolation(error) !== null) throw new DomainError('already_exists', `Another variant already has the SKU ${sku}`);
  throw error;
}

function refusal(error: unknown, request: { name: string }): never {
  const index = uniqueViolation(error);
  if (index !== null) {
    if (/sku/.test(index)) throw new DomainError('already_exists', 'A variant with one of these SKUs already exists: choose another SKU prefix');
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
      await trx.insertInto('product_categories').values({ product_id: product.id, category_id: await categoryId(trx, request.category), position: 0 }).execute();
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
    })
    .catch((error: unknown) => refusal(error, request));
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
      if (request.price !== before.price) await trx.updateTable('product_variants').set({ price: request.price }).where('product_id', '=', id).where('price', '=', before.price).execute();
      if (beforeCategory?.name !== request.category) {
        await trx.deleteFrom('product_categories').where('product_id', '=', id).execute();
        await trx.insertInto('product_categories').values({ product_id: id, category_id: await categoryId(trx, request.category), position: 0 }).execute();
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
    })
    .catch((error: unknown) => refusal(error, request));
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
    const before = await trx.selectFrom('products').select(['id', 'launch_date', 'archived_at']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw new DomainError('not_found', 'Product not found');
    if (Boolean(before.archived_at) === archived) return;
    await trx.updateTable('products').set({ archived_at: archived ? now : null }).where('id', '=', id).execute();
    if (archived) await cancelJob(trx, launchJobKey(id));
    else await scheduleLaunch(trx, now, before);
    await recordAudit(trx, now, actor, { action: archived ? 'product.archive' : 'product.restore', subject_type: 'product', subject_id: id });
  });
  await deps.onCatalogueChange?.();
  return adminProduct(deps.db, now, id);
}

/**
 * One variant's own fields (SKU, price, shown on the grid on its own or not, with what text) and
 * units to add or take away, in one transaction with the row locked. Units added to a sold-out
 * variant email whoever waits for it (after the commit); units taken away never take the stock
 * below zero, whatever checkouts took meanwhile. Audited.
 */
export async function editVariant(deps: Deps & Pick<AppDeps, 'mail' | 'config'>, productId: string, variantId: string, request: VariantEditRequest, actor: Actor): Promise<AdminProduct> {
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
      await trx
        .updateTable('product_variants')
        .set({ sku: request.sku, price: request.price, is_listed: request.is_listed, listing_description: request.listing_description })
        .where('id', '=', variantId)
        .execute();
      const rows = request.options ? optionRows(request.options) : null;
      const current = rows
        ? await trx.selectFrom('variant_attributes').select(['attribute_name', 'value']).where('variant_id', '=', variantId).orderBy('order').orderBy('attribute_name').execute()
        : [];
      // Options given and other than the variant's own: written, with the label the owner typed.
      if (request.options && rows && optionKey(current) !== optionKey(rows)) {
        // The product's row is locked: two variants cannot take the same options at once.
        await trx.selectFrom('products').select('id').where('id', '=', productId).forUpdate().executeTakeFirst();
        if ((await otherOptionKeys(trx, productId, variantId)).includes(optionKey(rows))) throw new DomainError('already_exists', 'The product already has a variant with these options');
        await trx.deleteFrom('variant_attributes').where('variant_id', '=', variantId).execute();
        await trx.insertInto('variant_attributes').values(rows.map((a) => ({ ...a, variant_id: variantId }))).execute();
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
        if (!taken) throw new DomainError('conflict', `Only ${before.stock_quantity} in stock: ${-request.stock_change} cannot be taken away`);
      }
      await recordAudit(trx, now, actor, {
        action: 'variant.edit',
        subject_type: 'product',
        subject_id: productId,
        before: { variant: variantId, sku: before.sku, price: before.price, is_listed: before.is_listed, listing_description: before.listing_description, stock: before.stock_quantity },
        after: { variant: variantId, ...request },
      });
      return stockChange;
    })
    .catch((error: unknown) => skuTaken(error, request.sku));
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
      const product = await trx.selectFrom('products').select('id').where('id', '=', productId).forUpdate().executeTakeFirst();
      if (!product) throw new DomainError('not_found', 'Product not found');
      const existing = await trx
        .selectFrom('product_variants as v')
        .select(sql<string>`(select string_agg(a.attribute_name || '=' || a.value, '&' order by a."order", a.attribute_name) from variant_attributes a where a.variant_id = v.id)`.as('options'))
        .select((eb) => eb.fn.max('v.position').over().as('last'))
        .where('v.product_id', '=', productId)
        .execute();
      if (existing.some((row) => row.options === options)) throw new DomainError('already_exists', 'The product already has a variant with these options');
      const variant = await trx
        .insertInto('product_variants')
        .values({
          product_id: productId,
          sku: request.sku,
          description: [request.colour, request.treatment, request.material, request.size].filter(Boolean).join(', '),
          price: request.price,
          stock_quantity: request.stock,
          position: (existing[0]?.last ?? -1) + 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('variant_attributes').values(attributes.map((a) => ({ ...a, variant_id: variant.id }))).execute();
      await recordAudit(trx, now, actor, { action: 'variant.add', subject_type: 'product', subject_id: productId, after: { variant: variant.id, ...request } });
    })
    .catch((error: unknown) => skuTaken(error, request.sku));
  await deps.onCatalogueChange?.();
  return adminProduct(deps.db, now, productId);
}

/**
 * Writes a product's size chart from its rows: points lettered A, B, C..., each size's measurements in
 * cm with inches worked out (one decimal). What the form does not edit (the measurement guide drawing,
 * special features, the conversion chart) is kept. Audited with the chart it replaced.
 */
export async function saveSizeChart(deps: Deps, productId: string, request: SizeChartRequest, actor: Actor): Promise<AdminProduct> {
  const now = deps.clock.now();
  const points = request.points.map((name, i) => ({ code: POINT_CODES[i], name }));
  for (const row of request.sizes) {
    const missing = points.find((p) => row.values[p.code] === undefined);
    if (missing) throw new DomainError('bad_request', `Enter the ${missing.name} of size ${row.size}`);
  }
  await inTransaction(deps.db, async (trx) => {
    const product = await trx.selectFrom('products').select(['id', 'name', 'short_description']).where('id', '=', productId).forUpdate().executeTakeFirst();
    if (!product) throw new DomainError('not_found', 'Product not found');
    const before = await trx.selectFrom('size_charts').select('chart').where('product_id', '=', productId).executeTakeFirst();
    const kept = before?.chart;
    const chart: SizeChartRecord = {
      productName: product.name,
      productDescription: kept?.productDescription ?? product.short_description,
      fitDescription: request.fit_description,
      sizingTips: request.sizing_tips,
      modelInfo: request.model_info.map((modelDescription) => ({ modelDescription })),
      measurementGuideImagePath: kept?.measurementGuideImagePath ?? null,
      specialFeatures: kept?.specialFeatures ?? [],
      sizeChart: {
        measurementPoints: points,
        sizes: request.sizes.map((row) => ({
          sizeName: row.size,
          measurements: points.map((p) => ({ measurementCode: p.code, value: row.values[p.code], valueInches: Math.round((row.values[p.code] / 2.54) * 10) / 10 })),
        })),
      },
      conversionChart: kept?.conversionChart ?? { conversions: [] },
    };
    await trx
      .insertInto('size_charts')
      .values({ product_id: productId, chart: JSON.stringify(chart) })
      .onConflict((oc) => oc.column('product_id').doUpdateSet({ chart: JSON.stringify(chart) }))
      .execute();
    await recordAudit(trx, now, actor, { action: 'product.size_chart', subject_type: 'product', subject_id: productId, before: kept ? { chart: chartRows(kept) } : null, after: { chart: chartRows(chart) } });
  });
  await deps.onCatalogueChange?.();
  return adminProduct(deps.db, now, productId);
}

/** The current name of a product once called `name`; null when no product ever was. */
export async function renamedProduct(db: Db, name: string): Promise<string | null> {
  const row = await db
    .selectFrom('product_name_redirects as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .select('p.name')
    .where('r.old_name', '=', name)
    .executeTakeFirst();
  return row?.name ?? null;
}
