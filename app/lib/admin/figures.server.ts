import { figuresSchema } from '@contract/api/figures';
import { funnelSchema } from '@contract/api/insights';

import type { SignedInStaff } from '~/lib/staff-session.server';

/** The dashboard's figures, over the signed-in member's API client. */
type Staff = Pick<SignedInStaff, 'api'>;

export function dashboardFigures(staff: Staff) {
  return staff.api.request('GET', 'admin/figures', figuresSchema);
}

/** The shoppers' funnel over the last `days` days. */
export function funnelFigures(staff: Staff, days: number) {
  return staff.api.request('GET', 'admin/funnel', funnelSchema, { query: { days } });
}
