import { describe, expect, it } from 'vitest';

import { BACK_LINKS, cartBadgeText, currentNavigation, MENU_PRODUCTS_MAX, menuOf } from './navigation';

describe('cart badge', () => {
  it('shows nothing for an empty cart, the count up to 99, then 99+', () => {
    expect(cartBadgeText(0)).toBeNull();
    expect(cartBadgeText(1)).toBe('1');
    expect(cartBadgeText(99)).toBe('99');
    expect(cartBadgeText(100)).toBe('99+');
    expect(cartBadgeText(12345)).toBe('99+');
  });
});

describe('navigation handle', () => {
  it('takes the deepest title and its back button', () => {
    expect(
      currentNavigation([{ handle: { pageTitle: 'Shop' } }, { handle: { pageTitle: 'Cart', back: BACK_LINKS.continueShopping } }]),
    ).toEqual({
      pageTitle: 'Cart',
      back: { label: 'Continue Shopping', to: '/' },
    });
  });

  it('does not keep a parent back button for a child page that sets its own title without one', () => {
    expect(
      currentNavigation([{ handle: { pageTitle: 'Orders', back: BACK_LINKS.backToProfile } }, { handle: { pageTitle: 'About' } }]),
    ).toEqual({
      pageTitle: 'About',
      back: undefined,
    });
  });

  it("takes a product page's title from its data, with Back to Shop", async () => {
    const { handle } = await import('~/routes/product.$productName');
    expect(
      currentNavigation([{ handle: { pageTitle: 'Shop' } }, { handle, data: { page: { product: { name: 'Padded Jorts' } } } }]),
    ).toEqual({
      pageTitle: 'Padded Jorts',
      back: { label: 'Back to Shop', to: '/' },
    });
    // A product that could not be loaded still gets the way back.
    expect(currentNavigation([{ handle, data: undefined }])).toEqual({ pageTitle: undefined, back: { label: 'Back to Shop', to: '/' } });
  });

  it('ignores handles of other shapes', () => {
    expect(currentNavigation([{ handle: undefined }, { handle: 'x' }, { handle: { pageTitle: 3 } }])).toEqual({});
  });

  it('draws the menus from the catalogue: each product once, variants left out, categories sorted and named in the page language', () => {
    const listing = (name: string, categories: string[], it: string[] = [], variant = false) => ({
      id: `id-${name}`,
      name,
      is_variant_listing: variant,
      categories: categories.map((category) => ({ name: category })),
      translations: { it: { categories: it } },
    });
    const listings = [
      listing('Field Cap', ['Caps'], ['Cappelli']),
      listing('Tracer Hoodie', ['Tops'], ['']),
      listing('Tracer Tee', ['Tops']),
      listing('Tracer Tee', ['Tops'], [], true),
    ];
    expect(menuOf(listings)).toEqual({
      products: [
        { name: 'Field Cap', to: '/product/Field%20Cap' },
        { name: 'Tracer Hoodie', to: '/product/Tracer%20Hoodie' },
        { name: 'Tracer Tee', to: '/product/Tracer%20Tee' },
      ],
      categories: [
        { name: 'Caps', to: '/?category=Caps' },
        { name: 'Tops', to: '/?category=Tops' },
      ],
    });
    // Italian pages name a category in Italian where written; its address keeps the English name.
    expect(menuOf(listings, 'it').categories).toEqual([
      { name: 'Cappelli', to: '/?category=Caps' },
      { name: 'Tops', to: '/?category=Tops' },
    ]);
    const many = Array.from({ length: MENU_PRODUCTS_MAX + 3 }, (_, i) => listing(`Piece ${i}`, []));
    expect(menuOf(many).products.map((p) => p.name)).toEqual(many.slice(0, MENU_PRODUCTS_MAX).map((l) => l.name));
    // The products the owner features, in the owner's order; one no longer in the catalogue is left out.
    expect(menuOf(listings, 'en', ['id-Tracer Tee', 'id-Gone', 'id-Field Cap']).products.map((p) => p.name)).toEqual([
      'Tracer Tee',
      'Field Cap',
    ]);
    // None of them still listed: the newest again.
    expect(menuOf(listings, 'en', ['id-Gone']).products).toHaveLength(3);
  });
});
