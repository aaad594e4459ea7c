import { sql } from 'kysely';

import type { AdminProduct } from '@contract/api/products-admin';

import type { Db } from '../../db/database.js';
import type { SizeChartLabels, SizeChartRecord } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { DomainError } from '../../domain-error.js';
import { isComingSoon } from '../drops.js';

export type Deps = Pick<AppDeps, 'db' | 'clock' | 'log' | 'onCatalogueChange'>;

/** The codes of an option value inside a SKU: 'L/XL' → 'LXL', 'Off White' → 'OFFWHITE'. */
export function skuPart(value: string): string {
  return (
    value
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]/g, '')
      .toUpperCase()
      .slice(0, 10) || 'X'
  );
}

async function productRows(db: Db, id?: string) {
  let query = db
    .selectFrom('products as p')
    .select([
      'p.id',
      'p.name',
      'p.short_description',
      'p.long_description',
      'p.short_description_it',
      'p.long_description_it',
      'p.price',
      'p.launch_date',
      'p.purchase_limit',
      'p.archived_at',
      sql<string>`coalesce((select c.name from product_categories pc join categories c on c.id = pc.category_id where pc.product_id = p.id order by pc.position limit 1), '')`.as(
        'category',
      ),
      sql<string>`coalesce((select c.name_it from product_categories pc join categories c on c.id = pc.category_id where pc.product_id = p.id order by pc.position limit 1), '')`.as(
        'category_it',
      ),
      sql<SizeChartLabels | null>`(select s.labels_it from size_charts s where s.product_id = p.id)`.as('labels_it'),
      sql<number>`(select count(*)::int from wishlist_entries w left join product_variants v on v.id = w.product_variant_id where w.notified_at is null and (w.product_id = p.id or v.product_id = p.id))`.as(
        'waiting',
      ),
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
  return {
    products,
    variants: variants.map((v) => ({ ...v, options: optionsOf(v.id) })),
    images,
    chart: chart?.chart ?? null,
    sizes: sizes.map((s) => s.value),
  };
}

/** A stored chart as the form's rows. */
export function chartRows(chart: SizeChartRecord | null) {
  if (!chart) return null;
  return {
    fit_description: chart.fitDescription ?? '',
    sizing_tips: chart.sizingTips ?? [],
    model_info: (chart.modelInfo ?? []).map((m) => m.modelDescription),
    points: chart.sizeChart?.measurementPoints ?? [],
    sizes: (chart.sizeChart?.sizes ?? []).map((s) => ({
      size: s.sizeName,
      values: Object.fromEntries(s.measurements.map((m) => [m.measurementCode, m.value])),
    })),
  };
}

type Rows = Awaited<ReturnType<typeof productRows>>;
type ProductRow = Rows['products'][number];

/** The Italian texts as the form shows them. */
function italianOf(product: ProductRow) {
  const labels = product.labels_it ?? {};
  return {
    category: product.category_it,
    short_description: product.short_description_it,
    long_description: product.long_description_it,
    fit_description: labels.fitDescription ?? '',
    sizing_tips: labels.sizingTips ?? [],
    model_info: labels.modelInfo ?? [],
    points: labels.measurementPoints ?? [],
  };
}

/** Which Italian texts are still to write: those whose English exists and whose Italian is empty. */
function italianMissing(product: ProductRow): AdminProduct['italian_missing'] {
  const missing: AdminProduct['italian_missing'] = [];
  const blank = (text: string | undefined) => !text?.trim();
  if (product.category && blank(product.category_it)) missing.push('category');
  if (blank(product.short_description_it)) missing.push('short description');
  if (!blank(product.long_description) && blank(product.long_description_it)) missing.push('long description');
  const labels = product.labels_it;
  if (labels && blank(labels.fitDescription) && !labels.measurementPoints?.some((name) => !blank(name))) missing.push('size chart');
  return missing;
}
function toAdminProduct(
  now: Date,
  product: ProductRow,
  variants: Rows['variants'],
  images: Rows['images'] = [],
  chart: SizeChartRecord | null = null,
  sizes: string[] = [],
): AdminProduct {
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
    italian_missing: italianMissing(product),
    italian: italianOf(product),
    variants: variants.filter((v) => v.product_id === product.id).map(({ product_id: _, ...v }) => v),
    images,
    size_chart: chartRows(chart),
    sizes,
  };
}

/** Every product, newest launch first, with its variants' stock and the requests waiting. */
export async function listAdminProducts(db: Db, now: Date): Promise<Omit<AdminProduct, 'images' | 'size_chart' | 'sizes' | 'italian'>[]> {
  const { products, variants } = await productRows(db);
  return products.map((p) => {
    const { italian: _, ...listed } = toAdminProduct(now, p, variants);
    return listed;
  });
}

export async function adminProduct(db: Db, now: Date, id: string): Promise<AdminProduct> {
  const { products, variants, images, chart, sizes } = await productRows(db, id);
  if (!products[0]) throw new DomainError('not_found', 'Product not found');
  return toAdminProduct(now, products[0], variants, images, chart, sizes);
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

/** A variant's option rows, in the shop's display order (colour, treatment, material, then size). */
/**
 * A variant's options: the code in capitals (what addresses and filters carry) and, as its
 * description, the words the owner typed ('Sand', 'One size'), which the shop shows shoppers.
 */
export function optionRows(options: { colour: string; size: string; material: string | null; treatment: string | null }) {
  const row = (attribute_name: string, typed: string, order: number) => ({
    attribute_name,
    value: typed.toUpperCase(),
    value_description: typed.trim(),
    order,
  });
  return [
    row('color', options.colour, 0),
    ...(options.treatment ? [row('treatment', options.treatment, 1)] : []),
    ...(options.material ? [row('material', options.material, 2)] : []),
    row('size', options.size, 3),
  ];
}
