import { type ActionFunctionArgs, redirect } from '@remix-run/node';

import { saveOwnLanguage } from '~/lib/admin/staff.server';
import { readFormData } from '~/lib/form-data.server';
import { isLocale } from '~/lib/i18n';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { commitStaffSession } from '~/lib/staff-session.server';

/** Choosing the language is a form post; opening the address leads back to the back office. */
export const loader = () => redirect('/admin');

/** Only back-office pages are returned to. */
function backTo(value: FormDataEntryValue | null): string {
  const path = safeRedirectPath(typeof value === 'string' ? value : null, '/admin');
  return path === '/admin' || path.startsWith('/admin/') || path.startsWith('/admin?') ? path : '/admin';
}

/**
 * The back office's language switcher (ADR 072): the choice is kept in the session at once, and with
 * the member at the API when they are signed in, so it follows them to their next sign-in anywhere.
 * Works without JavaScript; an unknown language changes nothing.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const locale = formData.get('locale');
  const to = backTo(formData.get('redirectTo'));
  if (!isLocale(locale)) return redirect(to, { status: 303 });
  const session = await context.staff.session();
  const token = session.get('token');
  // A session the API no longer knows still switches here; the guard of the next page signs it out.
  if (token) await saveOwnLanguage({ api: context.staff.api(token, locale) }, locale).catch(() => null);
  session.set('locale', locale);
  return redirect(to, { status: 303, headers: { 'Set-Cookie': await commitStaffSession(context, session) } });
}
