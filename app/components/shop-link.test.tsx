import { createRemixStub } from '@remix-run/testing';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

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

describe('the header links', () => {
  it('mark the page one is on, and only that one', () => {
    const about = render(() => <SiteHeader signedIn={false} cartCount={0} menu={null} />, '/about');
    expect(about).toContain('<a href="/about" class="main-nav__link active" aria-current="page">About</a>');
    expect(about).toContain('<a href="/contact" class="main-nav__link">Contact</a>');
    // The phone menu marks it too.
    expect(about).toContain('<a href="/about" class="active" aria-current="page">About</a>');
    const home = render(() => <SiteHeader signedIn={false} cartCount={2} menu={null} />, '/');
    expect(home).not.toContain('aria-current');
    expect(home).toContain('<a href="/cart" class="header-action icon-link" aria-label="Cart, 2 items">');
  });

  it('list the catalogue’s menu in the bar and the phone menu, or the spec’s three products without it', () => {
    const menu = {
      products: [{ name: 'Field Cap', to: '/product/Field%20Cap' }],
      categories: [{ name: 'Caps', to: '/?category=Caps' }],
    };
    const html = render(() => <SiteHeader signedIn={false} cartCount={0} menu={menu} />, '/about');
    expect(html.match(/<a href="\/product\/Field%20Cap">Field Cap<\/a>/g)).toHaveLength(2);
    expect(html.match(/<a href="\/\?category=Caps">Caps<\/a>/g)).toHaveLength(2);
    expect(html).not.toContain('Padded Jorts');
    const bare = render(() => <SiteHeader signedIn={false} cartCount={0} menu={null} />, '/about');
    expect(bare.match(/<a href="\/product\/Padded%20Jorts">Padded Jorts<\/a>/g)).toHaveLength(2);
  });
});
