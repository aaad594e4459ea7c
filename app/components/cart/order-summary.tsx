import { Form, Link, useNavigation, useSubmit } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { cartSummary } from '@contract/totals';
import { CART_MESSAGES } from '~/lib/messages';
import { formatEuro } from '@contract/money';

/** The cart's order summary (docs/product.md#cart, docs/product.md#constants) with the Checkout button and the policy links. */
export function OrderSummary({ totalCents, resumeCheckout = false }: { totalCents: number; resumeCheckout?: boolean }) {
  const summary = cartSummary(totalCents);
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
        <div>
          <dt>Subtotal (excluding tax)</dt>
          <dd data-testid="summary-subtotal">{formatEuro(summary.subtotalExcludingTax)}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd data-testid="summary-shipping">{summary.shipping === 0 ? 'Free' : formatEuro(summary.shipping)}</dd>
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
