import type { SerializeFrom } from '@remix-run/node';
import { Link } from '@remix-run/react';

import type { Return } from '@contract/api/returns';

import { RETURN_STATUS_KEYS } from '~/lib/admin/order-words';
import { useI18n } from '~/lib/i18n';

/** An order's returns on its back-office page, each a link to where it is received, refunded or shipped (ADR 032). */
export function AdminOrderReturns({ returns }: { returns: SerializeFrom<Return>[] }) {
  const { t } = useI18n();
  if (returns.length === 0) return null;
  return (
    <section aria-labelledby="returns-heading">
      <h2 id="returns-heading">{t('adminOrders.returns')}</h2>
      <ul>
        {returns.map((item) => (
          <li key={item.id}>
            <Link to={`/admin/returns/${item.number}`}>{item.number}</Link>: {t(RETURN_STATUS_KEYS[item.status])},{' '}
            {item.lines
              .map(
                (line) =>
                  `${line.quantity} × ${line.sku}${line.exchange ? ` ${t('adminOrders.returns.exchangeFor', { sku: line.exchange.sku })}` : ''}`,
              )
              .join(', ')}
            {item.tracking_number
              ? ` ${t('adminOrders.returns.parcel', { carrier: item.carrier ?? '', tracking: item.tracking_number })}`
              : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
