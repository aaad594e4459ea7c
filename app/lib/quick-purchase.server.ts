import { redirect } from '@remix-run/node';

import { ApiRequestError } from './api.server';
import { getShopper, type Shopper } from './auth.server';
import { cartApi } from './cart.server';
import { cachedProductDetails } from './catalogue.server';
import type { ShopContext } from './context.server';
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
export function checkoutFailure(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return CART_MESSAGES.checkoutError(MESSAGES.somethingWentWrong);
  if (error.message === CART_MESSAGES.noCheckoutUrl) return error.message;
  const withoutDetail = error.message === MESSAGES.httpError(error.status) || error.message === MESSAGES.somethingWentWrong;
  return CART_MESSAGES.checkoutError(withoutDetail ? CART_MESSAGES.checkoutFailed(error.status) : error.message);
}

export function quickPurchaseFailure(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return CART_MESSAGES.checkoutSessionFailed(MESSAGES.somethingWentWrong);
  if (error.message === CART_MESSAGES.noCheckoutUrl) return error.message;
  const withoutDetail = error.message === MESSAGES.httpError(error.status) || error.message === MESSAGES.somethingWentWrong;
  return CART_MESSAGES.checkoutSessionFailed(withoutDetail ? CART_MESSAGES.checkoutFailed(error.status) : error.message);
}

/** Remembers the purchase and opens the sign-in modal (guests allowed) over the product page, which resumes it. */
async function askToSignIn(request: Request, context: ShopContext, session: ShopSession, line: QuickPurchaseLine, productName: string) {
  session.set('quickPurchase', { productName, variantId: line.variantId, at: Date.now() });
  const target = new URL(line.path, 'http://local');
  target.searchParams.set(RESUME_PARAM, RESUME_VALUE);
  target.searchParams.set('auth', 'email');
  return redirect(`${target.pathname}${target.search}`, { status: 303, headers: { 'Set-Cookie': await commitSession(context, session) } });
}

/**
 * Quick Purchase (docs/product.md#product-page): a signed-in shopper (guest or registered) goes to the payment page of a
 * checkout for one unit of the variant; anyone else signs in first. A refusal comes back to the
 * product page with the spec's message.
 */
export async function quickPurchase(request: Request, context: ShopContext, productName: string, variantId: string): Promise<Response> {
  const [line, shopper] = await Promise.all([lineFor(context, productName, variantId), getShopper(context)]);
  if (!shopper.user) return askToSignIn(request, context, shopper.session, line, productName);

  const cart = await cartApi(context);
  cart.session.unset('quickPurchase');
  try {
    const checkoutUrl = await cart.quickCheckout(line, line.path);
    return redirect(checkoutUrl, { status: 303, headers: { 'Set-Cookie': await commitSession(context, cart.session) } });
  } catch (error) {
    // The refresh failed and signed the shopper out: sign in again, then go on.
    if (!cart.session.get('accessToken')) return askToSignIn(request, context, cart.session, line, productName);
    return redirectWithFlash(context, line.path, { kind: 'error', message: quickPurchaseFailure(error) });
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
    return redirect(pending ? productPath(pending.productName) : '/', {
      headers: { 'Set-Cookie': await commitSession(context, session) },
    });
  }
  return quickPurchase(request, context, pending.productName, pending.variantId);
}
