import type { SerializeFrom } from '@remix-run/node';

import type { Return } from '@contract/api/returns';
import { returnLineLabel, type ReturnReason, type ReturnStatus } from '@contract/returns';

import { formatLongDate } from '~/lib/dates';
import { type MessageKey, useI18n } from '~/lib/i18n';

/** The reasons and steps of a return in the catalogues. */
export const REASON_KEYS: Record<ReturnReason, MessageKey> = {
  too_small: 'returns.reason.tooSmall',
  too_big: 'returns.reason.tooBig',
  not_as_pictured: 'returns.reason.notAsPictured',
  damaged: 'returns.reason.damaged',
  changed_mind: 'returns.reason.changedMind',
  other: 'returns.reason.other',
};
const STATUS_KEYS: Record<ReturnStatus, MessageKey> = {
  requested: 'returns.status.requested',
  received: 'returns.status.received',
  refunded: 'returns.status.refunded',
  exchanged: 'returns.status.exchanged',
  cancelled: 'returns.status.cancelled',
};

/** An order's returns and exchanges, each at its step, with the exchange's own parcel once it ships (ADR 032). */
export function OrderReturns({ returns, headingLevel = 3 }: { returns: SerializeFrom<Return>[]; headingLevel?: 2 | 3 }) {
  const { locale, t } = useI18n();
  if (returns.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="order-returns" aria-label={t('returns.heading')}>
      <Heading>{t('returns.heading')}</Heading>
      <ul className="order-returns__list">
        {returns.map((item) => (
          <li key={item.id} className="order-return" data-testid="order-return">
            <p className="order-return__status">
              <strong>{t(STATUS_KEYS[item.status])}</strong> · {item.number} · {formatLongDate(item.created_at, locale)} ·{' '}
              {t(REASON_KEYS[item.reason])}
            </p>
            <ul className="order-return__lines">
              {item.lines.map((line) => (
                <li key={line.item_id}>
                  {line.quantity} × {returnLineLabel(line)}
                  {line.exchange ? ` ${t('returns.exchangedFor', { item: line.exchange.description || line.exchange.sku })}` : ''}
                </li>
              ))}
            </ul>
            {item.tracking_number ? (
              <p className="order-return__parcel">
                {t('returns.parcel', { carrier: item.carrier ?? '', number: item.tracking_number })}
                {item.tracking_url ? (
                  <>
                    {' '}
                    <a href={item.tracking_url} target="_blank" rel="noopener noreferrer">
                      {t('returns.track')}
                      <span className="visually-hidden"> {t('returns.newTab')}</span>
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
