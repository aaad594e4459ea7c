import { describe, expect, it } from 'vitest';

import { BACK_LINKS, cartBadgeText, currentNavigation, PRODUCT_MENU } from './navigation';

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

  it('links the Products menu to the product pages by encoded name', () => {
    expect(PRODUCT_MENU.map((p) => p.to)).toEqual(['/product/Tracer%20Tee', '/product/Padded%20Tee', '/product/Padded%20Jorts']);
  });
});
