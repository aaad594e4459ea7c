import { type ActionFunctionArgs, json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node';
import { Form, useLoaderData, useNavigation } from '@remix-run/react';

import { formatEuro } from '@contract/money';
import { shopDay } from '@contract/shop-time';

import { CheckoutTerms } from '~/components/checkout-terms';
import { GiftCardBalanceCheck } from '~/components/gift-card-balance-check';
import { Toast } from '~/components/toast';
import { giftCardPageSchema } from '~/forms/gift-cards';
import { ApiRequestError, upstreamStatus } from '~/lib/api.server';
import { apiErrorText } from '~/lib/api-errors.server';
import { getOptionalUser } from '~/lib/auth.server';
import { cartApi } from '~/lib/cart.server';
import { formatLongDate } from '~/lib/dates';
import { formNotAccepted, readFormData } from '~/lib/form-data.server';
import { localizedPath, metaTranslator, useI18n } from '~/lib/i18n';
import { i18nData, serverTranslator } from '~/lib/i18n.server';
import type { NavigationHandle } from '~/lib/navigation';
import { pageTitle } from '~/lib/page-title';
import { redirectWithFlash } from '~/lib/session.server';
import giftCardStyles from '~/styles/gift-cards.css';

export const handle: NavigationHandle = { pageTitle: 'Gift cards' };

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: giftCardStyles }];

export const meta: MetaFunction = ({ location, matches, data }) => {
  const { t } = metaTranslator(location, matches, data);
  return [{ title: pageTitle(t('title.giftCards')) }, { name: 'description', content: t('giftCards.description') }];
};

export async function loader({ context }: LoaderFunctionArgs) {
  const cart = await cartApi(context);
  const flash = cart.session.get('flash') ?? null;
  if (flash) context.markChanged();
  const { products } = await cart.giftCardProducts();
  return json(
    { products, flash, today: shopDay(new Date()), i18n: i18nData(context, 'cart') },
    { headers: { ...(await cart.commit()), 'Cache-Control': 'private, no-store' } },
  );
}

/** Buy (signed in first, guests welcome; then the payment page) or check a balance; Post/Redirect/Get without JavaScript. */
export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = giftCardPageSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return formNotAccepted();
  const post = parsed.data;
  const t = serverTranslator(context.locale, 'cart');
  const here = localizedPath('/gift-cards', context.locale);
  const cart = await cartApi(context);
  if (post.intent === 'check-balance') {
    if (!post.code) return json({ balance: null, error: t('giftCard.enterCode'), code: '' }, { status: 400 });
    try {
      const found = await cart.checkGiftCard(post.code);
      const balance = [
        t('giftCards.balance', { last4: found.last4, balance: formatEuro(found.balance, context.locale) }),
        found.expires_at ? t('giftCards.expires', { date: formatLongDate(found.expires_at, context.locale) }) : null,
      ]
        .filter(Boolean)
        .join(' ');
      return json({ balance, error: null, code: post.code }, { headers: await cart.commit() });
    } catch (error) {
      const status = error instanceof ApiRequestError && error.status < 500 ? error.status : upstreamStatus(error);
      return json({ balance: null, error: apiErrorText(error, context.locale), code: post.code }, { status, headers: await cart.commit() });
    }
  }
  const user = await getOptionalUser(context);
  if (!user) return redirectWithFlash(context, `${here}?auth=email`, { kind: 'success', message: t('giftCards.signInFirst') });
  const forSomeone = post.for === 'someone';
  if (forSomeone && (!post.recipient_name || !post.recipient_email || !post.send_on))
    return redirectWithFlash(context, here, { kind: 'error', message: t('giftCards.fillRecipient') });
  try {
    const recipient = forSomeone
      ? { name: post.recipient_name, email: post.recipient_email, message: post.message || null, send_on: post.send_on }
      : null;
    const checkoutUrl = await cart.giftCardCheckout(post.variant_id, recipient);
    return redirect(checkoutUrl, { status: 303, headers: await cart.commit() });
  } catch (error) {
    return redirectWithFlash(context, here, { kind: 'error', message: apiErrorText(error, context.locale) });
  }
}

export default function GiftCardsPage() {
  const { products, flash, today } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const { locale, t } = useI18n();
  const buying = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'buy';
  return (
    <section className="gift-cards-page" aria-labelledby="gift-cards-title">
      <h1 id="gift-cards-title">{t('giftCards.title')}</h1>
      <Toast flash={flash} />
      <p>{t('giftCards.intro')}</p>
      {products.length === 0 ? <p>{t('giftCards.none')}</p> : null}
      {products.map((product) => (
        <Form method="post" key={product.id} className="gift-card-form" aria-labelledby={`gift-card-${product.id}`}>
          <h2 id={`gift-card-${product.id}`}>{product.name}</h2>
          <input type="hidden" name="intent" value="buy" />
          <fieldset>
            <legend>{t('giftCards.amount')}</legend>
            {product.amounts.map((amount, index) => (
              <label key={amount.variant_id} className="gift-card-form__choice">
                <input type="radio" name="variant_id" value={amount.variant_id} defaultChecked={index === 0} required />{' '}
                {formatEuro(amount.amount, locale)}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>{t('giftCards.forWhom')}</legend>
            <label className="gift-card-form__choice">
              <input type="radio" name="for" value="me" defaultChecked /> {t('giftCards.forMe')}
            </label>
            <label className="gift-card-form__choice">
              <input type="radio" name="for" value="someone" /> {t('giftCards.forSomeone')}
            </label>
          </fieldset>
          <p className="gift-card-form__hint" id={`someone-hint-${product.id}`}>
            {t('giftCards.someoneHint')}
          </p>
          <div className="field">
            <label htmlFor={`recipient-name-${product.id}`}>{t('giftCards.recipientName')}</label>
            <input id={`recipient-name-${product.id}`} name="recipient_name" maxLength={100} autoComplete="off" />
          </div>
          <div className="field">
            <label htmlFor={`recipient-email-${product.id}`}>{t('giftCards.recipientEmail')}</label>
            <input id={`recipient-email-${product.id}`} name="recipient_email" type="email" maxLength={254} autoComplete="off" />
          </div>
          <div className="field">
            <label htmlFor={`message-${product.id}`}>{t('giftCards.message')}</label>
            <textarea id={`message-${product.id}`} name="message" maxLength={300} rows={3} />
          </div>
          <div className="field">
            <label htmlFor={`send-on-${product.id}`}>{t('giftCards.sendOn')}</label>
            <input id={`send-on-${product.id}`} name="send_on" type="date" min={today} defaultValue={today} />
          </div>
          <button type="submit" className="button" disabled={buying}>
            {t('giftCards.buy')}
          </button>
          <CheckoutTerms />
        </Form>
      ))}
      <GiftCardBalanceCheck />
    </section>
  );
}
