// Reading an order's refunds and its payment, for the back office's order page and the refund steps.
import type { z } from 'zod';

import type { orderPaymentSchema, Refund, refundableLineSchema } from '@contract/api/refunds';

import type { Db } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import type { Purchase } from '../order-reference.js';
import { lineUnitRefund, type OpenReturnUnits, sharedByLine } from './plan.js';

export type RefundRow = Awaited<ReturnType<typeof refundsOf>>[number];

/** The units of an order in returns still open (requested or received), by line and return. */
export function openReturnUnits(db: Db, purchaseId: string): Promise<OpenReturnUnits> {
  return db
    .selectFrom('return_items as ri')
    .innerJoin('returns as r', 'r.id', 'ri.return_id')
    .select(['ri.purchase_item_id as item_id', 'r.id as return_id', 'r.number', 'ri.quantity'])
    .where('r.purchase_id', '=', purchaseId)
    .where('r.status', 'in', ['requested', 'received'])
    .orderBy('r.number')
    .execute();
}

/** The provider that took an order's payment, and whether this API can refund through it. */
export async function paymentOf(db: Db, order: Purchase) {
  const session = order.checkout_session_id
    ? await db
        .selectFrom('checkout_sessions')
        .select(['provider', 'provider_session_id'])
        .where('id', '=', order.checkout_session_id)
        .executeTakeFirst()
    : undefined;
  return { provider: session?.provider ?? null, providerSessionId: session?.provider_session_id ?? null };
}

export async function refundsOf(db: Db, purchaseId: string) {
  return db.selectFrom('refunds').selectAll().where('purchase_id', '=', purchaseId).orderBy('created_at').orderBy('id').execute();
}

export function toRefund(row: RefundRow): Refund {
  return {
    id: row.id,
    kind: row.kind,
    amount: row.amount,
    lines: row.lines,
    restock: row.restock,
    reason: row.reason,
    provider: row.provider,
    provider_refund_id: row.provider_refund_id,
    status: row.status,
    failure: row.failure,
    actor: row.actor,
    created_at: row.created_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
  };
}

/** An order's payment and what the refund form offers, for the back office's order page. */
export async function refundView(deps: Pick<AppDeps, 'db' | 'payments'>, order: Purchase) {
  const [payment, items, refunds, inReturns] = await Promise.all([
    paymentOf(deps.db, order),
    deps.db
      .selectFrom('purchase_items')
      .select(['id', 'sku', 'name', 'variant_description', 'quantity', 'refunded_quantity', 'unit_price', 'discount'])
      .where('purchase_id', '=', order.id)
      .orderBy('position')
      .execute(),
    refundsOf(deps.db, order.id),
    openReturnUnits(deps.db, order.id),
  ]);
  const lines: z.infer<typeof refundableLineSchema>[] = items.map((item) => ({
    item_id: item.id,
    sku: item.sku,
    name: item.name,
    variant: item.variant_description,
    quantity: item.quantity,
    refunded_quantity: item.refunded_quantity,
    in_return_quantity: inReturns.filter((unit) => unit.item_id === item.id).reduce((sum, unit) => sum + unit.quantity, 0),
    unit_price: item.unit_price,
    unit_refund: lineUnitRefund(item, order, sharedByLine(items)),
  }));
  const paymentOut: z.infer<typeof orderPaymentSchema> = {
    provider: payment.provider,
    provider_session_id: payment.providerSessionId,
    captured: order.total,
    refunded: order.refunded_total,
    refundable: order.status.toLowerCase() === 'cancelled' ? 0 : order.total - order.refunded_total,
    can_refund: Boolean(payment.provider && payment.providerSessionId && payment.provider === deps.payments.name),
  };
  return { payment: paymentOut, lines, refunds: refunds.map(toRefund) };
}
