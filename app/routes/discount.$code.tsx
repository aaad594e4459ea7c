import type { LoaderFunctionArgs } from '@remix-run/node';

import { normaliseDiscountCode } from '@contract/discounts';

import { discountErrorText } from '~/lib/api-errors.server';
import { cartApi } from '~/lib/cart.server';
import { localizedPath } from '~/lib/i18n';
import { preferredLocale, rememberedLocale, serverTranslator } from '~/lib/i18n.server';
import { redirectWithFlash } from '~/lib/session.server';

/**
 * `/discount/{code}`: a link in a newsletter or a post. The code is kept in the shopper's session (no
 * cart needed yet) and the shop opens with a word on it; the cart prices it once there is something
 * to price, and checkout works it out again. The link has no language of its own: the shop opens in
 * the shopper's, as `/` guesses it (their choice, else their browser's).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const code = normaliseDiscountCode(params.code ?? '').slice(0, 64);
  const locale = rememberedLocale(request) ?? preferredLocale(request.headers.get('Accept-Language'));
  const home = localizedPath('/', locale);
  const cart = await cartApi(context);
  try {
    const check = await cart.checkDiscount(code);
    cart.session.set('discountCode', check.code);
    const message = serverTranslator(locale, 'cart')('discount.linkApplied', { code: check.code });
    return redirectWithFlash(context, home, { kind: 'success', message });
  } catch (error) {
    return redirectWithFlash(context, home, { kind: 'error', message: discountErrorText(error, code, locale) });
  }
}
