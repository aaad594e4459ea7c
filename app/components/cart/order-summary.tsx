import { Form, Link, useActionData, useFetcher, useNavigation, useSubmit } from '@remix-run/react';
import { useEffect, useRef } from 'react';

import { formatEuro } from '@contract/money';
import { cartSummary } from '@contract/totals';

import type { AppliedDiscount, EnteredGiftCard } from '~/lib/cart-codes';
import { useI18n } from '~/lib/i18n';

import { CheckoutTerms } from '../checkout-terms';
import { useLocalizedPath } from '../shop-link';
import { CodeEntryForm } from './code-entry-form';
import { GiftCardCode } from './gift-card-code';

/** The cart's order summary (docs/product.md#cart, docs/product.md#constants) with the Checkout button and the policy links. */
export function OrderSummary({
  totalCents,
  resumeCheckout = false,
  discount = null,
  giftCard = null,
  storeCredit = 0,
}: {
  totalCents: number;
  resumeCheckout?: boolean;
  discount?: AppliedDiscount | null;
  giftCard?: EnteredGiftCard | null;
  storeCredit?: number;
}) {
  const quote = discount?.quote ?? null;
  const summary = cartSummary(totalCents, quote ? { discount: quote.discount, freeShipping: quote.free_shipping } : undefined);
  const navigation = useNavigation();
  const submit = useSubmit();
  const resumed = useRef(false);
  const { locale, t } = useI18n();
  const localize = useLocalizedPath();
  const euro = (cents: number) => formatEuro(cents, locale);
  // Discount codes first, then the gift card, then store credit (ADR 052); checkout works it out again.
  const byCard = giftCard?.error === null ? Math.min(giftCard.balance, summary.finalTotal) : 0;
  const byCredit = Math.min(storeCredit, summary.finalTotal - byCard);
  const toPay = summary.finalTotal - byCard - byCredit;
  // With JavaScript a checkout interrupted by the sign-in goes on by itself; without, Checkout is pressed again.
  useEffect(() => {
    if (!resumeCheckout || resumed.current) return;
    resumed.current = true;
    submit({ intent: 'checkout' }, { method: 'post', action: localize('/cart'), replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the page's language does not change while it waits
  }, [resumeCheckout, submit]);
  const checkingOut = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'checkout';
  return (
    <aside className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">{t('summary.title')}</h2>
      <dl>
        {quote ? (
          <>
            <div>
              <dt>{t('summary.items')}</dt>
              <dd data-testid="summary-items">{euro(summary.itemsTotal)}</dd>
            </div>
            <div className="order-summary__discount">
              <dt>{t('summary.discount', { code: quote.code })}</dt>
              <dd data-testid="summary-discount">{quote.discount > 0 ? `-${euro(summary.discount)}` : quote.description}</dd>
            </div>
          </>
        ) : null}
        <div>
          <dt>{t('summary.subtotal')}</dt>
          <dd data-testid="summary-subtotal">{euro(summary.subtotalExcludingTax)}</dd>
        </div>
        <div>
          <dt>{t('summary.shipping')}</dt>
          <dd data-testid="summary-shipping">{euro(summary.shipping)}</dd>
        </div>
        <div>
          <dt>{t('summary.tax')}</dt>
          <dd data-testid="summary-tax">{euro(summary.tax)}</dd>
        </div>
        <div className="order-summary__total">
          <dt>{t('summary.total')}</dt>
          <dd data-testid="summary-total">{euro(summary.finalTotal)}</dd>
        </div>
        <PaidWithBalances byCard={byCard} byCredit={byCredit} toPay={toPay} last4={giftCard?.last4 ?? null} />
      </dl>
      {byCard + byCredit > 0 && toPay === 0 ? <p className="order-summary__hint">{t('summary.paidInFull')}</p> : null}
      {summary.freeShippingRemaining !== null ? (
        <p className="order-summary__hint">{t('summary.freeShippingHint', { amount: euro(summary.freeShippingRemaining) })}</p>
      ) : null}
      <DiscountCode discount={discount} />
      <GiftCardCode giftCard={giftCard} />
      {resumeCheckout ? <p role="status">{t('summary.signedInResume')}</p> : null}
      <Form method="post" action={localize('/cart')}>
        <button type="submit" name="intent" value="checkout" className="button order-summary__checkout" disabled={checkingOut}>
          {t('cart.checkout')}
        </button>
      </Form>
      <CheckoutTerms />
      <Link to={localize('/')} className="button button--ghost order-summary__continue">
        {t('cart.continueShopping')}
      </Link>
    </aside>
  );
}

/** What a gift card and store credit take off the total, and what is left to pay by card. */
function PaidWithBalances({ byCard, byCredit, toPay, last4 }: { byCard: number; byCredit: number; toPay: number; last4: string | null }) {
  const { locale, t } = useI18n();
  const euro = (cents: number) => formatEuro(cents, locale);
  return (
    <>
      {byCard > 0 && last4 ? (
        <div>
          <dt>{t('summary.giftCard', { last4 })}</dt>
          <dd data-testid="summary-gift-card">-{euro(byCard)}</dd>
        </div>
      ) : null}
      {byCredit > 0 ? (
        <div>
          <dt>{t('summary.storeCredit')}</dt>
          <dd data-testid="summary-store-credit">-{euro(byCredit)}</dd>
        </div>
      ) : null}
      {byCard + byCredit > 0 ? (
        <div className="order-summary__total">
          <dt>{t('summary.toPay')}</dt>
          <dd data-testid="summary-to-pay">{euro(toPay)}</dd>
        </div>
      ) : null}
    </>
  );
}

type DiscountActionData = { discountError?: string; code?: string } | undefined;

/**
 * The code form: one code per order. Without JavaScript it posts to /cart and the page comes back
 * with the new totals or the reason; with it, the same post runs in place.
 */
function DiscountCode({ discount }: { discount: AppliedDiscount | null }) {
  const fetcher = useFetcher<DiscountActionData>({ key: 'discount-code' });
  const actionData = useActionData<DiscountActionData>();
  const result = fetcher.data ?? actionData;
  const busy = fetcher.state !== 'idle';
  const { t } = useI18n();
  const localize = useLocalizedPath();
  if (discount) {
    return (
      <section className="discount-code" aria-labelledby="discount-code-title">
        <h3 id="discount-code-title" className="discount-code__title">
          {t('discount.title')}
        </h3>
        <p className="discount-code__applied">
          <strong>{discount.code}</strong>
          {discount.quote ? ` · ${discount.quote.description}` : null}
        </p>
        {discount.error ? (
          <p className="discount-code__error" role="alert" id="discount-code-error">
            {discount.error}
          </p>
        ) : null}
        <fetcher.Form method="post" action={localize('/cart')}>
          <button type="submit" name="intent" value="remove-discount" className="button button--ghost button--small" disabled={busy}>
            {t('discount.removeCode', { code: discount.code })}
          </button>
        </fetcher.Form>
      </section>
    );
  }
  return (
    <CodeEntryForm
      fetcher={fetcher}
      action={localize('/cart')}
      className="discount-code"
      inputId="discount-code-input"
      name="code"
      intent="apply-discount"
      title={t('discount.title')}
      button={t('discount.apply')}
      value={result?.code ?? ''}
      error={result?.discountError}
      busy={busy}
    />
  );
}
