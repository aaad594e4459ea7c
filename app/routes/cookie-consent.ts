import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { cookieConsentHeader } from '~/lib/cookie-consent.server';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { readFormData } from '~/lib/form-data.server';

/** The cookie notice's Accept without JavaScript: remember it in a cookie and go back to the page (303). */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const back = safeRedirectPath(form.get('redirectTo'), '/');
  return redirect(back, { status: 303, headers: { 'Set-Cookie': cookieConsentHeader(request) } });
}

export function loader() {
  return redirect('/');
}
