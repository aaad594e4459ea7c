import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';

import { OrderFilterForm } from '~/components/admin/order-filters';
import { OrdersTable } from '~/components/admin/orders-table';
import { PackingSlipsForm } from '~/components/admin/packing-slips-form';
import { listOrders, readOrderFilters } from '~/lib/admin/orders.server';
import { pageTitle } from '~/lib/page-title';
import { requireStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction = () => [{ title: pageTitle('Orders') }, { name: 'robots', content: 'noindex' }];

const PER_PAGE = 25;
/** The packing slips' form: the table's checkboxes belong to it (`form` attribute), wherever they sit. */
const SLIPS_FORM = 'packing-slips';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const { search, typed, filters, dayErrors, params } = readOrderFilters(new URL(request.url));
  // One more than a page tells whether there is a next one.
  const rows = await listOrders(staff, filters, { limit: PER_PAGE + 1, offset: (search.page - 1) * PER_PAGE });
  const { notice, headers } = await takeNotice(context);
  return json(
    {
      orders: rows.slice(0, PER_PAGE),
      hasMore: rows.length > PER_PAGE,
      q: search.q ?? '',
      status: search.status ?? '',
      typed,
      dayErrors: { from: dayErrors.from?.[0] ?? null, to: dayErrors.to?.[0] ?? null },
      filters: params.toString(),
      page: search.page,
      notice,
    },
    { headers },
  );
}

function pageLink(filters: string, page: number): string {
  const params = new URLSearchParams(filters);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/admin/orders${query ? `?${query}` : ''}`;
}

export default function AdminOrders() {
  const { orders, hasMore, q, status, typed, dayErrors, filters, page, notice } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="orders-heading">
      <h1 id="orders-heading">Orders</h1>
      <div role="status">{notice ? <p className="notice">{notice}</p> : null}</div>
      <OrderFilterForm q={q} status={status} typed={typed} dayErrors={dayErrors} />
      {dayErrors.from || dayErrors.to ? (
        <p className="notice notice--error" role="alert">
          The dates were not used:{' '}
          {[dayErrors.from && `from: ${dayErrors.from}`, dayErrors.to && `to: ${dayErrors.to}`].filter(Boolean).join('; ')}.
        </p>
      ) : null}
      <p>
        <a href={`/admin/orders.csv${filters ? `?${filters}` : ''}`} download>
          Export these orders to CSV
        </a>{' '}
        <Link to="/admin/orders/shipments">Ship orders from a CSV</Link>
      </p>
      <PackingSlipsForm id={SLIPS_FORM} filters={filters} />
      {orders.length === 0 ? (
        <p role="status">{filters ? 'No orders match this search.' : 'No orders yet.'}</p>
      ) : (
        <OrdersTable orders={orders} caption={`Orders, newest first${page > 1 ? `, page ${page}` : ''}`} withBuyer selectFor={SLIPS_FORM} />
      )}
      <nav aria-label="Pages of orders" className="admin-pages">
        {page > 1 ? <Link to={pageLink(filters, page - 1)}>Newer orders</Link> : null}
        {hasMore ? <Link to={pageLink(filters, page + 1)}>Older orders</Link> : null}
      </nav>
    </section>
  );
}
