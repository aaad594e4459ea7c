import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, isRouteErrorResponse, Link, NavLink, Outlet, useLoaderData, useLocation, useRouteError } from '@remix-run/react';

import { BRAND } from '@contract/brand';

import { ADMIN_HEADERS } from '~/lib/admin.server';
import { LANGUAGE_NAMES, LANGUAGE_TAGS, LOCALES, type MessageKey, metaTranslator, useI18n } from '~/lib/i18n';
import { i18nData } from '~/lib/i18n.server';
import { pageTitle } from '~/lib/page-title';
import adminStyles from '~/styles/admin.css';

export const links = () => [{ rel: 'stylesheet', href: adminStyles }];

/** Each page names itself; this one is used when a page below failed and the error shows here. */
export const meta: MetaFunction = ({ error, location, matches }) => {
  const { t } = metaTranslator(location, matches);
  return [
    { title: pageTitle(t(isRouteErrorResponse(error) && error.status === 404 ? 'admin.error.notFound' : 'admin.error.failed')) },
    { name: 'robots', content: 'noindex' },
  ];
};

/**
 * The back office's frame: who is signed in, its sections, its language and signing out. Each page
 * checks the session itself. The frame's words come in the member's language (ADR 072).
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const session = await context.staff.session();
  const email = session.get('email');
  const role = session.get('role');
  const locale = await context.staff.locale();
  return json(
    { staff: email && role ? { email, role } : null, i18n: i18nData({ locale, dataRequest: context.dataRequest }, 'admin') },
    { headers: ADMIN_HEADERS },
  );
}

/** The back office's name, leading to its overview: on every page and on its error page. */
function AdminBrand() {
  const { t } = useI18n();
  return (
    <p className="admin__brand">
      <Link to="/admin">{t('admin.brand', { brand: BRAND.name })}</Link>
    </p>
  );
}

/** Each role named in the member's language. */
const ROLE_NAMES: Record<'owner' | 'staff', MessageKey> = { owner: 'admin.role.owner', staff: 'admin.role.staff' };

/** The sections of the nav: everyone's, then the owner's, then the audit log. */
const SECTIONS: { to: string; label: MessageKey; ownerOnly?: boolean }[] = [
  { to: '/admin/orders', label: 'admin.nav.orders' },
  { to: '/admin/returns', label: 'admin.nav.returns' },
  { to: '/admin/carriers', label: 'admin.nav.carriers' },
  { to: '/admin/stock', label: 'admin.nav.stock' },
  { to: '/admin/customers', label: 'admin.nav.customers' },
  { to: '/admin/gift-cards', label: 'admin.nav.giftCards' },
  { to: '/admin/reminders', label: 'admin.nav.reminders' },
  { to: '/admin/pages', label: 'admin.nav.pages' },
  { to: '/admin/home', label: 'admin.nav.home' },
  { to: '/admin/navigation', label: 'admin.nav.navigation' },
  { to: '/admin/products', label: 'admin.nav.products', ownerOnly: true },
  { to: '/admin/discounts', label: 'admin.nav.discounts', ownerOnly: true },
  { to: '/admin/staff', label: 'admin.nav.staff', ownerOnly: true },
  { to: '/admin/privacy', label: 'admin.nav.privacy', ownerOnly: true },
  { to: '/admin/audit', label: 'admin.nav.audit' },
];

/**
 * The back office's language, each named in itself: a post that keeps the choice (the session, and
 * the member at the API) and comes back to this page. Works without JavaScript.
 */
function AdminLanguage() {
  const { locale, t } = useI18n();
  const { pathname, search } = useLocation();
  return (
    <Form method="post" action="/admin/language" className="admin__language" aria-label={t('admin.language')}>
      <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
      {LOCALES.map((option) => (
        <button
          key={option}
          type="submit"
          name="locale"
          value={option}
          lang={LANGUAGE_TAGS[option]}
          aria-pressed={option === locale}
          className="button button--ghost"
        >
          {LANGUAGE_NAMES[option]}
        </button>
      ))}
    </Form>
  );
}

export default function AdminLayout() {
  const { staff } = useLoaderData<typeof loader>();
  const { t } = useI18n();
  return (
    <div className="admin">
      <header className="admin__header">
        <AdminBrand />
        {staff ? (
          <>
            <nav aria-label={t('admin.nav')} className="admin__nav">
              <ul>
                <li>
                  <NavLink to="/admin" end>
                    {t('admin.nav.overview')}
                  </NavLink>
                </li>
                {SECTIONS.filter((section) => !section.ownerOnly || staff.role === 'owner').map((section) => (
                  <li key={section.to}>
                    <NavLink to={section.to}>{t(section.label)}</NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <Form method="post" action="/admin/logout" className="admin__signout">
              <span className="admin__who">{t('admin.who', { email: staff.email, role: t(ROLE_NAMES[staff.role]) })}</span>
              <button type="submit" className="button button--ghost">
                {t('admin.signOut')}
              </button>
            </Form>
          </>
        ) : null}
        <AdminLanguage />
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
  const { t } = useI18n();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const detail = isRouteErrorResponse(error) && typeof error.data?.detail === 'string' ? error.data.detail : null;
  return (
    <div className="admin">
      <header className="admin__header">
        <AdminBrand />
      </header>
      <section className="admin__page" aria-labelledby="admin-error-heading">
        <h1 id="admin-error-heading">{t(notFound ? 'admin.error.notFound' : 'admin.error.failed')}</h1>
        <p role={notFound ? undefined : 'alert'}>{detail ?? t(notFound ? 'admin.error.nothingHere' : 'admin.error.couldNotLoad')}</p>
        <p>
          {notFound ? null : (
            <a href={`${location.pathname}${location.search}`} className="button button--ghost">
              {t('admin.error.tryAgain')}
            </a>
          )}{' '}
          <Link to="/admin" className="button">
            {t('admin.error.back')}
          </Link>
        </p>
      </section>
    </div>
  );
}
