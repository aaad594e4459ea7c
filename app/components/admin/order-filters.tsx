import { Form } from '@remix-run/react';

import { ORDER_FILTERS } from '@contract/order-status';

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
  return (
    <Form method="get" className="admin-search" role="search" aria-label="Find orders">
      <div className="field">
        <label htmlFor="orders-q">Order number, email or item</label>
        <input id="orders-q" name="q" type="search" defaultValue={q} maxLength={100} />
      </div>
      <div className="field">
        <label htmlFor="orders-status">Status</label>
        <select id="orders-status" name="status" defaultValue={status}>
          <option value="">Any status</option>
          {ORDER_FILTERS.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="orders-from">From (day, Italian time)</label>
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
            {dayErrors.from}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor="orders-to">To (day included, Italian time)</label>
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
            {dayErrors.to}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button">
        Search
      </button>
    </Form>
  );
}
