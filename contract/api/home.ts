import { z } from 'zod';

/**
 * The home page's hero (issue #42, ADR 073): an image, a headline, a line of text and a button to a
 * product (a drop is a product whose launch is ahead) or a category, in English and Italian (Italian
 * left empty shows the English). The owner sets the hero shown now and may schedule the next one,
 * which the scheduled jobs switch to at its start time. Shoppers read `GET /api/home`; the back office
 * edits it under `/api/admin/home`.
 */
export const HERO_SLOTS = ['current', 'scheduled'] as const;
export type HeroSlot = (typeof HERO_SLOTS)[number];

/** A text of at most `max` characters; `required` names what is missing when none is sent (a form's empty field). */
const text = (max: number, message: string, required?: string) =>
  z
    .string(required ? { required_error: required } : {})
    .trim()
    .max(max, message);

export const heroTextsSchema = z.object({
  headline_en: text(120, 'Keep the headline under 120 characters', 'Enter a headline').min(1, 'Enter a headline'),
  headline_it: text(120, 'Keep the headline under 120 characters').default(''),
  text_en: text(400, 'Keep the text under 400 characters').default(''),
  text_it: text(400, 'Keep the text under 400 characters').default(''),
  button_en: text(60, "Keep the button's words under 60 characters", "Enter the button's words").min(1, "Enter the button's words"),
  button_it: text(60, "Keep the button's words under 60 characters").default(''),
});
export type HeroTexts = z.infer<typeof heroTextsSchema>;

/** Where the button leads, as one value of the form's list: `product:<id>` or `category:<name>`. */
export const heroLinkSchema = z
  .string({ required_error: 'Choose where the button leads' })
  .regex(/^(product:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|category:.{1,80})$/, 'Choose where the button leads');

/** An uploaded image of the hero, as the upload answered it. */
export const heroImageSchema = z.object({
  path: z.string().regex(/^home\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/, 'Upload the image again'),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type HeroImage = z.infer<typeof heroImageSchema>;

/**
 * `PUT /api/admin/home/hero/{slot}`: the hero shown now, or the one scheduled to replace it at
 * `starts_at` (ahead of now). `image` left out keeps the slot's image; null takes it away.
 */
export const saveHeroRequestSchema = heroTextsSchema.extend({
  link: heroLinkSchema,
  image: heroImageSchema.nullable().optional(),
  starts_at: z.string().datetime({ offset: true, message: 'Choose a start time' }).optional(),
});
export type SaveHeroRequest = z.infer<typeof saveHeroRequestSchema>;

export const heroSlotParamSchema = z.object({ slot: z.enum(HERO_SLOTS) });

/** Where a hero's button leads, as the storefront needs it to make the link. */
export const heroTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('product'), id: z.string(), name: z.string(), coming_soon: z.boolean(), launch_date: z.string() }),
  z.object({ kind: z.literal('category'), name: z.string() }),
]);

export const heroSchema = heroTextsSchema.required().extend({
  image: heroImageSchema.extend({ bucket_name: z.literal('product-images') }).nullable(),
  link: z.string(),
  /** Null when the product or category is gone: the storefront then leaves the hero out. */
  target: heroTargetSchema.nullable(),
  starts_at: z.string().nullable(),
  updated_at: z.string(),
  updated_by: z.string(),
});
export type Hero = z.infer<typeof heroSchema>;

/** `GET /api/home`: the hero shoppers see now (none: the newest product leads), and when it changes next. */
export const publicHomeSchema = z.object({ hero: heroSchema.nullable(), next_change_at: z.string().nullable() });
export type PublicHome = z.infer<typeof publicHomeSchema>;

/** How many products the home page may show first. */
export const FEATURED_MAX = 8;

/** `PUT /api/admin/home/featured`: the products the home page shows first, in order (none: newest first). */
export const featuredRequestSchema = z.object({
  product_ids: z
    .array(z.string().uuid('Choose products of the catalogue'))
    .max(FEATURED_MAX, `Choose at most ${FEATURED_MAX} products`)
    .refine((ids) => new Set(ids).size === ids.length, 'Choose each product once'),
});

/** The back office's form of the products shown first: one list per place, empty places dropped. */
export const featuredFormSchema = z.object({
  place: z.preprocess(
    (value) => (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(Boolean),
    featuredRequestSchema.shape.product_ids,
  ),
});

/** `GET /api/admin/home`: both heroes, the products shown first, and what a button may lead to. */
export const adminHomeSchema = z.object({
  current: heroSchema.nullable(),
  scheduled: heroSchema.nullable(),
  featured: z.array(z.string()),
  products: z.array(z.object({ id: z.string(), name: z.string(), coming_soon: z.boolean(), launch_date: z.string() })),
  categories: z.array(z.string()),
});
export type AdminHome = z.infer<typeof adminHomeSchema>;

/** The back office's hero form as the browser sends it; the start time is the shop's (Italian) time. */
export const heroFormSchema = heroTextsSchema.extend({
  link: heroLinkSchema,
  starts_at: z.string().optional(),
  remove_image: z.literal('on').optional(),
});
