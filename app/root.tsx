import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node';
import type { ShouldRevalidateFunction } from '@remix-run/react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useMatches,
  useNavigation,
  useRevalidator,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react';
import { type ReactNode, useEffect } from 'react';
import { HoneypotProvider } from 'remix-utils/honeypot/react';

import type { Navigation } from '@contract/api/navigation';

import { AuthLoadingOverlay } from './components/auth-flow/auth-loading-overlay';
import { type ScriptlessRefresh, TimedRedirect, timedRedirect } from './components/auth-flow/countdown';
import { LazyAuthModal } from './components/auth-flow/lazy-auth-modal';
import type { AuthFlowView } from './components/auth-flow/view';
import { CartSkeleton, useCartLoading } from './components/cart/cart-skeleton';
import { CookieNotice } from './components/cookie-notice';
import { LanguageAlternates } from './components/language-switcher';
import { OrdersLoading } from './components/orders/orders-loading';
import { ProfileSkeleton } from './components/profile/profile-skeleton';
import { ProgressBar } from './components/progress-bar';
import { LinkNavigation, ShopLink } from './components/shop-link';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { useArrivingAt } from './components/use-arriving';
import { rememberLocaleInAccount } from './lib/account.server';
import { getShopper } from './lib/auth.server';
import { loadAuthView } from './lib/auth-flow.server';
import { cartCount } from './lib/cart.server';
import { shopMenu, siteNavigation } from './lib/catalogue.server';
import type { ShopContext } from './lib/context.server';
import { hasCookieConsent } from './lib/cookie-consent.server';
import { honeypotInputProps } from './lib/honeypot.server';
import {
  DEFAULT_LOCALE,
  isLocale,
  LANGUAGE_CHOICE_PARAM,
  LANGUAGE_TAGS,
  localizedPath,
  metaTranslator,
  pathWithoutLocale,
  useI18n,
  usePageMessageScripts,
} from './lib/i18n';
import { chosenLocale, i18nData, languageCookie, preferredLocale, rememberedLocale } from './lib/i18n.server';
import type { ShopMenu } from './lib/navigation';
import { useNonce } from './lib/nonce';
import { pageTitle } from './lib/page-title';
import { siteNavigationOf } from './lib/site-navigation';
import type { loader as cartPageLoader } from './routes/cart';
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
export const meta: MetaFunction = ({ error, location, matches, data }) => {
  if (!error) return [];
  const { t } = metaTranslator(location, matches, data);
  return [{ title: pageTitle(isNotFound(error) ? t('error.notFoundTitle') : t('error.somethingWentWrong')) }];
};

/** Pages that need a signed-in shopper: navigating to one shows the loading overlay (docs/product.md#route-guard). */
const GUARDED_PATHS = ['/profile', '/orders', '/order-success', '/order-failed'];
/** Guarded pages with a loading view of their own, shown instead of the overlay once the shopper is known to be registered. */
const OWN_LOADING_VIEWS = ['/profile', '/orders'];
/** Pages that show the sign-in flow inline rather than as a modal. */
const AUTH_PAGES = ['/login', '/register'];
/** The cart page reads the whole cart; there the badge is drawn from it, so the cart is read once. */
const CART_PAGE = '/cart';
/** The order confirmations: the paid lines have just left the cart, so the badge asks the API, not the session. */
const CONFIRMATION_PAGES = ['/checkout/success', '/order-success'];

/** Leaving the cart page, the badge needs the count the root did not read there. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || (pathWithoutLocale(currentUrl.pathname) === CART_PAGE && pathWithoutLocale(nextUrl.pathname) !== CART_PAGE);

/** The back office (/admin) has a frame of its own (routes/admin.tsx): no shop header, cart or footer. */
const isBackOffice = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

/**
 * The page's language (ADR 046): the `:lang` segment is `it` or absent; `/en/...` is the root's page,
 * moved for good; anything else there is a page that does not exist. A switcher link (`?lang=`)
 * remembers the choice in a cookie and drops the parameter; `/` sends a visitor whose remembered
 * choice, or else whose browser, prefers Italian to `/it`.
 */
/**
 * The not-found page of an address no route takes (`/nowhere` lands on the home route's `lang`): it
 * has no loader data, so the menus come with the 404, and the page shows the owner's (ADR 071).
 */
async function notFoundInChrome(context: ShopContext): Promise<Response> {
  const [menu, navigation] = await Promise.all([shopMenu(context), siteNavigation(context)]);
  return json({ message: null, menu, navigation }, { status: 404 });
}

async function languageRedirect(
  request: Request,
  params: Record<string, string | undefined>,
  context: ShopContext,
): Promise<Response | null> {
  const url = new URL(request.url);
  const lang = params.lang;
  if (lang === 'en') return redirect(`${pathWithoutLocale(url.pathname)}${url.search}`, 301);
  if (lang !== undefined && (!isLocale(lang) || lang === DEFAULT_LOCALE)) throw await notFoundInChrome(context);
  const chosen = chosenLocale(url);
  if (chosen) {
    url.searchParams.delete(LANGUAGE_CHOICE_PARAM);
    await rememberLocaleInAccount(context, chosen);
    return redirect(localizedPath(`${pathWithoutLocale(url.pathname)}${url.search}`, chosen), {
      headers: { 'Set-Cookie': languageCookie(chosen, context.secure), 'Cache-Control': 'private, no-store' },
    });
  }
  if (url.pathname === '/') {
    // This browser's choice, else the one kept in the signed-in shopper's account, else the browser's languages.
    const wanted =
      rememberedLocale(request) ??
      (request.headers.get('Cookie') ? (await context.shopper()).user?.locale : undefined) ??
      preferredLocale(request.headers.get('Accept-Language'));
    if (wanted !== DEFAULT_LOCALE) {
      return redirect(localizedPath(`/${url.search}`, wanted), {
        headers: { Vary: 'Accept-Language, Cookie', 'Cache-Control': 'private, no-store' },
      });
    }
  }
  return null;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (isBackOffice(url.pathname)) {
    return json({
      honeypotInputProps: honeypotInputProps(),
      user: null,
      guestExpired: false,
      authView: null,
      cartCount: 0,
      cookieConsent: true,
      origin: context.origin,
      menu: null,
      navigation: null,
    });
  }
  const moved = await languageRedirect(request, params, context);
  if (moved) throw moved;
  const menu = shopMenu(context);
  const navigation = siteNavigation(context);
  // Read beside the shopper and the badge; a guard or redirect thrown first leaves them unawaited.
  menu.catch(() => undefined);
  navigation.catch(() => undefined);
  const shopper = await getShopper(context);
  // The page's own path, whatever its language: /it/cart is the cart page too.
  const page = pathWithoutLocale(url.pathname);
  // Any shop page can open the sign-in modal with ?auth=<step>; guests are allowed there.
  const modal =
    url.searchParams.has('auth') && !AUTH_PAGES.includes(page) ? await loadAuthView(request, context, { context: 'modal' }) : null;
  const cart =
    page === CART_PAGE
      ? { count: null, countCookie: null, sessionCookie: null }
      : await cartCount(context, request, { fresh: CONFIRMATION_PAGES.includes(page) });
  // The badge's own cookie, and the session's only when this request changed it (ADR 081).
  const headers = new Headers();
  for (const cookie of [modal?.setCookie ?? shopper.setCookie ?? cart.sessionCookie, cart.countCookie])
    if (cookie) headers.append('Set-Cookie', cookie);
  return json(
    {
      honeypotInputProps: honeypotInputProps(),
      user: shopper.user,
      guestExpired: shopper.guestExpired,
      authView: modal?.view ?? null,
      cartCount: cart.count,
      cookieConsent: hasCookieConsent(request),
      origin: context.origin,
      menu: await menu,
      navigation: await navigation,
      // The sign-in modal's words come with the page that opens it.
      i18n: modal ? i18nData(context, 'auth', 'forms') : null,
    },
    { headers },
  );
}

/** The brand's chrome around every page, error pages included (then without the root's data if it failed). */
export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const cartPage = useRouteLoaderData<typeof cartPageLoader>('routes/cart');
  const cartCount = cartPage?.cart ? cartPage.cart.total_items : (data?.cartCount ?? 0);
  const cartLoading = useCartLoading();
  const registered = data?.user?.user_type === 'registered';
  const profileLoading = useArrivingAt('/profile') && registered;
  const ordersLoading = useArrivingAt('/orders') && registered;
  const nonce = useNonce();
  const backOffice = isBackOffice(useLocation().pathname);
  // A timed redirect without JavaScript: the sign-in flow's end (the modal's, or /login and /register's
  // own), or one a page's loader asks for (`refreshWithoutScript`).
  const matches = useMatches();
  const authPage = matches.find((match) => AUTH_PAGES.includes(pathWithoutLocale(match.pathname)))?.data as
    { view?: AuthFlowView } | undefined;
  const asked = matches
    .map((match) => (match.data as { refreshWithoutScript?: ScriptlessRefresh | null } | undefined)?.refreshWithoutScript)
    .find(Boolean);
  const signedIn = Boolean(data?.user) && !signedOutByPage(matches);
  const refresh = timedRedirect(data?.authView ?? authPage?.view) ?? asked;
  const { locale, t } = useI18n();
  const messageScripts = usePageMessageScripts();
  const error = useRouteError();
  const chrome = data ?? chromeOfNotFound(error);
  const navigation = siteNavigationOf(chrome?.navigation, chrome?.menu ?? null, t);
  return (
    <html lang={LANGUAGE_TAGS[locale]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#f4f1ec" />
        <Meta />
        <Links />
        {backOffice || !data?.origin ? null : <LanguageAlternates origin={data.origin} />}
        <TimedRedirect redirect={refresh} />
      </head>
      <body>
        <LinkNavigation locale={locale}>
          <ProgressBar />
          <a className="skip-link" href="#main">
            {t('skipLink')}
          </a>
          {backOffice ? null : <CookieNotice acceptedByCookie={data?.cookieConsent ?? false} />}
          {backOffice ? null : <SiteHeader signedIn={signedIn} cartCount={cartCount} menu={navigation.header} />}
          <main id="main" className="site-main" tabIndex={-1}>
            {cartLoading ? <CartSkeleton /> : profileLoading ? <ProfileSkeleton /> : ordersLoading ? <OrdersLoading /> : children}
          </main>
          {backOffice ? null : <SiteFooter columns={navigation.footer} />}
        </LinkNavigation>
        <ScrollRestoration nonce={nonce} />
        {/* A first load's words (ADR 080): run before the app's modules, which are async. */}
        {messageScripts.map((src) => (
          <script key={src} src={src} />
        ))}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The menus a not-found page of the root's was given (`notFoundInChrome`); null for any other error. */
function chromeOfNotFound(error: unknown): { menu: ShopMenu | null; navigation: Navigation | null } | null {
  if (!isNotFound(error) || !isRouteErrorResponse(error)) return null;
  // The router's own 404 (no route matches the address at all) carries its message as a string.
  if (typeof error.data !== 'object' || error.data === null || !('navigation' in error.data)) return null;
  const data = error.data as { menu?: ShopMenu | null; navigation?: Navigation | null };
  return { menu: data.menu ?? null, navigation: data.navigation ?? null };
}

/** A page's loader found the sign-in over on its own request (a spent refresh token): its data says `signedOut`. */
function signedOutByPage(matches: ReturnType<typeof useMatches>): boolean {
  return matches.some((match) => (match.data as { signedOut?: boolean } | undefined)?.signedOut === true);
}

/** With JavaScript, the root's data still holds the old sign-in after such a page: it is read again. */
function useSignedOutByPage(signedIn: boolean) {
  const matches = useMatches();
  const revalidator = useRevalidator();
  const ended = signedIn && signedOutByPage(matches);
  useEffect(() => {
    if (ended && revalidator.state === 'idle') revalidator.revalidate();
  }, [ended, revalidator]);
}

/** With JavaScript, a guest's session end is checked every 60 s; the server then signs them out (docs/product.md#accounts). */
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
  useSignedOutByPage(Boolean(user));
  const { t } = useI18n();
  const target = pathWithoutLocale(navigation.location?.pathname ?? '');
  const guardedLoading =
    navigation.state === 'loading' &&
    GUARDED_PATHS.includes(target) &&
    !(user?.user_type === 'registered' && OWN_LOADING_VIEWS.includes(target));
  return (
    <HoneypotProvider {...honeypotInputProps}>
      {guestExpired ? (
        <p className="notice notice--error site-alert" role="alert">
          {t('guestSessionExpired')}
        </p>
      ) : null}
      <Outlet />
      <LazyAuthModal view={authView} />
      {guardedLoading ? <AuthLoadingOverlay /> : null}
    </HoneypotProvider>
  );
}

/** Text of a thrown response: the message a loader gave (an API detail), if any. */
function thrownMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || !error.data || typeof error.data !== 'object') return null;
  const message = (error.data as { message?: unknown }).message;
  return typeof message === 'string' && message.trim() ? message : null;
}

/** The brand's error page, inside the site chrome: a page that does not exist, or a failure with a way to retry. */
export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const { locale, t } = useI18n();
  const notFound = isNotFound(error);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const heading = notFound ? t('error.notFoundTitle') : t('error.somethingWentWrong');
  const message = thrownMessage(error);
  return (
    <section className="error-page" aria-labelledby="error-heading">
      <p className="eyebrow">{t('error.status', { status })}</p>
      <h1 id="error-heading">{heading}</h1>
      <p role={notFound ? undefined : 'alert'}>{notFound ? t('error.notFound') : (message ?? t('error.tryLater'))}</p>
      <div className="error-page__actions">
        {notFound ? null : (
          // A plain link: retrying works without JavaScript too.
          <a href={`${location.pathname}${location.search}`} className="button button--ghost">
            {t('error.tryAgain')}
          </a>
        )}
        <ShopLink to={localizedPath('/', locale)} className="button">
          {t('error.backToHome')}
        </ShopLink>
      </div>
    </section>
  );
}
