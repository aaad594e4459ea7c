import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';

import { customerLabel } from '@contract/erased';
import { formatEuro } from '@contract/money';
import { shopClock } from '@contract/shop-time';

import { TableScroll } from '~/components/admin/table-scroll';
import { orderSearchSchema } from '~/forms/admin-search.server';
import { ADMIN_HEADERS } from '~/lib/admin.server';
import { listCustomers } from '~/lib/admin/customers.server';
import { pageTitle } from '~/lib/page-title';
import { requireStaff } from '~/lib/staff-session.server';

export const meta: MetaFunction = () => [{ title: pageTitle('Customers') }, { name: 'robots', content: 'noindex' }];

const PER_PAGE = 50;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const { q, page } = orderSearchSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const rows = await listCustomers(staff, { q: q || undefined, limit: PER_PAGE + 1, offset: (page - 1) * PER_PAGE });
  return json({ customers: rows.slice(0, PER_PAGE), hasMore: rows.length > PER_PAGE, q: q ?? '', page }, { headers: ADMIN_HEADERS });
}

function pageLink(q: string, page: number): string {
  const query = new URLSearchParams({ ...(q ? { q } : {}), ...(page > 1 ? { page: String(page) } : {}) }).toString();
  return `/admin/customers${query ? `?${query}` : ''}`;
}

export default function AdminCustomers() {
  const { customers, hasMore, q, page } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="customers-heading">
      <h1 id="customers-heading">Customers</h1>
      <Form method="get" className="admin-search" role="search" aria-label="Find customers">
        <div className="field">
          <label htmlFor="customers-q">Email or name</label>
          <input id="customers-q" name="q" type="search" defaultValue={q} maxLength={100} />
        </div>
        <button type="submit" className="button">
          Search
        </button>
      </Form>
      {customers.length === 0 ? (
        <p role="status">{q ? 'No customers match this search.' : 'No customers yet.'}</p>
      ) : (
        <TableScroll label="Customers">
          <table className="admin-table">
            <caption className="visually-hidden">Customers, latest buyers first</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Name</th>
                <th scope="col">Account</th>
                <th scope="col">Orders</th>
                <th scope="col">Spent</th>
                <th scope="col">Last order (Italian time)</th>
                <th scope="col">Waiting for stock</th>
              </tr>
            </thead>
            <tbody>
              {customers.map((customer) => (
                <tr key={customer.id}>
                  <td>
                    <Link to={`/admin/customers/${customer.id}`}>{customerLabel(customer.email)}</Link>
                  </td>
                  <td>{customer.name ?? '–'}</td>
                  <td>{customer.user_type === 'registered' ? 'Registered' : 'Guest'}</td>
                  <td>{customer.orders}</td>
                  <td>{formatEuro(customer.total_spent)}</td>
                  <td>{customer.last_order_at ? shopClock(customer.last_order_at) : '–'}</td>
                  <td>{customer.waiting}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <nav aria-label="Pages of customers" className="admin-pages">
        {page > 1 ? <Link to={pageLink(q, page - 1)}>Previous page</Link> : null}
        {hasMore ? <Link to={pageLink(q, page + 1)}>Next page</Link> : null}
      </nav>
    </section>
  );
}
