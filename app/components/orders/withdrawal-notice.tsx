import type { SerializeFrom } from '@remix-run/node';

import { optionLine } from '@contract/options';
import { orderNumber } from '@contract/order-number';
import { WITHDRAWAL_FORM_ANCHOR, withdrawalFormLines, withdrawalInstructions } from '@contract/withdrawal';

import { formatLongDate } from '~/lib/dates';
import { localizedPath, useI18n } from '~/lib/i18n';
import type { PurchaseDetail } from '~/lib/purchases';

type Detail = SerializeFrom<PurchaseDetail>;

const CLOSED = ['cancelled', 'refunded'];

/**
 * The right of withdrawal on an order's page (EU directive 2011/83): the instructions, the return page
 * where one button withdraws from the whole order, and the model form filled in for this order. Shown
 * while the order can still be withdrawn from: before delivery, and until its return window closes.
 */
export function WithdrawalNotice({ detail }: { detail: Detail }) {
  const { locale, t } = useI18n();
  const status = (detail.status ?? '').toLowerCase();
  if (CLOSED.includes(status) || (status === 'delivered' && !detail.return_window_ends_at)) return null;
  const placed = detail.created_at ?? '';
  const items = (detail.items ?? []).map((item) => {
    const options = (item.variant_attributes ?? []).map((attribute) => optionLine(attribute, locale)).join(', ');
    return `${item.quantity} × ${item.name}${options ? ` (${options})` : item.variant ? ` (${item.variant})` : ''}`;
  });
  const lines = withdrawalFormLines(locale, {
    orderNumber: detail.order_number || (placed ? orderNumber(detail.purchase_id, placed) : detail.purchase_id),
    orderedOn: placed ? formatLongDate(placed, locale) : '...',
    items,
  });
  const headingId = `withdrawal-${detail.purchase_id}`;
  return (
    <section className="order-detail__withdrawal" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('detail.withdrawal')}</h3>
      <p>{withdrawalInstructions(locale)}</p>
      <p className="button-row">
        {detail.return_window_ends_at ? (
          <a
            href={localizedPath(`/orders/${encodeURIComponent(detail.purchase_id)}/return#withdraw`, locale)}
            className="button button--ghost button--small"
          >
            {t('detail.withdrawWholeOrder')}
          </a>
        ) : null}
        <a href={localizedPath(`/return-policy${WITHDRAWAL_FORM_ANCHOR[locale]}`, locale)}>{t('detail.withdrawalBlankForm')}</a>
      </p>
      <details>
        <summary>{t('detail.withdrawalFormSummary')}</summary>
        <blockquote className="order-detail__withdrawal-form">
          {lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </blockquote>
      </details>
    </section>
  );
}
