import { z } from 'zod';

/** Spec §3 "Purchase (list item)": `total` is display text. */
export const purchaseListItemSchema = z.object({
  purchase_id: z.string(),
  date: z.string(),
  total: z.union([z.string(), z.number()]),
  status: z.string(),
  items: z.array(z.string()).default([]),
  item_count: z.number().int().nonnegative(),
});
export const purchaseListSchema = z.array(purchaseListItemSchema);
export type PurchaseListItem = z.infer<typeof purchaseListItemSchema>;

/** `GET user/stats`: counts by status; "in transit" is the shipped orders. */
export const purchaseStatsSchema = z.object({
  total_orders: z.number().int(),
  delivered: z.number().int(),
  in_transit: z.number().int(),
  processing: z.number().int().optional(),
  total_spent: z.number().optional(),
});
export type PurchaseStats = z.infer<typeof purchaseStatsSchema>;
