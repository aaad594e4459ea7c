import { type ActionFunctionArgs, json, redirect } from '@remix-run/node';

import { consentListSchema } from '@contract/api/privacy';

import type { ShopContext } from '~/lib/context.server';
import { cookieConsentHeader } from '~/lib/cookie-consent.server';
import { readFormData } from '~/lib/form-data.server';
import { safeRedirectPath } from '~/lib/safe-redirect';

/**
 * The cookie notice's Accept: remembered in a cookie, and for a signed-in shopper recorded as a consent
 * with the policy version (shown on their profile, where it is withdrawn). Without JavaScript the form
 * post goes back to the page (303); with it the page posts here in place (`delivery=in-place`).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readFormData(request);
  await recordForShopper(context);
  // The session too, when the API call on the way refreshed the sign-in.
  const headers = new Headers(await context.commit());
  headers.append('Set-Cookie', cookieConsentHeader(request));
  if (form.get('delivery') === 'in-place') {
    headers.set('Cache-Control', 'private, no-store');
    return json({ accepted: true }, { headers });
  }
  const back = safeRedirectPath(form.get('redirectTo'), '/');
  return redirect(back, { status: 303, headers });
}

/** A record that cannot be made now is only logged: the notice's choice still holds in the browser. */
async function recordForShopper(context: ShopContext) {
  const { user } = await context.shopper();
  if (!user) return;
  try {
    const { api } = await context.shopApi();
    await api.request('POST', 'user/consents', consentListSchema, { body: { kind: 'cookies' } });
  } catch (error) {
    console.error('Recording the cookie consent failed:', error);
  }
}

export function loader() {
  return redirect('/');
}
