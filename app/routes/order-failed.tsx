import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link } from '@remix-run/react';

import { requireUser } from '~/lib/auth.server';
import type { NavigationHandle } from '~/lib/navigation';
import { pageTitle } from '~/lib/page-title';
import cartStyles from '~/styles/cart.css';

export const handle: NavigationHandle = { pageTitle: 'Order Failed' };

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: cartStyles }];

export const meta: MetaFunction = () => [{ title: pageTitle('Order Failed') }, { name: 'robots', content: 'noindex' }];

/** Static demo content (docs/product.md#demo-pages): the error shown is a fixed sample, not a real one. */
const SAMPLE_ERROR = { code: 'CARD_DECLINED', message: 'Your card was declined by the issuing bank.' };

const COMMON_REASONS = [
  'Insufficient funds on the card',
  'Card number, expiry date or CVC entered incorrectly',
  'The card has expired',
  'The bank blocked the payment or online payments are switched off for the card',
  'Secure authentication (3-D Secure) was not completed',
  'The connection was interrupted while paying',
];

/** Registered shoppers only, as the route table says (docs/product.md#demo-pages, docs/product.md#roles). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { requireRegistered: true });
  return json(null, { headers: { 'Cache-Control': 'private, no-store' } });
}

export default function OrderFailed() {
  return (
    <section className="order-confirmation order-failed" aria-labelledby="order-failed-title">
      <h1 id="order-failed-title">Payment Failed</h1>
      <p>We could not complete your purchase. No payment was taken and your cart is still there.</p>
      <div className="notice notice--error" role="alert">
        <p>
          <strong>Error code:</strong> {SAMPLE_ERROR.code}
        </p>
        <p>{SAMPLE_ERROR.message}</p>
      </div>
      <div className="button-row">
        {/* Try Again starts the checkout of the cart once more. */}
        <Form method="post" action="/cart">
          <button type="submit" name="intent" value="checkout" className="button">
            Try Again
          </button>
        </Form>
        <Link to="/cart" className="button button--ghost">
          View Cart &amp; Retry
        </Link>
        <Link to="/" className="button button--ghost">
          Back to Shopping
        </Link>
      </div>
      <h2>Common reasons a payment fails</h2>
      <ul>
        {COMMON_REASONS.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <h2>Still stuck?</h2>
      <p>Our team can look at your payment with you.</p>
      <p>
        <Link to="/contact?reason=purchase_error" className="button button--ghost">
          Contact Support
        </Link>
      </p>
      <p>Average response time: Under 2 hours</p>
    </section>
  );
}
