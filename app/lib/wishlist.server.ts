import { parseWithZod } from '@conform-to/zod';
import { json } from '@remix-run/node';

import { wishlistUnsubscribeAnswerSchema } from '@contract/api/wishlist';

import { wishlistSchema } from '~/forms/wishlist';

import { ApiRequestError, failureStatus } from './api.server';
import { getOptionalUser } from './auth.server';
import { addToWishlist, wishlistEntries } from './catalogue.server';
import type { ShopContext } from './context.server';
import { checkHoneypot } from './honeypot.server';
import { serverTranslator } from './i18n.server';
import { MESSAGES } from './messages';
import { safeRedirectPath } from './safe-redirect';
import { redirectWithFlash, type SessionUser, type ShopSession } from './session.server';
import { shortDigest } from './short-digest';

/** Request URL without Remix's `index` marker: the page the form was on. */
export function pagePath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete('index');
  url.searchParams.delete('_data');
  return `${url.pathname}${url.search}`;
}

/**
 * How long what a signed-in shopper waits for, kept in their session, is used without asking the API
 * again (ADR 059). Their own Notify Me posts and unsubscribe links through this storefront change the
 * kept ids at once, and a sign-in or sign-out drops them; this bounds the rest: an entry made or ended
 * on another device, or one whose back-in-stock email has gone out.
 */
export const WISHLIST_KEPT_MS = 60_000;
/** Most ids kept in the cookie (about 40 bytes each; the cookie holds 4 KB): a longer wishlist is asked every time. */
export const WISHLIST_KEPT_MAX = 20;

const wishlistOwnerKey = (user: SessionUser) => shortDigest(`${user.id}|${user.email}`);

/** The kept ids when they are this shopper's and recent, else null (then the API is asked). */
export function keptWishlist(session: ShopSession, user: SessionUser, now = Date.now()): string[] | null {
  const kept = session.get('wishlist');
  if (!kept || kept.of !== wishlistOwnerKey(user) || now - kept.at >= WISHLIST_KEPT_MS || now < kept.at) return null;
  return kept.ids;
}

/** Keeps `ids` as what `user` waits for, read at `at`; a list too long for the cookie is not kept. True when the session changed. */
function keepWishlist(session: ShopSession, user: SessionUser, ids: string[], at: number): boolean {
  if (ids.length <= WISHLIST_KEPT_MAX) session.set('wishlist', { ids, at, of: wishlistOwnerKey(user) });
  else if (session.has('wishlist')) session.unset('wishlist');
  else return false;
  return true;
}

/** Ids of pending wishlist entries: the variant's, or the product's for a whole product. */
function entryIds(entries: readonly { product_id?: string | null; product_variant_id?: string | null }[]): string[] {
  const ids = new Set<string>();
  for (const entry of entries) {
    if (entry.product_variant_id) ids.add(entry.product_variant_id);
    if (entry.product_id) ids.add(entry.product_id);
  }
  return [...ids];
}

/** What the signed-in shopper waits for: kept in their session for WISHLIST_KEPT_MS, else asked (and kept). */
async function waitedFor(context: ShopContext, user: SessionUser): Promise<string[]> {
  const session = await context.session();
  const kept = keptWishlist(session, user);
  if (kept) return kept;
  const at = Date.now();
  try {
    const ids = entryIds(await wishlistEntries(context.visitorApi, user.email));
    if (keepWishlist(session, user, ids, at)) context.markChanged();
    return ids;
  } catch {
    return [];
  }
}

/** Ids the shopper already waits for: their pending entries (signed in) and the one just added (`notified`). */
export async function wishlistedIds(context: ShopContext, user: SessionUser | null, url: URL): Promise<string[]> {
  const ids = new Set(url.searchParams.getAll('notified'));
  if (user) for (const id of await waitedFor(context, user)) ids.add(id);
  return [...ids];
}

/**
 * The shopper's own change, made through this storefront: an id added to what is kept (the API has it
 * now), or, for anything else (an entry ended), the kept ids forgotten so the next page asks.
 */
async function noteWishlistChange(context: ShopContext, added: string | null): Promise<void> {
  const session = await context.session();
  if (!session.has('wishlist')) return;
  const user = (await context.shopper()).user;
  const kept = user ? keptWishlist(session, user) : null;
  if (user && kept && added) {
    if (!kept.includes(added)) keepWishlist(session, user, [...kept, added], session.get('wishlist')!.at);
  } else session.unset('wishlist');
  context.markChanged();
}

/** A wishlist entry ended through this browser (an unsubscribe link): what its session kept is asked again. */
export function forgetKeptWishlist(context: ShopContext): Promise<void> {
  return noteWishlistChange(context, null);
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
    // Added (or already there) for the shopper signed in: what their session keeps says so at once.
    if (user) await noteWishlistChange(context, (variantId ?? productId)!);
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
