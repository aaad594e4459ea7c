import type { Demand } from '@contract/api/insights';

import { useI18n } from '~/lib/i18n';

import { TableScroll } from './table-scroll';

/** Demand per variant, most wanted first (issue 41): what to restock or re-drop. */
export function DemandTable({ demand, abandonedHours }: { demand: Demand; abandonedHours: number }) {
  const { t } = useI18n();
  if (!demand.length) return <p>{t('adminPeople.demand.none')}</p>;
  return (
    <TableScroll label={t('adminPeople.demand.label')}>
      <table className="admin-table">
        <caption>{t('adminPeople.demand.caption', { hours: abandonedHours })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('adminPeople.demand.variant')}</th>
            <th scope="col">{t('adminPeople.figures.sku')}</th>
            <th scope="col">{t('adminPeople.figures.inStock')}</th>
            <th scope="col">{t('adminPeople.demand.notifyWaiting')}</th>
            <th scope="col">{t('adminPeople.demand.wishlists')}</th>
            <th scope="col">{t('adminPeople.demand.cartsAbandoned')}</th>
            <th scope="col">{t('adminPeople.figures.sold')}</th>
            <th scope="col">{t('adminPeople.figures.sellThrough')}</th>
          </tr>
        </thead>
        <tbody>
          {demand.map((row) => (
            <tr key={row.sku}>
              <th scope="row">
                {row.product_name}
                {row.variant ? ` (${row.variant})` : ''}
              </th>
              <td>{row.sku}</td>
              <td>{row.stock_quantity}</td>
              <td>{row.notify_waiting}</td>
              <td>{row.wishlists}</td>
              <td>{row.carts_abandoned}</td>
              <td>{row.sold}</td>
              <td>{Math.round(row.sell_through * 100)}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
