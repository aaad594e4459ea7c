import type { SerializeFrom } from '@remix-run/node';

import { addressLines } from '@contract/address';
import type { OrderDetail } from '@contract/api/admin';
import type { AuditEntry } from '@contract/api/staff';
import { formatEuro } from '@contract/money';
import { shopClock } from '@contract/shop-time';
import { trackingUrl } from '@contract/tracking';

import { describeChange } from '~/components/admin/audit-entries';
import { TableScroll } from '~/components/admin/table-scroll';
import { buyerLabel, orderStatusLabel } from '~/lib/admin/order-words';
import { useI18n } from '~/lib/i18n';

/** An order's status, when it was placed, by whom, how it was paid and its parcel. */
export function OrderFacts({ order }: { order: OrderDetail }) {
  const { t } = useI18n();
  const link = order.tracking_url ?? trackingUrl(order.carrier, order.tracking_number);
  return (
    <dl className="admin-facts">
      <dt>{t('adminOrders.status')}</dt>
      <dd>{orderStatusLabel(order.status, t)}</dd>
      <dt>{t('adminOrders.facts.placed')}</dt>
      <dd>{shopClock(order.created_at)}</dd>
      <dt>{t('adminOrders.customer')}</dt>
      <dd>{buyerLabel(order.customer_email, t)}</dd>
      <dt>{t('adminOrders.facts.payment')}</dt>
      <dd>{order.payment_method}</dd>
      <dt>{t('adminOrders.tracking')}</dt>
      <dd>
        {order.tracking_number ? (
          link ? (
            <a href={link} rel="noreferrer">
              {order.carrier} {order.tracking_number}
            </a>
          ) : (
            `${order.carrier} ${order.tracking_number}`
          )
        ) : (
          t('adminOrders.facts.notShipped')
        )}
      </dd>
    </dl>
  );
}

/** What was bought, what it cost, and where it goes. */
export function OrderItems({ order }: { order: OrderDetail }) {
  const { locale, t } = useI18n();
  const euro = (cents: number) => formatEuro(cents, locale);
  const address = addressLines(order.shipping_address, locale);
  return (
    <>
      <h2>{t('adminOrders.items')}</h2>
      <TableScroll label={t('adminOrders.items')}>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t('adminOrders.item')}</th>
              <th scope="col">SKU</th>
              <th scope="col">{t('adminOrders.quantity')}</th>
              <th scope="col">{t('adminOrders.items.price')}</th>
              <th scope="col">{t('adminOrders.items.subtotal')}</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={`${item.sku}-${item.variant}`}>
                <td>
                  {item.name}
                  {item.variant ? ` (${item.variant})` : ''}
                </td>
                <td>{item.sku}</td>
                <td>{item.quantity}</td>
                <td>{euro(item.price)}</td>
                <td>{euro(item.subtotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <dl className="admin-facts">
        <dt>{t('adminOrders.items')}</dt>
        <dd>{euro(order.subtotal)}</dd>
        <dt>{t('adminOrders.items.shipping')}</dt>
        <dd>{euro(order.shipping_cost)}</dd>
        {order.discount > 0 || order.discount_code ? (
          <>
            <dt>
              {order.discount_code ? t('adminOrders.items.discountCode', { code: order.discount_code }) : t('adminOrders.items.discount')}
            </dt>
            <dd>{order.discount > 0 ? `-${euro(order.discount)}` : t('adminOrders.items.freeShipping')}</dd>
          </>
        ) : null}
        <dt>{t('adminOrders.items.totalPaid')}</dt>
        <dd>{euro(order.total)}</dd>
        <dt>{t('adminOrders.items.vat')}</dt>
        <dd>{euro(order.tax)}</dd>
      </dl>

      <h2>{t('adminOrders.deliverTo')}</h2>
      {address.length ? (
        <address>
          {address.map((line) => (
            <span key={line} className="admin-address-line">
              {line}
            </span>
          ))}
        </address>
      ) : (
        <p>{t('adminOrders.noAddress')}</p>
      )}
    </>
  );
}

/** Newest first: changes, refunds and the emails the buyer was sent, back to the payment. */
export function OrderHistory({ order, history }: { order: OrderDetail; history: SerializeFrom<AuditEntry>[] }) {
  const { locale, t } = useI18n();
  return (
    <>
      <h2>{t('adminOrders.history')}</h2>
      <ol className="admin-history">
        {history.map((entry, index) => (
          <li key={`${entry.at}-${index}`}>
            <time dateTime={entry.at}>{shopClock(entry.at)}</time> {entry.actor}: {entry.action}
            {entry.after ? ` (${describeChange(entry.after)})` : ''}
          </li>
        ))}
        <li>
          <time dateTime={order.created_at}>{shopClock(order.created_at)}</time> {buyerLabel(order.customer_email, t)}:{' '}
          {t('adminOrders.history.paid', { amount: formatEuro(order.total, locale), method: order.payment_method })}
        </li>
      </ol>
    </>
  );
}
