import type { SerializeFrom } from '@remix-run/node';

import { displayAmount, displayCents } from '@contract/money';
import { optionLine } from '@contract/options';
import { trackingUrl } from '@contract/tracking';

import { OrderReturns } from '~/components/returns/order-returns';
import { localizedPath, useI18n } from '~/lib/i18n';
import { paymentMethodLabel } from '~/lib/order-words';
import { addressLines, type PurchaseDetail } from '~/lib/purchases';

import { GUEST_ACCOUNT_PANEL_ID } from './guest-account-panel';
import { WithdrawalNotice } from './withdrawal-notice';

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
  const { locale, t } = useI18n();
  const tracking = detail.tracking_number?.trim() || t('detail.pending');
  const trackUrl = detail.tracking_url ?? trackingUrl(detail.carrier, detail.tracking_number);
  const address = addressLines(detail.shipping_address, locale);
  const receipt = receiptLink(detail.purchase_id);
  return (
    <div className="order-detail">
      <dl className="order-detail__facts">
        <dt>{t('detail.fullOrderId')}</dt>
        <dd className="order-detail__id" data-testid="full-order-id">
          {detail.purchase_id}
        </dd>
      </dl>

      <h3>{t('detail.items')}</h3>
      <OrderItems items={detail.items} />

      <OrderReturns returns={detail.returns} />

      <OrderTotals detail={detail} />

      <div className="order-detail__columns">
        <div>
          <h3>{t('detail.delivery')}</h3>
          <dl className="order-detail__facts">
            <dt>{t('detail.tracking')}</dt>
            <dd data-testid="tracking-number">{tracking}</dd>
            <dt>{t('detail.carrier')}</dt>
            <dd>{detail.carrier?.trim() || t('detail.pending')}</dd>
            {address.length ? (
              <>
                <dt>{t('detail.shippingAddress')}</dt>
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
          <h3>{t('detail.payment')}</h3>
          <p>{paymentMethodLabel(detail.payment_method, t)}</p>
        </div>
      </div>

      <div className="button-row">
        {trackUrl ? (
          <a href={trackUrl} className="button button--small" target="_blank" rel="noopener noreferrer">
            {t('detail.trackOrder')}
            <span className="visually-hidden"> {t('detail.newTab')}</span>
          </a>
        ) : null}
        {receipts ? (
          <a href={receipt.href} download={receipt.fileName} className="button button--ghost button--small">
            {t('detail.downloadReceipt')}
          </a>
        ) : null}
        {detail.return_window_ends_at ? (
          <a
            href={localizedPath(`/orders/${encodeURIComponent(detail.purchase_id)}/return`, locale)}
            className="button button--ghost button--small"
          >
            {t('detail.returnOrExchange')}
          </a>
        ) : null}
      </div>
      {receipts ? null : (
        <p className="order-detail__note">
          <a href={`#${GUEST_ACCOUNT_PANEL_ID}`}>{t('guest.receiptsNeedAccount')}</a>
        </p>
      )}
      <WithdrawalNotice detail={detail} />
    </div>
  );
}

/** The order's lines: name, options (or the variant's text), SKU, quantity, price and what was refunded. */
function OrderItems({ items }: { items: Detail['items'] }) {
  const { locale, t } = useI18n();
  return (
    <ul className="order-detail__items">
      {items.map((item, index) => (
        <li key={`${item.sku ?? item.name}-${index}`} className="order-line">
          <p className="order-line__name">{item.name}</p>
          {item.variant_attributes.length ? (
            <ul className="order-line__chips" aria-label={t('detail.options')}>
              {item.variant_attributes.map((attribute) => (
                <li key={attribute.attribute_name} className="chip">
                  {optionLine(attribute, locale)}
                </li>
              ))}
            </ul>
          ) : item.variant ? (
            <p className="order-line__variant">{item.variant}</p>
          ) : null}
          <dl className="order-line__facts">
            {item.sku ? (
              <div>
                <dt>{t('detail.sku')}</dt>
                <dd>{item.sku}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('detail.quantity')}</dt>
              <dd>{item.quantity}</dd>
            </div>
            <div>
              <dt>{t('detail.price')}</dt>
              <dd>{displayAmount(item.price, locale)}</dd>
            </div>
            {item.refunded_quantity > 0 ? (
              <div>
                <dt>{t('detail.refunded')}</dt>
                <dd>{item.refunded_quantity}</dd>
              </div>
            ) : null}
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** Subtotal, shipping, tax, the discount (above 0 only), the total and what was refunded. */
function OrderTotals({ detail }: { detail: Detail }) {
  const { locale, t } = useI18n();
  return (
    <dl className="order-detail__totals" data-testid="order-totals">
      <div>
        <dt>{t('detail.subtotal')}</dt>
        <dd>{displayAmount(detail.subtotal, locale)}</dd>
      </div>
      <div>
        <dt>{t('detail.shipping')}</dt>
        <dd>{displayAmount(detail.shipping, locale)}</dd>
      </div>
      <div>
        <dt>{t('detail.tax')}</dt>
        <dd>{displayAmount(detail.tax, locale)}</dd>
      </div>
      {aboveZero(detail.discount) ? (
        <div>
          <dt>{t('detail.discount')}</dt>
          <dd>
            -{displayCents(detail.discount, locale)}
            {detail.discount_code ? <span className="order-detail__code"> ({detail.discount_code})</span> : null}
          </dd>
        </div>
      ) : null}
      <div className="order-detail__total">
        <dt>{t('detail.total')}</dt>
        <dd>{displayAmount(detail.total, locale)}</dd>
      </div>
      {detail.refunded_total > 0 ? (
        <>
          <div>
            <dt>{t('detail.refundedTotal')}</dt>
            <dd>-{displayCents(detail.refunded_total, locale)}</dd>
          </div>
          {typeof detail.total === 'number' ? (
            <div className="order-detail__total">
              <dt>{t('detail.paidAfterRefunds')}</dt>
              <dd>{displayCents(detail.total - detail.refunded_total, locale)}</dd>
            </div>
          ) : null}
        </>
      ) : null}
    </dl>
  );
}
