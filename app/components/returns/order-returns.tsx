import type { SerializeFrom } from '@remix-run/node';

import type { Return } from '@contract/api/returns';
import { RETURN_REASON_LABELS, RETURN_STATUS_LABELS, returnLineLabel } from '@contract/returns';

import { formatLongDate } from '~/lib/dates';

/** An order's returns and exchanges, each at its step, with the exchange's own parcel once it ships (ADR 032). */
export function OrderReturns({ returns, headingLevel = 3 }: { returns: SerializeFrom<Return>[]; headingLevel?: 2 | 3 }) {
  if (returns.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="order-returns" aria-label="Returns">
      <Heading>Returns</Heading>
      <ul className="order-returns__list">
        {returns.map((item) => (
          <li key={item.id} className="order-return" data-testid="order-return">
            <p className="order-return__status">
              <strong>{RETURN_STATUS_LABELS[item.status]}</strong> · {item.number} · {formatLongDate(item.created_at)} ·{' '}
              {RETURN_REASON_LABELS[item.reason]}
            </p>
            <ul className="order-return__lines">
              {item.lines.map((line) => (
                <li key={line.item_id}>
                  {line.quantity} × {returnLineLabel(line)}
                  {line.exchange ? ` → exchanged for ${line.exchange.description || line.exchange.sku}` : ''}
                </li>
              ))}
            </ul>
            {item.tracking_number ? (
              <p className="order-return__parcel">
                Exchange parcel: {item.carrier} {item.tracking_number}
                {item.tracking_url ? (
                  <>
                    {' '}
                    <a href={item.tracking_url} target="_blank" rel="noopener noreferrer">
                      Track the exchange
                      <span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  </>
                ) : null}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
