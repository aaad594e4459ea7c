import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { ORDER_STATUSES, orderListSchema } from '@contract/api/admin';
import { orderSearchSchema } from '~/forms/admin';
import { ADMIN_HEADERS } from '~/lib/admin.server';
import { pageTitle } from '~/lib/page-title';
import { requireStaff } from '~/lib/staff-session.server';
import { utcMinute } from '~/lib/admin-format';

export const meta: MetaFunction = () => [{ title: pageTitle('Orders') }, { name: 'robots', content: 'noindex' }];

const PER_PAGE = 25;

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const url = new URL(request.url);
  const search = orderSearchSchema.parse(Object.fromEntries(url.searchParams));
  // One more than a page tells whether there is a next one.
  const rows = await staff.api.request('GET', 'admin/orders', orderListSchema, {
    query: { q: search.q || undefined, status: search.status, limit: PER_PAGE + 1, offset: (search.page - 1) * PER_PAGE },
  });
  return json({ orders: rows.slice(0, PER_PAGE), hasMore: rows.length > PER_PAGE, q: search.q ?? '', status: search.status ?? '', page: search.page }, { headers: ADMIN_HEADERS });
}

function pageLink(q: string, status: string, page: number): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (status) params.set('status', status);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/admin/orders${query ? `?${query}` : ''}`;
}

export default function AdminOrders() {
  const { orders, hasMore, q, status, page } = useLoaderData<typeof loader>();
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
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          Search
        </button>
      </Form>
      {orders.length === 0 ? (
        <p role="status">{q || status ? 'No orders match this search.' : 'No orders yet.'}</p>
      ) : (
        <table className="admin-table">
          <caption className="visually-hidden">Orders, newest first{page > 1 ? `, page ${page}` : ''}</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Date (UTC)</th>
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
                <td>{utcMinute(order.date)}</td>
                <td>{order.email}</td>
                <td>{order.total}</td>
                <td>{order.status}</td>
                <td>{order.tracking_number ? `${order.carrier} ${order.tracking_number}` : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav aria-label="Pages of orders" className="admin-pages">
        {page > 1 ? <Link to={pageLink(q, status, page - 1)}>Newer orders</Link> : null}
        {hasMore ? <Link to={pageLink(q, status, page + 1)}>Older orders</Link> : null}
      </nav>
    </section>
  );
}
