import { z } from 'zod';

import { required } from '../fields';
import { SHOP_LOCALES } from '../locale';

/**
 * The shop's navigation as data (issue 42, ADR 071): the header's Products menu and the footer's
 * columns, lists of links the owner orders and edits in the back office. Shoppers' pages read
 * `GET /api/navigation`; the back office edits it under `/api/admin/navigation` (owner only).
 */

/** What a link points at; `catalogue` stands for the catalogue's products and categories, drawn as the menu drew them. */
export const NAVIGATION_LINK_KINDS = ['catalogue', 'product', 'category', 'page', 'url', 'path'] as const;
export type NavigationLinkKind = (typeof NAVIGATION_LINK_KINDS)[number];
export const NAVIGATION_MENUS = ['header', 'footer'] as const;

export const NAVIGATION_LABEL_MAX = 80;
export const NAVIGATION_HEADING_MAX = 60;

export const navigationQuerySchema = z.object({ locale: z.enum(SHOP_LOCALES).optional() });

/** One entry of a menu as a shopper's page draws it, in the asked language. */
export const navigationLinkSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('catalogue') }),
  z.object({ kind: z.literal('link'), label: z.string(), href: z.string(), external: z.boolean() }),
]);
export type NavigationLink = z.infer<typeof navigationLinkSchema>;

export const navigationGroupSchema = z.object({ key: z.string(), heading: z.string(), links: z.array(navigationLinkSchema) });
export type NavigationGroup = z.infer<typeof navigationGroupSchema>;

/**
 * `GET /api/navigation?locale=`: the header's menu and the footer's columns, in order. Links to an
 * archived product or an unpublished page are left out; an Italian text left empty reads in English.
 */
export const navigationSchema = z.object({ header: navigationGroupSchema, footer: z.array(navigationGroupSchema) });
export type Navigation = z.infer<typeof navigationSchema>;

const label = z.string().trim().max(NAVIGATION_LABEL_MAX, `Keep the label under ${NAVIGATION_LABEL_MAX} characters`).default('');
const ownLabel = {
  label_en: z
    .string(required('Enter the label shoppers see'))
    .trim()
    .min(1, 'Enter the label shoppers see')
    .max(NAVIGATION_LABEL_MAX, `Keep the label under ${NAVIGATION_LABEL_MAX} characters`),
  label_it: label,
};
const chosen = (what: string) => z.string(required(`Choose a ${what}`)).uuid(`Choose a ${what}`);

/** An outside address: http(s), no spaces. */
const outsideAddress = z
  .string(required('Enter the address'))
  .trim()
  .max(500, 'Keep the address under 500 characters')
  .regex(/^https?:\/\/[^\s/]+\.[^\s]+$/, 'Use a full address that starts with https://');
/** A path of the shop itself, in English (the Italian pages put /it in front). */
const shopPath = z
  .string(required('Enter the path'))
  .trim()
  .max(200, 'Keep the path under 200 characters')
  .regex(/^\/(?!\/)[^\s]*$/, 'Use a path of the shop that starts with /, such as /contact');

/**
 * A link as the owner makes or changes it. A product, category or page link may leave its label
 * empty: it then shows the product's, category's or page's own name.
 */
export const navigationItemRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('catalogue') }),
  z.object({ kind: z.literal('product'), product_id: chosen('product'), label_en: label, label_it: label }),
  z.object({ kind: z.literal('category'), category_id: chosen('category'), label_en: label, label_it: label }),
  z.object({ kind: z.literal('page'), page_id: chosen('page'), label_en: label, label_it: label }),
  z.object({ kind: z.literal('url'), address: outsideAddress, ...ownLabel }),
  z.object({ kind: z.literal('path'), address: shopPath, ...ownLabel }),
]);
export type NavigationItemRequest = z.infer<typeof navigationItemRequestSchema>;

/** `PUT /api/admin/navigation/items/:id`: the link as changed, and the version the editor started from. */
export const changeNavigationItemRequestSchema = z.intersection(
  navigationItemRequestSchema,
  z.object({ version: z.number(required('Open the menu again')).int().min(1) }),
);
export type ChangeNavigationItemRequest = z.infer<typeof changeNavigationItemRequestSchema>;

export const moveRequestSchema = z.object({ direction: z.enum(['up', 'down'], required('Say up or down')) });
export type MoveRequest = z.infer<typeof moveRequestSchema>;

/** A footer column's heading (`POST /api/admin/navigation/groups`, `PUT .../groups/:id`). */
export const navigationGroupRequestSchema = z.object({
  heading_en: z
    .string(required('Enter the heading'))
    .trim()
    .min(1, 'Enter the heading')
    .max(NAVIGATION_HEADING_MAX, `Keep the heading under ${NAVIGATION_HEADING_MAX} characters`),
  heading_it: z.string().trim().max(NAVIGATION_HEADING_MAX, `Keep the heading under ${NAVIGATION_HEADING_MAX} characters`).default(''),
});
export type NavigationGroupRequest = z.infer<typeof navigationGroupRequestSchema>;

export const navigationIdParamSchema = z.object({ id: z.string().uuid() });

export const adminNavigationItemSchema = z.object({
  id: z.string(),
  kind: z.enum(NAVIGATION_LINK_KINDS),
  product_id: z.string().nullable(),
  category_id: z.string().nullable(),
  page_id: z.string().nullable(),
  /** The outside address or shop path; '' for the other kinds. */
  address: z.string(),
  label_en: z.string(),
  label_it: z.string(),
  position: z.number().int(),
  version: z.number().int(),
  /** What the link opens, in the owner's words ('Tracer Tee', '/pages/size-guide'). */
  points_to: z.string(),
  /** False while it points at an archived product or an unpublished page: shoppers do not see it then. */
  shown: z.boolean(),
});
export type AdminNavigationItem = z.infer<typeof adminNavigationItemSchema>;

export const adminNavigationGroupSchema = z.object({
  id: z.string(),
  menu: z.enum(NAVIGATION_MENUS),
  key: z.string(),
  heading_en: z.string(),
  heading_it: z.string(),
  position: z.number().int(),
  items: z.array(adminNavigationItemSchema),
});
export type AdminNavigationGroup = z.infer<typeof adminNavigationGroupSchema>;

/** `GET /api/admin/navigation`: every group with its links, and what a link may point at. */
export const adminNavigationSchema = z.object({
  groups: z.array(adminNavigationGroupSchema),
  choices: z.object({
    products: z.array(z.object({ id: z.string(), name: z.string() })),
    categories: z.array(z.object({ id: z.string(), name: z.string() })),
    pages: z.array(z.object({ id: z.string(), title: z.string(), path: z.string() })),
  }),
});
export type AdminNavigation = z.infer<typeof adminNavigationSchema>;
