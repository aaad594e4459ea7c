import type { z } from 'zod';

import { demandSchema, reminderReportSchema, type reminderSettingsRequestSchema } from '@contract/api/insights';

import type { SignedInStaff } from '~/lib/staff-session.server';

/** The abandoned-cart reminders and the demand they show (ADR 056), over the signed-in member's API client. */
type Staff = Pick<SignedInStaff, 'api'>;

/** The reminders' settings and what they brought back. */
export function reminderReport(staff: Staff) {
  return staff.api.request('GET', 'admin/reminders', reminderReportSchema);
}

/** The products shoppers left in carts and waited for. */
export function productDemand(staff: Staff) {
  return staff.api.request('GET', 'admin/demand', demandSchema);
}

/** Sets the reminders; the API checks them again and audits the change. */
export function changeReminderSettings(staff: Staff, settings: z.input<typeof reminderSettingsRequestSchema>) {
  return staff.api.request('POST', 'admin/reminders/settings', reminderReportSchema, { body: settings });
}
