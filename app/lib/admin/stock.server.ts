import type { z } from 'zod';

import { restockAnswerSchema, type restockRequestSchema, stockListSchema } from '@contract/api/admin';

import type { SignedInStaff } from '~/lib/staff-session.server';

/** The back office's stock, over the signed-in member's API client. */
type Staff = Pick<SignedInStaff, 'api'>;

export function listStock(staff: Staff) {
  return staff.api.request('GET', 'admin/stock', stockListSchema);
}

/** Adds units to a variant; the answer names the shoppers emailed that it is back. */
export function restock(staff: Staff, units: z.input<typeof restockRequestSchema>) {
  return staff.api.request('POST', 'admin/restock', restockAnswerSchema, { body: units });
}
