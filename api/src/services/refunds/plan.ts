// What a refund or a cancellation gives back, worked out from the order alone: no database, no provider.
import type { z } from 'zod';

import type { cancelRequestSchema, refundRequestSchema } from '@contract/api/refunds';
import { formatEuro } from '@contract/money';
import { orderNumber } from '@contract/order-number';

import type { RefundLine } from '../../db/schema.js';
import { DomainError } from '../../domain-error.js';
import type { Purchase } from '../order-reference.js';

export type RefundRequest = z.output<typeof refundRequestSchema>;
export type CancelRequest = z.output<typeof cancelRequestSchema>;
export type Item = {
  id: string;
  sku: string;
  name: string;
  variant_id: string | null;
  variant_description: string;
  quantity: number;
  refunded_quantity: number;
  unit_price: number;
  discount: number;
};
/** Units of a line in a return still open (requested or received): they are refunded through the return. */
export type OpenReturnUnits = { item_id: string; return_id: string; number: string; quantity: number }[];

/** What one unit gives back: its price less its share of the order's discount, rounded so the shares never pass what was paid. */
export function unitRefund(unitPrice: number, order: { subtotal: number; discount: number }): number {
  if (order.discount <= 0 || order.subtotal <= 0) return unitPrice;
  return Math.max(0, unitPrice - Math.ceil((order.discount * unitPrice) / order.subtotal));
}

/**
 * A line's unit refund. A discount code's share is recorded on each line (a code may cover some
 * products only), so a unit gives back its price less its line's share; orders from before codes
 * carried an order-wide discount, shared over every unit.
 */
export function lineUnitRefund(
  item: Pick<Item, 'unit_price' | 'quantity' | 'discount'>,
  order: { subtotal: number; discount: number },
  lineShares: boolean,
): number {
  if (lineShares) return unitRefund(item.unit_price, { subtotal: item.unit_price * item.quantity, discount: item.discount });
  return unitRefund(item.unit_price, order);
}

/** Whether the order's discount is recorded per line. */
export const sharedByLine = (items: Pick<Item, 'discount'>[]) => items.some((item) => item.discount > 0);

const isClosed = (status: string) => ['cancelled', 'refunded'].includes(status.toLowerCase());

export interface Plan {
  lines: RefundLine[];
  amount: number;
  restock: boolean;
}

function everythingLeft(order: Purchase, items: Item[]): Plan {
  const lines = items
    .filter((item) => item.quantity > item.refunded_quantity)
    .map((item) => {
      const quantity = item.quantity - item.refunded_quantity;
      return {
        item_id: item.id,
        sku: item.sku,
        name: item.name,
        quantity,
        amount: quantity * lineUnitRefund(item, order, sharedByLine(items)),
      };
    });
  return { lines, amount: order.total - order.refunded_total, restock: true };
}

export function planRefund(order: Purchase, items: Item[], request: RefundRequest, inReturns: OpenReturnUnits): Plan {
  const number = orderNumber(order.id, order.created_at);
  const left = order.total - order.refunded_total;
  if (order.status.toLowerCase() === 'cancelled')
    throw new DomainError('order_status_conflict', `Order ${number} is cancelled: it was refunded in full`);
  if (left <= 0) throw new DomainError('refund_exceeds_paid', `Order ${number} has been refunded in full`);
  if (request.full) {
    const open = [...new Set(inReturns.map((held) => held.number))];
    if (open.length) {
      throw new DomainError(
        'return_status_conflict',
        `${open.length === 1 ? 'Return' : 'Returns'} ${open.join(', ')} ${open.length === 1 ? 'is' : 'are'} open on order ${number}: refund or cancel ${open.length === 1 ? 'it' : 'them'} first, then refund what is left`,
      );
    }
    return { ...everythingLeft(order, items), restock: request.restock };
  }
  const byId = new Map(items.map((item) => [item.id, item]));
  const lines = request.lines.map(({ item_id, quantity }) => {
    const item = byId.get(item_id);
    if (!item) throw new DomainError('invalid_request', `Order ${number} has no line ${item_id}`);
    const open = item.quantity - item.refunded_quantity;
    if (quantity > open) {
      throw new DomainError(
        'refund_exceeds_paid',
        open === 0
          ? `${item.name} (${item.sku}) has been refunded already`
          : `Only ${open} of ${item.name} (${item.sku}) can still be refunded`,
      );
    }
    const held = inReturns.filter((unit) => unit.item_id === item_id);
    const heldUnits = held.reduce((sum, unit) => sum + unit.quantity, 0);
    if (heldUnits > 0 && quantity > open - heldUnits) {
      const returns = [...new Set(held.map((unit) => unit.number))].join(', ');
      throw new DomainError(
        'return_status_conflict',
        `${heldUnits} of ${item.name} (${item.sku}) ${heldUnits === 1 ? 'is' : 'are'} in return ${returns}: refund ${heldUnits === 1 ? 'it' : 'them'} from the return`,
      );
    }
    return { item_id, sku: item.sku, name: item.name, quantity, amount: quantity * lineUnitRefund(item, order, sharedByLine(items)) };
  });
  const amount = lines.reduce((sum, line) => sum + line.amount, 0) + request.amount;
  if (amount <= 0) throw new DomainError('invalid_request', 'Choose units to refund or an amount');
  if (amount > left)
    throw new DomainError(
      'refund_exceeds_paid',
      `${formatEuro(amount)} is more than can still be refunded on order ${number}: at most ${formatEuro(left)}`,
    );
  // What the open returns will give back stays for them, so their refunds can still be made.
  const held = inReturns.reduce(
    (sum, unit) =>
      sum +
      unit.quantity * lineUnitRefund(byId.get(unit.item_id) ?? { unit_price: 0, quantity: 1, discount: 0 }, order, sharedByLine(items)),
    0,
  );
  if (held > 0 && amount > left - held) {
    const returns = [...new Set(inReturns.map((unit) => unit.number))].join(', ');
    throw new DomainError(
      'refund_exceeds_paid',
      `${formatEuro(amount)} is more than can be refunded now on order ${number}: at most ${formatEuro(Math.max(0, left - held))}, as return ${returns} will give back ${formatEuro(held)}`,
    );
  }
  return { lines, amount, restock: request.restock };
}

export function planCancellation(order: Purchase, items: Item[]): Plan {
  const number = orderNumber(order.id, order.created_at);
  if (order.status.toLowerCase() !== 'processing') {
    throw new DomainError(
      'order_status_conflict',
      `Order ${number} is ${order.status}: only an order not shipped yet can be cancelled${isClosed(order.status) ? '' : '; refund it instead'}`,
    );
  }
  return everythingLeft(order, items);
}
