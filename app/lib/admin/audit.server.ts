import { auditListSchema } from '@contract/api/staff';

import type { SignedInStaff } from '~/lib/staff-session.server';

/** The audit log, over the signed-in member's API client: the newest changes, or those of one subject. */
export function auditEntries(staff: Pick<SignedInStaff, 'api'>, query: { limit: number; subject_type?: string; subject_id?: string }) {
  return staff.api.request('GET', 'admin/audit', auditListSchema, { query });
}
