import { type Cart, cartCountSchema, cartSchema } from '@contract/api/cart';
import { checkoutAnswerSchema } from '@contract/api/checkout';
import { discountCheckSchema, discountQuoteSchema } from '@contract/api/discounts';
import { giftCardBalanceSchema, giftCardProductsSchema, type GiftRecipientInput } from '@contract/api/gift-cards';
import type { DeliveryAddress } from '@contract/delivery-address';
import { CART_RULES } from '@contract/shop-rules';

import { ApiRequestError } from './api.server';
import type { ShopContext } from './context.server';
import { type Locale, localizedPath } from './i18n';
import { CART_MESSAGES } from './messages';
import { requestCookie } from './request-cookie';
import type { ShopSession } from './session.server';
import { shortDigest } from './short-digest';

/** Read leniently: an answer without the payment page's address gets the spec's own message, not a generic one. */
const checkoutAnswer = checkoutAnswerSchema.partial();

import { type PurchaseSuccess, purchaseSuccessSchema } from '@contract/api/orders';

export type { PurchaseSuccess };

/**
 * How long the header's badge count kept in the session is used without asking the API again. Every
 * cart read or change made through this storefront keeps the count it answered at once, and a new
 * shopper or cart cookie makes the kept count stale; this bounds the rest: the same account's cart
 * changed on another device, or a paid checkout taking its lines.
 */
export const CART_COUNT_KEPT_MS = 30_000;

/**
 * The cookie the root loader keeps the count it asked the API for (ADR 081): never the session, which
 * the page's own loaders may be changing on the same navigation (a flash taken, a token refreshed). With
 * JavaScript they answer apart, and the session cookie answered last is the one the browser keeps.
 */
export const CART_COUNT_COOKIE = 'cart_count';

/** A count the root kept in its cookie, with the session's own count it was asked after (`since`). */
interface RootCount {
  n: number;
  at: number;
  of: string;
  since: number;
}

/** A short digest of whose cart the session counts: the signed-in user and the relayed cart cookie. */
function cartOwnerKey(session: ShopSession): string {
  return shortDigest(`${session.get('user')?.id ?? ''}|${session.get('apiCartCookie') ?? ''}`);
}

/** When the session's own count was last kept or forgotten (0 when never): a root count from before it is stale. */
const sessionCountAt = (session: ShopSession) => session.get('cartCount')?.at ?? 0;

/** The root's count in the request's cookies, if one is there and well formed. */
export function rootCount(request: Request): RootCount | null {
  const value = requestCookie(request, CART_COUNT_COOKIE);
  const match = value ? /^(\d{1,6})\.(\d{1,15})\.([0-9a-z]{1,8})\.(\d{1,15})$/.exec(value) : null;
  return match ? { n: Number(match[1]), at: Number(match[2]), of: match[3], since: Number(match[4]) } : null;
}

/** The Set-Cookie of a count the root asked the API for, tied to this session's cart and its own count. */
export function rootCountCookie(session: ShopSession, count: number, secure: boolean, now = Date.now()): string {
  const value = `${count}.${now}.${cartOwnerKey(session)}.${sessionCountAt(session)}`;
  return `${CART_COUNT_COOKIE}=${value}; Path=/; Max-Age=${CART_COUNT_KEPT_MS / 1000}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The kept badge count when it is this shopper's and recent, else null (then the API is asked): the
 * session's, or the root's cookie when that is newer and was asked after the session's count last changed.
 */
export function keptCartCount(session: ShopSession, root: RootCount | null = null, now = Date.now()): number | null {
  const kept = session.get('cartCount');
  const of = cartOwnerKey(session);
  const fresh = (at: number) => now >= at && now - at < CART_COUNT_KEPT_MS;
  const own = kept && kept.n !== null && kept.of === of && fresh(kept.at) ? { n: kept.n, at: kept.at } : null;
  const asked = root && root.of === of && root.since === sessionCountAt(session) && fresh(root.at) ? root : null;
  if (asked && (!own || asked.at > own.at)) return asked.n;
  return own?.n ?? null;
}

/** Keeps `count` as the badge; true when the session changed (a different count, or a kept one getting old). */
export function keepCartCount(session: ShopSession, count: number, now = Date.now()): boolean {
  // A visitor with neither a sign-in nor a cart has nothing to count: no session cookie for them
  // (a page they see without one can be served from the page cache).
  if (!session.get('user') && !session.get('apiCartCookie')) return false;
  const kept = session.get('cartCount');
  const of = cartOwnerKey(session);
  if (kept && kept.n === count && kept.of === of && now >= kept.at && now - kept.at < CART_COUNT_KEPT_MS / 2) return false;
  session.set('cartCount', { n: count, at: now, of });
  return true;
}

/**
 * Forgets the kept badge count, the root's cookie with it: the next page asks the API (after a payment,
 * whose fulfilment takes the cart's lines).
 */
export function forgetCartCount(session: ShopSession, now = Date.now()): boolean {
  if (!session.get('user') && !session.get('apiCartCookie') && !session.has('cartCount')) return false;
  session.set('cartCount', { n: null, at: now, of: '' });
  return true;
}

/**
 * A checkout a gift card or store credit paid in full answers the shop's own confirmation (ADR 052):
 * sent there by path, so the storefront only ever sends shoppers to another origin for the payment page.
 */
function ownPath(url: string, origin: string): string {
  const target = new URL(url);
  return target.origin === origin ? `${target.pathname}${target.search}` : url;
}

/** An API client for this shopper's cart: bearer token when signed in, and the relayed cart cookie. */
export async function cartApi(context: ShopContext) {
  const { api, session, commit, markChanged } = await context.shopApi();
  // Every answer with the cart keeps its count for the badge (after the cart cookie it may have set).
  const counted = async (call: Promise<Cart>): Promise<Cart> => {
    const cart = await call;
    if (keepCartCount(session, cart.total_items)) markChanged();
    return cart;
  };
  // The gift card entered on /cart, and the buyer's store credit, which is always used when there is some (ADR 052);
  // with the delivery address the shop asked for when they pay it all (ADR 062).
  const balances = (shippingAddress: DeliveryAddress | null) => ({
    ...(session.get('giftCardCode') ? { gift_card_code: session.get('giftCardCode') } : {}),
    use_store_credit: true,
    ...(shippingAddress ? { shipping_address: shippingAddress } : {}),
  });
  /**
   * A checkout answered with the shop's own confirmation is an order placed now: what paid it is spent
   * here, in the post's own cookie. Left to the confirmation's loader, a page's other loaders (asked
   * beside it after a post with JavaScript, with the cookie from before) could write the spent gift
   * card back into the session.
   */
  const spentOn = (path: string, codes: Array<'giftCardCode' | 'discountCode'>): string => {
    if (!path.startsWith('/')) return path;
    for (const code of codes) session.unset(code);
    forgetCartCount(session);
    markChanged();
    return path;
  };
  return {
    session,
    commit,
    /** A gift card's balance by its code; an ApiRequestError with gift_card_* says why it cannot pay. */
    checkGiftCard: (code: string) => api.request('POST', 'gift-cards/balance', giftCardBalanceSchema, { body: { code } }),
    getCart: () => counted(api.request('GET', 'cart/', cartSchema)),
    add: (variantId: string) =>
      counted(api.request('POST', 'cart/add', cartSchema, { body: { variant_id: variantId, quantity: CART_RULES.quantityPerAdd } })),
    setQuantity: (itemId: string, quantity: number) =>
      counted(api.request('PUT', `cart/item/${encodeURIComponent(itemId)}`, cartSchema, { body: { quantity } })),
    remove: (itemId: string) => counted(api.request('DELETE', `cart/item/${encodeURIComponent(itemId)}`, cartSchema)),
    clear: () => counted(api.request('DELETE', 'cart/clear', cartSchema)),
    /** The cart priced with a code; an ApiRequestError with a discount_* code says why it cannot be used. */
    quoteDiscount: (code: string) => api.request('POST', 'cart/discount', discountQuoteSchema, { body: { code } }),
    /** Whether a code can be used at all (a link carries it before there is a cart). */
    checkDiscount: (code: string) => api.request('GET', `discounts/${encodeURIComponent(code)}`, discountCheckSchema),
    /**
     * Opens a checkout session for the cart; the address of the payment page (docs/product.md#api-checkout), or of
     * the confirmation when nothing is left to pay. `shippingAddress`: where it goes then (ADR 062).
     */
    async checkout(email: string, shippingAddress: DeliveryAddress | null = null): Promise<string> {
      const origin = context.origin;
      const answer = await api.request('POST', 'checkout/', checkoutAnswer, {
        body: {
          // Back in the shopper's language: the confirmation and a cancelled payment land on their pages.
          success_url: `${origin}${localizedPath('/checkout/success?session_id={CHECKOUT_SESSION_ID}', context.locale)}`,
          cancel_url: `${origin}${localizedPath('/cart', context.locale)}`,
          email,
          ...(session.get('discountCode') ? { discount_code: session.get('discountCode') } : {}),
          ...balances(shippingAddress),
          metadata: {},
        },
      });
      if (!answer.checkout_url) throw new ApiRequestError(502, CART_MESSAGES.noCheckoutUrl);
      // The code went into the order with the cart (the API refuses a checkout it does not apply to).
      return spentOn(ownPath(answer.checkout_url, context.origin), ['giftCardCode', 'discountCode']);
    },
    /** Opens a checkout session for one unit of a variant (docs/product.md#api-checkout); cancelling comes back to `cancelPath`. */
    async quickCheckout(
      line: { variantId: string; productName: string; sku: string | null; attributes: Record<string, string> },
      cancelPath: string,
      locale: Locale = context.locale,
      shippingAddress: DeliveryAddress | null = null,
    ): Promise<string> {
      const origin = context.origin;
      const answer = await api.request('POST', 'checkout/quick', checkoutAnswer, {
        body: {
          product_variant_id: line.variantId,
          quantity: CART_RULES.quantityPerAdd,
          success_url: `${origin}${localizedPath('/order-success?session_id={CHECKOUT_SESSION_ID}', locale)}`,
          cancel_url: `${origin}${localizedPath(cancelPath, locale)}`,
          // The code the shopper carries comes along; the API applies it only where it covers the product.
          ...(session.get('discountCode') ? { discount_code: session.get('discountCode') } : {}),
          ...balances(shippingAddress),
          metadata: { product_name: line.productName, variant_sku: line.sku, selected_attributes: line.attributes },
        },
        // The order speaks the language of its product page, also when /checkout/quick (no language of its own) resumes it.
        headers: { 'Accept-Language': locale },
      });
      if (!answer.checkout_url) throw new ApiRequestError(502, CART_MESSAGES.noCheckoutUrl);
      // A discount code may not cover this product: the confirmation, which sees the order, spends it.
      return spentOn(ownPath(answer.checkout_url, context.origin), ['giftCardCode']);
    },
    /** The gift cards on sale (ADR 052). */
    giftCardProducts: () => api.request('GET', 'gift-cards/products', giftCardProductsSchema),
    /** Opens a checkout for one gift card, for the buyer or a recipient; the payment page's address. */
    async giftCardCheckout(variantId: string, recipient: GiftRecipientInput | null): Promise<string> {
      const answer = await api.request('POST', 'checkout/gift-card', checkoutAnswer, {
        body: {
          product_variant_id: variantId,
          recipient,
          success_url: `${context.origin}${localizedPath('/order-success?session_id={CHECKOUT_SESSION_ID}', context.locale)}`,
          cancel_url: `${context.origin}${localizedPath('/gift-cards', context.locale)}`,
          metadata: {},
        },
      });
      if (!answer.checkout_url) throw new ApiRequestError(502, CART_MESSAGES.noCheckoutUrl);
      return ownPath(answer.checkout_url, context.origin);
    },
    purchaseSuccess: (id: string) => api.request('GET', `user/purchase-success/${encodeURIComponent(id)}`, purchaseSuccessSchema),
  };
}

/**
 * The badge count: the cart's total_items, or 0 for a shopper without a cart or when the API is down.
 * The count kept in the session or the root's cookie is used while it is this shopper's and recent
 * (keptCartCount), unless `fresh`; otherwise the API's `cart/count` is asked and its answer kept in the
 * root's cookie (`countCookie`; `sessionCookie` only when the call relayed a new cart cookie). It never refreshes the token:
 * the root loader runs beside the page's loaders, and two refreshes with one rotating refresh token
 * would sign the shopper out.
 */
export async function cartCount(
  context: ShopContext,
  request: Request,
  options: { fresh?: boolean } = {},
): Promise<{ count: number; countCookie: string | null; sessionCookie: string | null }> {
  const { api, session, commit } = await context.shopApi('as-is');
  const none = { countCookie: null, sessionCookie: null };
  if (!session.get('apiCartCookie') && !session.get('accessToken')) return { count: 0, ...none };
  const kept = options.fresh ? null : keptCartCount(session, rootCount(request));
  if (kept !== null) return { count: kept, ...none };
  try {
    const { total_items } = await api.request('GET', 'cart/count', cartCountSchema);
    // The session is written only if the call itself changed it (a new cart cookie relayed).
    const { 'Set-Cookie': sessionCookie = null } = await commit();
    return { count: total_items, countCookie: rootCountCookie(session, total_items, context.secure), sessionCookie };
  } catch {
    return { count: 0, ...none };
  }
}
