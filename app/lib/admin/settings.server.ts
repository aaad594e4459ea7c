import type { z } from 'zod';

import { type shopSettingsRequestSchema, shopSettingsSchema } from '@contract/api/admin';

import type { SignedInStaff } from '~/lib/staff-session.server';

/** The shop's settings (the low-stock threshold, the bonus on store credit), over the signed-in member's API client. */
type Staff = Pick<SignedInStaff, 'api'>;

export function shopSettings(staff: Staff) {
  return staff.api.request('GET', 'admin/settings', shopSettingsSchema);
}

/** Changes the settings named; the others stay. */
export function changeShopSettings(staff: Staff, change: z.input<typeof shopSettingsRequestSchema>) {
  return staff.api.request('POST', 'admin/settings', shopSettingsSchema, { body: change });
}
