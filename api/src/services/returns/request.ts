import { randomInt } from 'node:crypto';

import { sql } from 'kysely';

import { type Return, RETURN_REASON_LABELS, RETURN_WINDOW_DAYS, returnLineLabel } from '@contract/api/returns';
import type { ShopLocale } from '@contract/locale';
import { orderNumber } from '@contract/order-number';
import { shopDay } from '@contract/shop-time';

import { isGuest } from '../../auth/users.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { DomainError } from '../../domain-error.js';
import { renderEmail } from '../mail-templates.js';
import { type MailWords, mailWords } from '../mail-words.js';
import { queueOrderMail, sendQueuedMail } from '../order-mail.js';
import { coversInSql } from '../stock-counted.js';
import {
  giftCardLineSql,
  returnableSql,
  returnColumns,
  type ReturnDeps,
  type ReturnRequest,
  type ReturnRow,
  sizesFor,
  toReturns,
  windowEnd,
} from './read.js';

// ---------------------------------------------------------------------------------------------
// The buyer asks

const NUMBER_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const newReturnNumber = () => `R-${Array.from({ length: 6 }, () => NUMBER_ALPHABET[randomInt(NUMBER_ALPHABET.length)]).join('')}`;

/** Writes the buyer's own step on the order's timeline (the audit log), in the step's transaction. */
async function recordBuyerStep(trx: Db, at: Date, email: string, purchaseId: string, action: string, after: Record<string, unknown>) {
  await trx
    .insertInto('audit_log')
    .values({ at, actor: email, action, subject_type: 'order', subject_id: purchaseId, before: null, after: JSON.stringify(after) })
    .execute();
}

type Trx = Db;
type ReturnLineRequest = ReturnRequest['lines'][number];
type ItemsById = Map<
  string,
  {
    id: string;
    name: string;
    sku: string;
    product_id: string | null;
    variant_id: string | null;
    variant_attributes: { attribute_name: string; value: string }[];
    gift_card: boolean;
  }
>;
interface KeptLine {
  item_id: string;
  quantity: number;
  exchange: { variant_id: string; sku: string; description: string } | null;
}

/** Claims each line's units for the return, only while enough are left on the line (decided by the row itself). */
async function claimUnits(trx: Trx, lines: ReturnLineRequest[], byId: ItemsById, number: string): Promise<KeptLine[]> {
  const kept: KeptLine[] = [];
  for (const line of lines) {
    const item = byId.get(line.item_id);
    if (!item) throw new DomainError('invalid_request', `Order ${number} has no line ${line.item_id}`);
    // A gift card is a code already sent: nothing comes back in a parcel (ADR 064).
    if (item.gift_card) throw new DomainError('invalid_request', `${item.name} is a gift card: it cannot be returned or exchanged`);
    // The claim: only while enough units are left on the line, decided by the row itself.
    const claimed = await trx
      .updateTable('purchase_items')
      .set((eb) => ({ returned_quantity: eb('returned_quantity', '+', line.quantity) }))
      .where('id', '=', item.id)
      .where(sql<boolean>`${returnableSql()} >= ${line.quantity}`)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) {
      const left = await trx
        .selectFrom('purchase_items')
        .select(returnableSql().as('returnable'))
        .where('id', '=', item.id)
        .executeTakeFirstOrThrow();
      throw new DomainError(
        'already_returned',
        left.returnable <= 0
          ? `${item.name} (${item.sku}) has already been returned`
          : `Only ${left.returnable} of ${item.name} (${item.sku}) can still be returned`,
      );
    }
    kept.push({ item_id: item.id, quantity: line.quantity, exchange: null });
  }
  return kept;
}

/** Exchanges take their new size from stock now, in variant order, each only if enough is left. */
async function takeExchangeSizes(
  trx: Trx,
  lines: ReturnLineRequest[],
  byId: ItemsById,
  sizes: Awaited<ReturnType<typeof sizesFor>> | (() => never[]),
  kept: KeptLine[],
): Promise<void> {
  const exchanges = lines
    .filter((line) => line.exchange_variant_id)
    .sort((a, b) => a.exchange_variant_id!.localeCompare(b.exchange_variant_id!));
  for (const line of exchanges) {
    const item = byId.get(line.item_id)!;
    const size = sizes(item).find((option) => option.variant_id === line.exchange_variant_id);
    if (!size) throw new DomainError('invalid_request', `${item.name} does not come in that size`);
    const taken = await trx
      .updateTable('product_variants')
      .set((eb) => ({ stock_quantity: eb('stock_quantity', '-', line.quantity) }))
      .where('id', '=', size.variant_id)
      .where((eb) => coversInSql(eb, eb.ref('stock_quantity'), line.quantity))
      .returning(['sku', 'description'])
      .executeTakeFirst();
    if (!taken) {
      throw new DomainError(
        'exchange_sold_out',
        `Size ${size.size} of ${item.name} has just sold out. Choose another size, or ask for a refund instead.`,
      );
    }
    kept.find((k) => k.item_id === line.item_id)!.exchange = {
      variant_id: size.variant_id,
      sku: taken.sku,
      description: taken.description,
    };
  }
}

/** An order's lines as a return reads them: what is left to send back, and which are gift cards. */
function orderLines(trx: Trx, purchaseId: string) {
  return trx
    .selectFrom('purchase_items')
    .select([
      'id',
      'name',
      'sku',
      'product_id',
      'variant_id',
      'variant_attributes',
      returnableSql().as('returnable'),
      giftCardLineSql().as('gift_card'),
    ])
    .where('purchase_id', '=', purchaseId)
    .execute();
}

export async function requestReturn(deps: ReturnDeps, purchaseId: string, request: ReturnRequest): Promise<Return> {
  const { db, clock } = deps;
  const now = clock.now();
  const requested = request.lines ?? [];
  const exchange = requested.some((line) => line.exchange_variant_id);
  const created = await inTransaction(db, async (trx) => {
    const order = await trx
      .selectFrom('purchases')
      .select(['id', 'email', 'status', 'created_at', 'delivered_at', 'locale', 'user_id'])
      .where('id', '=', purchaseId)
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw new DomainError('not_found', 'Purchase not found');
    const number = orderNumber(order.id, order.created_at);
    const ends = windowEnd(order.delivered_at);
    if (['refunded', 'cancelled'].includes(order.status.toLowerCase())) {
      throw new DomainError('already_returned', `Order ${number} is ${order.status}: there is nothing left to return`);
    }
    // Store credit belongs to an account: a guest's return goes back to the payment (ADR 052).
    if (request.refund_to === 'store_credit' && (exchange || (await isGuest(trx, order.user_id))))
      throw new DomainError('bad_request', 'Store credit is for registered accounts, on refunds (not exchanges)');
    if (order.status.toLowerCase() !== 'delivered' || !ends) {
      throw new DomainError('order_status_conflict', `Order ${number} is ${order.status}: it can be returned once it has been delivered`);
    }
    if (now >= ends) {
      throw new DomainError(
        'return_window_passed',
        `The ${RETURN_WINDOW_DAYS}-day return window of order ${number} closed on ${shopDay(ends)}`,
      );
    }
    const items = await orderLines(trx, order.id);
    // A withdrawal from the whole order: every unit still returnable, read under the order's lock.
    const asked = request.whole_order
      ? items
          .filter((item) => item.returnable > 0 && !item.gift_card)
          .map((item) => ({ item_id: item.id, quantity: item.returnable, exchange_variant_id: null }))
      : requested;
    if (asked.length === 0) throw new DomainError('already_returned', `Order ${number} has nothing left to return`);
    // Lines in one order of locks, so two returns of the same order never wait on each other in a circle.
    const lines = [...asked].sort((a, b) => a.item_id.localeCompare(b.item_id));
    const byId = new Map(items.map((item) => [item.id, item]));
    const sizes = exchange ? await sizesFor(trx, items) : () => [];
    const kept = await claimUnits(trx, lines, byId, number);
    await takeExchangeSizes(trx, lines, byId, sizes, kept);
    let row: ReturnRow | undefined;
    for (let attempt = 0; !row && attempt < 8; attempt++) {
      row = await trx
        .insertInto('returns')
        .values({
          number: newReturnNumber(),
          purchase_id: order.id,
          kind: exchange ? 'exchange' : 'refund',
          reason: request.reason,
          comment: request.comment,
          refund_to: request.refund_to ?? 'payment',
          status: 'requested',
          created_at: now,
        })
        .onConflict((oc) => oc.column('number').doNothing())
        .returning(returnColumns)
        .executeTakeFirst();
    }
    if (!row) throw new Error('no free return number');
    const returnId = row.id;
    await trx
      .insertInto('return_items')
      .values(
        kept.map((k) => ({
          return_id: returnId,
          purchase_item_id: k.item_id,
          quantity: k.quantity,
          exchange_variant_id: k.exchange?.variant_id ?? null,
          exchange_sku: k.exchange?.sku ?? null,
          exchange_description: k.exchange?.description ?? null,
        })),
      )
      .execute();
    const units = kept.map((k) => `${k.quantity} × ${byId.get(k.item_id)!.sku}${k.exchange ? ` for ${k.exchange.sku}` : ''}`).join(', ');
    await recordBuyerStep(trx, now, order.email, order.id, 'return.request', {
      return: row.number,
      status: 'requested',
      reason: RETURN_REASON_LABELS[request.reason],
      units,
    });
    // The buyer's email is queued with the return (ADR 044).
    const [answer] = await toReturns(trx, [row]);
    const mailJob = await queueOrderMail(trx, now, order.id, { to: order.email, ...requestedEmail(answer, order.locale) });
    return { answer, mailJob };
  });
  await sendQueuedMail(deps, [created.mailJob]);
  if (exchange) await deps.onCatalogueChange?.();
  return created.answer;
}

/** A return's lines as its emails list them, in the order's language. */
export const linesText = (lines: Return['lines'], w: MailWords['returns']) =>
  lines
    .map((line) => w.line(line.quantity, returnLineLabel(line), line.exchange ? line.exchange.description || line.exchange.sku : null))
    .join('; ');

function requestedEmail(item: Return, locale: ShopLocale) {
  const w = mailWords(locale).returns;
  return renderEmail({
    subject: w.requestedSubject(item.number, item.order_number),
    heading: w.requestedHeading(item.number),
    paragraphs: [
      w.requested(item.order_number, linesText(item.lines, w)),
      ...(item.kind === 'exchange' ? [w.putAside] : []),
      w.howToSend(item.number, w.address),
      item.kind === 'exchange' ? w.exchangeNext : w.refundNext,
    ],
    locale,
  });
}
