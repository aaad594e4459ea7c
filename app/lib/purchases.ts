import { z } from 'zod';
import { CART_MESSAGES } from './messages';
import { orderNumber } from '@contract/order-number';

import { purchaseDetailSchema, type PurchaseAddress } from '@contract/api/orders';

export type { PurchaseAddress, PurchaseListItem, PurchaseStats } from '@contract/api/orders';

/**
 * The purchase detail as the pages use it: each field under one name, the order number filled in,
 * the attributes in display order.
 */
export const purchaseDetailReader = purchaseDetailSchema
  .transform((raw) => {
    const createdAt = raw.created_at ?? raw.date ?? null;
    return {
      purchase_id: raw.purchase_id,
      order_number: raw.order_number || orderNumber(raw.purchase_id, createdAt ?? ''),
      created_at: createdAt,
      status: raw.status ?? '',
      items: (raw.items ?? raw.itemDetails ?? raw.order_items ?? []).map((line) => ({
        name: line.name,
        variant_attributes: sortAttributes(line.variant_attributes ?? []),
        variant: line.variant ?? null,
        sku: line.sku ?? null,
        quantity: line.quantity,
        price: line.price ?? null,
        refunded_quantity: line.refunded_quantity ?? 0,
      })),
      subtotal: raw.subtotal ?? raw.sub_total ?? null,
      shipping: raw.shipping_cost ?? raw.shipping ?? null,
      tax: raw.tax ?? null,
      discount: raw.discount ?? null,
      discount_code: raw.discount_code ?? null,
      total: raw.total ?? null,
      refunded_total: raw.refunded_total ?? 0,
      tracking_number: raw.trackingNumber ?? raw.tracking_number ?? raw.tracking ?? null,
      carrier: raw.trackingProvider ?? raw.tracking_provider ?? raw.carrier ?? null,
      shipping_address: raw.shipping_address ?? null,
      payment_method: raw.payment_method || CART_MESSAGES.defaultPaymentMethod,
      returns: raw.returns ?? [],
      return_window_ends_at: raw.return_window_ends_at ?? null,
    };
  });
export type PurchaseDetail = z.output<typeof purchaseDetailReader>;

/** What /orders/{id}/details answers: the detail, or the inline error of docs/product.md#error-messages. */
export type OrderDetailAnswer = { detail: PurchaseDetail; error: null } | { detail: null; error: string };

/** Attribute display order of docs/product.md#constants: colour, treatment, material, then size; others after, as given. */
const ATTRIBUTE_RANK: Record<string, number> = { color: 0, colour: 0, treatment: 1, material: 2, size: 3 };

export function sortAttributes<A extends { attribute_name: string }>(attributes: readonly A[]): A[] {
  const rank = (a: A) => ATTRIBUTE_RANK[a.attribute_name.trim().toLowerCase()] ?? 4;
  return attributes
    .map((attribute, index) => ({ attribute, index }))
    .sort((a, b) => rank(a.attribute) - rank(b.attribute) || a.index - b.index)
    .map(({ attribute }) => attribute);
}

export type StatusTone = 'processing' | 'shipped' | 'delivered' | 'neutral';

/** docs/product.md#orders: Processing, Shipped and Delivered have their styles, compared case-insensitively. */
export function statusTone(status: string | null | undefined): StatusTone {
  const value = status?.trim().toLowerCase();
  return value === 'processing' || value === 'shipped' || value === 'delivered' ? value : 'neutral';
}

export { addressLines } from '@contract/address';
