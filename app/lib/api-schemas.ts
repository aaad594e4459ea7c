import { z } from 'zod';

/** The shop API's answers (spec §3), checked on arrival so a contract break fails loudly, not in a component. */
export const imageSchema = z.object({
  id: z.string(),
  filename: z.string().nullable().optional(),
  url: z.string().nullable().optional().transform((v) => v ?? null),
  bucket_name: z.string().default('product-images'),
  storage_path: z.string().nullable().optional().transform((v) => v ?? null),
  type: z.string().optional(),
  order: z.number().optional(),
  width: z.number().nullable().optional(),
  height: z.number().nullable().optional(),
  alt: z.string().optional(),
});

export const attributeSchema = z.object({
  attribute_name: z.string(),
  value: z.string(),
  order: z.number().optional(),
  value_description: z.string().nullable().optional(),
});

const categorySchema = z.object({ name: z.string() });

export const productListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  launch_date: z.string(),
  price: z.number().int(),
  in_stock: z.boolean(),
  short_description: z.string().nullable().transform((v) => v ?? ''),
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
});

export const productListSchema = z.array(productListItemSchema);

export type ApiImageOut = z.infer<typeof imageSchema>;
export type ProductListItem = z.infer<typeof productListItemSchema>;

/** Answer of POST contact/submit. */
export const contactSubmitResponseSchema = z.object({ id: z.string(), message: z.string() });
