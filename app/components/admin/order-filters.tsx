import { Form } from '@remix-run/react';

import { ORDER_FILTERS } from '@contract/order-status';

import { orderStatusLabel } from '~/lib/admin/order-words';
import { useI18n } from '~/lib/i18n';

/** The order list's search: words, a status and days (a wrong day is named beside its field). */
export function OrderFilterForm({
  q,
  status,
  typed,
  dayErrors,
}: {
  q: string;
  status: string;
  typed: { from: string; to: string };
  dayErrors: { from: string | null; to: string | null };
}) {
  const { t, fm } = useI18n();
  return (
    <Form method="get" className="admin-search" role="search" aria-label={t('adminOrders.filters.label')}>
      <div className="field">
        <label htmlFor="orders-q">{t('adminOrders.filters.q')}</label>
        <input id="orders-q" name="q" type="search" defaultValue={q} maxLength={100} />
      </div>
      <div className="field">
        <label htmlFor="orders-status">{t('adminOrders.status')}</label>
        <select id="orders-status" name="status" defaultValue={status}>
          <option value="">{t('adminOrders.filters.anyStatus')}</option>
          {ORDER_FILTERS.map((value) => (
            <option key={value} value={value}>
              {orderStatusLabel(value, t)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="orders-from">{t('adminOrders.filters.from')}</label>
        <input
          id="orders-from"
          name="from"
          type="date"
          defaultValue={typed.from}
          aria-invalid={dayErrors.from ? true : undefined}
          aria-describedby={dayErrors.from ? 'orders-from-error' : undefined}
        />
        {dayErrors.from ? (
          <p id="orders-from-error" className="field__error">
            {fm(dayErrors.from)}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor="orders-to">{t('adminOrders.filters.to')}</label>
        <input
          id="orders-to"
          name="to"
          type="date"
          defaultValue={typed.to}
          aria-invalid={dayErrors.to ? true : undefined}
          aria-describedby={dayErrors.to ? 'orders-to-error' : undefined}
        />
        {dayErrors.to ? (
          <p id="orders-to-error" className="field__error">
            {fm(dayErrors.to)}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button">
        {t('adminOrders.filters.search')}
      </button>
    </Form>
  );
}
