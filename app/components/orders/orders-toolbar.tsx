import { Form, Link, useNavigation, useSubmit } from '@remix-run/react';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';

import { localizedPath, type MessageKey, useI18n } from '~/lib/i18n';
import { ORDER_FILTERS, ordersCsvHref, ordersHref, type OrderStatusFilter } from '~/lib/orders-query';

/** The filters' names in the catalogues, by their `?status=` value. */
const FILTER_KEYS: Record<OrderStatusFilter, MessageKey> = {
  '': 'orders.filter.all',
  delivered: 'orders.filter.delivered',
  shipped: 'orders.filter.inTransit',
  processing: 'orders.filter.processing',
};

/** How long typing pauses before the search runs (JavaScript only). */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * Search, filters and the CSV export of /orders. The search is a GET form (with JavaScript it also
 * runs as the shopper types); the filters and the clear button are links; the export is a download,
 * for accounts only (`canExport`; a guest is offered an account on the page).
 */
export function OrdersToolbar({ q, status, canExport }: { q: string; status: OrderStatusFilter; canExport: boolean }) {
  const submit = useSubmit();
  const { locale, t } = useI18n();
  const [value, setValue] = useState(q);
  const pending = useRef<number | undefined>(undefined);
  /** The search this box last sent, so its own answer does not overwrite what is typed since. */
  const sent = useRef(q);
  useEffect(() => {
    if (q === sent.current) return;
    // The address changed another way (Search, clear, a filter, back): show its search.
    sent.current = q;
    setValue(q);
  }, [q]);
  // Any navigation (Search, a filter, clear, Load More, back) settles what is shown: drop a pending search.
  const navigating = useNavigation().state !== 'idle';
  useEffect(() => {
    if (navigating) window.clearTimeout(pending.current);
  }, [navigating]);
  useEffect(() => () => window.clearTimeout(pending.current), []);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.currentTarget.value;
    const form = event.currentTarget.form;
    setValue(next);
    window.clearTimeout(pending.current);
    pending.current = window.setTimeout(() => {
      if (next.trim() === sent.current) return;
      sent.current = next.trim();
      submit(form, { replace: true, preventScrollReset: true });
    }, SEARCH_DEBOUNCE_MS);
  };

  const search = value.trim();
  return (
    <div className="orders-toolbar">
      <Form method="get" action={localizedPath('/orders', locale)} role="search" className="orders-search" preventScrollReset>
        <label htmlFor="orders-search-input" className="visually-hidden">
          {t('orders.searchLabel')}
        </label>
        <input
          id="orders-search-input"
          type="search"
          name="q"
          value={value}
          onChange={onChange}
          placeholder={t('orders.searchPlaceholder')}
          maxLength={100}
          autoComplete="off"
        />
        {status ? <input type="hidden" name="status" value={status} /> : null}
        {value ? (
          <Link
            to={localizedPath(ordersHref({ status }), locale)}
            className="orders-search__clear"
            onClick={() => setValue('')}
            preventScrollReset
          >
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{t('orders.clearSearch')}</span>
          </Link>
        ) : null}
        <button type="submit" className="button button--small">
          {t('orders.search')}
        </button>
      </Form>
      <details className="orders-filters" open={status ? true : undefined}>
        <summary className="button button--ghost button--small">{t('orders.filters')}</summary>
        <ul className="orders-filters__list">
          {ORDER_FILTERS.map((filter) => (
            <li key={filter.label}>
              <Link
                to={localizedPath(ordersHref({ q: search, status: filter.status }), locale)}
                className="orders-filters__option"
                aria-current={filter.status === status ? 'true' : undefined}
                preventScrollReset
              >
                {t(FILTER_KEYS[filter.status])}
              </Link>
            </li>
          ))}
        </ul>
      </details>
      {canExport ? (
        <a href={ordersCsvHref({ q, status }, locale)} download="order_history.csv" className="button button--ghost button--small">
          {t('orders.exportCsv')}
        </a>
      ) : null}
    </div>
  );
}
