import { staffSessionSchema } from '@contract/api/staff';

import type { ApiClient } from '~/lib/api.server';

/**
 * Signing in to the back office and out of it. The calls go over `context.staff.api()`: without a token
 * to sign in or set a password, with the session's token to sign out.
 */
export function staffSignIn(api: ApiClient, credentials: { email: string; password: string }) {
  return api.request('POST', 'staff/login', staffSessionSchema, { body: credentials });
}

/** A new member's first password, with the code the API emailed them (no body in the answer). */
export async function setStaffPassword(api: ApiClient, body: { email: string; code: string; password: string }): Promise<void> {
  await api.raw('POST', 'staff/set-password', { body });
}

/** Ends the session at the API at once. */
export async function staffSignOut(api: ApiClient): Promise<void> {
  await api.raw('POST', 'staff/logout');
}
