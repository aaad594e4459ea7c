import { sql } from 'kysely';

import { CATALOGUE_PAGE_SIZE, type CatalogueQuery } from '@contract/api/catalogue';

import type { Db } from '../db/database.js';
import { DomainError } from '../domain-error.js';
import { imagesOfType, loadCatalogue, toAttributes, toSizeChart } from './catalogue-rows.js';
import { watchOf } from './catalogue-watch.js';
import { isComingSoon } from './drops.js';
import { readFeatured } from './home-featured.js';
import { isAvailable, type Stock } from './stock-counted.js';

/**
 * The catalogue as assembled from the database, kept in memory per database handle until the
 * catalogue's version (migration 015: bumped by triggers on every catalogue table, on any instance)
 * moves on, or while the catalogue watch listens, until it announces a change (ADR 035). Stock is
 * the watch's, kept current message by message; without it each answer reads stock fresh.
 */
interface Kept {
  version: string;
  list?: Promise<AssembledListing[]>;
  facets?: ReturnType<typeof facetsOf>;
  details: Map<string, Promise<AssembledDetails>>;
  /** What other answers (a cart's lines) read of a variant, kept under a name of their own. */
  perVariant: Map<string, Map<string, unknown>>;
}
const kept = new WeakMap<Db, Kept>();

async function keptFor(db: Db): Promise<Kept> {
  // While the watch listens, its epoch moves with every change announced: no question to ask (ADR 035).
  const watch = watchOf(db);
  const version = watch?.listening
    ? `epoch ${watch.catalogueEpoch}`
    : (
        await db
          .selectFrom('catalogue_state')
          .select(sql<string>`version::text`.as('version'))
          .executeTakeFirstOrThrow()
      ).version;
  let entry = kept.get(db);
  if (!entry || entry.version !== version) {
    entry = { version, details: new Map(), perVariant: new Map() };
    kept.set(db, entry);
  }
  return entry;
}

/**
 * Catalogue facts about variants (their attributes, their picture) kept until the catalogue changes,
 * under `name`; `load` reads the ones not kept yet, archived products' included.
 */
export async function keptPerVariant<T>(
  db: Db,
  name: string,
  variantIds: string[],
  load: (missing: string[]) => Promise<Map<string, T>>,
): Promise<Map<string, T>> {
  const entry = await keptFor(db);
  let values = entry.perVariant.get(name) as Map<string, T> | undefined;
  if (!values) entry.perVariant.set(name, (values = new Map()));
  const missing = [...new Set(variantIds.filter((id) => !values.has(id)))];
  if (missing.length) for (const [id, value] of await load(missing)) values.set(id, value);
  return new Map(variantIds.map((id) => [id, values.get(id)!]));
}

/** A load shared by the requests that ask at the same time; forgotten if it fails, so the next one tries again. */
function shared<T>(load: () => Promise<T>, forget: () => void): Promise<T> {
  const promise = load();
  promise.catch(forget);
  return promise;
}

/** Who counts the reads of the kept catalogue (the operator's metrics). */
export type CatalogueCacheObserver = { catalogueCache(entry: 'list' | 'details', result: 'hit' | 'miss'): void };

type AssembledListing = Awaited<ReturnType<typeof assembleList>>[number];
type AssembledDetails = NonNullable<Awaited<ReturnType<typeof assembleDetails>>>;

/** The kept listings (assembled once per catalogue version). */
async function keptListings(db: Db, observer?: CatalogueCacheObserver) {
  const entry = await keptFor(db);
  observer?.catalogueCache('list', entry.list ? 'hit' : 'miss');
  entry.list ??= shared(
    () => assembleList(db),
    () => (entry.list = undefined),
  );
  return { entry, listings: await entry.list };
}

/** Whether a variant is sold out now. */
type SoldOut = (variantId: string) => boolean;

/**
 * Which variants are sold out now, of all of them or of the ones given: the watch's stock while it
 * listens, otherwise read from the database for this answer.
 */
async function soldOutVariants(db: Db, among?: string[]): Promise<SoldOut> {
  const kept = watchOf(db)?.stock();
  if (kept) {
    const stock = await kept;
    // A variant the kept stock does not know is sold out; one whose stock is not counted never is.
    return (id) => !stock.has(id) || !isAvailable(stock.get(id)!);
  }
  if (among && among.length === 0) return () => false;
  let query = db.selectFrom('product_variants').select('id').where('stock_quantity', '<=', 0);
  // One array parameter, however many ids (an IN list would bind each one).
  if (among) query = query.where(sql<boolean>`id = ANY(${among}::uuid[])`);
  const gone = new Set((await query.execute()).map((row) => row.id));
  return (id) => gone.has(id);
}

/** Each variant's stock now, of one product (null: not counted). */
async function stockOfProduct(db: Db, productId: string): Promise<(variantId: string) => Stock> {
  const kept = watchOf(db)?.stock();
  const stock: ReadonlyMap<string, Stock> = kept
    ? await kept
    : new Map(
        (await db.selectFrom('product_variants').select(['id', 'stock_quantity']).where('product_id', '=', productId).execute()).map(
          (row) => [row.id, row.stock_quantity],
        ),
      );
  return (id) => (stock.has(id) ? stock.get(id)! : 0);
}

function answerOf({ listing, variantIds }: AssembledListing, soldOut: SoldOut, now: Date) {
  return { ...listing, in_stock: variantIds.some((id) => !soldOut(id)), coming_soon: isComingSoon(listing.launch_date, now) };
}

/** The listing of docs/product.md#data-catalogue: every product, then each listed variant as a listing of its own, newest first. */
export async function listCatalogue(db: Db, now: Date = new Date(), observer?: CatalogueCacheObserver) {
  const [{ listings }, soldOut] = await Promise.all([keptListings(db, observer), soldOutVariants(db)]);
  return listings.map((listing) => answerOf(listing, soldOut, now));
}

/**
 * Products whose name or descriptions match a shopper's words (full-text, English and Italian stems: the name
 * weighs most), or whose name holds them as typed; each with its rank, best first.
 */
async function searchProducts(db: Db, q: string): Promise<Map<string, number>> {
  // English and Italian stems (migration 039): a shopper searches in the words of their page.
  const query = sql`(websearch_to_tsquery('english', ${q}) || websearch_to_tsquery('italian', ${q}))`;
  const typed = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .selectFrom('products')
    .select(['id', sql<number>`ts_rank(search_document, ${query}) + (CASE WHEN name ILIKE ${typed} THEN 1 ELSE 0 END)`.as('rank')])
    .where('archived_at', 'is', null)
    .where('gift_card', '=', false)
    .where((eb) => eb.or([sql<boolean>`search_document @@ ${query}`, eb('name', 'ilike', typed)]))
    .execute();
  return new Map(rows.map((row) => [row.id, Number(row.rank)]));
}

/** A filter's value as the kept listings hold theirs: compared in any case. */
const key = (value: string) => value.toLowerCase();

/** What the grid offers to choose: every category, size and colour in the shop, in the order they first appear. */
function facetsOf(listings: AssembledListing[]) {
  const categories = new Set<string>();
  const italian: Record<string, string> = {};
  const sizes = new Set<string>();
  const colours = new Set<string>();
  const names: Record<string, string> = {};
  for (const { listing, variants } of listings) {
    listing.categories.forEach((category, i) => {
      categories.add(category.name);
      const name = listing.translations.it.categories[i];
      if (name?.trim()) italian[category.name] = name;
    });
    for (const variant of variants) {
      if (variant.size) sizes.add(variant.size);
      if (variant.colour) colours.add(variant.colour);
      for (const [code, name] of [
        [variant.size, variant.sizeName],
        [variant.colour, variant.colourName],
      ]) {
        if (code && name?.trim() && !(code in names)) names[code] = name.trim();
      }
    }
  }
  return {
    categories: [...categories].sort((a, b) => a.localeCompare(b)),
    // The categories' Italian names, where written (migration 039): the filter's values stay the English.
    category_names: { it: italian },
    sizes: [...sizes],
    colours: [...colours],
    value_names: names,
  };
}

/**
 * The listing filtered, searched and cut into pages (issue #21), newest launch first as the whole
 * list is. The filters read the kept catalogue; only a search asks the database (its full-text
 * index), and stock is read fresh as for the whole list. A listing matches a size and colour when
 * one of its variants has both, and 'in stock' when that variant has units.
 */
export async function browseCatalogue(db: Db, query: CatalogueQuery, now: Date = new Date(), observer?: CatalogueCacheObserver) {
  const [{ entry, listings }, found, featured] = await Promise.all([
    keptListings(db, observer),
    query.q ? searchProducts(db, query.q) : undefined,
    query.q ? ([] as string[]) : readFeatured(db),
  ]);
  const category = query.category && key(query.category);
  const size = query.size && key(query.size);
  const colour = query.colour && key(query.colour);
  const fits = (variant: AssembledListing['variants'][number]) =>
    (!size || variant.sizeKey === size) && (!colour || variant.colourKey === colour);
  let matching = listings.filter(({ listing, variants, categoryKeys }) => {
    if (found && !found.has(listing.id)) return false;
    if (category && !categoryKeys.includes(category)) return false;
    return !size && !colour ? true : variants.some(fits);
  });
  // 'In stock' asks about the variants that fit, and only theirs.
  if (query.in_stock) {
    const fitting = matching.flatMap(({ variants }) => variants.filter(fits).map((variant) => variant.id));
    const soldOut = await soldOutVariants(db, fitting);
    matching = matching.filter(({ variants }) => variants.some((variant) => fits(variant) && !soldOut(variant.id)));
  }
  // A search shows the best matches first; otherwise the products the owner features (ADR 073), in
  // their order; otherwise (and between equal matches) the newest launch. The sort keeps that order.
  if (found) matching.sort((a, b) => found.get(b.listing.id)! - found.get(a.listing.id)!);
  else if (featured.length) {
    const rank = (item: AssembledListing) => {
      const at = item.listing.is_variant_listing ? -1 : featured.indexOf(item.listing.id);
      return at < 0 ? featured.length : at;
    };
    matching.sort((a, b) => rank(a) - rank(b));
  }
  const perPage = query.per_page ?? CATALOGUE_PAGE_SIZE;
  const pages = Math.ceil(matching.length / perPage);
  // A page past the last shows the last one: a shortened catalogue leaves no dead link.
  const page = Math.max(1, Math.min(query.page ?? 1, pages));
  entry.facets ??= facetsOf(listings);
  const shown = matching.slice((page - 1) * perPage, page * perPage);
  const soldOut = await soldOutVariants(
    db,
    shown.flatMap((listing) => listing.variantIds),
  );
  return {
    items: shown.map((listing) => answerOf(listing, soldOut, now)),
    total: matching.length,
    page,
    per_page: perPage,
    pages,
    facets: entry.facets,
  };
}

async function assembleList(db: Db) {
  const catalogue = await loadCatalogue(db);
  if (!catalogue) return [];
  return catalogue.products.flatMap((product) => {
    const variants = catalogue.variantsByProduct.get(product.id) ?? [];
    const images = catalogue.imagesByProduct.get(product.id) ?? [];
    const categoryRows = catalogue.categoriesByProduct.get(product.id) ?? [];
    const categories = categoryRows.map((c) => ({ name: c.name }));
    const italianCategories = categoryRows.map((c) => c.name_it);
    const base = {
      id: product.id,
      name: product.name,
      launch_date: product.launch_date.toISOString(),
      categories,
      background_images: imagesOfType(images, 'background'),
      purchase_limit: product.purchase_limit,
    };
    const listing = {
      ...base,
      price: product.price,
      in_stock: variants.some((v) => isAvailable(v.stock_quantity)),
      short_description: product.short_description,
      featured_images: imagesOfType(images, 'featured'),
      product_images: imagesOfType(images, 'product'),
      is_variant_listing: false,
      variant_info: null,
      // The Italian texts ('' where not written: the storefront shows the English).
      translations: { it: { short_description: product.short_description_it, categories: italianCategories } },
    };
    const options = (id: string) => {
      const attributes = catalogue.attributesByVariant.get(id) ?? [];
      const size = attributes.find((a) => a.attribute_name === 'size');
      const colour = attributes.find((a) => a.attribute_name === 'color');
      return {
        id,
        size: size?.value,
        colour: colour?.value,
        sizeName: size?.value_description,
        colourName: colour?.value_description,
        sizeKey: size && key(size.value),
        colourKey: colour && key(colour.value),
      };
    };
    const categoryKeys = categories.map((c) => key(c.name));
    const own = { listing, variantIds: variants.map((v) => v.id), variants: variants.map((v) => options(v.id)), categoryKeys };
    const variantListings = variants
      .filter((v) => v.is_listed)
      .map((v) => {
        const variantImages = catalogue.imagesByVariant.get(v.id) ?? [];
        return {
          ...base,
          price: v.price,
          in_stock: isAvailable(v.stock_quantity),
          short_description: v.listing_description ?? v.description,
          featured_images: imagesOfType(variantImages, 'featured'),
          product_images: imagesOfType(variantImages, 'product'),
          is_variant_listing: true,
          // A listed variant's text names its options for its link: it has no Italian of its own.
          translations: { it: { short_description: '', categories: italianCategories } },
          variant_info: {
            variant_id: v.id,
            sku: v.sku,
            description: v.description,
            attributes: toAttributes(catalogue.attributesByVariant.get(v.id)),
          },
        };
      })
      .map((variantListing) => ({
        listing: variantListing,
        variantIds: [variantListing.variant_info.variant_id],
        variants: [options(variantListing.variant_info.variant_id)],
        categoryKeys,
      }));
    return [own, ...variantListings];
  });
}

/** One product by its name with its variants, images and size chart; not_found when there is none. */
export async function productDetails(
  db: Db,
  productName: string,
  storageUrl: string,
  now: Date = new Date(),
  observer?: CatalogueCacheObserver,
) {
  const entry = await keptFor(db);
  const key = `${storageUrl}\u0000${productName}`;
  let details = entry.details.get(key);
  observer?.catalogueCache('details', details ? 'hit' : 'miss');
  if (!details) {
    details = shared(
      async () => {
        const assembled = await assembleDetails(db, productName, storageUrl);
        // Only products that exist are kept: names asked at random must not fill the memory.
        if (!assembled) throw new DomainError('not_found', 'Product not found');
        return assembled;
      },
      () => entry.details.delete(key),
    );
    entry.details.set(key, details);
  }
  const product = await details;
  const stockOf = await stockOfProduct(db, product.id);
  const variants = product.variants.map((variant) => {
    const quantity = stockOf(variant.id);
    return { ...variant, stock_quantity: quantity, in_stock: isAvailable(quantity) };
  });
  return {
    ...product,
    in_stock: variants.some((variant) => variant.in_stock),
    variants,
    coming_soon: isComingSoon(product.launch_date, now),
  };
}

async function assembleDetails(db: Db, productName: string, storageUrl: string) {
  const found = await db
    .selectFrom('products')
    .select('id')
    .where('name', '=', productName)
    .where('archived_at', 'is', null)
    .where('gift_card', '=', false)
    .executeTakeFirst();
  const catalogue = found ? await loadCatalogue(db, [found.id]) : null;
  if (!catalogue) return null;
  const product = catalogue.products[0];
  const variants = catalogue.variantsByProduct.get(product.id) ?? [];
  const images = catalogue.imagesByProduct.get(product.id) ?? [];
  const sizeChart = toSizeChart(catalogue.chartByProduct.get(product.id), storageUrl);
  const categoryRows = catalogue.categoriesByProduct.get(product.id) ?? [];
  return {
    id: product.id,
    name: product.name,
    short_description: product.short_description,
    long_description: product.long_description,
    price: product.price,
    launch_date: product.launch_date.toISOString(),
    purchase_limit: product.purchase_limit,
    in_stock: variants.some((v) => isAvailable(v.stock_quantity)),
    categories: categoryRows.map((c) => ({ name: c.name })),
    translations: {
      it: {
        short_description: product.short_description_it,
        long_description: product.long_description_it,
        categories: categoryRows.map((c) => c.name_it),
        size_chart: sizeChart ? (catalogue.italianChartByProduct.get(product.id) ?? {}) : null,
      },
    },
    product_images: imagesOfType(images, 'product'),
    featured_images: imagesOfType(images, 'featured'),
    background_images: imagesOfType(images, 'background'),
    variants: variants.map((v) => {
      const variantImages = catalogue.imagesByVariant.get(v.id) ?? [];
      return {
        id: v.id,
        sku: v.sku,
        description: v.description,
        price: v.price,
        in_stock: isAvailable(v.stock_quantity),
        stock_quantity: v.stock_quantity,
        attributes: toAttributes(catalogue.attributesByVariant.get(v.id)),
        product_images: imagesOfType(variantImages, 'product'),
        featured_images: imagesOfType(variantImages, 'featured'),
        background_images: imagesOfType(variantImages, 'background'),
        size_chart: sizeChart,
      };
    }),
  };
}
