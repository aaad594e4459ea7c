import { staffListSchema, staffLocaleSchema, staffMemberSchema, type StaffRole } from '@contract/api/staff';

import type { Locale } from '~/lib/i18n';
import type { SignedInStaff } from '~/lib/staff-session.server';

/** The owner's staff list, over the signed-in member's API client: one function per API call. */
type Staff = Pick<SignedInStaff, 'api'>;

export function listStaff(staff: Staff) {
  return staff.api.request('GET', 'admin/staff', staffListSchema);
}

/** Adds a member; the API emails them a code to set their password with. */
export function addStaffMember(staff: Staff, member: { email: string; role: StaffRole }) {
  return staff.api.request('POST', 'admin/staff', staffMemberSchema, { body: member });
}

/** Removes a member and ends their sessions; the answer is the member removed. */
export function removeStaffMember(staff: Staff, email: string) {
  return staff.api.request('POST', 'admin/staff/remove', staffMemberSchema, { body: { email } });
}

/** Emails a member who has not set a password yet a new code (the API answers with no body). */
export async function resendStaffCode(staff: Staff, email: string): Promise<void> {
  await staff.api.raw('POST', 'admin/staff/resend-code', { body: { email } });
}

/** Keeps the member's own back-office language with them at the API (ADR 072). */
export function saveOwnLanguage(staff: Staff, locale: Locale) {
  return staff.api.request('PUT', 'admin/me/locale', staffLocaleSchema, { body: { locale } });
}
