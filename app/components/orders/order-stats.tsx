import type { PurchaseStats } from '~/lib/purchases';

/** The stat cards of /orders (docs/product.md#orders), over all the shopper's orders whatever the search. */
export function OrderStats({ stats }: { stats: PurchaseStats | null }) {
  const cards = [
    { label: 'Total Orders', value: stats?.total_orders },
    { label: 'Delivered', value: stats?.delivered },
    { label: 'In Transit', value: stats?.in_transit },
  ];
  return (
    <dl className="order-stats" aria-label="Order statistics">
      {cards.map((card) => (
        <div key={card.label} className="order-stats__card" data-testid={`stat-${card.label.toLowerCase().replace(/\s+/g, '-')}`}>
          <dt>{card.label}</dt>
          <dd>{card.value ?? '–'}</dd>
        </div>
      ))}
    </dl>
  );
}
