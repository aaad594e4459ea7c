import { parseWithZod } from '@conform-to/zod';
import { json } from '@remix-run/node';

import { wishlistUnsubscribeAnswerSchema } from '@contract/api/wishlist';

import { wishlistSchema } from '~/forms/wishlist';

import { type ApiClient, ApiRequestError, failureStatus } from './api.server';
import { getOptionalUser } from './auth.server';
import { addToWishlist, wishlistEntries } from './catalogue.server';
import type { ShopContext } from './context.server';
import { checkHoneypot } from './honeypot.server';
import { serverTranslator } from './i18n.server';
import { MESSAGES } from './messages';
import { safeRedirectPath } from './safe-redirect';
import { redirectWithFlash, type SessionUser } from './session.server';

/** Request URL without Remix's `index` marker: the page the form was on. */
export function pagePath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete('index');
  url.searchParams.delete('_data');
  return `${url.pathname}${url.search}`;
}

/** Ids the shopper already waits for: their pending entries (signed in) and the one just added (`notified`). */
export async function wishlistedIds(api: ApiClient, user: SessionUser | null, url: URL): Promise<string[]> {
  const ids = new Set(url.searchParams.getAll('notified'));
  if (user) {
    const entries = await wishlistEntries(api, user.email).catch(() => []);
    for (const entry of entries) {
      if (entry.product_variant_id) ids.add(entry.product_variant_id);
      if (entry.product_id) ids.add(entry.product_id);
    }
  }
  return [...ids];
}

/**
 * The Notify Me post, from the listing or the product page. A signed-in shopper is added with their
 * own email. Success redirects back (303) with a flash and `notified=<id>`, so it works without JavaScript.
 */
export async function handleWishlistPost(request: Request, context: ShopContext, formData: FormData): Promise<Response> {
  checkHoneypot(formData);
  const user = await getOptionalUser(context);
  if (user) formData.set('email', user.email);
  const formKey = String(formData.get('formKey') ?? '');
  const submission = parseWithZod(formData, { schema: wishlistSchema });
  if (submission.status !== 'success') return json({ formKey, result: submission.reply() }, { status: 400 });

  const { email, productId, variantId, returnTo } = submission.value;
  if (!productId && !variantId)
    return json({ formKey, result: submission.reply({ formErrors: [MESSAGES.wishlistFailed] }) }, { status: 400 });
  try {
    const answer = await addToWishlist(context.visitorApi, {
      email,
      productId: variantId ? null : (productId ?? null),
      variantId: variantId ?? null,
    });
    const back = new URL(safeRedirectPath(returnTo, pagePath(request)), 'http://shop.local');
    back.searchParams.delete('notified');
    back.searchParams.append('notified', (variantId ?? productId)!);
    const to = `${back.pathname}${back.search}#${formKey}`;
    const t = serverTranslator(context.locale, 'product');
    return redirectWithFlash(
      context,
      to,
      answer.already_in_wishlist
        ? { kind: 'success', message: t('notify.alreadyInWishlist'), brief: true }
        : { kind: 'success', message: t('notify.youllBeNotified') },
    );
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    const reply =
      error.status === 422
        ? submission.reply({ fieldErrors: { email: [MESSAGES.invalidEmail] } })
        : submission.reply({ formErrors: [MESSAGES.wishlistFailed] });
    return json({ formKey, result: reply }, { status: failureStatus(error) });
  }
}

/**
 * The back-in-stock request a mailed link names: what it is (GET), or cancelled (POST). Here, not in
 * the route, so its answer's schema (and zod) stays out of the page's browser bundle.
 */
export function wishlistUnsubscribe(context: ShopContext, method: 'GET' | 'POST', token: string) {
  return context.visitorApi.request(
    method,
    'products/wishlist/unsubscribe',
    wishlistUnsubscribeAnswerSchema,
    method === 'GET' ? { query: { token } } : { body: { token } },
  );
}
