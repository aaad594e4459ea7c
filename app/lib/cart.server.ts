import { z } from 'zod';
import { ApiRequestError, createApiClient, type ApiClientOptions } from './api.server';
import { shopperApi } from './auth.server';
import { CART_MESSAGES } from './messages';
import { getEnv } from './env.server';
import { commitSession, getSession, isHttps, type ShopSession } from './session.server';
import { CART_RULES } from '@contract/shop-rules';

/** The API's cart cookie (Path=/api, HttpOnly): the storefront keeps it in its session and relays it. */
const API_CART_COOKIE = 'cart_token';

import { cartSchema } from '@contract/api/cart';

const addressSchema = z
  .object({
    name: z.string().nullish(),
    line1: z.string().nullish(),
    line2: z.string().nullish(),
    city: z.string().nullish(),
    state: z.string().nullish(),
    postal_code: z.string().nullish(),
    country: z.string().nullish(),
  })
  .nullish();

/** The Purchase-success response of spec §3 (amounts in cents). */
export const purchaseSuccessSchema = z.object({
  purchase_id: z.string().nullish(),
  purchase_intent_id: z.string().nullish(),
  order_number: z.string().nullish(),
  date: z.string().nullish(),
  created_at: z.string().nullish(),
  total: z.number(),
  subtotal: z.number().nullish(),
  shipping_cost: z.number().nullish(),
  tax: z.number().nullish(),
  discount: z.number().nullish(),
  status: z.string().nullish(),
  estimated_delivery: z.string().nullish(),
  items: z
    .array(
      z.object({
        name: z.string(),
        sku: z.string().nullish(),
        quantity: z.number(),
        price: z.number(),
        subtotal: z.number().nullish(),
        variant_attributes: z.array(z.object({ attribute_name: z.string(), value: z.string() })).nullish(),
      }),
    )
    .default([]),
  shipping_address: addressSchema,
  payment_method: z.string().nullish(),
  customer_email: z.string().nullish(),
  email: z.string().nullish(),
  first_time_purchase_info: z
    .object({ has_new_items: z.boolean().nullish(), new_items: z.array(z.string()).nullish(), unlocked_cards: z.array(z.unknown()).nullish() })
    .nullish(),
});
export type PurchaseSuccess = z.infer<typeof purchaseSuccessSchema>;

const checkoutAnswer = z.object({ checkout_url: z.string().nullish() });

/** The cart_token cookie among an answer's Set-Cookie headers: its value, '' when cleared, undefined when absent. */
export function cartTokenFromResponse(response: Response): string | undefined {
  const headers = response.headers as Headers & { getSetCookie?: () => string[] };
  const cookies = headers.getSetCookie?.() ?? [response.headers.get('set-cookie') ?? ''];
  for (const cookie of cookies) {
    const match = new RegExp(`^\\s*${API_CART_COOKIE}=([^;]*)`).exec(cookie);
    if (match) return /max-age=0\b/i.test(cookie) ? '' : match[1];
  }
  return undefined;
}

/**
 * Client options relaying the API's cart cookie: sent as a Cookie header on every call, and saved
 * in the session whenever the API sets a new one. Used by the cart calls and the sign-in calls.
 */
export function cartCookieRelay(session: ShopSession, markChanged: () => void = () => {}): Pick<ApiClientOptions, 'headers' | 'onResponse'> {
  return {
    headers: (): Record<string, string> => {
      const cookie = session.get('apiCartCookie');
      return cookie ? { Cookie: cookie } : {};
    },
    onResponse: (response) => {
      const token = cartTokenFromResponse(response);
      if (token === undefined) return;
      const next = token ? `${API_CART_COOKIE}=${token}` : undefined;
      if (next === session.get('apiCartCookie')) return;
      if (next) session.set('apiCartCookie', next);
      else session.unset('apiCartCookie');
      markChanged();
    },
  };
}

/** An API client for this shopper's cart: bearer token when signed in, and the relayed cart cookie. */
export async function cartApi(request: Request) {
  const { api, session, commit } = await shopperApi(request, cartCookieRelay);
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
    /** Opens a checkout session for the cart; the address of the payment page (spec §7 Checkout). */
    async checkout(email: string): Promise<string> {
      const origin = storefrontOrigin(request);
      const answer = await api.request('POST', 'checkout/', checkoutAnswer, {
        body: {
          success_url: `${origin}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${origin}/cart`,
          email,
          metadata: {},
        },
      });
      if (!answer.checkout_url) throw new ApiRequestError(502, CART_MESSAGES.noCheckoutUrl);
      return answer.checkout_url;
    },
    /** Opens a checkout session for one unit of a variant (spec §7 checkout/quick); cancelling comes back to `cancelPath`. */
    async quickCheckout(line: { variantId: string; productName: string; sku: string | null; attributes: Record<string, string> }, cancelPath: string): Promise<string> {
      const origin = storefrontOrigin(request);
      const answer = await api.request('POST', 'checkout/quick', checkoutAnswer, {
        body: {
          product_variant_id: line.variantId,
          quantity: CART_RULES.quantityPerAdd,
          success_url: `${origin}/order-success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${origin}${cancelPath}`,
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
  const session = await getSession(request);
  const token = session.get('accessToken');
  if (!session.get('apiCartCookie') && !token) return { count: 0, headers: {} };
  const env = getEnv();
  let changed = false;
  const api = createApiClient({
    baseUrl: env.API_URL,
    timeoutMs: env.API_TIMEOUT_MS,
    auth: { token: () => token, refresh: async () => null },
    ...cartCookieRelay(session, () => {
      changed = true;
    }),
  });
  try {
    const { total_items } = await api.request('GET', 'cart/', cartSchema);
    return { count: total_items, headers: changed ? { 'Set-Cookie': await commitSession(request, session) } : {} };
  } catch {
    return { count: 0, headers: {} };
  }
}
