import { z } from 'zod';

import { contactFieldsSchema, contactInfoSchema, HOURS_ROWS, hoursRowSchema, withoutBlankRows } from './page-fields';

/**
 * Content pages (issue #42, ADR 068): the four policies and the owner's own pages, written in
 * Markdown in both languages, with versions. Shoppers read the published version with
 * `GET /api/pages/{slug}`; the back office edits them under `/api/admin/pages`.
 */

/** Lower-case words joined by single hyphens: what a page's address ends with. */
export const PAGE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const pageSlug = z
  .string()
  .trim()
  .toLowerCase()
  .max(80, 'Keep the address under 80 characters')
  .regex(PAGE_SLUG_PATTERN, 'Use lower-case letters, digits and single hyphens');

export const pageSlugParamSchema = z.object({ slug: z.string().max(200) });

/** Where a page is on the storefront: a policy at its own fixed address, an owner's page under /pages/. */
export function pagePath(page: { slug: string; builtin: string | null }): string {
  return page.builtin ? `/${page.slug}` : `/pages/${page.slug}`;
}

/** What one version holds, in both languages; Italian left empty shows the English. */
export const pageTextsSchema = z.object({
  title_en: z.string().trim().min(1, 'Enter a title').max(120, 'Keep the title under 120 characters'),
  title_it: z.string().trim().max(120, 'Keep the title under 120 characters').default(''),
  description_en: z.string().trim().max(300, 'Keep the description under 300 characters').default(''),
  description_it: z.string().trim().max(300, 'Keep the description under 300 characters').default(''),
  body_en: z.string().max(100_000, 'The page is too long').default(''),
  body_it: z.string().max(100_000, 'The page is too long').default(''),
});
export type PageTexts = z.infer<typeof pageTextsSchema>;

/** `GET /api/pages/{slug}`: the published page in the asked language, or where an old slug moved to. */
export const publicPageSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('page'),
    slug: z.string(),
    builtin: z.string().nullable(),
    path: z.string(),
    title: z.string(),
    description: z.string(),
    markdown: z.string(),
    /** The contact page's address and hours in the asked language (ADR 073); absent for other pages. */
    contact: contactInfoSchema.nullable().optional(),
  }),
  z.object({ kind: z.literal('moved'), slug: z.string(), path: z.string() }),
]);
export type PublicPage = z.infer<typeof publicPageSchema>;

/** `GET /api/pages`: every published page's address and when its published version was made (the sitemap's). */
export const publishedPageListSchema = z.object({ pages: z.array(z.object({ path: z.string(), updated_at: z.string() })) });
export type PublishedPageList = z.infer<typeof publishedPageListSchema>;

export const pageVersionSchema = pageTextsSchema.required().extend({
  /** The contact page's address and hours (ADR 073); null for every other page. */
  fields: contactFieldsSchema.nullable(),
  number: z.number().int(),
  created_at: z.string(),
  created_by: z.string(),
});
export type PageVersion = z.infer<typeof pageVersionSchema>;

const pageSummary = z.object({
  id: z.string(),
  slug: z.string(),
  builtin: z.string().nullable(),
  path: z.string(),
  title: z.string(),
  latest_version: z.number().int(),
  published_version: z.number().int().nullable(),
  updated_at: z.string(),
});
export type PageSummary = z.infer<typeof pageSummary>;
export const adminPageListSchema = z.object({ pages: z.array(pageSummary) });

/** One page in the back office: the latest version's texts and the history, newest first. */
export const adminPageSchema = pageSummary.extend({
  latest: pageVersionSchema,
  versions: z.array(pageVersionSchema.pick({ number: true, created_at: true, created_by: true, title_en: true })),
});
export type AdminPage = z.infer<typeof adminPageSchema>;

/** `POST /api/admin/pages`: a new page, as a draft. */
export const createPageRequestSchema = pageTextsSchema.extend({ slug: pageSlug });

/**
 * `PUT /api/admin/pages/{id}`: a new version. `base_version` is the version the editor started from,
 * so an edit made meanwhile by someone else is not overwritten; `publish` makes it the one shoppers see.
 */
export const savePageRequestSchema = pageTextsSchema.extend({
  slug: pageSlug.optional(),
  base_version: z.number().int().min(0),
  publish: z.boolean().default(false),
  /** The contact page's address and hours; left out, the version keeps the previous one's. Other pages have none. */
  fields: contactFieldsSchema.optional(),
});
export type SavePageRequest = z.infer<typeof savePageRequestSchema>;

/** `POST /api/admin/pages/{id}/restore`: an older version written again as the newest (a draft). */
export const restorePageRequestSchema = z.object({ version: z.number().int().min(1) });
/** `POST /api/admin/pages/{id}/publish`: shoppers see this version (or, with null, nothing: back to draft). */
export const publishPageRequestSchema = z.object({ version: z.number().int().min(1).nullable() });

/** The back office's page form, as the browser sends it (the intent says save, publish or preview). */
export const pageFormSchema = pageTextsSchema.extend({
  slug: pageSlug.optional(),
  base_version: z.coerce.number().int().min(0),
});

/** The back office's "New page" form: its title and address; the words come after, as a draft. */
export const newPageFormSchema = z.object({ title_en: pageTextsSchema.shape.title_en, slug: pageSlug });

/** The contact page's form: its texts, its address and the rows of its hours (blank rows dropped). */
export const contactPageFormSchema = pageFormSchema.extend({
  address_en: contactFieldsSchema.shape.address_en,
  address_it: contactFieldsSchema.shape.address_it,
  hours: z.preprocess(withoutBlankRows, z.array(hoursRowSchema).max(HOURS_ROWS).default([])),
});
