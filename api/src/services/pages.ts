import type { ContactFields } from '@contract/api/page-fields';
import type { AdminPage, PageTexts, SavePageRequest } from '@contract/api/pages';
import { POLICY_DOCUMENTS, policyPath, type PolicySlug } from '@contract/policies';

import type { Db } from '../db/database.js';
import { inTransaction } from '../db/transaction.js';
import type { AppDeps } from '../deps.js';
import { DomainError } from '../domain-error.js';
import { type Actor, actorName, recordAudit } from './audit.js';
import { adminPage, textsOf } from './pages-read.js';

export type PageDeps = Pick<AppDeps, 'db' | 'clock' | 'storage' | 'onCatalogueChange'>;

const slugTaken = (slug: string) => new DomainError('already_exists', `Another page is at /${slug} already`);

/** A unique violation on the slug (two pages given one address at once) as the owner's message. */
function asSlugTaken(error: unknown, slug: string): unknown {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' ? slugTaken(slug) : error;
}

function ownerOnly(actor: Actor, what: string) {
  if (actor.role !== 'owner') throw new DomainError('forbidden', `Only an owner may ${what}`);
}

/** Takes `slug` for a page: refused when another page holds it; an old slug given back stops redirecting. */
async function claimSlug(trx: Db, pageId: string, slug: string) {
  const holder = await trx.selectFrom('pages').select('id').where('slug', '=', slug).executeTakeFirst();
  if (holder && holder.id !== pageId) throw slugTaken(slug);
  await trx.deleteFrom('page_slug_redirects').where('old_slug', '=', slug).execute();
}

async function insertVersion(
  trx: Db,
  pageId: string,
  number: number,
  texts: Required<PageTexts> & { fields?: ContactFields | null },
  at: Date,
  by: string,
) {
  const { fields, ...words } = texts;
  await trx
    .insertInto('page_versions')
    .values({ page_id: pageId, number, ...words, fields: fields ? JSON.stringify(fields) : null, created_at: at, created_by: by })
    .execute();
}

const isPolicy = (builtin: string | null): builtin is PolicySlug => POLICY_DOCUMENTS.some((doc) => doc.slug === builtin);

/**
 * The structured fields a version keeps (ADR 073): the contact page's address and hours, as sent or
 * as the version before had them; no other page has any.
 */
function fieldsFor(builtin: string | null, sent: ContactFields | undefined, previous: ContactFields | null): ContactFields | null {
  if (builtin === 'contact') return sent ?? previous;
  if (sent) throw new DomainError('bad_request', 'Only the contact page has an address and hours');
  return null;
}

/**
 * A policy's published texts also go to the `documents` bucket its storefront page reads (ADR 068),
 * in both languages; an empty Italian body shows the English.
 */
async function mirrorPolicy(deps: PageDeps, trx: Db, pageId: string) {
  const row = await trx
    .selectFrom('pages as p')
    .innerJoin('page_versions as v', (join) => join.onRef('v.page_id', '=', 'p.id').onRef('v.number', '=', 'p.published_version'))
    .select(['p.builtin', 'v.body_en', 'v.body_it'])
    .where('p.id', '=', pageId)
    .executeTakeFirst();
  if (!isPolicy(row?.builtin ?? null) || !row) return;
  const slug = row.builtin as PolicySlug;
  await deps.storage.put('documents', policyPath(slug, 'en'), row.body_en);
  await deps.storage.put('documents', policyPath(slug, 'it'), row.body_it.trim() ? row.body_it : row.body_en);
}

/** A new page of the owner's, as a draft (version 1, published by nobody yet). */
export async function createPage(deps: PageDeps, request: PageTexts & { slug: string }, actor: Actor): Promise<AdminPage> {
  ownerOnly(actor, 'add a page');
  const now = deps.clock.now();
  const { slug, ...texts } = request;
  const full = { ...texts } as Required<PageTexts>;
  const id = await inTransaction(deps.db, async (trx) => {
    await claimSlug(trx, '', slug);
    const page = await trx
      .insertInto('pages')
      .values({ slug, latest_version: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertVersion(trx, page.id, 1, full, now, actorName(actor));
    await recordAudit(trx, now, actor, { action: 'page.create', subject_type: 'page', subject_id: page.id, after: { slug, ...full } });
    return page.id;
  }).catch((error: unknown) => {
    throw asSlugTaken(error, slug);
  });
  return adminPage(deps.db, id);
}

/**
 * Writes the editor's texts as the page's next version. Refused when someone saved another version
 * since the editor opened it (`base_version`), so nobody's words are lost. A new slug leaves the old
 * one redirecting; `publish` shows the version to shoppers at once. Slugs and publishing are an owner's.
 */
export async function savePage(deps: PageDeps, id: string, request: SavePageRequest, actor: Actor): Promise<AdminPage> {
  const { slug, base_version, publish, fields: sentFields, ...texts } = request;
  if (publish) ownerOnly(actor, 'publish a page');
  const now = deps.clock.now();
  const full = { ...texts } as Required<PageTexts>;
  await inTransaction(deps.db, async (trx) => {
    const before = await trx.selectFrom('pages').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw new DomainError('not_found', 'Page not found');
    const moved = slug !== undefined && slug !== before.slug;
    if (moved) {
      ownerOnly(actor, "change a page's address");
      if (before.builtin) throw new DomainError('bad_request', "The shop's own pages keep their address");
    }
    // The claim of the next number is the conditional update: two saves from one version, one wins.
    const next = await trx
      .updateTable('pages')
      .set((eb) => ({
        latest_version: eb('latest_version', '+', 1),
        updated_at: now,
        ...(moved ? { slug } : {}),
        ...(publish ? { published_version: eb('latest_version', '+', 1) } : {}),
      }))
      .where('id', '=', id)
      .where('latest_version', '=', base_version)
      .returning('latest_version')
      .executeTakeFirst();
    if (!next) throw new DomainError('conflict', 'Someone saved this page meanwhile; open it again to see their version');
    if (moved) {
      await claimSlug(trx, id, slug);
      await trx.insertInto('page_slug_redirects').values({ old_slug: before.slug, page_id: id }).execute();
    }
    const previous = await trx
      .selectFrom('page_versions')
      .selectAll()
      .where('page_id', '=', id)
      .where('number', '=', before.latest_version)
      .executeTakeFirstOrThrow();
    const fields = fieldsFor(before.builtin, sentFields, previous.fields);
    await insertVersion(trx, id, next.latest_version, { ...full, fields }, now, actorName(actor));
    if (publish) await mirrorPolicy(deps, trx, id);
    await recordAudit(trx, now, actor, {
      action: publish ? 'page.publish' : 'page.save',
      subject_type: 'page',
      subject_id: id,
      before: {
        slug: before.slug,
        version: before.latest_version,
        published_version: before.published_version,
        ...textsOf(previous),
        ...(previous.fields ? { fields: previous.fields } : {}),
      },
      after: {
        slug: slug ?? before.slug,
        version: next.latest_version,
        published_version: publish ? next.latest_version : before.published_version,
        ...full,
        ...(fields ? { fields } : {}),
      },
    });
  }).catch((error: unknown) => {
    throw asSlugTaken(error, slug ?? '');
  });
  if (publish) await deps.onCatalogueChange?.();
  return adminPage(deps.db, id);
}

/** An older version written again as the newest, a draft until it is published. */
export async function restorePage(deps: PageDeps, id: string, version: number, actor: Actor): Promise<AdminPage> {
  const page = await adminPage(deps.db, id);
  const old = await deps.db
    .selectFrom('page_versions')
    .selectAll()
    .where('page_id', '=', id)
    .where('number', '=', version)
    .executeTakeFirst();
  if (!old) throw new DomainError('not_found', 'No such version of the page');
  const fields = old.fields ?? undefined;
  return savePage(
    deps,
    id,
    { ...textsOf(old), ...(fields ? { fields } : {}), base_version: page.latest_version, publish: false },
    actor,
  ).then(async (saved) => {
    await recordAudit(deps.db, deps.clock.now(), actor, {
      action: 'page.restore',
      subject_type: 'page',
      subject_id: id,
      before: { version: page.latest_version },
      after: { version: saved.latest_version, restored_from: version },
    });
    return saved;
  });
}

/** Shoppers see `version` of the page from now on; null takes an owner's page back to a draft. */
export async function publishPage(deps: PageDeps, id: string, version: number | null, actor: Actor): Promise<AdminPage> {
  ownerOnly(actor, 'publish a page');
  const now = deps.clock.now();
  await inTransaction(deps.db, async (trx) => {
    const before = await trx.selectFrom('pages').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw new DomainError('not_found', 'Page not found');
    if (version === null && before.builtin) throw new DomainError('bad_request', "The shop's own pages stay published");
    if (version !== null && (version < 1 || version > before.latest_version))
      throw new DomainError('not_found', 'No such version of the page');
    await trx.updateTable('pages').set({ published_version: version, updated_at: now }).where('id', '=', id).execute();
    if (version !== null) await mirrorPolicy(deps, trx, id);
    await recordAudit(trx, now, actor, {
      action: version === null ? 'page.unpublish' : 'page.publish',
      subject_type: 'page',
      subject_id: id,
      before: { published_version: before.published_version },
      after: { published_version: version },
    });
  });
  await deps.onCatalogueChange?.();
  return adminPage(deps.db, id);
}

/**
 * Deletes an owner's page with its versions and old addresses: shoppers get the 404 page there from
 * now on. The shop's own pages (the policies) cannot go. The audit keeps what it was.
 */
export async function deletePage(deps: PageDeps, id: string, actor: Actor): Promise<void> {
  ownerOnly(actor, 'delete a page');
  const now = deps.clock.now();
  await inTransaction(deps.db, async (trx) => {
    const before = await trx.selectFrom('pages').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw new DomainError('not_found', 'Page not found');
    if (before.builtin) throw new DomainError('bad_request', "The shop's own pages cannot be deleted");
    const latest = await trx
      .selectFrom('page_versions')
      .select(['title_en', 'body_en'])
      .where('page_id', '=', id)
      .where('number', '=', before.latest_version)
      .executeTakeFirst();
    await trx.deleteFrom('pages').where('id', '=', id).execute();
    await recordAudit(trx, now, actor, {
      action: 'page.delete',
      subject_type: 'page',
      subject_id: id,
      before: {
        slug: before.slug,
        latest_version: before.latest_version,
        published_version: before.published_version,
        title_en: latest?.title_en ?? null,
        body_en: latest?.body_en ?? null,
      },
      after: null,
    });
  });
  await deps.onCatalogueChange?.();
}
