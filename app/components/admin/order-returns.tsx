import type { SerializeFrom } from '@remix-run/node';
import { Link } from '@remix-run/react';

import type { Return } from '@contract/api/returns';
import { RETURN_STATUS_LABELS } from '@contract/returns';

/** An order's returns on its back-office page, each a link to where it is received, refunded or shipped (ADR 032). */
export function AdminOrderReturns({ returns }: { returns: SerializeFrom<Return>[] }) {
  if (returns.length === 0) return null;
  return (
    <section aria-labelledby="returns-heading">
      <h2 id="returns-heading">Returns</h2>
      <ul>
        {returns.map((item) => (
          <li key={item.id}>
            <Link to={`/admin/returns/${item.number}`}>{item.number}</Link>: {RETURN_STATUS_LABELS[item.status]},{' '}
            {item.lines.map((line) => `${line.quantity} × ${line.sku}${line.exchange ? ` for ${line.exchange.sku}` : ''}`).join(', ')}
            {item.tracking_number ? ` (exchange parcel ${item.carrier} ${item.tracking_number})` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
