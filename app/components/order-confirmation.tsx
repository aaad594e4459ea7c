import type { SerializeFrom } from '@remix-run/node';
import { Link } from '@remix-run/react';

import { addressLines } from '@contract/address';
import { displayAmount, displayCents } from '@contract/money';
import { optionLine } from '@contract/options';
import { orderNumber } from '@contract/order-number';
import { CART_RULES } from '@contract/shop-rules';
import { SHOP_TIME_ZONE } from '@contract/shop-time';

import type { CardView } from '~/lib/cards';
import type { PurchaseSuccess } from '~/lib/cart.server';
import { CART_MESSAGES } from '~/lib/messages';
import { receiptFileName, receiptPath } from '~/lib/receipt';

import { UnlockedCards } from './cards/unlocked-cards';
import { CopyButton } from './copy-button';

// Made once: a formatter costs far more to build than to use.
const longDateFormat = new Intl.DateTimeFormat('en-IE', { dateStyle: 'long', timeZone: SHOP_TIME_ZONE });
const longDate = (value: string | Date) => longDateFormat.format(new Date(value));

interface Props {
  order: SerializeFrom<PurchaseSuccess> | null;
  id: string | null;
  error: string | null;
  registered: boolean;
  /** Cards this purchase unlocked. */
  cards?: CardView[];
}

/** The order confirmation of docs/product.md#order-success, shown after a cart purchase or a quick purchase. */
export function OrderConfirmation({ order, id, error, registered, cards = [] }: Props) {
  if (error || !order) {
    const noId = error === CART_MESSAGES.noOrderId;
    return (
      <section className="order-confirmation" role="alert">
        <h1>{noId ? CART_MESSAGES.noOrderId : CART_MESSAGES.unableToLoadOrder}</h1>
        {noId ? null : <p>{error ?? CART_MESSAGES.noOrderData}</p>}
        <Link to="/" className="button">
          {CART_MESSAGES.returnToHome}
        </Link>
      </section>
    );
  }
  const date = order.date ?? order.created_at ?? new Date().toISOString();
  const number = order.order_number ?? orderNumber(order.purchase_id ?? id ?? '', date);
  const delivery = order.estimated_delivery ?? new Date(Date.parse(date) + CART_RULES.estimatedDeliveryDays * 86_400_000).toISOString();
  const email = order.customer_email ?? order.email;
  const address = addressLines(order.shipping_address);
  return (
    <section className="order-confirmation" aria-labelledby="order-title">
      <h1 id="order-title">Thank you for your order!</h1>
      <p>Your order has been placed and is being processed.</p>
      <UnlockedCards cards={cards} />
      <h2>Order Summary</h2>
      <dl className="order-confirmation__facts">
        <dt>Order number</dt>
        <dd>
          <span data-testid="order-number">{number}</span> <CopyButton text={number} label="Copy order number" />
        </dd>
        <dt>Order date</dt>
        <dd>{longDate(date)}</dd>
        <dt>Estimated delivery</dt>
        <dd>{longDate(delivery)}</dd>
        <dt>Status</dt>
        <dd className="order-status order-status--processing">{order.status ?? 'Processing'}</dd>
      </dl>
      {email ? <p>A confirmation email has been sent to {email}.</p> : null}
      <table>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Quantity</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item, index) => (
            <tr key={`${item.sku ?? item.name}-${index}`}>
              <td>
                {item.name}
                {item.variant_attributes?.length ? <div>{item.variant_attributes.map(optionLine).join(', ')}</div> : null}
                {item.sku ? <div>SKU: {item.sku}</div> : null}
              </td>
              <td>{item.quantity}</td>
              <td>{displayAmount(item.price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="order-confirmation__totals">
        {/* Amounts by the display rules of docs/product.md#constants, as on /orders: a missing shipping or tax is €0.00. */}
        <dt>Subtotal</dt>
        <dd data-testid="order-subtotal">{displayAmount(order.subtotal ?? order.total)}</dd>
        <dt>Shipping</dt>
        <dd data-testid="order-shipping">{displayAmount(order.shipping_cost)}</dd>
        <dt>Tax (included)</dt>
        <dd>{displayAmount(order.tax)}</dd>
        {typeof order.discount === 'number' && order.discount > 0 ? (
          <>
            <dt>Discount{order.discount_code ? ` (${order.discount_code})` : ''}</dt>
            <dd data-testid="order-discount">-{displayCents(order.discount)}</dd>
          </>
        ) : null}
        <dt>Total</dt>
        <dd data-testid="order-total">{displayAmount(order.total)}</dd>
      </dl>
      {address.length ? (
        <>
          <h2>Delivery Address</h2>
          <address>
            {address.map((line) => (
              <div key={line}>{line}</div>
            ))}
          </address>
        </>
      ) : null}
      <h2>Payment Method</h2>
      <p>{order.payment_method || CART_MESSAGES.defaultPaymentMethod}</p>
      <h2>What happens next?</h2>
      <ol>
        <li>We confirm your order by email.</li>
        <li>We pack your items and hand them to the carrier.</li>
        <li>Your order arrives at your door.</li>
      </ol>
      <div className="button-row">
        {registered ? (
          <Link to="/orders" className="button button--ghost">
            {CART_MESSAGES.viewOrderHistory}
          </Link>
        ) : null}
        {registered && order.purchase_id ? (
          // A plain link: the PDF comes as an attachment, with or without JavaScript.
          <a href={receiptPath(order.purchase_id)} className="button button--ghost" download={receiptFileName(order.purchase_id)}>
            {CART_MESSAGES.downloadReceipt}
          </a>
        ) : null}
        <Link to="/" className="button">
          {CART_MESSAGES.continueShopping}
        </Link>
      </div>
      {registered ? null : (
        <p>
          Save your details for next time: <Link to="/register">Create Account</Link>
        </p>
      )}
    </section>
  );
}
