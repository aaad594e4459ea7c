import { Form, useLocation, useMatches } from '@remix-run/react';
import { useRef } from 'react';

import { BRAND } from '@contract/brand';

import { pathWithoutLocale, type Translate, useI18n } from '~/lib/i18n';
import { cartBadgeText, currentNavigation, translatedBack, translatedTitle } from '~/lib/navigation';
import type { SiteMenu } from '~/lib/site-navigation';

import { BackIcon, CartIcon, ChevronIcon, MenuIcon, ProfileIcon } from './icons';
import { LanguageSwitcher } from './language-switcher';
import { MenuLink } from './menu-link';
import { ShopLink } from './shop-link';
import { useMenuDismiss } from './use-menu-dismiss';

interface SiteHeaderProps {
  signedIn: boolean;
  cartCount: number;
  /** The Products menu as the owner ordered it (ADR 071), the catalogue's products and categories drawn in. */
  menu: SiteMenu;
}

function AccountAction({ signedIn, t }: { signedIn: boolean; t: Translate }) {
  if (!signedIn) {
    return (
      <ShopLink to="/login" className="header-action header-action--text">
        {t('header.login')}
      </ShopLink>
    );
  }
  return (
    <Form method="post" action="/logout" className="header-logout">
      <button type="submit" className="header-action header-action--text">
        {t('header.logout')}
      </button>
    </Form>
  );
}

function CartLink({ count, t }: { count: number; t: Translate }) {
  const badge = cartBadgeText(count);
  return (
    <ShopLink
      to="/cart"
      className="header-action icon-link"
      aria-label={badge ? t('header.cartWithItems', { count: badge }) : t('header.cart')}
    >
      <CartIcon />
      {badge ? (
        <span className="cart-badge" aria-hidden="true" data-testid="cart-badge">
          {badge}
        </span>
      ) : null}
    </ShopLink>
  );
}

/** The title of the current page and its back button (docs/product.md#site-chrome), taken from the routes' `handle`. */
function PageBar({ t }: { t: Translate }) {
  const navigation = currentNavigation(useMatches());
  const pageTitle = navigation.pageTitle ? translatedTitle(navigation.pageTitle, t) : undefined;
  const back = navigation.back;
  if (!pageTitle && !back) return null;
  return (
    <div className="page-bar">
      {back ? (
        <ShopLink to={back.to} className="back-link">
          <BackIcon />
          {translatedBack(back, t)}
        </ShopLink>
      ) : null}
      {pageTitle ? (
        <p className="page-bar__title" aria-live="polite">
          <span key={pageTitle} className="page-bar__title-text">
            {pageTitle}
          </span>
        </p>
      ) : null}
    </div>
  );
}

/** Navigation bar: brand, Products menu, About, Contact, login or logout, cart, profile; a menu below 728 px. */
export function SiteHeader({ signedIn, cartCount, menu }: SiteHeaderProps) {
  const ref = useRef<HTMLElement>(null);
  useMenuDismiss(ref);
  const { t } = useI18n();
  // Keys by place: the owner may link one address twice.
  const links = menu.links.map((link, i) => ({ link, key: `${i}:${link.to}` }));
  // The page one is on is marked in the menus as NavLink marks it: aria-current and the class `active`.
  const { pathname } = useLocation();
  const here = pathWithoutLocale(pathname);
  const marked = (to: string, className?: string) => {
    const current = here === to;
    return {
      'aria-current': current ? ('page' as const) : undefined,
      className: [className, current ? 'active' : null].filter(Boolean).join(' ') || undefined,
    };
  };
  return (
    <header className="site-header" ref={ref}>
      <div className="site-header__bar">
        <ShopLink to="/" className="brand" aria-label={t('header.home', { brand: BRAND.name })}>
          {BRAND.name}
        </ShopLink>

        <nav className="main-nav" aria-label={t('header.mainNav')}>
          <ul className="main-nav__list">
            <li>
              <details className="nav-menu" data-menu>
                <summary className="nav-menu__button">
                  {menu.heading} <ChevronIcon />
                </summary>
                <ul className="nav-menu__panel">
                  {links.map(({ link, key }) => (
                    <li key={key}>
                      <MenuLink link={link} />
                    </li>
                  ))}
                </ul>
              </details>
            </li>
            <li>
              <ShopLink to="/about" {...marked('/about', 'main-nav__link')}>
                {t('header.about')}
              </ShopLink>
            </li>
            <li>
              <ShopLink to="/contact" {...marked('/contact', 'main-nav__link')}>
                {t('header.contact')}
              </ShopLink>
            </li>
          </ul>
        </nav>

        <div className="header-actions">
          <LanguageSwitcher className="language-switcher language-switcher--header" id="header-language" />
          <AccountAction signedIn={signedIn} t={t} />
          <CartLink count={cartCount} t={t} />
          <ShopLink to="/profile" className="header-action icon-link" aria-label={t('header.profile')}>
            <ProfileIcon />
          </ShopLink>
          <details className="mobile-menu" data-menu>
            <summary className="header-action icon-link">
              <MenuIcon />
              <span className="visually-hidden">{t('header.menu')}</span>
            </summary>
            <nav className="mobile-menu__panel" aria-label={t('header.mobileNav')}>
              <p className="mobile-menu__heading" id="mobile-products">
                {menu.heading}
              </p>
              <ul aria-labelledby="mobile-products">
                {links.map(({ link, key }) => (
                  <li key={key}>
                    <MenuLink link={link} />
                  </li>
                ))}
              </ul>
              <ul>
                <li>
                  <ShopLink to="/about" {...marked('/about')}>
                    {t('header.about')}
                  </ShopLink>
                </li>
                <li>
                  <ShopLink to="/contact" {...marked('/contact')}>
                    {t('header.contact')}
                  </ShopLink>
                </li>
              </ul>
              <LanguageSwitcher className="language-switcher language-switcher--menu" id="mobile-language" />
            </nav>
          </details>
        </div>
      </div>
      <PageBar t={t} />
    </header>
  );
}
