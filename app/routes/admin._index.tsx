import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ADMIN_HEADERS } from '~/lib/admin.server';
import { pageTitle } from '~/lib/page-title';
import { requireStaff } from '~/lib/staff-session.server';

export const meta: MetaFunction = () => [{ title: pageTitle('Back office') }, { name: 'robots', content: 'noindex' }];

/** What each role may do (the API enforces it; this says it). */
const ROLE_SCOPE = {
  owner: 'everything: orders, fulfilment, stock, refunds and cancellations, catalogue prices, and the staff.',
  staff: 'orders, fulfilment, notes and stock. Cancellations, refunds, catalogue prices and the staff are for an owner.',
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  return json({ email: staff.email, role: staff.role }, { headers: ADMIN_HEADERS });
}

export default function AdminOverview() {
  const { email, role } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="admin-overview-heading">
      <h1 id="admin-overview-heading">Back office</h1>
      <p>
        Signed in as <strong>{email}</strong>, {role === 'owner' ? 'an owner' : 'staff'}. Your role covers {ROLE_SCOPE[role]}
      </p>
      <ul className="admin-cards">
        <li>
          <Link to="/admin/orders">Orders</Link>: find an order, see what to pack and where it goes, mark it shipped or delivered.
        </li>
        <li>
          <Link to="/admin/stock">Stock</Link>: every variant with what is in stock, held by checkouts, sold lately and awaited; restock in place.
        </li>
        <li>
          <Link to="/admin/customers">Customers</Link>: registered and guest buyers, their orders, addresses, cards and what they wait for.
        </li>
        {role === 'owner' ? (
          <li>
            <Link to="/admin/staff">Staff</Link>: who may sign in here, and with which role.
          </li>
        ) : null}
        <li>
          <Link to="/admin/audit">Audit log</Link>: every change made here or with the command line, who made it and when.
        </li>
      </ul>
    </section>
  );
}
