import type { z } from 'zod';

import { privacyLogSchema } from '@contract/api/privacy';
import { type retentionChangeSchema, retentionDaysSchema } from '@contract/retention';

import type { SignedInStaff } from '~/lib/staff-session.server';

/** The owner's privacy page (ADR 047), over the signed-in member's API client; a customer's export and erasure are in customers.server.ts. */
type Staff = Pick<SignedInStaff, 'api'>;

/** One page of the privacy log: exports, erasures and purges, newest first. */
export function privacyLog(staff: Staff, page: { limit: number; offset: number }) {
  return staff.api.request('GET', 'admin/privacy-log', privacyLogSchema, { query: page });
}

export function retentionPeriods(staff: Staff) {
  return staff.api.request('GET', 'admin/retention', retentionDaysSchema);
}

/** Sets the retention periods; the API checks the bounds again and audits the change. */
export function changeRetentionPeriods(staff: Staff, periods: z.input<typeof retentionChangeSchema>) {
  return staff.api.request('POST', 'admin/retention', retentionDaysSchema, { body: periods });
}
