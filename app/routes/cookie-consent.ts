import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { safeRedirect } from 'remix-utils/safe-redirect';
import { cookieConsentHeader } from '~/lib/cookie-consent.server';

/** The cookie notice's Accept without JavaScript: remember it in a cookie and go back to the page (303). */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const back = safeRedirect(form.get('redirectTo'), '/');
  return redirect(back, { status: 303, headers: { 'Set-Cookie': cookieConsentHeader(request) } });
}

export function loader() {
  return redirect('/');
}
