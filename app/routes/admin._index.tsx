import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';

import { FiguresPanel } from '~/components/admin/figures-panel';
import { FunnelPanel } from '~/components/admin/funnel-panel';
import { ADMIN_HEADERS } from '~/lib/admin.server';
import { dashboardFigures, funnelFigures } from '~/lib/admin/figures.server';
import { pageTitle } from '~/lib/page-title';
import { requireStaff } from '~/lib/staff-session.server';

export const meta: MetaFunction = () => [{ title: pageTitle('Back office') }, { name: 'robots', content: 'noindex' }];

/** What each role may do (the API enforces it; this says it). */
const ROLE_SCOPE = {
  owner: 'everything: orders, fulfilment, stock, refunds and cancellations, catalogue prices, and the staff.',
  staff: 'orders, fulfilment, notes and stock. Cancellations, refunds, catalogue prices and the staff are for an owner.',
} as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const days = new URL(request.url).searchParams.get('funnel') === '30' ? 30 : 7;
  const [figures, funnel] = await Promise.all([dashboardFigures(staff), funnelFigures(staff, days)]);
  return json({ email: staff.email, role: staff.role, figures, funnel, days }, { headers: ADMIN_HEADERS });
}

export default function AdminOverview() {
  const { email, role, figures, funnel, days } = useLoaderData<typeof loader>();
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
          <Link to="/admin/stock">Stock</Link>: every variant with what is in stock, held by checkouts, sold lately and awaited; restock in
          place.
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
          <Link to="/admin/reminders">Reminders and demand</Link>: abandoned-cart reminders (settings, what they recovered) and what
          shoppers want per variant.
        </li>
        <li>
          <Link to="/admin/audit">Audit log</Link>: every change made here or with the command line, who made it and when.
        </li>
      </ul>
      <FunnelPanel funnel={funnel} days={days} />
      <FiguresPanel figures={figures} />
    </section>
  );
}
