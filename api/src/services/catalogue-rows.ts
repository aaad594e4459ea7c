// The catalogue's rows as read from the database and shaped for answers: images, attributes, size charts.
import type { Selectable } from 'kysely';

import type { Db } from '../db/database.js';
import type { Database, SizeChartLabels, SizeChartRecord } from '../db/schema.js';
import { publicObjectUrl } from './storage-urls.js';

type ImageRow = Selectable<Database['images']>;
type AttributeRow = Selectable<Database['variant_attributes']>;

/** Image of docs/product.md#data-catalogue; stored images carry filename, storage_path and bucket_name, external ones a url. */
export interface ImageOut {
  id: string;
  filename: string | null;
  url: string | null;
  bucket_name: string;
  storage_path: string | null;
  type: string;
  order: number;
  width: number | null;
  height: number | null;
  alt: string;
  focal_x: number;
  focal_y: number;
}

interface AttributeOut {
  attribute_name: string;
  value: string;
  order: number;
  value_description: string | null;
}

function toImage(row: ImageRow): ImageOut {
  return {
    id: row.id,
    filename: row.filename,
    url: row.url,
    bucket_name: row.bucket_name,
    storage_path: row.storage_path,
    type: row.type,
    order: row.order,
    width: row.width,
    height: row.height,
    alt: row.alt,
    focal_x: row.focal_x,
    focal_y: row.focal_y,
  };
}

export function imagesOfType(rows: ImageRow[], type: ImageRow['type']): ImageOut[] {
  return rows
    .filter((row) => row.type === type)
    .sort((a, b) => a.order - b.order)
    .map(toImage);
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** Everything about a set of products, fetched in a fixed number of queries whatever their count. */
export async function loadCatalogue(db: Db, productIds?: string[]) {
  // Archived products are out of the shop (ADR 028).
  let productsQuery = db
    .selectFrom('products')
    .select([
      'id',
      'name',
      'short_description',
      'long_description',
      'short_description_it',
      'long_description_it',
      'price',
      'launch_date',
      'purchase_limit',
    ])
    .where('archived_at', 'is', null)
    // Gift cards have their own page (ADR 052).
    .where('gift_card', '=', false)
    .orderBy('launch_date', 'desc')
    .orderBy('name');
  if (productIds) productsQuery = productsQuery.where('id', 'in', productIds);
  const products = await productsQuery.execute();
  if (products.length === 0) return null;
  const ids = products.map((p) => p.id);

  const [categories, variants, images, charts] = await Promise.all([
    db
      .selectFrom('product_categories')
      .innerJoin('categories', 'categories.id', 'product_categories.category_id')
      .select(['product_categories.product_id', 'categories.name', 'categories.name_it', 'product_categories.position'])
      .where('product_categories.product_id', 'in', ids)
      .orderBy('product_categories.position')
      .execute(),
    db.selectFrom('product_variants').selectAll().where('product_id', 'in', ids).orderBy('position').execute(),
    db
      .selectFrom('images')
      .leftJoin('product_variants', 'product_variants.id', 'images.variant_id')
      .selectAll('images')
      .select('product_variants.product_id as variant_product_id')
      .where((eb) => eb.or([eb('images.product_id', 'in', ids), eb('product_variants.product_id', 'in', ids)]))
      .execute(),
    db.selectFrom('size_charts').select(['product_id', 'chart', 'labels_it']).where('product_id', 'in', ids).execute(),
  ]);
  const variantIds = variants.map((v) => v.id);
  const attributes = variantIds.length
    ? await db.selectFrom('variant_attributes').selectAll().where('variant_id', 'in', variantIds).orderBy('order').execute()
    : [];

  return {
    products,
    categoriesByProduct: groupBy(categories, (c) => c.product_id),
    variantsByProduct: groupBy(variants, (v) => v.product_id),
    imagesByProduct: groupBy(
      images.filter((i) => i.product_id),
      (i) => i.product_id!,
    ),
    imagesByVariant: groupBy(
      images.filter((i) => i.variant_id),
      (i) => i.variant_id!,
    ),
    attributesByVariant: groupBy(attributes, (a) => a.variant_id),
    chartByProduct: new Map(charts.map((c) => [c.product_id, c.chart as SizeChartRecord])),
    italianChartByProduct: new Map(charts.map((c) => [c.product_id, (c.labels_it ?? {}) as SizeChartLabels])),
  };
}

export function toAttributes(rows: AttributeRow[] | undefined): AttributeOut[] {
  return (rows ?? []).map((a) => ({
    attribute_name: a.attribute_name,
    value: a.value,
    order: a.order,
    value_description: a.value_description,
  }));
}

export function toSizeChart(chart: SizeChartRecord | undefined, storageBase: string) {
  if (!chart) return null;
  const { measurementGuideImagePath, ...rest } = chart;
  return {
    ...rest,
    measurementGuideImageUrl: measurementGuideImagePath ? publicObjectUrl(storageBase, 'product-images', measurementGuideImagePath) : null,
  };
}
