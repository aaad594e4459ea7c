import { json } from '@remix-run/node';

import { ApiRequestError, upstreamStatus } from './api.server';
import { apiErrorText } from './api-errors.server';
import type { CardView } from './cards';
import { unlockedCardViews } from './cards.server';
import { cartApi, forgetCartCount, type PurchaseSuccess } from './cart.server';
import type { ShopContext } from './context.server';
import { i18nData, serverTranslator } from './i18n.server';
import { commitSession } from './session.server';

/**
 * The order confirmation for the first of `params` found in the address (a checkout session id or
 * a purchase id). Guests see their own purchase: the API checks the bearer or the cart cookie (ADR 008).
 */
export async function loadOrderConfirmation(request: Request, context: ShopContext, params: string[]) {
  const url = new URL(request.url);
  const id = params.map((name) => url.searchParams.get(name)).find((value): value is string => Boolean(value));
  const cart = await cartApi(context);
  const user = cart.session.get('accessToken') ? (cart.session.get('user') ?? null) : null;
  const registered = user?.user_type === 'registered';
  const noStore = { 'Cache-Control': 'private, no-store' };
  const cards: CardView[] = [];
  const i18n = i18nData(context, 'order', 'cards');
  const t = serverTranslator(context.locale, 'order');
  if (!id)
    return json(
      { order: null as PurchaseSuccess | null, id: null, error: t('order.noOrderId'), noOrderId: true, registered, cards, i18n },
      { headers: noStore },
    );
  try {
    const order = await cart.purchaseSuccess(id);
    const owner = user ?? { email: order.customer_email ?? order.email };
    const cards = unlockedCardViews(order.first_time_purchase_info?.unlocked_cards, owner, context.locale);
    // The code this order was paid with is spent for the cart: the next order starts without it.
    const codeSpent = Boolean(order.discount_code) && cart.session.get('discountCode') === order.discount_code;
    if (codeSpent) cart.session.unset('discountCode');
    // The gift card went into this order; what is left on it is entered again for the next one.
    const cardUsed = Boolean(cart.session.get('giftCardCode'));
    if (cardUsed) cart.session.unset('giftCardCode');
    const spent = codeSpent || cardUsed;
    // The paid lines have left the cart: the next page's badge asks the API.
    const recount = forgetCartCount(cart.session);
    const headers = spent || recount ? { 'Set-Cookie': await commitSession(context, cart.session) } : await cart.commit();
    return json({ order, id, error: null, noOrderId: false, registered, cards, i18n }, { headers: { ...noStore, ...headers } });
  } catch (error) {
    // The server's word on it (docs/product.md#error-messages), else 'Failed to load order'.
    const detail = error instanceof ApiRequestError && error.status < 500 ? apiErrorText(error, context.locale) : t('order.failedToLoad');
    const setCookie = await cart.commit();
    const status = error instanceof ApiRequestError && error.status < 500 ? (error.status === 404 ? 404 : 200) : upstreamStatus(error);
    return json(
      { order: null, id, error: detail, noOrderId: false, registered, cards, i18n },
      { status, headers: { ...noStore, ...setCookie } },
    );
  }
}
