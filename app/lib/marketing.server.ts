import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from '@remix-run/node';

import { marketingAnswerSchema } from '@contract/api/insights';

import { ApiRequestError } from './api.server';
import type { ShopContext } from './context.server';
import { readFormData } from './form-data.server';
import { localizedPath, type MessageKey } from './i18n';
import { i18nData, serverTranslator } from './i18n.server';
import { commitSession, redirectWithFlash } from './session.server';

/** The links of marketing emails: the double opt-in's confirmation, and stopping them. No sign-in needed. */
export type MarketingLink = 'confirm' | 'unsubscribe';

/** Posts the link's token to the API; answers the message key the page shows, and whether it worked. */
export async function followMarketingLink(
  context: ShopContext,
  link: MarketingLink,
  token: string,
): Promise<{ ok: boolean; key: MessageKey }> {
  try {
    await context.visitorApi.request('POST', `marketing/${link}`, marketingAnswerSchema, { body: { token } });
    return { ok: true, key: link === 'confirm' ? 'marketing.confirmed' : 'marketing.unsubscribed' };
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status >= 500) throw error;
    return { ok: false, key: error.code === 'link_expired' ? 'marketing.linkExpired' : 'marketing.linkInvalid' };
  }
}

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/**
 * The loader of a marketing link's page (/marketing/confirm, /marketing/unsubscribe): the token to post,
 * and after the post the outcome it flashed. Never cached: the page holds a shopper's link.
 */
export async function marketingLinkLoader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const session = await context.session();
  const flash = url.searchParams.has('done') ? session.get('flash') : undefined;
  const i18n = i18nData(context, 'pages');
  const result = flash ? { ok: flash.kind === 'success', message: flash.message } : null;
  const headers = flash ? { ...NO_STORE, 'Set-Cookie': await commitSession(context, session) } : NO_STORE;
  return json({ token: url.searchParams.get('token') ?? '', result, i18n }, { headers });
}

/** The action of a marketing link's page: the link followed, then the same page with what happened. */
export async function marketingLinkAction({ request, context }: ActionFunctionArgs, link: MarketingLink) {
  const formData = await readFormData(request);
  const { ok, key } = await followMarketingLink(context, link, String(formData.get('token') ?? ''));
  return redirectWithFlash(context, `${localizedPath(`/marketing/${link}`, context.locale)}?done=1`, {
    kind: ok ? 'success' : 'error',
    message: serverTranslator(context.locale, 'pages')(key),
  });
}
