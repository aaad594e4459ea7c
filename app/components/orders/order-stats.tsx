import { useI18n } from '~/lib/i18n';
import type { PurchaseStats } from '~/lib/purchases';

/** The stat cards of /orders (docs/product.md#orders), over all the shopper's orders whatever the search. */
export function OrderStats({ stats }: { stats: PurchaseStats | null }) {
  const { t } = useI18n();
  const cards = [
    { id: 'total-orders', label: t('orders.totalOrders'), value: stats?.total_orders },
    { id: 'delivered', label: t('orders.delivered'), value: stats?.delivered },
    { id: 'in-transit', label: t('orders.inTransit'), value: stats?.in_transit },
  ];
  return (
    <dl className="order-stats" aria-label={t('orders.stats')}>
      {cards.map((card) => (
        <div key={card.id} className="order-stats__card" data-testid={`stat-${card.id}`}>
          <dt>{card.label}</dt>
          <dd>{card.value ?? '–'}</dd>
        </div>
      ))}
    </dl>
  );
}
