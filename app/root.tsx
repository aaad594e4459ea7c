import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react';
import type { ReactNode } from 'react';
import { HoneypotProvider } from 'remix-utils/honeypot/react';
import { CookieNotice } from './components/cookie-notice';
import { ProgressBar } from './components/progress-bar';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { getOptionalUser } from './lib/auth.server';
import { hasCookieConsent } from './lib/cookie-consent.server';
import { getHoneypot } from './lib/honeypot.server';
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

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  return json({
    honeypotInputProps: getHoneypot().getInputProps(),
    user,
    // The cart issue feeds this from the API's cart; until then the badge stays empty.
    cartCount: 0,
    cookieConsent: hasCookieConsent(request),
  });
}

/** The brand's chrome around every page, error pages included (then without the root's data if it failed). */
export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
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
        <ProgressBar />
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <CookieNotice acceptedByCookie={data?.cookieConsent ?? false} />
        <SiteHeader signedIn={Boolean(data?.user)} cartCount={data?.cartCount ?? 0} />
        <main id="main" className="site-main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
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
