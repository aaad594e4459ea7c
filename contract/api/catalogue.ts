import { z } from 'zod';

import { CATALOGUE_PAGE_SIZE, CATALOGUE_SEARCH_MAX, MENU_PRODUCTS_MAX } from '../shop-rules';

/**
 * The catalogue answers of the shop API (docs/product.md#data-catalogue, docs/product.md#api-catalogue): `POST products/list` and
 * `GET products/details`. The API checks its answers against them outside production; the storefront
 * parses what arrives with them, so a contract break fails loudly, not in a component.
 */
export const imageSchema = z.object({
  id: z.string(),
  filename: z.string().nullable().optional(),
  url: z
    .string()
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  bucket_name: z.string().default('product-images'),
  storage_path: z
    .string()
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  type: z.string().optional(),
  order: z.number().optional(),
  width: z.number().nullable().optional(),
  height: z.number().nullable().optional(),
  alt: z.string().optional(),
  /** The point kept in view when a box crops the image, in percent (ADR 028); the centre when absent. */
  focal_x: z.number().optional(),
  focal_y: z.number().optional(),
});

export const attributeSchema = z.object({
  attribute_name: z.string(),
  value: z.string(),
  order: z.number().optional(),
  value_description: z.string().nullable().optional(),
});

const categorySchema = z.object({ name: z.string() });

/**
 * A catalogue text's Italian version (issue 38, ADR 046): '' where the owner has not written it yet,
 * when the Italian pages show the English. Categories by position, as `categories` lists them.
 */
const italianListingSchema = z.object({
  short_description: z.string().default(''),
  categories: z.array(z.string()).default([]),
});

/** A size chart's labels in another language, each missing or empty one read as the English chart's. */
export const sizeChartLabelsSchema = z.object({
  productDescription: z.string().optional(),
  fitDescription: z.string().optional(),
  sizingTips: z.array(z.string()).optional(),
  modelInfo: z.array(z.string()).optional(),
  /** Measurement names by position (A, B, C...). */
  measurementPoints: z.array(z.string()).optional(),
  /** Special features by position. */
  specialFeatures: z.array(z.object({ name: z.string(), description: z.string() })).optional(),
});
export type SizeChartLabels = z.infer<typeof sizeChartLabelsSchema>;

const italianDetailsSchema = italianListingSchema.extend({
  long_description: z.string().default(''),
  size_chart: sizeChartLabelsSchema.nullable().default(null),
});

export const productListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  launch_date: z.string(),
  price: z.number().int(),
  in_stock: z.boolean(),
  short_description: z
    .string()
    .nullable()
    .transform((v) => v ?? ''),
  categories: z.array(categorySchema).default([]),
  featured_images: z.array(imageSchema).default([]),
  product_images: z.array(imageSchema).default([]),
  background_images: z.array(imageSchema).default([]),
  is_variant_listing: z.boolean().default(false),
  variant_info: z
    .object({
      variant_id: z.string(),
      sku: z.string().optional(),
      description: z.string().optional(),
      attributes: z.array(attributeSchema).optional(),
    })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  /** A drop before its launch instant (by the API's clock): shown, not sold (ADR 028). */
  coming_soon: z.boolean().default(false),
  /** Units one customer may buy of the product; null: no cap. */
  purchase_limit: z.number().int().positive().nullable().default(null),
  /** The listing's texts in other languages than English. */
  translations: z.object({ it: italianListingSchema.optional() }).default({}),
});

export const productListSchema = z.array(productListItemSchema);

export type ApiImageOut = z.infer<typeof imageSchema>;
export type ProductListItem = z.infer<typeof productListItemSchema>;

const sizeChartSchema = z.object({
  productName: z.string().optional(),
  productDescription: z.string().optional(),
  fitDescription: z.string().optional(),
  sizingTips: z.array(z.string()).default([]),
  modelInfo: z.array(z.object({ modelDescription: z.string() })).default([]),
  measurementGuideImageUrl: z.string().nullable().optional(),
  specialFeatures: z.array(z.object({ name: z.string(), description: z.string() })).default([]),
  sizeChart: z
    .object({
      measurementPoints: z.array(z.object({ code: z.string(), name: z.string() })).default([]),
      sizes: z
        .array(
          z.object({
            sizeName: z.string(),
            measurements: z.array(z.object({ measurementCode: z.string(), value: z.number(), valueInches: z.number() })),
          }),
        )
        .default([]),
    })
    .optional(),
  conversionChart: z.object({ conversions: z.array(z.record(z.union([z.string(), z.array(z.string())]))) }).optional(),
});

export const variantSchema = z.object({
  id: z.string(),
  sku: z.string(),
  description: z.string().nullable().default(''),
  price: z.number().int(),
  in_stock: z.boolean(),
  /** Units that can be sold now; null: not counted (a gift card's amount), always in stock. */
  stock_quantity: z.number().int().nullish(),
  attributes: z.array(attributeSchema).default([]),
  product_images: z.array(imageSchema).default([]),
  featured_images: z.array(imageSchema).default([]),
  background_images: z.array(imageSchema).default([]),
  size_chart: sizeChartSchema.nullable().optional(),
});

export const productDetailsSchema = z.object({
  id: z.string(),
  name: z.string(),
  short_description: z
    .string()
    .nullable()
    .transform((v) => v ?? ''),
  long_description: z
    .string()
    .nullable()
    .transform((v) => v ?? ''),
  price: z.number().int(),
  in_stock: z.boolean(),
  categories: z.array(categorySchema).default([]),
  product_images: z.array(imageSchema).default([]),
  featured_images: z.array(imageSchema).default([]),
  background_images: z.array(imageSchema).default([]),
  variants: z.array(variantSchema).default([]),
  launch_date: z.string().optional(),
  coming_soon: z.boolean().default(false),
  purchase_limit: z.number().int().positive().nullable().default(null),
  /** The product's texts in other languages than English. */
  translations: z.object({ it: italianDetailsSchema.optional() }).default({}),
});

export type ProductDetails = z.infer<typeof productDetailsSchema>;
export type ProductVariant = z.infer<typeof variantSchema>;
export type SizeChart = z.infer<typeof sizeChartSchema>;

/** `GET products/details?product_name=`. */
export const productDetailsQuerySchema = z.object({ product_name: z.string().trim().min(1).max(200) });

/** `GET products/renamed?product_name=`: the current name of a product the owner renamed. */
export const productRenamedSchema = z.object({ name: z.string() });

// Kept in shop-rules (no zod): the grid's own modules read them in the browser.
export { CATALOGUE_PAGE_SIZE, CATALOGUE_SEARCH_MAX };

const blankAsAbsent = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => value || undefined);

/** true, false, or a form's checkbox ('on'), a query's '1'/'true'. */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', ''])])
  .optional()
  .transform((value) => value === true || value === 'true' || value === '1' || value === 'on' || undefined);

/**
 * What a shopper browses by (issue #21): a search over names and descriptions, a category, a size, a
 * colour, in stock only, and a page. All optional: `POST products/list` with none of them answers
 * the spec's whole array; `GET products/browse` takes them as a query and answers a page.
 */
export const catalogueQuerySchema = z
  .object({
    q: blankAsAbsent(CATALOGUE_SEARCH_MAX, 'Search'),
    category: blankAsAbsent(60, 'Category'),
    size: blankAsAbsent(30, 'Size'),
    colour: blankAsAbsent(30, 'Colour'),
    in_stock: flag,
    page: z.coerce
      .number()
      .int('Page must be a whole number')
      .min(1, 'Page must be 1 or more')
      .max(100_000, 'Page must be at most 100000')
      .optional(),
    per_page: z.coerce
      .number()
      .int('Per page must be a whole number')
      .min(1, 'Per page must be 1 or more')
      .max(100, 'Per page must be at most 100')
      .optional(),
  })
  .strict();
export type CatalogueQuery = z.infer<typeof catalogueQuerySchema>;

/** Whether a query asks for anything but the whole list. */
export function isBrowsing(query: CatalogueQuery): boolean {
  return Object.values(query).some((value) => value !== undefined);
}

/** `GET products/browse`: one page of the filtered listing, how many there are, and what can be chosen. */
export const catalogueBrowseSchema = z.object({
  items: productListSchema,
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  per_page: z.number().int().positive(),
  pages: z.number().int().nonnegative(),
  facets: z.object({
    categories: z.array(z.string()),
    /** Each category's name in other languages, by its English name (its value in the filter). */
    category_names: z.object({ it: z.record(z.string()).optional() }).default({}),
    sizes: z.array(z.string()),
    colours: z.array(z.string()),
    /** The words shoppers read for a size or colour, by its code ('Signal red' for RED), where the catalogue has them. */
    value_names: z.record(z.string()).default({}),
  }),
});
export type CatalogueBrowse = z.infer<typeof catalogueBrowseSchema>;

/**
 * `GET products/menu`: the products the owner chose to feature in the menu, in their order (ids);
 * empty when none is chosen, and the menu then lists the newest. `POST admin/settings/menu` (owner
 * only) sets them.
 */
export const menuProductsSchema = z.object({ product_ids: z.array(z.string()) });
export const menuProductsRequestSchema = z.object({
  product_ids: z
    .array(z.string().uuid('Choose products of the catalogue'))
    .max(MENU_PRODUCTS_MAX, `Choose at most ${MENU_PRODUCTS_MAX} products for the menu`)
    .refine((ids) => new Set(ids).size === ids.length, 'Choose each product once'),
});
