import { z } from 'zod';

// A product's texts in Italian as the owner writes them (issue 38, migration 039), apart from the
// product's own fields (products-admin.ts, which re-exports these).

const lines = (max: number, label: string) =>
  z.array(z.string().trim().min(1).max(300, `Keep each ${label} to 300 characters`)).max(max, `At most ${max} ${label}s`);

/**
 * `PUT admin/products/:id/italian`: the product's texts in Italian (issue 38). Every field may be
 * empty: the Italian pages then show the English, and the back office lists it as missing. The
 * category's Italian name is its category's, shared by every product in it.
 */
export const italianTextsRequestSchema = z.object({
  category: z.string().trim().max(40, 'Keep the Italian category to 40 characters').default(''),
  short_description: z.string().trim().max(300, 'Keep the Italian short description to 300 characters').default(''),
  long_description: z.string().trim().max(10_000, 'Keep the Italian long description to 10000 characters').default(''),
  fit_description: z.string().trim().max(1000, 'Keep the Italian fit to 1000 characters').default(''),
  sizing_tips: lines(10, 'tip').default([]),
  model_info: lines(5, 'model note').default([]),
  /** The measurement names in Italian, in the English chart's order. */
  points: z
    .array(z.string().trim().max(40, 'Keep each measurement name to 40 characters'))
    .max(10) // POINT_CODES: A to J
    .default([]),
});
export type ItalianTextsRequest = z.infer<typeof italianTextsRequestSchema>;

/** The back office's form of the Italian texts: lists one per line, measurement names separated by commas. */
export const italianTextsFormSchema = z
  .object({
    category: z.string().optional().default(''),
    short_description: z.string().optional().default(''),
    long_description: z.string().optional().default(''),
    fit_description: z.string().optional().default(''),
    sizing_tips: z.string().optional().default(''),
    model_info: z.string().optional().default(''),
    points: z.string().optional().default(''),
  })
  .transform((form) => ({
    ...form,
    sizing_tips: form.sizing_tips
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    model_info: form.model_info
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    points: form.points.trim() ? form.points.split(',').map((name) => name.trim()) : [],
  }))
  .pipe(italianTextsRequestSchema);

/** What of a product has no Italian yet, in the order the form shows them. */
export const ITALIAN_TEXT_NAMES = ['category', 'short description', 'long description', 'size chart'] as const;

/** The product's Italian texts as the form shows them again, and which are still missing. */
export const adminItalianSchema = z.object({
  category: z.string(),
  short_description: z.string(),
  long_description: z.string(),
  fit_description: z.string(),
  sizing_tips: z.array(z.string()),
  model_info: z.array(z.string()),
  points: z.array(z.string()),
});
