import { redirect } from '@remix-run/node';

import type { DeliveryAddress } from '@contract/delivery-address';

import { admitted, ShopBusy, toWaitingRoom } from './admission.server';
import { ApiRequestError } from './api.server';
import { discountErrorText } from './api-errors.server';
import { cartApi } from './cart.server';
import type { ShopContext } from './context.server';
import { asksForAddress, awaitAddress, endDeliveryStep } from './delivery-step.server';
import { localizedPath } from './i18n';
import { checkoutFailure } from './quick-purchase.server';
import { redirectWithFlash } from './session.server';

const isCodeRefusal = (error: unknown): error is ApiRequestError =>
  error instanceof ApiRequestError && Boolean(error.code?.startsWith('discount_'));

/**
 * The cart's checkout (docs/product.md#cart): to the payment page, or to the confirmation when a gift
 * card and store credit pay it all. When they do and the shop does not know where the goods go, to the
 * page that asks (ADR 062), which comes back here with `address`. Refusals go back to the cart, said.
 */
export async function checkoutCart(context: ShopContext, email: string, address: DeliveryAddress | null = null): Promise<Response> {
  const cart = await cartApi(context);
  const cartPath = localizedPath('/cart', context.locale);
  try {
    const checkoutUrl = await admitted(() => cart.checkout(email, address));
    endDeliveryStep(context, cart.session);
    return redirect(checkoutUrl, { status: 303, headers: await cart.commit() });
  } catch (error) {
    if (error instanceof ShopBusy) return toWaitingRoom(cartPath);
    if (asksForAddress(error)) {
      return redirect(awaitAddress(context, cart.session, { kind: 'cart' }, context.locale), { status: 303, headers: await cart.commit() });
    }
    endDeliveryStep(context, cart.session);
    // The code stopped applying since the cart was shown (used up, expired...): say so; it stays until removed.
    const message = isCodeRefusal(error)
      ? discountErrorText(error, cart.session.get('discountCode') ?? '', context.locale)
      : checkoutFailure(error, context.locale);
    return redirectWithFlash(context, cartPath, { kind: 'error', message });
  }
}
