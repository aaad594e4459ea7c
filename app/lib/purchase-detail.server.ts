import { purchaseDetailSchema } from '@contract/api/orders';
import { orderNumber } from '@contract/order-number';

import { sortAttributes } from './attribute-order';
import { CART_MESSAGES } from './messages';

/**
 * The purchase detail as the pages use it: each field under one name, the order number filled in,
 * the attributes in display order.
 */
export const purchaseDetailReader = purchaseDetailSchema.transform((raw) => {
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
    tracking_url: raw.tracking_url ?? null,
    shipping_address: raw.shipping_address ?? null,
    payment_method: raw.payment_method || CART_MESSAGES.defaultPaymentMethod,
    returns: raw.returns ?? [],
    return_window_ends_at: raw.return_window_ends_at ?? null,
  };
});
