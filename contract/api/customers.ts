import { z } from 'zod';

import { orderListSchema, orderNoteRequestSchema, orderNoteSchema } from './admin';
import { postalAddressSchema } from './orders';

/** The back office's customers (`GET admin/customers`): registered shoppers and email-verified guests. */
export const customerRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  user_type: z.enum(['guest', 'registered']),
  name: z.string().nullable(),
  orders: z.number().int(),
  /** Cents, everything paid less what was refunded. */
  total_spent: z.number().int(),
  last_order_at: z.string().nullable(),
  /** Back-in-stock requests still waiting. */
  waiting: z.number().int(),
});
export const customerListSchema = z.array(customerRowSchema);
export type CustomerRow = z.infer<typeof customerRowSchema>;

export const customerListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const customerParamSchema = z.object({ id: z.string().uuid() });

/** `GET admin/customers/:id`: one customer with their orders, addresses, cards and waiting requests. */
export const customerDetailSchema = z.object({
  customer: customerRowSchema.extend({ phone: z.string().nullable(), address: z.string().nullable(), member_since: z.string() }),
  orders: orderListSchema,
  /** The delivery address of their newest order. */
  last_shipping_address: postalAddressSchema.nullable(),
  cards: z.array(z.object({ name: z.string(), unlocked_at: z.string() })),
  wishlist: z.array(
    z.object({ product_name: z.string().nullable(), variant: z.string().nullable(), since: z.string(), notified: z.boolean() }),
  ),
  /** The staff's notes on the customer, oldest first; never shown to them. */
  notes: z.array(orderNoteSchema),
});

/** `POST admin/customers/notes`. */
export const customerNoteRequestSchema = z.object({
  customer: z.string().uuid(),
  note: orderNoteRequestSchema.shape.note,
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;
