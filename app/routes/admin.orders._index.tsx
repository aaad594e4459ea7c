import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';

import { customerLabel } from '@contract/erased';
import { ORDER_FILTERS } from '@contract/order-status';
import { shopClock } from '@contract/shop-time';

import { TableScroll } from '~/components/admin/table-scroll';
import { orderDaysSchema, orderFilterParams, orderSearchSchema } from '~/forms/admin-search.server';
import { ADMIN_HEADERS } from '~/lib/admin.server';
import { orderListSchema } from '~/lib/admin-reads.server';
import { pageTitle } from '~/lib/page-title';
import { requireStaff } from '~/lib/staff-session.server';

export const meta: MetaFunction = () => [{ title: pageTitle('Orders') }, { name: 'robots', content: 'noindex' }];

const PER_PAGE = 25;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const url = new URL(request.url);
  const search = orderSearchSchema.parse(Object.fromEntries(url.searchParams));
  const typed = { from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' };
  const days = orderDaysSchema.safeParse(typed);
  // Wrong days are named and the list is not filtered by them, rather than quietly ignored.
  const dayErrors = days.success ? {} : (days.error.flatten().fieldErrors as { from?: string[]; to?: string[] });
  const filters = { q: search.q || undefined, status: search.status, ...(days.success ? days.data : {}) };
  // One more than a page tells whether there is a next one.
  const rows = await staff.api.request('GET', 'admin/orders', orderListSchema, {
    query: { ...filters, limit: PER_PAGE + 1, offset: (search.page - 1) * PER_PAGE },
  });
  return json(
    {
      orders: rows.slice(0, PER_PAGE),
      hasMore: rows.length > PER_PAGE,
      q: search.q ?? '',
      status: search.status ?? '',
      typed,
      dayErrors: { from: dayErrors.from?.[0] ?? null, to: dayErrors.to?.[0] ?? null },
      filters: orderFilterParams(filters).toString(),
      page: search.page,
    },
    { headers: ADMIN_HEADERS },
  );
}

function pageLink(filters: string, page: number): string {
  const params = new URLSearchParams(filters);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/admin/orders${query ? `?${query}` : ''}`;
}

export default function AdminOrders() {
  const { orders, hasMore, q, status, typed, dayErrors, filters, page } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="orders-heading">
      <h1 id="orders-heading">Orders</h1>
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
      {dayErrors.from || dayErrors.to ? (
        <p className="notice notice--error" role="alert">
          The dates were not used:{' '}
          {[dayErrors.from && `from: ${dayErrors.from}`, dayErrors.to && `to: ${dayErrors.to}`].filter(Boolean).join('; ')}.
        </p>
      ) : null}
      <p>
        <a href={`/admin/orders.csv${filters ? `?${filters}` : ''}`} download>
          Export these orders to CSV
        </a>
      </p>
      {orders.length === 0 ? (
        <p role="status">{filters ? 'No orders match this search.' : 'No orders yet.'}</p>
      ) : (
        <TableScroll label="Orders">
          <table className="admin-table">
            <caption className="visually-hidden">Orders, newest first{page > 1 ? `, page ${page}` : ''}</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Date (Italian time)</th>
                <th scope="col">Customer</th>
                <th scope="col">Total</th>
                <th scope="col">Status</th>
                <th scope="col">Tracking</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.purchase_id}>
                  <td>
                    <Link to={`/admin/orders/${order.order_number}`}>{order.order_number}</Link>
                  </td>
                  <td>{shopClock(order.date)}</td>
                  <td>{customerLabel(order.email)}</td>
                  <td>{order.total}</td>
                  <td>
                    {order.status}
                    {order.refunded && !['Refunded', 'Cancelled'].includes(order.status) ? ` (refunded ${order.refunded})` : ''}
                  </td>
                  <td>{order.tracking_number ? `${order.carrier} ${order.tracking_number}` : '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <nav aria-label="Pages of orders" className="admin-pages">
        {page > 1 ? <Link to={pageLink(filters, page - 1)}>Newer orders</Link> : null}
        {hasMore ? <Link to={pageLink(filters, page + 1)}>Older orders</Link> : null}
      </nav>
    </section>
  );
}
