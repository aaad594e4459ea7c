import type { LoaderFunctionArgs } from '@remix-run/node';

import { DISCOUNT_MESSAGES, normaliseDiscountCode } from '@contract/discounts';

import { ApiRequestError } from '~/lib/api.server';
import { cartApi } from '~/lib/cart.server';
import { MESSAGES } from '~/lib/messages';
import { redirectWithFlash } from '~/lib/session.server';

/**
 * `/discount/{code}`: a link in a newsletter or a post. The code is kept in the shopper's session (no
 * cart needed yet) and the shop opens with a word on it; the cart prices it once there is something
 * to price, and checkout works it out again.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const code = normaliseDiscountCode(params.code ?? '').slice(0, 64);
  const cart = await cartApi(context);
  try {
    const check = await cart.checkDiscount(code);
    cart.session.set('discountCode', check.code);
    return redirectWithFlash(context, '/', { kind: 'success', message: DISCOUNT_MESSAGES.linkApplied(check.code) });
  } catch (error) {
    const message = error instanceof ApiRequestError ? error.message : MESSAGES.somethingWentWrong;
    return redirectWithFlash(context, '/', { kind: 'error', message });
  }
}
