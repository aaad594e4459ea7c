import { Form, useLocation, useMatches } from '@remix-run/react';
import { useRef } from 'react';
import { BRAND } from '@contract/brand';
import { PRODUCT_MENU, cartBadgeText, currentNavigation } from '~/lib/navigation';
import { BackIcon, CartIcon, ChevronIcon, MenuIcon, ProfileIcon } from './icons';
import { useMenuDismiss } from './use-menu-dismiss';
import { ShopLink } from './shop-link';

interface SiteHeaderProps {
  signedIn: boolean;
  cartCount: number;
}

function AccountAction({ signedIn }: { signedIn: boolean }) {
  if (!signedIn) {
    return (
      <ShopLink to="/login" className="header-action header-action--text">
        Login
      </ShopLink>
    );
  }
  return (
    <Form method="post" action="/logout" className="header-logout">
      <button type="submit" className="header-action header-action--text">
        Logout
      </button>
    </Form>
  );
}

function CartLink({ count }: { count: number }) {
  const badge = cartBadgeText(count);
  return (
    <ShopLink to="/cart" className="header-action icon-link" aria-label={badge ? `Cart, ${badge} items` : 'Cart'}>
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
function PageBar() {
  const { pageTitle, back } = currentNavigation(useMatches());
  if (!pageTitle && !back) return null;
  return (
    <div className="page-bar">
      {back ? (
        <ShopLink to={back.to} className="back-link">
          <BackIcon />
          {back.label}
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
export function SiteHeader({ signedIn, cartCount }: SiteHeaderProps) {
  const ref = useRef<HTMLElement>(null);
  useMenuDismiss(ref);
  // The page one is on is marked in the menus as NavLink marks it: aria-current and the class `active`.
  const { pathname } = useLocation();
  const marked = (to: string, className?: string) => {
    const current = pathname === to;
    return { 'aria-current': current ? ('page' as const) : undefined, className: [className, current ? 'active' : null].filter(Boolean).join(' ') || undefined };
  };
  return (
    <header className="site-header" ref={ref}>
      <div className="site-header__bar">
        <ShopLink to="/" className="brand" aria-label={`${BRAND.name} home`}>
          {BRAND.name}
        </ShopLink>

        <nav className="main-nav" aria-label="Main">
          <ul className="main-nav__list">
            <li>
              <details className="nav-menu" data-menu>
                <summary className="nav-menu__button">
                  Products <ChevronIcon />
                </summary>
                <ul className="nav-menu__panel">
                  {PRODUCT_MENU.map((product) => (
                    <li key={product.to}>
                      <ShopLink to={product.to}>{product.name}</ShopLink>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
            <li>
              <ShopLink to="/about" {...marked('/about', 'main-nav__link')}>
                About
              </ShopLink>
            </li>
            <li>
              <ShopLink to="/contact" {...marked('/contact', 'main-nav__link')}>
                Contact
              </ShopLink>
            </li>
          </ul>
        </nav>

        <div className="header-actions">
          <AccountAction signedIn={signedIn} />
          <CartLink count={cartCount} />
          <ShopLink to="/profile" className="header-action icon-link" aria-label="Profile">
            <ProfileIcon />
          </ShopLink>
          <details className="mobile-menu" data-menu>
            <summary className="header-action icon-link">
              <MenuIcon />
              <span className="visually-hidden">Menu</span>
            </summary>
            <nav className="mobile-menu__panel" aria-label="Mobile">
              <p className="mobile-menu__heading" id="mobile-products">
                Products
              </p>
              <ul aria-labelledby="mobile-products">
                {PRODUCT_MENU.map((product) => (
                  <li key={product.to}>
                    <ShopLink to={product.to}>{product.name}</ShopLink>
                  </li>
                ))}
              </ul>
              <ul>
                <li>
                  <ShopLink to="/about" {...marked('/about')}>
                    About
                  </ShopLink>
                </li>
                <li>
                  <ShopLink to="/contact" {...marked('/contact')}>
                    Contact
                  </ShopLink>
                </li>
              </ul>
            </nav>
          </details>
        </div>
      </div>
      <PageBar />
    </header>
  );
}
