import { z } from 'zod';
import { ApiRequestError } from './api.server';
import { CART_MESSAGES } from './messages';
import { isHttps } from './session.server';
import { shopApi } from './shop-api.server';
import { CART_RULES } from '@contract/shop-rules';

import { cartCountSchema, cartSchema } from '@contract/api/cart';
import { checkoutAnswerSchema } from '@contract/api/checkout';
import { discountCheckSchema, discountQuoteSchema } from '@contract/api/discounts';

/** Read leniently: an answer without the payment page's address gets the spec's own message, not a generic one. */
const checkoutAnswer = checkoutAnswerSchema.partial();

import { purchaseSuccessSchema, type PurchaseSuccess } from '@contract/api/orders';

export type { PurchaseSuccess };


/** An API client for this shopper's cart: bearer token when signed in, and the relayed cart cookie. */
export async function cartApi(request: Request) {
  const { api, session, commit } = await shopApi(request);
  return {
    session,
    commit,
    getCart: () => api.request('GET', 'cart/', cartSchema),
    add: (variantId: string) =>
      api.request('POST', 'cart/add', cartSchema, { body: { variant_id: variantId, quantity: CART_RULES.quantityPerAdd } }),
    setQuantity: (itemId: string, quantity: number) =>
      api.request('PUT', `cart/item/${encodeURIComponent(itemId)}`, cartSchema, { body: { quantity } }),
    remove: (itemId: string) => api.request('DELETE', `cart/item/${encodeURIComponent(itemId)}`, cartSchema),
    clear: () => api.request('DELETE', 'cart/clear', cartSchema),
    /** The cart priced with a code; an ApiRequestError with a discount_* code says why it cannot be used. */
    quoteDiscount: (code: string) => api.request('POST', 'cart/discount', discountQuoteSchema, { body: { code } }),
    /** Whether a code can be used at all (a link carries it before there is a cart). */
    checkDiscount: (code: string) => api.request('GET', `discounts/${encodeURIComponent(code)}`, discountCheckSchema),
    /** Opens a checkout session for the cart; the address of the payment page (docs/product.md#api-checkout). */
    async checkout(email: string): Promise<string> {
      const origin = storefrontOrigin(request);
      const answer = await api.request('POST', 'checkout/', checkoutAnswer, {
        body: {
          success_url: `${origin}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${origin}/cart`,
          email,
          ...(session.get('discountCode') ? { discount_code: session.get('discountCode') } : {}),
          metadata: {},
        },
      });
      if (!answer.checkout_url) throw new ApiRequestError(502, CART_MESSAGES.noCheckoutUrl);
      return answer.checkout_url;
    },
    /** Opens a checkout session for one unit of a variant (docs/product.md#api-checkout); cancelling comes back to `cancelPath`. */
    async quickCheckout(line: { variantId: string; productName: string; sku: string | null; attributes: Record<string, string> }, cancelPath: string): Promise<string> {
      const origin = storefrontOrigin(request);
      const answer = await api.request('POST', 'checkout/quick', checkoutAnswer, {
        body: {
          product_variant_id: line.variantId,
          quantity: CART_RULES.quantityPerAdd,
          success_url: `${origin}/order-success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${origin}${cancelPath}`,
          // The code the shopper carries comes along; the API applies it only where it covers the product.
          ...(session.get('discountCode') ? { discount_code: session.get('discountCode') } : {}),
          metadata: { product_name: line.productName, variant_sku: line.sku, selected_attributes: line.attributes },
        },
      });
      if (!answer.checkout_url) throw new ApiRequestError(502, CART_MESSAGES.noCheckoutUrl);
      return answer.checkout_url;
    },
    purchaseSuccess: (id: string) => api.request('GET', `user/purchase-success/${encodeURIComponent(id)}`, purchaseSuccessSchema),
  };
}

/** The shopper-facing origin of this storefront (https when a proxy says so). */
function storefrontOrigin(request: Request): string {
  const url = new URL(request.url);
  return `${isHttps(request) ? 'https:' : url.protocol}//${url.host}`;
}

/**
 * The badge count: the cart's total_items, or 0 for a shopper without a cart or when the API is down.
 * It never refreshes the token: the root loader runs beside the page's loaders, and two refreshes
 * with one rotating refresh token would sign the shopper out.
 */
export async function cartCount(request: Request): Promise<{ count: number; headers: Record<string, string> }> {
  const { api, session, commit } = await shopApi(request, { token: 'as-is' });
  if (!session.get('apiCartCookie') && !session.get('accessToken')) return { count: 0, headers: {} };
  try {
    const { total_items } = await api.request('GET', 'cart/count', cartCountSchema);
    return { count: total_items, headers: await commit() };
  } catch {
    return { count: 0, headers: {} };
  }
}
