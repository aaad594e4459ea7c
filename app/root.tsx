import { json, type LinksFunction, type MetaFunction } from '@remix-run/node';
import { Link, Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLoaderData, useRouteError } from '@remix-run/react';
import type { ReactNode } from 'react';
import { HoneypotProvider } from 'remix-utils/honeypot/react';
import { getHoneypot } from './lib/honeypot.server';
import { BRAND } from './lib/brand';
import { pageTitle } from './lib/page-title';
import stylesheet from './styles/app.css';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

function isNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}

/** Only the error page needs a title from here; every route sets its own. */
export const meta: MetaFunction = ({ error }) =>
  error ? [{ title: pageTitle(isNotFound(error) ? 'Page not found' : 'Something went wrong') }] : [];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#f4f1ec" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className="site-header">
          <Link to="/" className="brand" aria-label={`${BRAND.name} home`}>
            {BRAND.name}
          </Link>
        </header>
        <main id="main" className="site-main">
          {children}
        </main>
        <footer className="site-footer">
          <p>
            {BRAND.name} · {BRAND.headquarters.line1}, {BRAND.headquarters.postalCode} {BRAND.headquarters.city}
          </p>
        </footer>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export function loader() {
  return json({ honeypotInputProps: getHoneypot().getInputProps() });
}

export default function App() {
  const { honeypotInputProps } = useLoaderData<typeof loader>();
  return (
    <HoneypotProvider {...honeypotInputProps}>
      <Outlet />
    </HoneypotProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isNotFound(error);
  const heading = notFound ? 'Page not found' : 'Something went wrong';
  return (
    <section className="error-page">
      <h1>{heading}</h1>
      <p>{notFound ? 'The page you were looking for does not exist.' : 'Please try again in a moment.'}</p>
      <Link to="/" className="button">
        Back to Home
      </Link>
    </section>
  );
}
