import { consentListSchema, withdrawConsentRequestSchema } from '@contract/api/privacy';

import { ASK_MARKETING_INTENT, WITHDRAW_CONSENT_INTENT } from '~/components/profile/your-consents';

import { accountApi } from './account.server';
import { signedOutHere } from './auth.server';
import type { ShopContext } from './context.server';
import { cookieConsentClearedHeader } from './cookie-consent.server';
import { serverTranslator } from './i18n.server';
import { redirectWithFlash } from './session.server';

/**
 * The consent panel's two posts (components/profile/your-consents.tsx), for the page it sits on: the
 * profile, or a guest's /orders (`back`, in the page's language); null when the post is another form's.
 * Every answer is a redirect back with a message, with or without JavaScript.
 */
export function consentAction(request: Request, context: ShopContext, formData: FormData, back: string): Promise<Response> | null {
  const intent = formData.get('intent');
  if (intent === WITHDRAW_CONSENT_INTENT) return withdrawConsent(request, context, formData, back);
  if (intent === ASK_MARKETING_INTENT) return askForMarketing(request, context, back);
  return null;
}

/**
 * Withdraw, beside a consent: one post, as easy as giving it. Withdrawing the cookie notice's consent
 * also forgets it in this browser, so the notice asks again.
 */
async function withdrawConsent(request: Request, context: ShopContext, formData: FormData, back: string) {
  const body = withdrawConsentRequestSchema.safeParse({ kind: formData.get('kind') });
  const t = serverTranslator(context.locale, 'account');
  if (!body.success) return redirectWithFlash(context, back, { kind: 'error', message: t('consents.failed') });
  const account = await accountApi(context);
  try {
    await account.api.request('POST', 'user/consents/withdraw', consentListSchema, { body: body.data });
  } catch (error) {
    const signedOut = await signedOutHere(request, context);
    if (signedOut) throw signedOut;
    console.error('Withdrawing a consent failed:', error);
    return redirectWithFlash(context, back, { kind: 'error', message: t('consents.failed') });
  }
  const response = await redirectWithFlash(context, back, { kind: 'success', message: t('consents.withdrawn') });
  if (body.data.kind === 'cookies') response.headers.append('Set-Cookie', cookieConsentClearedHeader(request));
  return response;
}

/** Marketing email asked for: the API records it pending and emails the confirmation link (double opt-in). */
async function askForMarketing(request: Request, context: ShopContext, back: string) {
  const t = serverTranslator(context.locale, 'account');
  const account = await accountApi(context);
  try {
    await account.api.request('POST', 'user/consents/marketing', consentListSchema, { body: {} });
  } catch (error) {
    const signedOut = await signedOutHere(request, context);
    if (signedOut) throw signedOut;
    console.error('Asking for marketing emails failed:', error);
    return redirectWithFlash(context, back, { kind: 'error', message: t('marketing.failed') });
  }
  return redirectWithFlash(context, back, { kind: 'success', message: t('marketing.sent') });
}
