import { redirect } from '@remix-run/node';

import type { DeliveryAddress } from '@contract/delivery-address';

import { ApiRequestError } from './api.server';
import { apiErrorText } from './api-errors.server';
import { getShopper, type Shopper } from './auth.server';
import { cartApi } from './cart.server';
import { cachedProductDetails } from './catalogue.server';
import type { ShopContext } from './context.server';
import { asksForAddress, awaitAddress, endDeliveryStep } from './delivery-step.server';
import { type Locale, localizedPath } from './i18n';
import { serverTranslator } from './i18n.server';
import { CART_MESSAGES, MESSAGES } from './messages';
import { productPath } from './product-link';
import { commitSession, redirectWithFlash, type ShopSession } from './session.server';
import { optionGroups, selectionSearch } from './variant-selection';

/** `?purchase=resume` on a product page: the Quick Purchase the sign-in modal interrupted goes on there. */
export const RESUME_PARAM = 'purchase';
const RESUME_VALUE = 'resume';
/** A Quick Purchase left waiting longer than this is not resumed. */
const PENDING_MAX_AGE_MS = 30 * 60_000;

interface QuickPurchaseLine {
  productName: string;
  variantId: string;
  sku: string | null;
  attributes: Record<string, string>;
  /** The product page showing this variant, options in the address. */
  path: string;
}

async function lineFor(context: ShopContext, productName: string, variantId: string): Promise<QuickPurchaseLine> {
  const base = productPath(productName);
  try {
    const details = await cachedProductDetails(context.visitorApi, productName);
    const variant = details.variants.find((v) => v.id === variantId);
    if (variant) {
      const attributes = Object.fromEntries(variant.attributes.map((a) => [a.attribute_name, a.value]));
      return {
        productName: details.name,
        variantId,
        sku: variant.sku,
        attributes,
        path: `${base}${selectionSearch(optionGroups(details.variants), attributes)}`,
      };
    }
  } catch {
    // Without the details the metadata is thinner; the API still checks the variant and answers why it refuses.
  }
  return { productName, variantId, sku: null, attributes: {}, path: base };
}

/**
 * What the cart says when its checkout failed (docs/product.md#error-messages): every failure is a
 * 'Checkout error' with the API's reason (a limit, stock gone, a code), or why the API was not reached
 * (ADR 048). 'Failed to create checkout session:' is the product page's, for Quick Purchase.
 */
export function checkoutFailure(error: unknown, locale: Locale): string {
  const t = serverTranslator(locale, 'cart', 'product');
  if (isNoCheckoutUrl(error)) return t('product.noCheckoutUrl');
  return t('cart.checkoutError', { message: failureReason(error, locale) });
}

export function quickPurchaseFailure(error: unknown, locale: Locale): string {
  const t = serverTranslator(locale, 'product');
  if (isNoCheckoutUrl(error)) return t('product.noCheckoutUrl');
  return t('product.checkoutSessionFailed', { message: failureReason(error, locale) });
}

/** The storefront's own failure when the API's answer named no payment page. */
const isNoCheckoutUrl = (error: unknown) => error instanceof ApiRequestError && error.message === CART_MESSAGES.noCheckoutUrl;

/** Why a checkout could not start: the API's word on it, else its status ('Checkout failed: 502'). */
function failureReason(error: unknown, locale: Locale): string {
  const t = serverTranslator(locale, 'product');
  if (!(error instanceof ApiRequestError)) return t('error.somethingWentWrong');
  // The client's own texts for an answer without a detail.
  const withoutDetail = error.message === MESSAGES.httpError(error.status) || error.message === MESSAGES.somethingWentWrong;
  return withoutDetail ? t('product.checkoutFailed', { status: error.status }) : apiErrorText(error, locale);
}

/** Remembers the purchase and opens the sign-in modal (guests allowed) over the product page, which resumes it. */
async function askToSignIn(context: ShopContext, session: ShopSession, line: QuickPurchaseLine, productName: string, locale: Locale) {
  session.set('quickPurchase', { productName, variantId: line.variantId, at: Date.now(), locale });
  const target = new URL(localizedPath(line.path, locale), 'http://local');
  target.searchParams.set(RESUME_PARAM, RESUME_VALUE);
  target.searchParams.set('auth', 'email');
  return redirect(`${target.pathname}${target.search}`, { status: 303, headers: { 'Set-Cookie': await commitSession(context, session) } });
}

/**
 * Quick Purchase (docs/product.md#product-page): a signed-in shopper (guest or registered) goes to the payment page of a
 * checkout for one unit of the variant; anyone else signs in first. A refusal comes back to the
 * product page with the spec's message.
 */
export async function quickPurchase(
  context: ShopContext,
  productName: string,
  variantId: string,
  locale: Locale = context.locale,
  /** The delivery address the shop asked for, when a gift card and store credit pay it all (ADR 062). */
  address: DeliveryAddress | null = null,
): Promise<Response> {
  const [line, shopper] = await Promise.all([lineFor(context, productName, variantId), getShopper(context)]);
  if (!shopper.user) return askToSignIn(context, shopper.session, line, productName, locale);

  const cart = await cartApi(context);
  cart.session.unset('quickPurchase');
  const committed = async (to: string) =>
    redirect(to, { status: 303, headers: { 'Set-Cookie': await commitSession(context, cart.session) } });
  try {
    const checkoutUrl = await cart.quickCheckout(line, line.path, locale, address);
    endDeliveryStep(context, cart.session);
    return committed(checkoutUrl);
  } catch (error) {
    // The refresh failed and signed the shopper out: sign in again, then go on.
    if (!cart.session.get('accessToken')) return askToSignIn(context, cart.session, line, productName, locale);
    // Nothing left to pay and nowhere known to send it: the shop asks where, then comes back here.
    if (asksForAddress(error))
      return committed(awaitAddress(context, cart.session, { kind: 'quick', productName, variantId, locale }, locale));
    endDeliveryStep(context, cart.session);
    return redirectWithFlash(context, localizedPath(line.path, locale), { kind: 'error', message: quickPurchaseFailure(error, locale) });
  }
}

/** The variant whose Quick Purchase this product page resumes: signed in now, modal closed, and one waiting. */
export function resumableQuickPurchase(shopper: Pick<Shopper, 'user' | 'session'>, url: URL, productName: string): string | null {
  if (url.searchParams.get(RESUME_PARAM) !== RESUME_VALUE || url.searchParams.has('auth') || !shopper.user) return null;
  const pending = shopper.session.get('quickPurchase');
  if (!pending || pending.productName !== productName || Date.now() - pending.at > PENDING_MAX_AGE_MS) return null;
  return pending.variantId;
}

/**
 * `/checkout/quick`, where a product page resuming a Quick Purchase sends a browser without
 * JavaScript: it carries on with the purchase the shopper started (kept in their session, so a
 * link from elsewhere cannot start one).
 */
export async function resumeQuickPurchase(request: Request, context: ShopContext): Promise<Response> {
  const { session } = await getShopper(context);
  const pending = session.get('quickPurchase');
  if (!pending || Date.now() - pending.at > PENDING_MAX_AGE_MS) {
    session.unset('quickPurchase');
    const back = pending ? productPath(pending.productName) : '/';
    return redirect(localizedPath(back, pending?.locale ?? context.locale), {
      headers: { 'Set-Cookie': await commitSession(context, session) },
    });
  }
  // `/checkout/quick` has no language of its own: the purchase goes on in its product page's.
  return quickPurchase(context, pending.productName, pending.variantId, pending.locale ?? context.locale);
}
