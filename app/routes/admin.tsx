import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, NavLink, Outlet, useLoaderData } from '@remix-run/react';
import { BRAND } from '@contract/brand';
import { ADMIN_HEADERS } from '~/lib/admin.server';
import { getStaffSession } from '~/lib/staff-session.server';
import adminStyles from '~/styles/admin.css';

export const links = () => [{ rel: 'stylesheet', href: adminStyles }];

export const meta: MetaFunction = () => [{ name: 'robots', content: 'noindex' }];

/** The back office's frame: who is signed in, its sections, and signing out. Each page checks the session itself. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getStaffSession(request);
  const email = session.get('email');
  const role = session.get('role');
  return json({ staff: email && role ? { email, role } : null }, { headers: ADMIN_HEADERS });
}

export default function AdminLayout() {
  const { staff } = useLoaderData<typeof loader>();
  return (
    <div className="admin">
      <header className="admin__header">
        <p className="admin__brand">
          <Link to="/admin">{BRAND.name} back office</Link>
        </p>
        {staff ? (
          <>
            <nav aria-label="Back office" className="admin__nav">
              <ul>
                <li>
                  <NavLink to="/admin" end>
                    Overview
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/admin/orders">Orders</NavLink>
                </li>
                <li>
                  <NavLink to="/admin/stock">Stock</NavLink>
                </li>
                <li>
                  <NavLink to="/admin/customers">Customers</NavLink>
                </li>
                {staff.role === 'owner' ? (
                  <li>
                    <NavLink to="/admin/staff">Staff</NavLink>
                  </li>
                ) : null}
                <li>
                  <NavLink to="/admin/audit">Audit log</NavLink>
                </li>
              </ul>
            </nav>
            <Form method="post" action="/admin/logout" className="admin__signout">
              <span className="admin__who">
                {staff.email} ({staff.role})
              </span>
              <button type="submit" className="button button--ghost">
                Sign out
              </button>
            </Form>
          </>
        ) : null}
      </header>
      <div className="admin__page">
        <Outlet />
      </div>
    </div>
  );
}
