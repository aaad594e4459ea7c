import { sql } from 'kysely';

import type { Carrier, CarrierRequest } from '@contract/api/shipping';
import { trackingUrl, trackingUrlFromTemplate } from '@contract/tracking';

import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import type { AppDeps } from '../../deps.js';
import { DomainError } from '../../domain-error.js';
import { type Actor, recordAudit } from '../audit.js';

type CarrierRow = { id: string; name: string; tracking_url_template: string; position: number };
const toCarrier = (row: CarrierRow): Carrier => ({
  id: row.id,
  name: row.name,
  tracking_url_template: row.tracking_url_template,
  position: row.position,
});
const audited = (row: CarrierRow) => ({ name: row.name, tracking_url_template: row.tracking_url_template, position: row.position });

/** The carriers in the owner's order. */
export async function listCarriers(db: Db): Promise<Carrier[]> {
  const rows = await db
    .selectFrom('carriers')
    .select(['id', 'name', 'tracking_url_template', 'position'])
    .orderBy('position')
    .orderBy('name')
    .execute();
  return rows.map(toCarrier);
}

/** One carrier by its name as typed (any case, spaces around ignored). */
export function findCarrier(db: Db, name: string): Promise<CarrierRow | undefined> {
  return db
    .selectFrom('carriers')
    .select(['id', 'name', 'tracking_url_template', 'position'])
    .where(sql<string>`lower(name)`, '=', name.trim().toLowerCase())
    .executeTakeFirst();
}

/** The link a buyer is mailed: the carrier's own template, or, for a carrier not on the list (the CLI), the old rule. */
export async function parcelLink(db: Db, carrier: string, trackingNumber: string): Promise<{ carrier: string; url: string | null }> {
  const known = await findCarrier(db, carrier);
  if (known) return { carrier: known.name, url: trackingUrlFromTemplate(known.tracking_url_template, trackingNumber) };
  return { carrier, url: trackingUrl(carrier, trackingNumber) };
}

/**
 * The links of many parcels at once (a list of returns), by the rule of parcelLink, with one read
 * of the carriers named: a function of a parcel's carrier and tracking number.
 */
export async function parcelLinks(
  db: Db,
  carriers: (string | null)[],
): Promise<(carrier: string | null, trackingNumber: string | null) => string | null> {
  const names = [...new Set(carriers.filter((name): name is string => Boolean(name?.trim())).map((name) => name.trim().toLowerCase()))];
  const rows = names.length
    ? await db
        .selectFrom('carriers')
        .select(['name', 'tracking_url_template'])
        .where(sql<string>`lower(name)`, 'in', names)
        .execute()
    : [];
  const templates = new Map(rows.map((row) => [row.name.toLowerCase(), row.tracking_url_template]));
  return (carrier, trackingNumber) => {
    const template = carrier ? templates.get(carrier.trim().toLowerCase()) : undefined;
    return template ? trackingUrlFromTemplate(template, trackingNumber) : trackingUrl(carrier, trackingNumber);
  };
}

const nameTaken = (name: string) => new DomainError('already_exists', `There is already a carrier called ${name}`);
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/** A new carrier at the end of the list (or where it says), with its audit entry. */
export async function addCarrier(deps: Pick<AppDeps, 'db' | 'clock'>, request: CarrierRequest, actor: Actor): Promise<Carrier> {
  try {
    return await inTransaction(deps.db, async (trx) => {
      const last = await trx
        .selectFrom('carriers')
        .select(sql<number>`coalesce(max(position), 0)`.as('position'))
        .executeTakeFirstOrThrow();
      const row = await trx
        .insertInto('carriers')
        .values({
          name: request.name,
          tracking_url_template: request.tracking_url_template,
          position: request.position ?? Number(last.position) + 1,
        })
        .returning(['id', 'name', 'tracking_url_template', 'position'])
        .executeTakeFirstOrThrow();
      await recordAudit(trx, deps.clock.now(), actor, {
        action: 'carrier.add',
        subject_type: 'carrier',
        subject_id: row.id,
        after: audited(row),
      });
      return toCarrier(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(request.name);
    throw error;
  }
}

/** A carrier's new name, template or place; orders already shipped keep the link they were mailed. */
export async function changeCarrier(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  id: string,
  request: CarrierRequest,
  actor: Actor,
): Promise<Carrier> {
  try {
    return await inTransaction(deps.db, async (trx) => {
      const before = await trx
        .selectFrom('carriers')
        .select(['id', 'name', 'tracking_url_template', 'position'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw new DomainError('not_found', 'No such carrier');
      const row = await trx
        .updateTable('carriers')
        .set({ name: request.name, tracking_url_template: request.tracking_url_template, position: request.position ?? before.position })
        .where('id', '=', id)
        .returning(['id', 'name', 'tracking_url_template', 'position'])
        .executeTakeFirstOrThrow();
      await recordAudit(trx, deps.clock.now(), actor, {
        action: 'carrier.change',
        subject_type: 'carrier',
        subject_id: id,
        before: audited(before),
        after: audited(row),
      });
      return toCarrier(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(request.name);
    throw error;
  }
}

/** Off the list; orders shipped with it keep their carrier's name and link. */
export async function removeCarrier(deps: Pick<AppDeps, 'db' | 'clock'>, id: string, actor: Actor): Promise<void> {
  await inTransaction(deps.db, async (trx) => {
    const removed = await trx
      .deleteFrom('carriers')
      .where('id', '=', id)
      .returning(['id', 'name', 'tracking_url_template', 'position'])
      .executeTakeFirst();
    if (!removed) throw new DomainError('not_found', 'No such carrier');
    await recordAudit(trx, deps.clock.now(), actor, {
      action: 'carrier.remove',
      subject_type: 'carrier',
      subject_id: id,
      before: audited(removed),
    });
  });
}
