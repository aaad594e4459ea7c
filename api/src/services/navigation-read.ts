import { sql } from 'kysely';

import type { AdminNavigation, AdminNavigationItem, Navigation, NavigationGroup, NavigationLink } from '@contract/api/navigation';
import { pagePath } from '@contract/api/pages';
import type { ShopLocale } from '@contract/locale';

import type { Db } from '../db/database.js';

/** A text in a language; an Italian text left empty reads in English. */
const inLocale = (en: string, it: string, locale: ShopLocale) => (locale === 'it' && it.trim() ? it : en);

async function groupRows(db: Db) {
  return db
    .selectFrom('navigation_groups')
    .select(['id', 'menu', 'key', 'heading_en', 'heading_it', 'position'])
    .orderBy('menu', 'desc')
    .orderBy('position')
    .execute();
}

/** Every link with what it points at: the product, category or page (its published texts, else its latest). */
function itemRows(db: Db) {
  return db
    .selectFrom('navigation_items as i')
    .leftJoin('products as pr', 'pr.id', 'i.product_id')
    .leftJoin('categories as c', 'c.id', 'i.category_id')
    .leftJoin('pages as pg', 'pg.id', 'i.page_id')
    .leftJoin('page_versions as pv', (join) =>
      join.onRef('pv.page_id', '=', 'pg.id').on(sql<boolean>`pv.number = coalesce(pg.published_version, pg.latest_version)`),
    )
    .select([
      'i.id',
      'i.group_id',
      'i.position',
      'i.kind',
      'i.product_id',
      'i.category_id',
      'i.page_id',
      'i.target',
      'i.label_en',
      'i.label_it',
      'i.version',
      'pr.name as product_name',
      'pr.archived_at as product_archived_at',
      'c.name as category_name',
      'c.name_it as category_name_it',
      'pg.slug as page_slug',
      'pg.builtin as page_builtin',
      'pg.published_version as page_published_version',
      'pv.title_en as page_title_en',
      'pv.title_it as page_title_it',
    ])
    .orderBy('i.group_id')
    .orderBy('i.position')
    .execute();
}
type ItemRow = Awaited<ReturnType<typeof itemRows>>[number];

const productHref = (name: string) => `/product/${encodeURIComponent(name)}`;
const categoryHref = (name: string) => `/?${new URLSearchParams({ category: name })}`;

/** Where a link leads and whether shoppers see it (not an archived product nor an unpublished page). */
function destination(row: ItemRow): { href: string; shown: boolean } {
  switch (row.kind) {
    case 'product':
      return { href: productHref(row.product_name ?? ''), shown: row.product_archived_at === null };
    case 'category':
      return { href: categoryHref(row.category_name ?? ''), shown: true };
    case 'page':
      return { href: pagePath({ slug: row.page_slug ?? '', builtin: row.page_builtin }), shown: row.page_published_version !== null };
    case 'catalogue':
      return { href: '', shown: true };
    default:
      return { href: row.target, shown: true };
  }
}

/** The name a link shows when the owner gave it none: the product's, the category's or the page's own. */
function ownName(row: ItemRow, locale: ShopLocale): string {
  if (row.kind === 'product') return row.product_name ?? '';
  if (row.kind === 'category') return inLocale(row.category_name ?? '', row.category_name_it ?? '', locale);
  if (row.kind === 'page') return inLocale(row.page_title_en ?? '', row.page_title_it ?? '', locale);
  return '';
}

function publicLink(row: ItemRow, locale: ShopLocale): NavigationLink | null {
  if (row.kind === 'catalogue') return { kind: 'catalogue' };
  const { href, shown } = destination(row);
  if (!shown) return null;
  const label = inLocale(row.label_en, row.label_it, locale) || ownName(row, locale);
  return { kind: 'link', label, href, external: row.kind === 'url' };
}

/** The header's menu and the footer's columns in `locale`, each with the links shoppers may follow. */
export async function publicNavigation(db: Db, locale: ShopLocale): Promise<Navigation> {
  const [groups, items] = await Promise.all([groupRows(db), itemRows(db)]);
  const drawn = groups.map((group): NavigationGroup & { menu: string } => ({
    menu: group.menu,
    key: group.key,
    heading: inLocale(group.heading_en, group.heading_it, locale),
    links: items.filter((item) => item.group_id === group.id).flatMap((item) => publicLink(item, locale) ?? []),
  }));
  const strip = ({ key, heading, links }: NavigationGroup) => ({ key, heading, links });
  const header = drawn.find((group) => group.menu === 'header');
  return {
    header: header ? strip(header) : { key: 'products', heading: inLocale('Products', 'Prodotti', locale), links: [] },
    footer: drawn.filter((group) => group.menu === 'footer').map(strip),
  };
}

function adminItem(row: ItemRow): AdminNavigationItem {
  const { href, shown } = destination(row);
  const name = ownName(row, 'en');
  return {
    id: row.id,
    kind: row.kind,
    product_id: row.product_id,
    category_id: row.category_id,
    page_id: row.page_id,
    address: row.target,
    label_en: row.label_en,
    label_it: row.label_it,
    position: row.position,
    version: row.version,
    points_to: row.kind === 'catalogue' ? "The catalogue's products, then its categories" : name ? `${name} (${href})` : href,
    shown,
  };
}

/** Every group with its links as the owner edits them, and the products, categories and pages a link may point at. */
export async function adminNavigation(db: Db): Promise<AdminNavigation> {
  const [groups, items, products, categories, pages] = await Promise.all([
    groupRows(db),
    itemRows(db),
    db
      .selectFrom('products')
      .select(['id', 'name'])
      .where('archived_at', 'is', null)
      .where('gift_card', '=', false)
      .orderBy('name')
      .execute(),
    db.selectFrom('categories').select(['id', 'name']).orderBy('name').execute(),
    db
      .selectFrom('pages as p')
      .innerJoin('page_versions as v', (join) => join.onRef('v.page_id', '=', 'p.id').onRef('v.number', '=', 'p.latest_version'))
      .select(['p.id', 'p.slug', 'p.builtin', 'v.title_en'])
      .orderBy('p.slug')
      .execute(),
  ]);
  return {
    groups: groups.map((group) => ({ ...group, items: items.filter((item) => item.group_id === group.id).map(adminItem) })),
    choices: {
      products,
      categories,
      pages: pages.map((page) => ({ id: page.id, title: page.title_en, path: pagePath(page) })),
    },
  };
}
