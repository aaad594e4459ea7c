import type { SerializeFrom } from '@remix-run/node';

import { displayAmount, displayCents } from '@contract/money';
import { optionLine } from '@contract/options';
import { trackingUrl } from '@contract/tracking';

import { OrderReturns } from '~/components/returns/order-returns';
import { ACCOUNT_MESSAGES, GUEST_ACCOUNT_MESSAGES } from '~/lib/messages';
import { addressLines, type PurchaseDetail } from '~/lib/purchases';
import { RETURN_MESSAGES } from '~/lib/returns-messages';

import { GUEST_ACCOUNT_PANEL_ID } from './guest-account-panel';

type Detail = SerializeFrom<PurchaseDetail>;
type Amount = Detail['total'];

/** docs/product.md#orders: the discount line shows only when it is above 0. */
function aboveZero(amount: Amount): boolean {
  if (typeof amount === 'number') return amount > 0;
  if (typeof amount === 'string') return Number(amount.replace(/[^0-9.-]/g, '')) > 0;
  return false;
}

/** The receipt the storefront serves for an order, and the name it is saved under (docs/product.md#receipts). */
export function receiptLink(purchaseId: string) {
  return { href: `/orders/${encodeURIComponent(purchaseId)}/receipt`, fileName: `receipt_${purchaseId.slice(0, 8)}.pdf` };
}

/** An expanded order card (docs/product.md#orders). */
export function OrderDetail({ detail, receipts }: { detail: Detail; receipts: boolean }) {
  const tracking = detail.tracking_number?.trim() || ACCOUNT_MESSAGES.pending;
  const trackUrl = trackingUrl(detail.carrier, detail.tracking_number);
  const address = addressLines(detail.shipping_address);
  const receipt = receiptLink(detail.purchase_id);
  return (
    <div className="order-detail">
      <dl className="order-detail__facts">
        <dt>Full Order ID</dt>
        <dd className="order-detail__id" data-testid="full-order-id">
          {detail.purchase_id}
        </dd>
      </dl>

      <h3>Items</h3>
      <ul className="order-detail__items">
        {detail.items.map((item, index) => (
          <li key={`${item.sku ?? item.name}-${index}`} className="order-line">
            <p className="order-line__name">{item.name}</p>
            {item.variant_attributes.length ? (
              <ul className="order-line__chips" aria-label="Options">
                {item.variant_attributes.map((attribute) => (
                  <li key={attribute.attribute_name} className="chip">
                    {optionLine(attribute)}
                  </li>
                ))}
              </ul>
            ) : item.variant ? (
              <p className="order-line__variant">{item.variant}</p>
            ) : null}
            <dl className="order-line__facts">
              {item.sku ? (
                <div>
                  <dt>SKU</dt>
                  <dd>{item.sku}</dd>
                </div>
              ) : null}
              <div>
                <dt>Quantity</dt>
                <dd>{item.quantity}</dd>
              </div>
              <div>
                <dt>Price</dt>
                <dd>{displayAmount(item.price)}</dd>
              </div>
              {item.refunded_quantity > 0 ? (
                <div>
                  <dt>Refunded</dt>
                  <dd>{item.refunded_quantity}</dd>
                </div>
              ) : null}
            </dl>
          </li>
        ))}
      </ul>

      <OrderReturns returns={detail.returns} />

      <dl className="order-detail__totals" data-testid="order-totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{displayAmount(detail.subtotal)}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd>{displayAmount(detail.shipping)}</dd>
        </div>
        <div>
          <dt>Tax (included)</dt>
          <dd>{displayAmount(detail.tax)}</dd>
        </div>
        {aboveZero(detail.discount) ? (
          <div>
            <dt>Discount</dt>
            <dd>
              -{displayCents(detail.discount)}
              {detail.discount_code ? <span className="order-detail__code"> ({detail.discount_code})</span> : null}
            </dd>
          </div>
        ) : null}
        <div className="order-detail__total">
          <dt>Total</dt>
          <dd>{displayAmount(detail.total)}</dd>
        </div>
        {detail.refunded_total > 0 ? (
          <>
            <div>
              <dt>Refunded</dt>
              <dd>-{displayCents(detail.refunded_total)}</dd>
            </div>
            {typeof detail.total === 'number' ? (
              <div className="order-detail__total">
                <dt>Paid after refunds</dt>
                <dd>{displayCents(detail.total - detail.refunded_total)}</dd>
              </div>
            ) : null}
          </>
        ) : null}
      </dl>

      <div className="order-detail__columns">
        <div>
          <h3>Delivery Information</h3>
          <dl className="order-detail__facts">
            <dt>Tracking Number</dt>
            <dd data-testid="tracking-number">{tracking}</dd>
            <dt>Carrier</dt>
            <dd>{detail.carrier?.trim() || ACCOUNT_MESSAGES.pending}</dd>
            {address.length ? (
              <>
                <dt>Shipping Address</dt>
                <dd>
                  <address>
                    {address.map((line) => (
                      <div key={line}>{line}</div>
                    ))}
                  </address>
                </dd>
              </>
            ) : null}
          </dl>
        </div>
        <div>
          <h3>Payment Method</h3>
          <p>{detail.payment_method}</p>
        </div>
      </div>

      <div className="button-row">
        {trackUrl ? (
          <a href={trackUrl} className="button button--small" target="_blank" rel="noopener noreferrer">
            {ACCOUNT_MESSAGES.trackOrder}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : null}
        {receipts ? (
          <a href={receipt.href} download={receipt.fileName} className="button button--ghost button--small">
            {ACCOUNT_MESSAGES.downloadReceipt}
          </a>
        ) : null}
        {detail.return_window_ends_at ? (
          <a href={`/orders/${encodeURIComponent(detail.purchase_id)}/return`} className="button button--ghost button--small">
            {RETURN_MESSAGES.returnOrExchange}
          </a>
        ) : null}
      </div>
      {receipts ? null : (
        <p className="order-detail__note">
          <a href={`#${GUEST_ACCOUNT_PANEL_ID}`}>{GUEST_ACCOUNT_MESSAGES.receiptsNeedAccount}</a>
        </p>
      )}
    </div>
  );
}
