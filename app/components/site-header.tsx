import { Form, Link, NavLink, useMatches } from '@remix-run/react';
import { useRef } from 'react';
import { BRAND } from '@contract/brand';
import { PRODUCT_MENU, cartBadgeText, currentNavigation } from '~/lib/navigation';
import { BackIcon, CartIcon, ChevronIcon, MenuIcon, ProfileIcon } from './icons';
import { useMenuDismiss } from './use-menu-dismiss';

interface SiteHeaderProps {
  signedIn: boolean;
  cartCount: number;
}

function AccountAction({ signedIn }: { signedIn: boolean }) {
  if (!signedIn) {
    return (
      <Link to="/login" className="header-action header-action--text">
        Login
      </Link>
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
    <Link to="/cart" className="header-action icon-link" aria-label={badge ? `Cart, ${badge} items` : 'Cart'}>
      <CartIcon />
      {badge ? (
        <span className="cart-badge" aria-hidden="true" data-testid="cart-badge">
          {badge}
        </span>
      ) : null}
    </Link>
  );
}

/** The title of the current page and its back button (docs/product.md#site-chrome), taken from the routes' `handle`. */
function PageBar() {
  const { pageTitle, back } = currentNavigation(useMatches());
  if (!pageTitle && !back) return null;
  return (
    <div className="page-bar">
      {back ? (
        <Link to={back.to} className="back-link">
          <BackIcon />
          {back.label}
        </Link>
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
  return (
    <header className="site-header" ref={ref}>
      <div className="site-header__bar">
        <Link to="/" className="brand" aria-label={`${BRAND.name} home`}>
          {BRAND.name}
        </Link>

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
                      <Link to={product.to}>{product.name}</Link>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
            <li>
              <NavLink to="/about" className="main-nav__link">
                About
              </NavLink>
            </li>
            <li>
              <NavLink to="/contact" className="main-nav__link">
                Contact
              </NavLink>
            </li>
          </ul>
        </nav>

        <div className="header-actions">
          <AccountAction signedIn={signedIn} />
          <CartLink count={cartCount} />
          <Link to="/profile" className="header-action icon-link" aria-label="Profile">
            <ProfileIcon />
          </Link>
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
                    <Link to={product.to}>{product.name}</Link>
                  </li>
                ))}
              </ul>
              <ul>
                <li>
                  <NavLink to="/about">About</NavLink>
                </li>
                <li>
                  <NavLink to="/contact">Contact</NavLink>
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
