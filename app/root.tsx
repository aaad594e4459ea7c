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
  useNavigation,
  useRevalidator,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react';
import { useEffect, type ReactNode } from 'react';
import { HoneypotProvider } from 'remix-utils/honeypot/react';
import { AuthLoadingOverlay } from './components/auth-flow/auth-loading-overlay';
import { LazyAuthModal } from './components/auth-flow/lazy-auth-modal';
import { CookieNotice } from './components/cookie-notice';
import { ProgressBar } from './components/progress-bar';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { loadAuthView } from './lib/auth-flow.server';
import { getShopper } from './lib/auth.server';
import { cartCount } from './lib/cart.server';
import { CartSkeleton, useCartLoading } from './components/cart/cart-skeleton';
import { hasCookieConsent } from './lib/cookie-consent.server';
import { getHoneypot } from './lib/honeypot.server';
import { AUTH_MESSAGES } from './lib/messages';
import { pageTitle } from './lib/page-title';
import stylesheet from './styles/app.css';
import authStyles from './styles/auth.css';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'stylesheet', href: authStyles },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

function isNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}

/** Only the error page needs a title from here; every route sets its own. */
export const meta: MetaFunction = ({ error }) =>
  error ? [{ title: pageTitle(isNotFound(error) ? 'Page not found' : 'Something went wrong') }] : [];

/** Pages that need a signed-in shopper: navigating to one shows the loading overlay (spec §2 route guard). */
const GUARDED_PATHS = ['/profile', '/orders', '/order-success', '/order-failed'];
/** Pages that show the sign-in flow inline rather than as a modal. */
const AUTH_PAGES = ['/login', '/register'];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const shopper = await getShopper(request);
  // Any shop page can open the sign-in modal with ?auth=<step>; guests are allowed there.
  const modal =
    url.searchParams.has('auth') && !AUTH_PAGES.includes(url.pathname) ? await loadAuthView(request, { context: 'modal' }) : null;
  const cart = await cartCount(request);
  const setCookie = modal?.setCookie ?? shopper.setCookie ?? cart.headers['Set-Cookie'] ?? null;
  return json(
    {
      honeypotInputProps: getHoneypot().getInputProps(),
      user: shopper.user,
      guestExpired: shopper.guestExpired,
      authView: modal?.view ?? null,
      cartCount: cart.count,
      cookieConsent: hasCookieConsent(request),
    },
    setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined,
  );
}

/** The brand's chrome around every page, error pages included (then without the root's data if it failed). */
export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const cartLoading = useCartLoading();
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
          {cartLoading ? <CartSkeleton /> : children}
        </main>
        <SiteFooter />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** With JavaScript, a guest's session end is checked every 60 s; the server then signs them out (spec §4). */
function useGuestExpiryCheck(expiresAt: string | null | undefined) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setInterval(() => {
      if (Date.parse(expiresAt) <= Date.now()) revalidator.revalidate();
    }, GUEST_EXPIRY_CHECK_MS);
    return () => clearInterval(timer);
  }, [expiresAt, revalidator]);
}
const GUEST_EXPIRY_CHECK_MS = 60_000;

export default function App() {
  const { honeypotInputProps, user, guestExpired, authView } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  useGuestExpiryCheck(user?.user_type === 'guest' ? user.session_expires_at : null);
  const guardedLoading = navigation.state === 'loading' && GUARDED_PATHS.includes(navigation.location.pathname);
  return (
    <HoneypotProvider {...honeypotInputProps}>
      {guestExpired ? (
        <p className="notice notice--error site-alert" role="alert">
          {AUTH_MESSAGES.guestSessionExpired}
        </p>
      ) : null}
      <Outlet />
      <LazyAuthModal view={authView} />
      {guardedLoading ? <AuthLoadingOverlay /> : null}
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
