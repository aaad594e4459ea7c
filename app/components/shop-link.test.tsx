import { createRemixStub } from '@remix-run/testing';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { drawNavigation } from '~/lib/site-navigation';

import { LinkNavigation, ShopLink } from './shop-link';
import { SiteHeader } from './site-header';

/** The server's markup of `element` on the page `path`, inside the router as the shop renders it. */
function render(element: () => JSX.Element, path = '/') {
  const Stub = createRemixStub([{ id: 'root', path: '*', Component: () => <LinkNavigation>{element()}</LinkNavigation> }]);
  return renderToStaticMarkup(<Stub initialEntries={[path]} />);
}

describe('ShopLink', () => {
  it('is a plain link carrying only what a browser reads', () => {
    const html = render(() => (
      <ShopLink to="/?page=2&category=T-Shirts" className="button" rel="next" prefetch="intent" replace preventScrollReset aria-disabled>
        Load more
      </ShopLink>
    ));
    expect(html).toBe('<a href="/?page=2&amp;category=T-Shirts" class="button" rel="next" aria-disabled="true">Load more</a>');
  });

  it('works outside the navigation provider too (a plain link, as without JavaScript)', () => {
    const html = renderToStaticMarkup(
      <ShopLink to="/cart" aria-label="Cart">
        Cart
      </ShopLink>,
    );
    expect(html).toBe('<a href="/cart" aria-label="Cart">Cart</a>');
  });
});

const EMPTY = { key: 'products', heading: 'Products', links: [] };

describe('the header links', () => {
  it('mark the page one is on, and only that one', () => {
    const about = render(() => <SiteHeader signedIn={false} cartCount={0} menu={EMPTY} />, '/about');
    expect(about).toContain('<a href="/about" class="main-nav__link active" aria-current="page">About</a>');
    expect(about).toContain('<a href="/contact" class="main-nav__link">Contact</a>');
    // The phone menu marks it too.
    expect(about).toContain('<a href="/about" class="active" aria-current="page">About</a>');
    const home = render(() => <SiteHeader signedIn={false} cartCount={2} menu={EMPTY} />, '/');
    expect(home).not.toContain('aria-current');
    expect(home).toContain('<a href="/cart" class="header-action icon-link" aria-label="Cart, 2 items">');
  });

  it('list the owner’s menu in the bar and the phone menu, the catalogue drawn where it stands, an outside address as it is', () => {
    const catalogue = {
      products: [{ name: 'Field Cap', to: '/product/Field%20Cap' }],
      categories: [{ name: 'Caps', to: '/?category=Caps' }],
    };
    const { header } = drawNavigation(
      {
        header: {
          key: 'products',
          heading: 'Shop',
          links: [
            { kind: 'link', label: 'Size guide', href: '/pages/size-guide', external: false },
            { kind: 'catalogue' },
            { kind: 'link', label: 'Stockists', href: 'https://stockists.example/filo', external: true },
          ],
        },
        footer: [],
      },
      catalogue,
    );
    const html = render(() => <SiteHeader signedIn={false} cartCount={0} menu={header} />, '/about');
    expect(
      html.match(
        /<a href="\/pages\/size-guide">Size guide<\/a><\/li><li><a href="\/product\/Field%20Cap">Field Cap<\/a><\/li><li><a href="\/\?category=Caps">Caps<\/a><\/li><li><a href="https:\/\/stockists.example\/filo">Stockists<\/a>/g,
      ),
    ).toHaveLength(2);
    expect(html).toContain('<summary class="nav-menu__button">Shop <svg');
    // Without the catalogue (it could not be read), its entry draws nothing; no product is named in the code.
    const bare = render(
      () => (
        <SiteHeader
          signedIn={false}
          cartCount={0}
          menu={
            drawNavigation({ header: { key: 'products', heading: 'Products', links: [{ kind: 'catalogue' }] }, footer: [] }, null).header
          }
        />
      ),
      '/about',
    );
    expect(bare).not.toContain('/product/');
  });
});
