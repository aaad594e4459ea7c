import type { Selectable } from 'kysely';

import type { AdminHome, Hero, HeroSlot, PublicHome, SaveHeroRequest } from '@contract/api/home';

import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import type { AppDeps } from '../deps.js';
import { DomainError } from '../domain-error.js';
import { type Actor, actorName, recordAudit } from './audit.js';
import { isComingSoon } from './drops.js';
import { readFeatured } from './home-featured.js';
import { cancelJob, type ClaimedJob, finishJob, type JobHandler, scheduleJob } from './jobs.js';
import { storeUploadedImage } from './product-images.js';

/**
 * The home page's hero (ADR 073): the one shown now and one scheduled to replace it, which the job
 * below makes current at its start time (as a drop's launch job does), clearing the storefronts' caches.
 */
export const HERO_SWITCH_JOB = 'home-hero-switch';

type HomeDeps = Pick<AppDeps, 'db' | 'clock' | 'storage' | 'onCatalogueChange'>;
type HeroRow = Selectable<Database['home_heroes']>;

/** What the audit keeps of a hero: its words, image and link. */
function audited(row: HeroRow | undefined) {
  if (!row) return null;
  const { updated_at: _at, updated_by: _by, ...rest } = row;
  return { ...rest, starts_at: row.starts_at?.toISOString() ?? null };
}

/** Where a button leads, if that product (on sale or a drop, not archived) or category is still there. */
async function targetOf(db: Db, kind: string, target: string, now: Date): Promise<Hero['target']> {
  if (kind === 'product') {
    const product = await db
      .selectFrom('products')
      .select(['id', 'name', 'launch_date'])
      .where('id', '=', target)
      .where('archived_at', 'is', null)
      .executeTakeFirst();
    return product
      ? {
          kind: 'product',
          id: product.id,
          name: product.name,
          coming_soon: isComingSoon(product.launch_date, now),
          launch_date: product.launch_date.toISOString(),
        }
      : null;
  }
  const category = await db.selectFrom('categories').select('name').where('name', '=', target).executeTakeFirst();
  return category ? { kind: 'category', name: category.name } : null;
}

async function heroOf(db: Db, row: HeroRow | undefined, now: Date): Promise<Hero | null> {
  if (!row) return null;
  const target = await targetOf(db, row.link_kind, row.link_target, now);
  return {
    headline_en: row.headline_en,
    headline_it: row.headline_it,
    text_en: row.text_en,
    text_it: row.text_it,
    button_en: row.button_en,
    button_it: row.button_it,
    image:
      row.image_path && row.image_width && row.image_height
        ? { path: row.image_path, width: row.image_width, height: row.image_height, bucket_name: 'product-images' }
        : null,
    link: `${row.link_kind}:${row.link_target}`,
    target,
    starts_at: row.starts_at?.toISOString() ?? null,
    updated_at: row.updated_at.toISOString(),
    updated_by: row.updated_by,
  };
}

async function heroRows(db: Db) {
  const rows = await db.selectFrom('home_heroes').selectAll().execute();
  return { current: rows.find((row) => row.slot === 'current'), scheduled: rows.find((row) => row.slot === 'scheduled') };
}

/**
 * The hero shoppers see now. A scheduled hero whose time has come shows at once by the API's clock,
 * even before its job has run; `next_change_at` lets the page cache keep the page no longer.
 */
export async function publicHome(deps: Pick<HomeDeps, 'db' | 'clock'>): Promise<PublicHome> {
  const now = deps.clock.now();
  const { current, scheduled } = await heroRows(deps.db);
  const due = scheduled?.starts_at && scheduled.starts_at <= now;
  return {
    hero: await heroOf(deps.db, due ? scheduled : current, now),
    next_change_at: scheduled?.starts_at && !due ? scheduled.starts_at.toISOString() : null,
  };
}

/** Both heroes, and the products (drops marked) and categories a button may lead to. */
export async function adminHome(deps: Pick<HomeDeps, 'db' | 'clock'>): Promise<AdminHome> {
  const now = deps.clock.now();
  const [{ current, scheduled }, featured, products, categories] = await Promise.all([
    heroRows(deps.db),
    readFeatured(deps.db),
    deps.db.selectFrom('products').select(['id', 'name', 'launch_date']).where('archived_at', 'is', null).orderBy('name').execute(),
    deps.db.selectFrom('categories').select('name').orderBy('name').execute(),
  ]);
  return {
    current: await heroOf(deps.db, current, now),
    scheduled: await heroOf(deps.db, scheduled, now),
    featured,
    products: products.map((p) => ({
      id: p.id,
      name: p.name,
      coming_soon: isComingSoon(p.launch_date, now),
      launch_date: p.launch_date.toISOString(),
    })),
    categories: categories.map((c) => c.name),
  };
}

/** The link's product or category, or the owner's message when it is not in the shop. */
async function checkLink(db: Db, link: string, now: Date): Promise<{ link_kind: 'product' | 'category'; link_target: string }> {
  const [kind, ...rest] = link.split(':');
  const target = rest.join(':');
  if (!(await targetOf(db, kind, target, now)))
    throw new DomainError('bad_request', kind === 'product' ? 'That product is not in the shop' : 'There is no such category');
  return { link_kind: kind === 'product' ? 'product' : 'category', link_target: target };
}

/**
 * Sets the hero of a slot. The scheduled one needs a start time ahead, and its job is (re)scheduled in
 * the same transaction; the row is locked, so the image kept and the audit's "before" are the row replaced.
 */
export async function saveHero(deps: HomeDeps, slot: HeroSlot, request: SaveHeroRequest, actor: Actor): Promise<AdminHome> {
  const now = deps.clock.now();
  const { link, image, starts_at: startsAt, ...texts } = request;
  const starts = slot === 'scheduled' ? new Date(startsAt ?? NaN) : null;
  if (slot === 'scheduled' && !(starts && starts > now)) throw new DomainError('bad_request', 'Choose a start time ahead of now');
  if (slot === 'current' && startsAt) throw new DomainError('bad_request', 'The hero shown now has no start time');
  const target = await checkLink(deps.db, link, now);
  await inTransaction(deps.db, async (trx) => {
    const before = await trx.selectFrom('home_heroes').selectAll().where('slot', '=', slot).forUpdate().executeTakeFirst();
    const picture =
      image === undefined
        ? { image_path: before?.image_path ?? null, image_width: before?.image_width ?? null, image_height: before?.image_height ?? null }
        : { image_path: image?.path ?? null, image_width: image?.width ?? null, image_height: image?.height ?? null };
    const values = { ...texts, ...picture, ...target, starts_at: starts, updated_at: now, updated_by: actorName(actor) };
    const after = await trx
      .insertInto('home_heroes')
      .values({ slot, ...values })
      .onConflict((oc) => oc.column('slot').doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow();
    if (starts) await scheduleJob(trx, now, { kind: HERO_SWITCH_JOB, key: HERO_SWITCH_JOB, runAt: starts });
    await recordAudit(trx, now, actor, {
      action: `home.hero.${slot}`,
      subject_type: 'home',
      subject_id: slot,
      before: audited(before),
      after: audited(after),
    });
  });
  if (slot === 'current') await deps.onCatalogueChange?.();
  return adminHome(deps);
}

/** Takes a hero away: the current one (the newest product leads again) or the scheduled one (its job called off). */
export async function removeHero(deps: HomeDeps, slot: HeroSlot, actor: Actor): Promise<AdminHome> {
  const now = deps.clock.now();
  await inTransaction(deps.db, async (trx) => {
    const before = await trx.deleteFrom('home_heroes').where('slot', '=', slot).returningAll().executeTakeFirst();
    if (!before) throw new DomainError('not_found', 'There is no such hero');
    if (slot === 'scheduled') await cancelJob(trx, HERO_SWITCH_JOB);
    await recordAudit(trx, now, actor, {
      action: `home.hero.${slot}.remove`,
      subject_type: 'home',
      subject_id: slot,
      before: audited(before),
    });
  });
  if (slot === 'current') await deps.onCatalogueChange?.();
  return adminHome(deps);
}

/** An uploaded hero image, stored as the product images are; it shows once a hero is saved with it. */
export async function storeHeroImage(deps: Pick<HomeDeps, 'storage'>, bytes: Uint8Array) {
  return storeUploadedImage(deps, bytes, 'home');
}

/**
 * At the scheduled hero's start time: it becomes the current one, in one transaction with its audit
 * entry and the job's being done (taken only when its time has come: a hero moved later waits for
 * its own run); then the storefronts' caches are cleared.
 */
async function switchHero(deps: HomeDeps, job: ClaimedJob): Promise<void> {
  const now = deps.clock.now();
  const switched = await inTransaction(deps.db, async (trx) => {
    const before = await trx.selectFrom('home_heroes').selectAll().where('slot', '=', 'current').forUpdate().executeTakeFirst();
    const next = await trx
      .deleteFrom('home_heroes')
      .where('slot', '=', 'scheduled')
      .where('starts_at', '<=', now)
      .returningAll()
      .executeTakeFirst();
    if (next) {
      const { slot: _slot, starts_at: _starts, ...values } = next;
      await trx.deleteFrom('home_heroes').where('slot', '=', 'current').execute();
      const after = await trx
        .insertInto('home_heroes')
        .values({ ...values, slot: 'current', starts_at: null })
        .returningAll()
        .executeTakeFirstOrThrow();
      // Nobody acts at that minute: the entry names the schedule and who set it.
      await recordAudit(
        trx,
        now,
        { kind: 'provider', name: `schedule of ${next.updated_by}` },
        {
          action: 'home.hero.switch',
          subject_type: 'home',
          subject_id: 'current',
          before: audited(before),
          after: audited(after),
        },
      );
    }
    await finishJob(trx, job, now);
    return Boolean(next);
  });
  if (switched) await deps.onCatalogueChange?.();
}

/** The handlers of the home page's jobs, for the job runner. */
export function homeJobHandlers(deps: HomeDeps): Record<string, JobHandler> {
  return { [HERO_SWITCH_JOB]: (job) => switchHero(deps, job) };
}
