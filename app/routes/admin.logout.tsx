import { type ActionFunctionArgs, redirect } from '@remix-run/node';

import { staffSignOut } from '~/lib/admin/sign-in.server';
import { destroyStaffSession } from '~/lib/staff-session.server';

/** Signing out is a form post; opening the address just leads back to the back office. */
export const loader = () => redirect('/admin');

export async function action({ context }: ActionFunctionArgs) {
  const session = await context.staff.session();
  const token = session.get('token');
  // The API ends the session at once; if it cannot be reached, the cookie still goes and the session runs out by itself.
  if (token) await staffSignOut(context.staff.api(token)).catch(() => undefined);
  return redirect('/admin/login?done=signed-out', { status: 303, headers: { 'Set-Cookie': await destroyStaffSession(context, session) } });
}
