import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, isRouteErrorResponse, Link, NavLink, Outlet, useLoaderData, useLocation, useRouteError } from '@remix-run/react';

import { BRAND } from '@contract/brand';

import { ADMIN_HEADERS } from '~/lib/admin.server';
import { pageTitle } from '~/lib/page-title';
import adminStyles from '~/styles/admin.css';

export const links = () => [{ rel: 'stylesheet', href: adminStyles }];

/** Each page names itself; this one is used when a page below failed and the error shows here. */
export const meta: MetaFunction = ({ error }) => [
  { title: pageTitle(isRouteErrorResponse(error) && error.status === 404 ? 'Not found' : 'Something went wrong') },
  { name: 'robots', content: 'noindex' },
];

/** The back office's frame: who is signed in, its sections, and signing out. Each page checks the session itself. */
export async function loader({ context }: LoaderFunctionArgs) {
  const session = await context.staff.session();
  const email = session.get('email');
  const role = session.get('role');
  return json({ staff: email && role ? { email, role } : null }, { headers: ADMIN_HEADERS });
}

/** The back office's name, leading to its overview: on every page and on its error page. */
function AdminBrand() {
  return (
    <p className="admin__brand">
      <Link to="/admin">{BRAND.name} back office</Link>
    </p>
  );
}

export default function AdminLayout() {
  const { staff } = useLoaderData<typeof loader>();
  return (
    <div className="admin">
      <header className="admin__header">
        <AdminBrand />
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
                  <NavLink to="/admin/returns">Returns</NavLink>
                </li>
                <li>
                  <NavLink to="/admin/carriers">Carriers</NavLink>
                </li>
                <li>
                  <NavLink to="/admin/stock">Stock</NavLink>
                </li>
                <li>
                  <NavLink to="/admin/customers">Customers</NavLink>
                </li>
                <li>
                  <NavLink to="/admin/gift-cards">Gift cards</NavLink>
                </li>
                <li>
                  <NavLink to="/admin/reminders">Reminders</NavLink>
                </li>
                <li>
                  <NavLink to="/admin/pages">Pages</NavLink>
                </li>
                <li>
                  <NavLink to="/admin/home">Home page</NavLink>
                </li>
                {staff.role === 'owner' ? (
                  <>
                    <li>
                      <NavLink to="/admin/products">Products</NavLink>
                    </li>
                    <li>
                      <NavLink to="/admin/discounts">Discounts</NavLink>
                    </li>
                    <li>
                      <NavLink to="/admin/staff">Staff</NavLink>
                    </li>
                    <li>
                      <NavLink to="/admin/privacy">Privacy</NavLink>
                    </li>
                  </>
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

/** A back-office page that failed (an unknown order, the API down) stays in the back office, with a way on. */
export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const detail = isRouteErrorResponse(error) && typeof error.data?.detail === 'string' ? error.data.detail : null;
  return (
    <div className="admin">
      <header className="admin__header">
        <AdminBrand />
      </header>
      <section className="admin__page" aria-labelledby="admin-error-heading">
        <h1 id="admin-error-heading">{notFound ? 'Not found' : 'Something went wrong'}</h1>
        <p role={notFound ? undefined : 'alert'}>
          {detail ?? (notFound ? 'There is nothing at this address.' : 'The page could not be loaded. Please try again in a moment.')}
        </p>
        <p>
          {notFound ? null : (
            <a href={`${location.pathname}${location.search}`} className="button button--ghost">
              Try again
            </a>
          )}{' '}
          <Link to="/admin" className="button">
            Back to the back office
          </Link>
        </p>
      </section>
    </div>
  );
}
