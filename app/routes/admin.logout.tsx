import { type ActionFunctionArgs, redirect } from '@remix-run/node';

import { staffSignOut } from '~/lib/admin/sign-in.server';
import { DEFAULT_LOCALE } from '~/lib/i18n';
import { commitStaffSession, destroyStaffSession, readStaffSession } from '~/lib/staff-session.server';

/** Signing out is a form post; opening the address just leads back to the back office. */
export const loader = () => redirect('/admin');

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await context.staff.session();
  const token = session.get('token');
  // The API ends the session at once; if it cannot be reached, the cookie still goes and the session runs out by itself.
  if (token) await staffSignOut(context.staff.api(token)).catch(() => undefined);
  // Nothing of the sign-in stays. A member whose back office speaks another language than English
  // keeps it, alone in a fresh session, so the sign-in page says goodbye in it; otherwise the cookie goes.
  const locale = session.get('locale');
  let cookie: string;
  if (locale && locale !== DEFAULT_LOCALE) {
    const after = await readStaffSession(new Request(request.url));
    after.set('locale', locale);
    cookie = await commitStaffSession(context, after);
  } else cookie = await destroyStaffSession(context, session);
  return redirect('/admin/login?done=signed-out', { status: 303, headers: { 'Set-Cookie': cookie } });
}
