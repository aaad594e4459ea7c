import type { Selectable } from 'kysely';

import { contactInfoIn } from '@contract/api/page-fields';
import { type AdminPage, pagePath, type PageSummary, type PageTexts, type PublicPage, type PublishedPageList } from '@contract/api/pages';
import type { ShopLocale } from '@contract/locale';

import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { DomainError } from '../domain-error.js';

type PageRow = Selectable<Database['pages']>;
type VersionRow = Selectable<Database['page_versions']>;

export const textsOf = (row: VersionRow): Required<PageTexts> => ({
  title_en: row.title_en,
  title_it: row.title_it,
  description_en: row.description_en,
  description_it: row.description_it,
  body_en: row.body_en,
  body_it: row.body_it,
});

/** A version's texts in a language; what the owner left empty in Italian shows the English. */
export function inLocale(row: VersionRow, locale: ShopLocale) {
  const pick = (en: string, it: string) => (locale === 'it' && it.trim() ? it : en);
  return {
    title: pick(row.title_en, row.title_it),
    description: pick(row.description_en, row.description_it),
    markdown: pick(row.body_en, row.body_it),
    ...(row.fields ? { contact: contactInfoIn(row.fields, locale) } : {}),
  };
}

/** The published page at `slug` in `locale`, where an old slug now leads, or null. */
export async function publishedPage(db: Db, slug: string, locale: ShopLocale): Promise<PublicPage | null> {
  const row = await db
    .selectFrom('pages as p')
    .innerJoin('page_versions as v', (join) => join.onRef('v.page_id', '=', 'p.id').onRef('v.number', '=', 'p.published_version'))
    .select(['p.slug', 'p.builtin'])
    .selectAll('v')
    .where('p.slug', '=', slug)
    .executeTakeFirst();
  if (row) return { kind: 'page', slug: row.slug, builtin: row.builtin, path: pagePath(row), ...inLocale(row, locale) };
  const moved = await db
    .selectFrom('page_slug_redirects as r')
    .innerJoin('pages as p', 'p.id', 'r.page_id')
    .select(['p.slug', 'p.builtin'])
    .where('r.old_slug', '=', slug)
    .where('p.published_version', 'is not', null)
    .executeTakeFirst();
  return moved ? { kind: 'moved', slug: moved.slug, path: pagePath(moved) } : null;
}

/** Every published page (the policies and the owner's own), by address, with the day its published version was made. */
export async function publishedPages(db: Db): Promise<PublishedPageList['pages']> {
  const rows = await db
    .selectFrom('pages as p')
    .innerJoin('page_versions as v', (join) => join.onRef('v.page_id', '=', 'p.id').onRef('v.number', '=', 'p.published_version'))
    .select(['p.slug', 'p.builtin', 'v.created_at'])
    .orderBy('p.slug')
    .execute();
  return rows.map((row) => ({ path: pagePath(row), updated_at: row.created_at.toISOString() }));
}

function summary(page: PageRow, title: string): PageSummary {
  return {
    id: page.id,
    slug: page.slug,
    builtin: page.builtin,
    path: pagePath(page),
    title,
    latest_version: page.latest_version,
    published_version: page.published_version,
    updated_at: page.updated_at.toISOString(),
  };
}

/** Every page, the shop's own first, with its latest title. */
export async function listPages(db: Db): Promise<PageSummary[]> {
  const rows = await db
    .selectFrom('pages as p')
    .innerJoin('page_versions as v', (join) => join.onRef('v.page_id', '=', 'p.id').onRef('v.number', '=', 'p.latest_version'))
    .selectAll('p')
    .select('v.title_en')
    .orderBy((eb) => eb('p.builtin', 'is', null))
    .orderBy('p.slug')
    .execute();
  return rows.map((row) => summary(row, row.title_en));
}

/** One page with its latest texts and its history, newest first. */
export async function adminPage(db: Db, id: string): Promise<AdminPage> {
  const page = await db.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirst();
  if (!page) throw new DomainError('not_found', 'Page not found');
  const versions = await db.selectFrom('page_versions').selectAll().where('page_id', '=', id).orderBy('number', 'desc').execute();
  const latest = versions[0];
  if (!latest) throw new DomainError('not_found', 'Page not found');
  const stamp = (row: VersionRow) => ({ number: row.number, created_at: row.created_at.toISOString(), created_by: row.created_by });
  return {
    ...summary(page, latest.title_en),
    latest: { ...textsOf(latest), fields: latest.fields, ...stamp(latest) },
    versions: versions.map((row) => ({ ...stamp(row), title_en: row.title_en })),
  };
}
