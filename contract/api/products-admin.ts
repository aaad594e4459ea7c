import { z } from 'zod';

import { shopWallTimeToDate } from '../shop-time';
import { adminItalianSchema, ITALIAN_TEXT_NAMES } from './products-admin-italian';

export * from './products-admin-italian';

/**
 * The owner's catalogue routes under /api/admin/products (ADR 028): the list, one product, creating
 * a product with its variants generated from colours and sizes, and editing a product's own fields
 * (name, category, descriptions, price, launch, per-customer cap). Owner only.
 */

export const PRODUCT_NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} '&.,()-]*$/u;
export const SKU_PREFIX_PATTERN = /^[A-Z0-9]{2,10}$/;
export const PURCHASE_LIMIT_MAX = 99;

const productName = z
  .string({ required_error: 'Enter a product name' })
  .trim()
  .min(2, 'Enter a name of 2 to 80 characters')
  .max(80, 'Enter a name of 2 to 80 characters')
  .regex(PRODUCT_NAME_PATTERN, "Use letters, numbers, spaces and - ' & . , ( ) in the name");
const category = z
  .string({ required_error: 'Enter a category' })
  .trim()
  .min(2, 'Enter a category of 2 to 40 characters')
  .max(40, 'Enter a category of 2 to 40 characters');
const shortDescription = z
  .string({ required_error: 'Enter a short description' })
  .trim()
  .min(1, 'Enter a short description')
  .max(300, 'Keep the short description to 300 characters');
const longDescription = z.string().trim().max(10_000, 'Keep the long description to 10000 characters').default('');
const priceCents = z.number().int().min(0).max(1_000_000);
const purchaseLimit = z
  .number()
  .int()
  .min(1, 'Enter a limit of 1 to 99 units, or leave it empty')
  .max(PURCHASE_LIMIT_MAX, 'Enter a limit of 1 to 99 units, or leave it empty')
  .nullable();
/** Absent or null: on sale now (an edit of a product on sale already keeps its launch). */
const launchDate = z.string().datetime({ offset: true, message: 'Enter a launch date and time' }).nullish();

const optionValue = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} /.-]*$/u, 'Use letters, numbers, spaces and / . - in option values');

export const productEditRequestSchema = z.object({
  name: productName,
  category,
  short_description: shortDescription,
  long_description: longDescription,
  price: priceCents,
  launch_date: launchDate,
  purchase_limit: purchaseLimit,
});

const distinct = (label: string) => (values: string[]) =>
  new Set(values.map((v) => v.toUpperCase())).size === values.length || `Each ${label} once, please`;

export const productCreateRequestSchema = productEditRequestSchema.extend({
  sku_prefix: z.string().trim().toUpperCase().regex(SKU_PREFIX_PATTERN, 'Use 2 to 10 capital letters or digits for the SKU prefix'),
  colours: z
    .array(optionValue)
    .min(1, 'Enter at least one colour')
    .max(12, 'At most 12 colours')
    .superRefine((v, ctx) => {
      const ok = distinct('colour')(v);
      if (ok !== true) ctx.addIssue({ code: 'custom', message: ok });
    }),
  sizes: z
    .array(optionValue)
    .min(1, 'Enter at least one size')
    .max(12, 'At most 12 sizes')
    .superRefine((v, ctx) => {
      const ok = distinct('size')(v);
      if (ok !== true) ctx.addIssue({ code: 'custom', message: ok });
    }),
  material: optionValue.nullable().default(null),
  treatment: optionValue.nullable().default(null),
  stock_per_variant: z.number().int().min(0).max(100_000),
});

export type ProductEditRequest = z.infer<typeof productEditRequestSchema>;
export type ProductCreateRequest = z.infer<typeof productCreateRequestSchema>;

const altText = z
  .string({ required_error: 'Describe the image for people who cannot see it' })
  .trim()
  .min(1, 'Describe the image for people who cannot see it')
  .max(200, 'Keep the description to 200 characters');
const focal = (axis: string) =>
  z.coerce
    .number({ invalid_type_error: `Enter the ${axis} of the focal point, 0 to 100` })
    .int(`Enter the ${axis} of the focal point, 0 to 100`)
    .min(0, `Enter the ${axis} of the focal point, 0 to 100`)
    .max(100, `Enter the ${axis} of the focal point, 0 to 100`);
export const IMAGE_TYPES = ['product', 'featured', 'background'] as const;

/** The fields beside the file of `POST admin/products/:id/images` (multipart): text, as a form sends them. */
export const imageUploadFieldsSchema = z.object({
  alt: altText,
  type: z.enum(IMAGE_TYPES, { errorMap: () => ({ message: 'Choose where the image is shown' }) }).default('product'),
  focal_x: focal('across position').default(50),
  focal_y: focal('down position').default(50),
});
/** `PUT admin/products/:id/images/:imageId`. */
export const imageUpdateSchema = z.object({ alt: altText, focal_x: focal('across position'), focal_y: focal('down position') });
export type ImageUpdate = z.infer<typeof imageUpdateSchema>;
/** `POST admin/products/:id/images/:imageId/move`. */
export const imageMoveSchema = z.object({ direction: z.enum(['up', 'down']) });
export type ImageMove = z.infer<typeof imageMoveSchema>;
// ---- The back office's forms: the same rules, from text fields ----

const euros = z
  .string({ required_error: 'Enter a price in euros' })
  .trim()
  .regex(/^\d{1,5}([.,]\d{1,2})?$/, 'Enter a price in euros, e.g. 45 or 45.50')
  .transform((v) => Math.round(Number(v.replace(',', '.')) * 100));
/** An empty field means on sale now. */
const wallTime = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v?.trim()) return null;
    const at = shopWallTimeToDate(v);
    if (!at) {
      ctx.addIssue({ code: 'custom', message: 'Enter a launch date and time' });
      return z.NEVER;
    }
    return at.toISOString();
  });
const optionalLimit = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return null;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > PURCHASE_LIMIT_MAX) {
      ctx.addIssue({ code: 'custom', message: 'Enter a limit of 1 to 99 units, or leave it empty' });
      return z.NEVER;
    }
    return n;
  });
const list = (label: string) =>
  z.string({ required_error: `Enter at least one ${label}` }).transform((v) =>
    v
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  );
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || null);

const sku = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9-]{1,39}$/, 'Use 2 to 40 capital letters, digits and dashes for the SKU');

/** `PUT admin/products/:id/variants/:variantId`: one variant's own fields, and units to add or take away. */
export const variantEditRequestSchema = z.object({
  sku,
  price: priceCents,
  is_listed: z.boolean(),
  listing_description: z.string().trim().max(300, 'Keep the listing text to 300 characters').nullable(),
  stock_change: z.number().int('Enter a whole number of units').min(-100_000).max(100_000).default(0),
  /** New option values; absent: the variant keeps its own. */
  options: z
    .object({
      colour: optionValue,
      size: optionValue,
      material: optionValue.nullable().default(null),
      treatment: optionValue.nullable().default(null),
    })
    .optional(),
});
export type VariantEditRequest = z.infer<typeof variantEditRequestSchema>;

/** `POST admin/products/:id/variants`: one more variant, its options given one by one. */
export const variantCreateRequestSchema = z.object({
  colour: optionValue,
  size: optionValue,
  material: optionValue.nullable().default(null),
  treatment: optionValue.nullable().default(null),
  sku,
  price: priceCents,
  stock: z.number().int().min(0).max(100_000),
});
export type VariantCreateRequest = z.infer<typeof variantCreateRequestSchema>;
export const variantParamSchema = z.object({ id: z.string().uuid(), variantId: z.string().uuid() });

/** The variant forms: prices in euros, the listing as a checkbox, units as text. */
export const variantEditFormSchema = z
  .object({
    colour: z.string({ required_error: 'Enter a colour' }),
    size: z.string({ required_error: 'Enter a size' }),
    material: optionalText,
    treatment: optionalText,
    sku: z.string({ required_error: 'Use 2 to 40 capital letters, digits and dashes for the SKU' }),
    price: euros,
    is_listed: z
      .string()
      .optional()
      .transform((v) => v === 'on'),
    listing_description: optionalText,
    stock_change: z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        if (!v) return 0;
        if (!/^[+-]?\d{1,6}$/.test(v)) {
          ctx.addIssue({ code: 'custom', message: 'Enter a whole number of units, e.g. 5 or -2' });
          return z.NEVER;
        }
        return Number(v);
      }),
  })
  .transform(({ colour, size, material, treatment, ...rest }) => ({ ...rest, options: { colour, size, material, treatment } }))
  .pipe(variantEditRequestSchema);

export const variantCreateFormSchema = z
  .object({
    colour: z.string({ required_error: 'Enter a colour' }),
    size: z.string({ required_error: 'Enter a size' }),
    material: optionalText,
    treatment: optionalText,
    sku: z.string({ required_error: 'Use 2 to 40 capital letters, digits and dashes for the SKU' }),
    price: euros,
    stock: z.coerce
      .number({ invalid_type_error: 'Enter a whole number of units' })
      .int('Enter a whole number of units')
      .min(0, 'Enter 0 or more units'),
  })
  .pipe(variantCreateRequestSchema);

/** A size chart's measurement points are lettered A, B, C... in the order given (as the seeded charts are). */
export const POINT_CODES = 'ABCDEFGHIJ'.split('');
const lines = (max: number, label: string) =>
  z.array(z.string().trim().min(1).max(300, `Keep each ${label} to 300 characters`)).max(max, `At most ${max} ${label}s`);
const centimetres = z.number().min(0, 'Enter a measurement of 0 to 300 cm').max(300, 'Enter a measurement of 0 to 300 cm');

/**
 * `PUT admin/products/:id/size-chart`: the chart of spec §3 as rows: the fit, tips, model notes, the
 * measurement points (lettered in order), and each size's measurements in cm (inches are worked out).
 */
export const sizeChartRequestSchema = z.object({
  fit_description: z.string().trim().max(1000, 'Keep the fit description to 1000 characters').default(''),
  sizing_tips: lines(10, 'tip').default([]),
  model_info: lines(5, 'model note').default([]),
  points: z
    .array(z.string().trim().min(1).max(40, 'Keep each measurement name to 40 characters'))
    .min(1, 'Enter at least one measurement, e.g. Chest width')
    .max(POINT_CODES.length, `At most ${POINT_CODES.length} measurements`),
  sizes: z
    .array(z.object({ size: z.string().trim().min(1).max(20), values: z.record(z.string(), centimetres) }))
    .min(1, 'The chart needs at least one size')
    .max(20),
});
export type SizeChartRequest = z.infer<typeof sizeChartRequestSchema>;

/** The chart as its form shows it again. */
export const adminSizeChartSchema = z.object({
  fit_description: z.string(),
  sizing_tips: z.array(z.string()),
  model_info: z.array(z.string()),
  points: z.array(z.object({ code: z.string(), name: z.string() })),
  sizes: z.array(z.object({ size: z.string(), values: z.record(z.string(), z.number()) })),
});

/** `POST admin/products/:id/archive`: take it out of the shop, or bring it back. */
export const productArchiveSchema = z.object({ archived: z.boolean() });
export const productImageParamSchema = z.object({ id: z.string().uuid(), imageId: z.string().uuid() });

export const adminProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  short_description: z.string(),
  long_description: z.string(),
  price: z.number().int(),
  launch_date: z.string(),
  coming_soon: z.boolean(),
  /** Out of the shop since then (null: on sale or coming); the owner can bring it back. */
  archived_at: z.string().nullable(),
  purchase_limit: z.number().int().nullable(),
  /** Back-in-stock and launch requests waiting for the product or any of its variants. */
  waiting: z.number().int(),
  /** The Italian texts not written yet (ITALIAN_TEXT_NAMES); the Italian pages show the English for them. */
  italian_missing: z.array(z.enum(ITALIAN_TEXT_NAMES)),
  variants: z.array(
    z.object({
      id: z.string(),
      sku: z.string(),
      description: z.string(),
      price: z.number().int(),
      /** Null: not counted (a gift card's amount). */
      stock_quantity: z.number().int().nullable(),
      is_listed: z.boolean(),
      listing_description: z.string().nullable(),
      /** Its option values (null where the variant has none of that kind). */
      options: z.object({
        colour: z.string().nullable(),
        size: z.string().nullable(),
        material: z.string().nullable(),
        treatment: z.string().nullable(),
      }),
    }),
  ),
  /** The size chart as rows (null: none yet), and the sizes its variants come in, in their order. */
  size_chart: adminSizeChartSchema.nullable(),
  /** The texts in Italian, as the owner wrote them ('' where not yet). */
  italian: adminItalianSchema,
  sizes: z.array(z.string()),
  /** The product's own images, by kind then order, with the path their public URL is made from. */
  images: z.array(
    z.object({
      id: z.string(),
      type: z.enum(IMAGE_TYPES),
      bucket_name: z.string(),
      storage_path: z.string().nullable(),
      url: z.string().nullable(),
      alt: z.string(),
      order: z.number().int(),
      width: z.number().int().nullable(),
      height: z.number().int().nullable(),
      focal_x: z.number().int(),
      focal_y: z.number().int(),
    }),
  ),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
export const adminProductListSchema = z.array(
  adminProductSchema.omit({ long_description: true, short_description: true, images: true, size_chart: true, sizes: true, italian: true }),
);
export const adminProductParamSchema = z.object({ id: z.string().uuid() });

const editFormFields = {
  name: z.string({ required_error: 'Enter a product name' }),
  category: z.string({ required_error: 'Enter a category' }),
  short_description: z.string({ required_error: 'Enter a short description' }),
  long_description: z.string().optional().default(''),
  price: euros,
  /** A wall time in the shop's zone, as a datetime-local field posts it. */
  launch_date: wallTime,
  purchase_limit: optionalLimit,
};

/** The product form (price in euros, launch in the shop's time zone), then the API's own rules. */
export const productEditFormSchema = z.object(editFormFields).pipe(productEditRequestSchema);

export const productCreateFormSchema = z
  .object({
    ...editFormFields,
    sku_prefix: z.string({ required_error: 'Use 2 to 10 capital letters or digits for the SKU prefix' }),
    colours: list('colour'),
    sizes: list('size'),
    material: optionalText,
    treatment: optionalText,
    stock_per_variant: z.coerce.number({ invalid_type_error: 'Enter a whole number of units' }),
  })
  .pipe(productCreateRequestSchema);
