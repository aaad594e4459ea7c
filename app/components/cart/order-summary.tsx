import { Form, Link, useActionData, useFetcher, useNavigation, useSubmit } from '@remix-run/react';
import type { AppliedDiscount } from '~/routes/cart';
import { useEffect, useRef } from 'react';
import { cartSummary } from '@contract/totals';
import { CART_MESSAGES } from '~/lib/messages';
import { formatEuro } from '@contract/money';

/** The cart's order summary (docs/product.md#cart, docs/product.md#constants) with the Checkout button and the policy links. */
export function OrderSummary({ totalCents, resumeCheckout = false, discount = null }: { totalCents: number; resumeCheckout?: boolean; discount?: AppliedDiscount | null }) {
  const quote = discount?.quote ?? null;
  const summary = cartSummary(totalCents, quote ? { discount: quote.discount, freeShipping: quote.free_shipping } : undefined);
  const navigation = useNavigation();
  const submit = useSubmit();
  const resumed = useRef(false);
  // With JavaScript a checkout interrupted by the sign-in goes on by itself; without, Checkout is pressed again.
  useEffect(() => {
    if (!resumeCheckout || resumed.current) return;
    resumed.current = true;
    submit({ intent: 'checkout' }, { method: 'post', action: '/cart', replace: true });
  }, [resumeCheckout, submit]);
  const checkingOut = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'checkout';
  return (
    <aside className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">Order Summary</h2>
      <dl>
        {quote ? (
          <>
            <div>
              <dt>Items</dt>
              <dd data-testid="summary-items">{formatEuro(summary.itemsTotal)}</dd>
            </div>
            <div className="order-summary__discount">
              <dt>Discount ({quote.code})</dt>
              <dd data-testid="summary-discount">{quote.discount > 0 ? `-${formatEuro(summary.discount)}` : quote.description}</dd>
            </div>
          </>
        ) : null}
        <div>
          <dt>Subtotal (excluding tax)</dt>
          <dd data-testid="summary-subtotal">{formatEuro(summary.subtotalExcludingTax)}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd data-testid="summary-shipping">{formatEuro(summary.shipping)}</dd>
        </div>
        <div>
          <dt>Tax (22% included)</dt>
          <dd data-testid="summary-tax">{formatEuro(summary.tax)}</dd>
        </div>
        <div className="order-summary__total">
          <dt>Total</dt>
          <dd data-testid="summary-total">{formatEuro(summary.finalTotal)}</dd>
        </div>
      </dl>
      {summary.freeShippingRemaining !== null ? (
        <p className="order-summary__hint">{CART_MESSAGES.freeShippingHint(formatEuro(summary.freeShippingRemaining))}</p>
      ) : null}
      <DiscountCode discount={discount} />
      {resumeCheckout ? <p role="status">You are signed in. Press Checkout to go on to payment.</p> : null}
      <Form method="post" action="/cart">
        <button type="submit" name="intent" value="checkout" className="button order-summary__checkout" disabled={checkingOut}>
          {CART_MESSAGES.checkout}
        </button>
      </Form>
      <Link to="/" className="button button--ghost order-summary__continue">
        {CART_MESSAGES.continueShopping}
      </Link>
      <p className="order-summary__policies">
        <Link to="/terms-and-conditions">Terms and Conditions</Link> · <Link to="/privacy-policy">Privacy Policy</Link>
      </p>
    </aside>
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
  if (discount) {
    return (
      <section className="discount-code" aria-labelledby="discount-code-title">
        <h3 id="discount-code-title" className="discount-code__title">
          Discount code
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
        <fetcher.Form method="post" action="/cart">
          <button type="submit" name="intent" value="remove-discount" className="button button--ghost button--small" disabled={busy}>
            Remove code {discount.code}
          </button>
        </fetcher.Form>
      </section>
    );
  }
  const error = result?.discountError;
  return (
    <fetcher.Form method="post" action="/cart" className="discount-code" noValidate>
      <label htmlFor="discount-code-input" className="discount-code__title">
        Discount code
      </label>
      <div className="discount-code__row">
        <input
          id="discount-code-input"
          name="code"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          defaultValue={result?.code ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'discount-code-error' : undefined}
        />
        <button type="submit" name="intent" value="apply-discount" className="button button--small" disabled={busy}>
          Apply
        </button>
      </div>
      {error ? (
        <p className="discount-code__error" role="alert" id="discount-code-error">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
