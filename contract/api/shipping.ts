import { z } from 'zod';

import { required } from '../fields';
import { TRACKING_NUMBER_PLACEHOLDER } from '../tracking';

/**
 * Shipping many orders from the back office (issue 42): the carriers an owner edits, packing slips for
 * several orders as one PDF, and a CSV of shipments applied at once (docs/decisions/067-packing-slips-and-bulk-shipping.md).
 */

/** `GET admin/carriers`: the carriers in the owner's order. */
export const carrierSchema = z.object({ id: z.string(), name: z.string(), tracking_url_template: z.string(), position: z.number().int() });
export const carrierListSchema = z.array(carrierSchema);
export type Carrier = z.infer<typeof carrierSchema>;

/** `POST admin/carriers` (new) and `POST admin/carriers/:id` (changed): owner only. */
export const carrierRequestSchema = z.object({
  name: z.string(required('Enter the carrier’s name')).trim().min(1, 'Enter the carrier’s name').max(60, 'A name is at most 60 characters'),
  tracking_url_template: z
    .string(required('Enter the tracking page’s address'))
    .trim()
    .max(500, 'An address is at most 500 characters')
    .regex(/^https:\/\/[^\s]+$/, 'Use an address that starts with https://')
    .refine((value) => value.includes(TRACKING_NUMBER_PLACEHOLDER), `Put ${TRACKING_NUMBER_PLACEHOLDER} where the tracking number goes`),
  position: z.number().int().min(0).max(1000).optional(),
});
export type CarrierRequest = z.infer<typeof carrierRequestSchema>;
export const carrierParamSchema = z.object({ id: z.string().uuid() });

/** At most this many orders on one PDF of packing slips, and rows in one CSV of shipments. */
export const BULK_ORDERS_LIMIT = 200;

/** An order as the owner names it: the full id, its first 8 characters, or the order number. */
const orderReference = z.string().trim().min(1).max(64);

/** `POST admin/orders/packing-slips`: the chosen orders, or every paid order not yet shipped (Processing). */
export const packingSlipsRequestSchema = z.union([
  z.object({ orders: z.array(orderReference).min(1).max(BULK_ORDERS_LIMIT) }),
  z.object({ all_to_ship: z.literal(true) }),
]);
export type PackingSlipsRequest = z.infer<typeof packingSlipsRequestSchema>;

/** `POST admin/orders/ship-csv`: the text of a CSV with the columns order, carrier, tracking (a header line is optional). */
export const shipmentsCsvRequestSchema = z.object({ csv: z.string().min(1).max(200_000) });

const shipmentSchema = z.object({ line: z.number().int(), order_number: z.string(), carrier: z.string(), tracking_number: z.string() });
/**
 * What a CSV did. A file with any bad row changes nothing (`applied` false, every bad row in `errors`,
 * by its line). Otherwise each order is shipped and its buyer mailed, or, when the same parcel was
 * already recorded (the file sent again), counted in `already_shipped` and left alone.
 */
export const shipmentsReportSchema = z.object({
  applied: z.boolean(),
  shipped: z.array(shipmentSchema),
  already_shipped: z.array(shipmentSchema),
  errors: z.array(z.object({ line: z.number().int(), order: z.string(), message: z.string() })),
});
export type ShipmentsReport = z.infer<typeof shipmentsReportSchema>;
