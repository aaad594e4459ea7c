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
import { type Locale, useI18n } from '~/lib/i18n';
import { paymentMethodLabel, statusLabel } from '~/lib/order-words';
import { receiptFileName, receiptPath } from '~/lib/receipt';

import { UnlockedCards } from './cards/unlocked-cards';
import { CopyButton } from './copy-button';
import { useLocalizedPath } from './shop-link';

// Made once: a formatter costs far more to build than to use.
const longDateFormat = {
  en: new Intl.DateTimeFormat('en-IE', { dateStyle: 'long', timeZone: SHOP_TIME_ZONE }),
  it: new Intl.DateTimeFormat('it-IT', { dateStyle: 'long', timeZone: SHOP_TIME_ZONE }),
};
const longDate = (value: string | Date, locale: Locale) => longDateFormat[locale].format(new Date(value));

interface Props {
  order: SerializeFrom<PurchaseSuccess> | null;
  id: string | null;
  /** What went wrong, in the page's language; `noOrderId` when the address named no order. */
  error: string | null;
  noOrderId?: boolean;
  registered: boolean;
  /** Cards this purchase unlocked. */
  cards?: CardView[];
}

/** The order confirmation of docs/product.md#order-success, shown after a cart purchase or a quick purchase. */
export function OrderConfirmation({ order, id, error, noOrderId = false, registered, cards = [] }: Props) {
  const { locale, t } = useI18n();
  const localize = useLocalizedPath();
  if (error || !order) {
    return (
      <section className="order-confirmation" role="alert">
        <h1>{noOrderId ? t('order.noOrderId') : t('order.unableToLoad')}</h1>
        {noOrderId ? null : <p>{error ?? t('order.noData')}</p>}
        <Link to={localize('/')} className="button">
          {t('order.returnToHome')}
        </Link>
      </section>
    );
  }
  const date = order.date ?? order.created_at ?? new Date().toISOString();
  const number = order.order_number ?? orderNumber(order.purchase_id ?? id ?? '', date);
  const delivery = order.estimated_delivery ?? new Date(Date.parse(date) + CART_RULES.estimatedDeliveryDays * 86_400_000).toISOString();
  const email = order.customer_email ?? order.email;
  const address = addressLines(order.shipping_address, locale);
  return (
    <section className="order-confirmation" aria-labelledby="order-title">
      <h1 id="order-title">{t('order.thankYou')}</h1>
      <p>{t('order.placed')}</p>
      <UnlockedCards cards={cards} />
      <h2>{t('order.summary')}</h2>
      <dl className="order-confirmation__facts">
        <dt>{t('order.number')}</dt>
        <dd>
          <span data-testid="order-number">{number}</span> <CopyButton text={number} label={t('order.copyNumber')} />
        </dd>
        <dt>{t('order.date')}</dt>
        <dd>{longDate(date, locale)}</dd>
        <dt>{t('order.estimatedDelivery')}</dt>
        <dd>{longDate(delivery, locale)}</dd>
        <dt>{t('order.status')}</dt>
        <dd className="order-status order-status--processing">{statusLabel(order.status ?? 'Processing', t)}</dd>
      </dl>
      {email ? <p>{t('order.emailSent', { email })}</p> : null}
      <OrderLines order={order} />
      {address.length ? (
        <>
          <h2>{t('order.deliveryAddress')}</h2>
          <address>
            {address.map((line) => (
              <div key={line}>{line}</div>
            ))}
          </address>
        </>
      ) : null}
      <h2>{t('order.paymentMethod')}</h2>
      <p>{order.payment_method ? paymentMethodLabel(order.payment_method, t) : t('payment.card')}</p>
      <h2>{t('order.whatNext')}</h2>
      <ol>
        <li>{t('order.next1')}</li>
        <li>{t('order.next2')}</li>
        <li>{t('order.next3')}</li>
      </ol>
      <div className="button-row">
        {registered ? (
          <Link to={localize('/orders')} className="button button--ghost">
            {t('order.viewHistory')}
          </Link>
        ) : null}
        {registered && order.purchase_id ? (
          // A plain link: the PDF comes as an attachment, with or without JavaScript.
          <a href={receiptPath(order.purchase_id)} className="button button--ghost" download={receiptFileName(order.purchase_id)}>
            {t('order.downloadReceipt')}
          </a>
        ) : null}
        <Link to={localize('/')} className="button">
          {t('order.continueShopping')}
        </Link>
      </div>
      {registered ? null : (
        <p>
          {t('order.saveDetails')} <Link to={localize('/register')}>{t('order.createAccount')}</Link>
        </p>
      )}
    </section>
  );
}

/** The order's lines, its totals and what a gift card or store credit paid (docs/product.md#order-success). */
function OrderLines({ order }: { order: SerializeFrom<PurchaseSuccess> }) {
  const { locale, t } = useI18n();
  return (
    <>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('order.item')}</th>
            <th scope="col">{t('order.quantity')}</th>
            <th scope="col">{t('order.price')}</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item, index) => (
            <tr key={`${item.sku ?? item.name}-${index}`}>
              <td>
                {item.name}
                {item.variant_attributes?.length ? (
                  <div>{item.variant_attributes.map((option) => optionLine(option, locale)).join(', ')}</div>
                ) : null}
                {item.sku ? <div>{t('order.sku', { sku: item.sku })}</div> : null}
              </td>
              <td>{item.quantity}</td>
              <td>{displayAmount(item.price, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="order-confirmation__totals">
        {/* Amounts by the display rules of docs/product.md#constants, as on /orders: a missing shipping or tax is €0.00. */}
        <dt>{t('order.subtotal')}</dt>
        <dd data-testid="order-subtotal">{displayAmount(order.subtotal ?? order.total, locale)}</dd>
        <dt>{t('order.shipping')}</dt>
        <dd data-testid="order-shipping">{displayAmount(order.shipping_cost, locale)}</dd>
        <dt>{t('order.taxIncluded')}</dt>
        <dd>{displayAmount(order.tax, locale)}</dd>
        {typeof order.discount === 'number' && order.discount > 0 ? (
          <>
            <dt>{order.discount_code ? t('order.discountWithCode', { code: order.discount_code }) : t('order.discount')}</dt>
            <dd data-testid="order-discount">-{displayCents(order.discount, locale)}</dd>
          </>
        ) : null}
        <dt>{t('order.total')}</dt>
        <dd data-testid="order-total">{displayAmount(order.total, locale)}</dd>
        {order.gift_card_amount ? (
          <>
            <dt>{t('order.paidByGiftCard', { last4: order.gift_card_last4 ?? '' })}</dt>
            <dd data-testid="order-gift-card">-{displayCents(order.gift_card_amount, locale)}</dd>
          </>
        ) : null}
        {order.store_credit_amount ? (
          <>
            <dt>{t('order.paidByStoreCredit')}</dt>
            <dd data-testid="order-store-credit">-{displayCents(order.store_credit_amount, locale)}</dd>
          </>
        ) : null}
      </dl>
    </>
  );
}
