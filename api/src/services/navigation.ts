import { randomUUID } from 'node:crypto';

import type { ChangeNavigationItemRequest, MoveRequest, NavigationGroupRequest, NavigationItemRequest } from '@contract/api/navigation';

import type { Db } from '../db/database.js';
import { inTransaction } from '../db/transaction.js';
import type { AppDeps } from '../deps.js';
import { DomainError } from '../domain-error.js';
import { type Actor, recordAudit } from './audit.js';

export type NavigationDeps = Pick<AppDeps, 'db' | 'clock' | 'onCatalogueChange'>;

/**
 * Changes to the shop's navigation (ADR 071). Every change takes its group's row lock first (a
 * footer column's order: every column's), so two owners moving, adding or removing links at once
 * are run one after the other and positions stay 1..n without gaps or twins (the table checks that
 * too). A link's edit carries the version it started from. Each change is audited with before and
 * after, and tells the storefronts to drop their kept pages.
 */

function ownerOnly(actor: Actor) {
  if (actor.role !== 'owner') throw new DomainError('forbidden', "Only an owner may change the shop's navigation");
}

const ITEM_COLUMNS = [
  'id',
  'group_id',
  'position',
  'kind',
  'product_id',
  'category_id',
  'page_id',
  'target',
  'label_en',
  'label_it',
  'version',
] as const;
const GROUP_COLUMNS = ['id', 'menu', 'key', 'heading_en', 'heading_it', 'position'] as const;

type ItemFields = {
  kind: NavigationItemRequest['kind'];
  product_id: string | null;
  category_id: string | null;
  page_id: string | null;
  target: string;
  label_en: string;
  label_it: string;
};

/** The row's columns for a link: only its kind's target is set, and a catalogue link has no words of its own. */
function itemFields(request: NavigationItemRequest): ItemFields {
  const none = { product_id: null, category_id: null, page_id: null, target: '', label_en: '', label_it: '' };
  switch (request.kind) {
    case 'catalogue':
      return { ...none, kind: 'catalogue' };
    case 'product':
      return { ...none, kind: 'product', product_id: request.product_id, label_en: request.label_en, label_it: request.label_it };
    case 'category':
      return { ...none, kind: 'category', category_id: request.category_id, label_en: request.label_en, label_it: request.label_it };
    case 'page':
      return { ...none, kind: 'page', page_id: request.page_id, label_en: request.label_en, label_it: request.label_it };
    default:
      return { ...none, kind: request.kind, target: request.address, label_en: request.label_en, label_it: request.label_it };
  }
}

const audited = (row: ItemFields & { position: number }) => ({
  kind: row.kind,
  product_id: row.product_id,
  category_id: row.category_id,
  page_id: row.page_id,
  address: row.target,
  label_en: row.label_en,
  label_it: row.label_it,
  position: row.position,
});

/** A link to a product, category or page that is not there (deleted meanwhile) as the owner's message. */
function asMissingTarget(error: unknown): unknown {
  return (error as { code?: string } | null)?.code === '23503'
    ? new DomainError('not_found', 'The product, category or page of that link does not exist any more')
    : error;
}

async function lockGroup(trx: Db, id: string) {
  const group = await trx.selectFrom('navigation_groups').select(GROUP_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!group) throw new DomainError('not_found', 'No such menu or column');
  return group;
}

/** The group of a link, locked, and the link as it is once the lock is held. */
async function lockItem(trx: Db, id: string) {
  const found = await trx.selectFrom('navigation_items').select('group_id').where('id', '=', id).executeTakeFirst();
  if (!found) throw new DomainError('not_found', 'No such link');
  const group = await lockGroup(trx, found.group_id);
  const item = await trx.selectFrom('navigation_items').select(ITEM_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!item) throw new DomainError('not_found', 'No such link');
  return { group, item };
}

/** Runs one change in a transaction, then lets the storefronts know. */
async function change<T>(deps: NavigationDeps, actor: Actor, work: (trx: Db, now: Date) => Promise<T>): Promise<T> {
  ownerOnly(actor);
  const now = deps.clock.now();
  const result = await inTransaction(deps.db, (trx) => work(trx, now)).catch((error: unknown) => {
    throw asMissingTarget(error);
  });
  await deps.onCatalogueChange?.();
  return result;
}

/** A new link at the end of a group. */
export function addNavigationItem(deps: NavigationDeps, groupId: string, request: NavigationItemRequest, actor: Actor): Promise<void> {
  return change(deps, actor, async (trx, now) => {
    const group = await lockGroup(trx, groupId);
    const last = await trx
      .selectFrom('navigation_items')
      .select((eb) => eb.fn.max('position').as('position'))
      .where('group_id', '=', groupId)
      .executeTakeFirst();
    const row = await trx
      .insertInto('navigation_items')
      .values({ group_id: groupId, position: Number(last?.position ?? 0) + 1, ...itemFields(request) })
      .returning(ITEM_COLUMNS)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, now, actor, {
      action: 'navigation.link.add',
      subject_type: 'navigation',
      subject_id: row.id,
      after: { group: group.key, ...audited(row) },
    });
  });
}

/** A link's new target or words; refused when someone changed it since the editor opened it. */
export function changeNavigationItem(deps: NavigationDeps, id: string, request: ChangeNavigationItemRequest, actor: Actor): Promise<void> {
  return change(deps, actor, async (trx, now) => {
    const { group, item: before } = await lockItem(trx, id);
    const row = await trx
      .updateTable('navigation_items')
      .set((eb) => ({ ...itemFields(request), version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .where('version', '=', request.version)
      .returning(ITEM_COLUMNS)
      .executeTakeFirst();
    if (!row) throw new DomainError('conflict', 'Someone changed this link meanwhile; look at it again before saving');
    await recordAudit(trx, now, actor, {
      action: 'navigation.link.change',
      subject_type: 'navigation',
      subject_id: id,
      before: { group: group.key, ...audited(before) },
      after: { group: group.key, ...audited(row) },
    });
  });
}

/** A link one place up or down in its group (at either end, it stays). */
export function moveNavigationItem(deps: NavigationDeps, id: string, { direction }: MoveRequest, actor: Actor): Promise<void> {
  return change(deps, actor, async (trx, now) => {
    const { group, item } = await lockItem(trx, id);
    const neighbour = await trx
      .selectFrom('navigation_items')
      .select(['id', 'position'])
      .where('group_id', '=', item.group_id)
      .where('position', direction === 'up' ? '<' : '>', item.position)
      .orderBy('position', direction === 'up' ? 'desc' : 'asc')
      .limit(1)
      .executeTakeFirst();
    if (!neighbour) return;
    await trx.updateTable('navigation_items').set({ position: neighbour.position }).where('id', '=', id).execute();
    await trx.updateTable('navigation_items').set({ position: item.position }).where('id', '=', neighbour.id).execute();
    await recordAudit(trx, now, actor, {
      action: 'navigation.link.move',
      subject_type: 'navigation',
      subject_id: id,
      before: { group: group.key, position: item.position },
      after: { group: group.key, position: neighbour.position },
    });
  });
}

/** A link off its group; those after it move up one place. */
export function removeNavigationItem(deps: NavigationDeps, id: string, actor: Actor): Promise<void> {
  return change(deps, actor, async (trx, now) => {
    const { group, item } = await lockItem(trx, id);
    await trx.deleteFrom('navigation_items').where('id', '=', id).execute();
    await trx
      .updateTable('navigation_items')
      .set((eb) => ({ position: eb('position', '-', 1) }))
      .where('group_id', '=', item.group_id)
      .where('position', '>', item.position)
      .execute();
    await recordAudit(trx, now, actor, {
      action: 'navigation.link.remove',
      subject_type: 'navigation',
      subject_id: id,
      before: { group: group.key, ...audited(item) },
    });
  });
}

/** The footer's columns, locked in their order: changing the order of columns takes all of them. */
function lockFooter(trx: Db) {
  return trx.selectFrom('navigation_groups').select(GROUP_COLUMNS).where('menu', '=', 'footer').orderBy('position').forUpdate().execute();
}

const auditedGroup = (group: { menu: string; key: string; heading_en: string; heading_it: string; position: number }) => ({
  menu: group.menu,
  key: group.key,
  heading_en: group.heading_en,
  heading_it: group.heading_it,
  position: group.position,
});

/** A new, empty footer column at the end. */
export function addNavigationGroup(deps: NavigationDeps, request: NavigationGroupRequest, actor: Actor): Promise<void> {
  return change(deps, actor, async (trx, now) => {
    const columns = await lockFooter(trx);
    const row = await trx
      .insertInto('navigation_groups')
      .values({
        menu: 'footer',
        key: `column-${randomUUID().slice(0, 8)}`,
        heading_en: request.heading_en,
        heading_it: request.heading_it,
        position: Math.max(0, ...columns.map((column) => column.position)) + 1,
      })
      .returning(GROUP_COLUMNS)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, now, actor, {
      action: 'navigation.group.add',
      subject_type: 'navigation',
      subject_id: row.id,
      after: auditedGroup(row),
    });
  });
}

/** A group's heading: a footer column's, or the header menu's own name. */
export function changeNavigationGroup(deps: NavigationDeps, id: string, request: NavigationGroupRequest, actor: Actor): Promise<void> {
  return change(deps, actor, async (trx, now) => {
    const before = await lockGroup(trx, id);
    const row = await trx
      .updateTable('navigation_groups')
      .set({ heading_en: request.heading_en, heading_it: request.heading_it })
      .where('id', '=', id)
      .returning(GROUP_COLUMNS)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, now, actor, {
      action: 'navigation.group.change',
      subject_type: 'navigation',
      subject_id: id,
      before: auditedGroup(before),
      after: auditedGroup(row),
    });
  });
}

/** A footer column one place left (up) or right (down). */
export function moveNavigationGroup(deps: NavigationDeps, id: string, { direction }: MoveRequest, actor: Actor): Promise<void> {
  return change(deps, actor, async (trx, now) => {
    const columns = await lockFooter(trx);
    const at = columns.findIndex((column) => column.id === id);
    if (at < 0) throw new DomainError('not_found', 'No such footer column');
    const column = columns[at]!;
    const neighbour = columns[direction === 'up' ? at - 1 : at + 1];
    if (!neighbour) return;
    await trx.updateTable('navigation_groups').set({ position: neighbour.position }).where('id', '=', id).execute();
    await trx.updateTable('navigation_groups').set({ position: column.position }).where('id', '=', neighbour.id).execute();
    await recordAudit(trx, now, actor, {
      action: 'navigation.group.move',
      subject_type: 'navigation',
      subject_id: id,
      before: { key: column.key, position: column.position },
      after: { key: column.key, position: neighbour.position },
    });
  });
}

/** A footer column off the footer with its links; the header keeps its menu. */
export function removeNavigationGroup(deps: NavigationDeps, id: string, actor: Actor): Promise<void> {
  return change(deps, actor, async (trx, now) => {
    const columns = await lockFooter(trx);
    const column = columns.find((row) => row.id === id);
    if (!column) {
      const header = await trx.selectFrom('navigation_groups').select('id').where('id', '=', id).executeTakeFirst();
      throw header ? new DomainError('bad_request', 'The header keeps its menu') : new DomainError('not_found', 'No such footer column');
    }
    const links = await trx.selectFrom('navigation_items').select(ITEM_COLUMNS).where('group_id', '=', id).orderBy('position').execute();
    await trx.deleteFrom('navigation_groups').where('id', '=', id).execute();
    await trx
      .updateTable('navigation_groups')
      .set((eb) => ({ position: eb('position', '-', 1) }))
      .where('menu', '=', 'footer')
      .where('position', '>', column.position)
      .execute();
    await recordAudit(trx, now, actor, {
      action: 'navigation.group.remove',
      subject_type: 'navigation',
      subject_id: id,
      before: { ...auditedGroup(column), links: links.map(audited) },
    });
  });
}
