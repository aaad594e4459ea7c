import {
  type ActionFunctionArgs,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
  type SerializeFrom,
} from '@remix-run/node';
import { Form, Link, useFetcher, useLoaderData } from '@remix-run/react';
import type { MouseEvent } from 'react';

import type { Cart } from '@contract/api/cart';
import { normaliseDiscountCode } from '@contract/discounts';
import { formatEuro } from '@contract/money';

import { CartLine } from '~/components/cart/cart-line';
import { OrderSummary } from '~/components/cart/order-summary';
import { useLocalizedPath } from '~/components/shop-link';
import { Toast } from '~/components/toast';
import { cartActionSchema } from '~/forms/cart.server';
import { ApiRequestError, upstreamStatus } from '~/lib/api.server';
import { apiErrorText, discountErrorText } from '~/lib/api-errors.server';
import { getOptionalUser } from '~/lib/auth.server';
import { cartApi } from '~/lib/cart.server';
import type { AppliedDiscount, EnteredGiftCard } from '~/lib/cart-codes';
import { checkoutCart } from '~/lib/checkout.server';
import { formNotAccepted, readFormData } from '~/lib/form-data.server';
import { type Locale, localizedPath, metaTranslator, useI18n } from '~/lib/i18n';
import { i18nData, serverTranslator } from '~/lib/i18n.server';
import { BACK_LINKS, type NavigationHandle } from '~/lib/navigation';
import { pageTitle } from '~/lib/page-title';
import type { RenderMemoHandle } from '~/lib/render-memo.server';
import { redirectWithFlash } from '~/lib/session.server';
import cartStyles from '~/styles/cart.css';

const isCodeRefusal = (error: unknown): error is ApiRequestError =>
  error instanceof ApiRequestError && Boolean(error.code?.startsWith('discount_'));

// Drawn from the address and the loaders' data alone: kept as rendered (ADR 083).
export const handle: NavigationHandle & RenderMemoHandle = { pageTitle: 'Cart', back: BACK_LINKS.continueShopping, rendersFromData: true };

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: cartStyles }];

export const meta: MetaFunction = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('cart.title')) },
  { name: 'robots', content: 'noindex' },
];

/** Why the API refused or failed, in the page's language (by its code; English shows its detail). */
const errorText = (error: unknown, locale: Locale) => apiErrorText(error, locale);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const cart = await cartApi(context);
  const t = serverTranslator(context.locale, 'product');
  const cartPath = localizedPath('/cart', context.locale);
  // A link or an old form can still add a variant with /cart?add=<variantId>.
  const add = url.searchParams.get('add');
  if (add) {
    try {
      await cart.add(add);
      return redirectWithFlash(context, cartPath, { kind: 'success', message: t('product.addedToCart') });
    } catch (error) {
      return redirectWithFlash(context, cartPath, {
        kind: 'error',
        message: t('product.addToCartFailed', { message: errorText(error, context.locale) }),
      });
    }
  }
  let loaded: { cart: Cart; error: null } | { cart: null; error: string };
  let status = 200;
  const code = cart.session.get('discountCode');
  let discount: AppliedDiscount | null = null;
  const giftCode = cart.session.get('giftCardCode');
  let giftCard: EnteredGiftCard | null = null;
  let storeCredit = 0;
  try {
    const [read, quoted, card] = await Promise.all([
      cart.getCart(),
      code
        ? cart.quoteDiscount(code).then(
            (quote) => ({ quote, error: null }),
            (error: unknown) => ({ quote: null, error }),
          )
        : null,
      giftCode
        ? cart.checkGiftCard(giftCode).then(
            (found): EnteredGiftCard => ({ last4: found.last4, balance: found.balance, error: null }),
            (error: unknown): EnteredGiftCard => ({ last4: null, balance: 0, error: errorText(error, context.locale) }),
          )
        : null,
    ]);
    loaded = { cart: read, error: null };
    giftCard = card;
    // A signed-in shopper's credit comes with their cart (one call for the page, issue 36).
    storeCredit = read.store_credit ?? 0;
    if (code && quoted) {
      if (quoted.quote) discount = { code, quote: quoted.quote, error: null };
      else discount = { code, quote: null, error: discountErrorText(quoted.error, code, context.locale) };
    }
  } catch (error) {
    loaded = { cart: null, error: errorText(error, context.locale) };
    status = upstreamStatus(error);
  }
  // Read after the cart: a refresh the API refused on the way leaves its message for this page.
  const flash = cart.session.get('flash') ?? null;
  if (flash) context.markChanged();
  const headers = await cart.commit();
  return json(
    {
      ...loaded,
      discount,
      giftCard,
      storeCredit,
      flash,
      // The sign-in ended on this request (a spent refresh token): the header shows the shopper signed out.
      signedOut: Boolean(context.signedOut),
      confirmClear: url.searchParams.get('confirm') === 'clear',
      i18n: i18nData(context, 'cart'),
      // Back from the sign-in modal with a session: the checkout the shopper started goes on.
      resumeCheckout:
        url.searchParams.get('checkout') === 'resume' && !url.searchParams.has('auth') && Boolean(cart.session.get('accessToken')),
    },
    { status, headers: { ...headers, 'Cache-Control': 'private, no-store' } },
  );
}

/** Every cart change and the checkout: one action, `intent` buttons, Post/Redirect/Get back to /cart. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readFormData(request);
  // Only what the page itself posts; anything else never reaches the API.
  const parsed = cartActionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return formNotAccepted();
  const post = parsed.data;
  const cart = await cartApi(context);
  const t = serverTranslator(context.locale, 'cart');
  const cartPath = localizedPath('/cart', context.locale);
  const back = async (message?: string) =>
    message
      ? redirectWithFlash(context, cartPath, { kind: 'error', message })
      : redirect(cartPath, { status: 303, headers: await cart.commit() });

  if (post.intent === 'apply-discount') {
    const code = normaliseDiscountCode(post.code);
    if (!code) return json({ discountError: t('discount.enterCode'), code: post.code }, { status: 400 });
    const current = cart.session.get('discountCode');
    if (current && current !== code) return json({ discountError: t('discount.oneCodePerOrder'), code: post.code }, { status: 400 });
    try {
      const quote = await cart.quoteDiscount(code);
      cart.session.set('discountCode', quote.code);
      return redirectWithFlash(context, cartPath, { kind: 'success', message: t('discount.applied', { code: quote.code }) });
    } catch (error) {
      return json(
        { discountError: discountErrorText(error, code, context.locale), code: post.code },
        { status: isCodeRefusal(error) ? 409 : upstreamStatus(error), headers: await cart.commit() },
      );
    }
  }
  if (post.intent === 'apply-gift-card') {
    const code = post.gift_card_code;
    if (!code) return json({ giftCardError: t('giftCard.enterCode'), giftCardCode: '' }, { status: 400 });
    try {
      const found = await cart.checkGiftCard(code);
      cart.session.set('giftCardCode', code);
      const balance = formatEuro(found.balance, context.locale);
      return redirectWithFlash(context, cartPath, { kind: 'success', message: t('giftCard.applied', { last4: found.last4, balance }) });
    } catch (error) {
      const status = error instanceof ApiRequestError && error.status < 500 ? error.status : upstreamStatus(error);
      return json({ giftCardError: errorText(error, context.locale), giftCardCode: code }, { status, headers: await cart.commit() });
    }
  }
  if (post.intent === 'remove-gift-card') {
    cart.session.unset('giftCardCode');
    return redirectWithFlash(context, cartPath, { kind: 'success', message: t('giftCard.removed') });
  }
  if (post.intent === 'remove-discount') {
    cart.session.unset('discountCode');
    return redirectWithFlash(context, cartPath, { kind: 'success', message: t('discount.removed') });
  }

  if (post.intent === 'checkout') {
    const user = await getOptionalUser(context);
    // Not signed in: the sign-in modal (guests allowed); it comes back to the cart, which resumes the checkout.
    if (!user) return redirect(`${cartPath}?checkout=resume&auth=email`, 303);
    if (!user.email.includes('@')) return back(t('cart.invalidAuthEmail'));
    return checkoutCart(context, user.email);
  }

  try {
    switch (post.intent) {
      case 'increment':
        await cart.setQuantity(post.itemId, post.quantity + 1);
        break;
      case 'decrement':
        // Minus stops at 1; Remove takes the line away.
        await cart.setQuantity(post.itemId, Math.max(1, post.quantity - 1));
        break;
      case 'remove':
        await cart.remove(post.itemId);
        break;
      case 'clear':
        await cart.clear();
        break;
    }
  } catch (error) {
    return back(errorText(error, context.locale));
  }
  return back();
}

export default function CartPage() {
  const data = useLoaderData<typeof loader>();
  const { flash, confirmClear, resumeCheckout } = data;
  const cart = data.cart as SerializeFrom<Cart> | null;
  const error = data.error ?? '';
  const { t } = useI18n();
  const localize = useLocalizedPath();
  if (!cart) {
    return (
      <section className="cart-page cart-page--message" role="alert">
        <h1>{t('cart.errorLoading', { message: error })}</h1>
        <Link to={localize('/')} className="button">
          {t('error.backToHome')}
        </Link>
      </section>
    );
  }
  if (cart.items.length === 0) {
    return (
      <section className="cart-page cart-page--message">
        <Toast flash={flash} />
        <h1>{t('cart.empty')}</h1>
        <p>{t('cart.emptyHint')}</p>
        <Link to={localize('/')} className="button">
          {t('cart.startShopping')}
        </Link>
      </section>
    );
  }
  return (
    <section className="cart-page" aria-labelledby="cart-title">
      <Toast flash={flash} />
      <h1 id="cart-title" className="page-title">
        {t('cart.heading')}
      </h1>
      {confirmClear ? <ClearConfirmation /> : null}
      <div className="cart-page__layout">
        <div className="cart-page__items">
          <ul className="cart-lines">
            {cart.items.map((item) => (
              <CartLine key={item.id} item={item} />
            ))}
          </ul>
          <ClearCartButton />
        </div>
        <OrderSummary
          totalCents={cart.total_price}
          resumeCheckout={resumeCheckout}
          discount={data.discount as AppliedDiscount | null}
          giftCard={data.giftCard}
          storeCredit={data.storeCredit}
        />
      </div>
    </section>
  );
}

/** Without JavaScript, Clear cart leads to this confirmation step (?confirm=clear). */
function ClearConfirmation() {
  const { t } = useI18n();
  const localize = useLocalizedPath();
  return (
    <div className="cart-confirm" role="alertdialog" aria-labelledby="cart-confirm-text">
      <p id="cart-confirm-text">{t('cart.confirmClear')}</p>
      <Form method="post" action={localize('/cart')} className="button-row">
        <button type="submit" name="intent" value="clear" className="button">
          {t('cart.confirmClearYes')}
        </button>
        <Link to={localize('/cart')} className="button button--ghost">
          {t('cart.cancel')}
        </Link>
      </Form>
    </div>
  );
}

/** A link to the confirmation step; with JavaScript the browser's confirm dialog asks instead. */
function ClearCartButton() {
  const fetcher = useFetcher({ key: 'cart-clear' });
  const { t } = useI18n();
  const localize = useLocalizedPath();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (window.confirm(t('cart.confirmClear'))) fetcher.submit({ intent: 'clear' }, { method: 'post', action: localize('/cart') });
  };
  return (
    <Link
      to={localize('/cart?confirm=clear')}
      className="button button--ghost cart-page__clear"
      onClick={onClick}
      aria-disabled={fetcher.state !== 'idle'}
    >
      {t('cart.clear')}
    </Link>
  );
}
