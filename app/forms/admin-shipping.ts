import { z } from 'zod';

import { BULK_ORDERS_LIMIT, carrierRequestSchema } from '@contract/api/shipping';

/**
 * The order list's packing slips: the ticked orders (`order`, repeated) or every paid order not yet
 * shipped (`scope` all). Client-safe, so the page and the action read the same names.
 */
export const packingSlipsFormSchema = z.discriminatedUnion('scope', [
  z.object({
    scope: z.literal('selected'),
    order: z
      .array(z.string().trim().min(1).max(64))
      .min(1, 'Tick at least one order for its packing slip')
      .max(BULK_ORDERS_LIMIT, `Choose at most ${BULK_ORDERS_LIMIT} orders at a time`),
  }),
  z.object({ scope: z.literal('all') }),
]);

/** A carrier as the owner types it: the API's own rules (contract/api/shipping.ts). */
export const carrierFormSchema = carrierRequestSchema.pick({ name: true, tracking_url_template: true });

/** The largest CSV of shipments the page takes (200 orders fit in a few kilobytes). */
export const SHIPMENTS_FILE_BYTES = 200_000;
