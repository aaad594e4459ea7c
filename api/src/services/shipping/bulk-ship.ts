import { createHash } from 'node:crypto';

import { sql } from 'kysely';

import { BULK_ORDERS_LIMIT, type ShipmentsReport } from '@contract/api/shipping';
import { orderNumber } from '@contract/order-number';
import { trackingUrlFromTemplate } from '@contract/tracking';

import { inTransaction, type Trx } from '../../db/transaction.js';
import type { AppDeps } from '../../deps.js';
import { DomainError } from '../../domain-error.js';
import { type Actor, recordAudit } from '../audit.js';
import { queueShippedMail } from '../fulfilment.js';
import { sendQueuedMail } from '../order-mail.js';
import { findOrder, type Purchase } from '../order-reference.js';
import { listCarriers } from './carriers.js';
import { type CsvProblem, readShipmentsCsv, type ShipmentLine } from './shipments-csv.js';

type Deps = Pick<AppDeps, 'db' | 'mail' | 'log' | 'clock'>;
/** A line checked against the shop: its order, and the carrier as the owner's list spells it. */
type Planned = ShipmentLine & { purchase: Purchase; carrierName: string; url: string | null; number: string };

const sameParcel = (purchase: { status: string; carrier: string | null; tracking_number: string | null }, planned: Planned) =>
  purchase.status.toLowerCase() !== 'processing' &&
  purchase.carrier?.toLowerCase() === planned.carrierName.toLowerCase() &&
  purchase.tracking_number === planned.tracking;

const shipmentOf = (planned: Planned) => ({
  line: planned.line,
  order_number: planned.number,
  carrier: planned.carrierName,
  tracking_number: planned.tracking,
});

/** Every line against the carriers and the orders as they are now: the plan, or the problems. */
async function plan(deps: Deps, shipments: ShipmentLine[], problems: CsvProblem[]): Promise<Planned[]> {
  const carriers = new Map((await listCarriers(deps.db)).map((carrier) => [carrier.name.toLowerCase(), carrier]));
  const seen = new Map<string, number>();
  const planned: Planned[] = [];
  for (const shipment of shipments) {
    const problem = (message: string) => problems.push({ line: shipment.line, order: shipment.order, message });
    const carrier = carriers.get(shipment.carrier.toLowerCase());
    if (!carrier) {
      problem(
        `Unknown carrier ${shipment.carrier}: add it to the carriers first, or use one of ${[...carriers.values()].map((c) => c.name).join(', ')}`,
      );
      continue;
    }
    let purchase: Purchase;
    try {
      purchase = await findOrder(deps.db, shipment.order);
    } catch (error) {
      if (error instanceof DomainError) problem(error.message);
      else throw error;
      continue;
    }
    const earlier = seen.get(purchase.id);
    if (earlier) {
      problem(`This order is already on line ${earlier}`);
      continue;
    }
    seen.set(purchase.id, shipment.line);
    const number = orderNumber(purchase.id, purchase.created_at);
    const line: Planned = {
      ...shipment,
      purchase,
      carrierName: carrier.name,
      url: trackingUrlFromTemplate(carrier.tracking_url_template, shipment.tracking),
      number,
    };
    if (purchase.status.toLowerCase() !== 'processing' && !sameParcel(purchase, line))
      problem(`Order ${number} is ${purchase.status}, not Processing`);
    else planned.push(line);
  }
  return planned;
}

/** Thrown inside the transaction when an order changed under the file: everything is rolled back. */
class ChangedMeanwhile extends Error {
  constructor(readonly problem: CsvProblem) {
    super(problem.message);
  }
}

/** One line in the file's transaction: shipped now (with its audit entry and queued email), or found shipped already. */
async function shipLine(trx: Trx, now: Date, actor: Actor, line: Planned) {
  const updated = await trx
    .updateTable('purchases')
    .set({ status: 'Shipped', carrier: line.carrierName, tracking_number: line.tracking, tracking_url: line.url })
    .where('id', '=', line.purchase.id)
    .where(sql<string>`lower(status)`, '=', 'processing')
    .returning(['id', 'email', 'locale', 'status'])
    .executeTakeFirst();
  if (!updated) {
    // Another upload (or the order page) got there first: the same parcel is done, anything else stops the file.
    const now = await trx
      .selectFrom('purchases')
      .select(['status', 'carrier', 'tracking_number'])
      .where('id', '=', line.purchase.id)
      .executeTakeFirstOrThrow();
    if (sameParcel(now, line)) return null;
    throw new ChangedMeanwhile({ line: line.line, order: line.order, message: `Order ${line.number} is ${now.status}, not Processing` });
  }
  await recordAudit(trx, now, actor, {
    action: 'order.ship',
    subject_type: 'order',
    subject_id: updated.id,
    before: { status: line.purchase.status },
    after: { status: updated.status, carrier: line.carrierName, tracking_number: line.tracking, from: 'csv' },
  });
  return queueShippedMail(trx, now, updated, line.number, { carrier: line.carrierName, tracking: line.tracking, url: line.url });
}

/**
 * Ships the orders of a CSV (issue 42, ADR 067). A file with any bad line changes nothing and names every
 * bad line. Otherwise all its orders are shipped in one transaction, each by the same conditional UPDATE
 * as a single shipment, in the order of their ids (two uploads lock in the same order and never deadlock):
 * an order already shipped with the same parcel, by an earlier or a concurrent upload of the file, is
 * left alone and not mailed again. Each buyer is mailed as a single shipment mails them.
 */
export async function shipFromCsv(deps: Deps, csv: string, actor: Actor): Promise<ShipmentsReport> {
  const { shipments, problems } = readShipmentsCsv(csv);
  if (shipments.length + problems.length > BULK_ORDERS_LIMIT)
    return rejected([{ line: 1, order: '', message: `Send at most ${BULK_ORDERS_LIMIT} shipments in one file` }]);
  const planned = await plan(deps, shipments, problems);
  if (problems.length) return rejected(problems);
  const lines = [...planned].sort((a, b) => (a.purchase.id < b.purchase.id ? -1 : 1));
  const fileId = createHash('sha256').update(csv).digest('hex').slice(0, 16);
  let outcome;
  try {
    outcome = await inTransaction(deps.db, async (trx) => {
      const now = deps.clock.now();
      const mailJobs: string[] = [];
      const shipped: Planned[] = [];
      const already: Planned[] = [];
      for (const line of lines) {
        const job = await shipLine(trx, now, actor, line);
        if (job === null) already.push(line);
        else {
          mailJobs.push(job);
          shipped.push(line);
        }
      }
      await recordAudit(trx, now, actor, {
        action: 'orders.ship_csv',
        subject_type: 'shipments_file',
        subject_id: fileId,
        before: { processing: shipped.map((line) => line.number) },
        after: { shipped: shipped.map(shipmentOf), already_shipped: already.map((line) => line.number) },
      });
      return { mailJobs, shipped, already };
    });
  } catch (error) {
    if (error instanceof ChangedMeanwhile) return rejected([error.problem]);
    throw error;
  }
  await sendQueuedMail(deps, outcome.mailJobs);
  const byLine = (a: Planned, b: Planned) => a.line - b.line;
  return {
    applied: true,
    shipped: outcome.shipped.sort(byLine).map(shipmentOf),
    already_shipped: outcome.already.sort(byLine).map(shipmentOf),
    errors: [],
  };
}

function rejected(errors: CsvProblem[]): ShipmentsReport {
  return { applied: false, shipped: [], already_shipped: [], errors: errors.sort((a, b) => a.line - b.line) };
}
