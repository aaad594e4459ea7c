import type { z } from 'zod';

import type { purchaseDetailReader } from './purchase-detail.server';

/**
 * The order pages' helpers for the browser and the server alike. The reader of the API's purchase
 * detail lives in purchase-detail.server.ts, so its schema (and zod) stays out of the pages' bundles.
 */
export type { PurchaseAddress, PurchaseListItem, PurchaseStats } from '@contract/api/orders';

export type PurchaseDetail = z.output<typeof purchaseDetailReader>;

/** What /orders/{id}/details answers: the detail, or the inline error of docs/product.md#error-messages. */
export type OrderDetailAnswer = { detail: PurchaseDetail; error: null } | { detail: null; error: string };

export type StatusTone = 'processing' | 'shipped' | 'delivered' | 'neutral';

/** docs/product.md#orders: Processing, Shipped and Delivered have their styles, compared case-insensitively. */
export function statusTone(status: string | null | undefined): StatusTone {
  const value = status?.trim().toLowerCase();
  return value === 'processing' || value === 'shipped' || value === 'delivered' ? value : 'neutral';
}

export { addressLines } from '@contract/address';
