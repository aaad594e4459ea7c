import { MENU_PRODUCTS_MAX } from '@contract/shop-rules';

import type { MessageKey, Translate } from './i18n';
import { productPath } from './product-link';
import { CART_BADGE_CAP } from './site-rules';

export { MENU_PRODUCTS_MAX };

/** A contextual back button of docs/product.md#site-chrome. */
export interface BackLink {
  label: string;
  to: string;
}

/**
 * What a route tells the navigation bar through its `handle`: the page title shown there, and the
 * contextual back button. The deepest route that sets one wins.
 */
export interface NavigationHandle {
  pageTitle?: string;
  /** A title read from the route's loader data (a product page shows its product's name). */
  titleFrom?: (data: unknown) => string | undefined;
  back?: BackLink;
}

/** The back buttons of docs/product.md#site-chrome, for the routes that show them. */
export const BACK_LINKS = {
  /** cart */
  continueShopping: { label: 'Continue Shopping', to: '/' },
  /** payment-result, policy pages and product pages */
  backToShop: { label: 'Back to Shop', to: '/' },
  /** order-details */
  viewOrderHistory: { label: 'View Order History', to: '/orders' },
  /** orders */
  backToProfile: { label: 'Back to Profile', to: '/profile' },
} as const satisfies Record<string, BackLink>;

/** The page titles of the routes' handles, in the shop's catalogues; a title without one shows as it is. */
const PAGE_TITLE_KEYS: Record<string, MessageKey> = {
  About: 'title.about',
  Cart: 'title.cart',
  'Order Confirmation': 'title.orderConfirmation',
  Contact: 'title.contact',
  'Order Details': 'title.orderDetails',
  'Order Failed': 'title.orderFailed',
  Orders: 'title.orders',
  'Payment Result': 'title.paymentResult',
  Profile: 'title.profile',
  'Return or exchange': 'title.returns',
  'Delivery address': 'title.deliveryAddress',
  'Back-in-stock email': 'title.backInStock',
  'Privacy Policy': 'policy.privacy-policy',
  'Return Policy': 'policy.return-policy',
  'Terms and Conditions': 'policy.terms-and-conditions',
  'Website Use Agreement': 'policy.website-use-agreement',
};

/** A handle's title or back label in the page's language. */
export function translatedTitle(title: string, t: Translate): string {
  const key = PAGE_TITLE_KEYS[title];
  return key ? t(key) : title;
}

/** The back buttons' labels in the shop's catalogues. */
const BACK_LABEL_KEYS: Record<string, MessageKey> = {
  'Continue Shopping': 'back.continueShopping',
  'Back to Shop': 'back.backToShop',
  'View Order History': 'back.viewOrderHistory',
  'Back to Profile': 'back.backToProfile',
};

export function translatedBack(back: BackLink, t: Translate): string {
  const key = BACK_LABEL_KEYS[back.label];
  return key ? t(key) : back.label;
}

/** A link of the shop's menus: its words and its address. */
export interface MenuLink {
  name: string;
  to: string;
}

/**
 * The catalogue's part of the shop's menus (ADR 048): the products the owner features, or else the
 * newest as the grid shows them, and the categories. Made by the root loader; drawn where the owner's
 * navigation has its catalogue entry (ADR 071, `site-navigation.ts`).
 */
export interface ShopMenu {
  products: MenuLink[];
  categories: MenuLink[];
}

/** What the menu needs of a catalogue listing (products/list). */
export interface MenuListing {
  id: string;
  name: string;
  is_variant_listing: boolean;
  categories: { name: string }[];
  translations: { it?: { categories?: string[] } };
}

/**
 * The menus of a catalogue. Products: those the owner features (`featured`, ids in the owner's
 * order; one no longer listed is left out), or, when none is, each product once in the listing's
 * order (a variant's own listing is not a product of its own); at most MENU_PRODUCTS_MAX. Categories:
 * each once, sorted, named in the page's language, linking to the grid filtered by it (its address
 * keeps the English name).
 */
export function menuOf(listings: readonly MenuListing[], locale: 'en' | 'it' = 'en', featured: readonly string[] = []): ShopMenu {
  const products = new Map<string, MenuLink>();
  const categories = new Map<string, string>();
  for (const listing of listings) {
    if (listing.is_variant_listing) continue;
    if (!products.has(listing.id)) products.set(listing.id, { name: listing.name, to: productPath(listing.name) });
    listing.categories.forEach((category, i) => {
      const italian = listing.translations.it?.categories?.[i]?.trim();
      if (!categories.has(category.name)) categories.set(category.name, locale === 'it' && italian ? italian : category.name);
    });
  }
  const chosen = featured.flatMap((id) => products.get(id) ?? []);
  return {
    products: (chosen.length ? chosen : [...products.values()]).slice(0, MENU_PRODUCTS_MAX),
    categories: [...categories]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, label]) => ({ name: label, to: `/?${new URLSearchParams({ category: name })}` })),
  };
}

/** The cart badge text: nothing for an empty cart, '99+' above 99. */
export function cartBadgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > CART_BADGE_CAP ? `${CART_BADGE_CAP}+` : String(Math.floor(count));
}

/** Reads the navigation handle of a route match, whatever else the handle holds. */
export function navigationHandleOf(handle: unknown, data?: unknown): NavigationHandle {
  if (!handle || typeof handle !== 'object') return {};
  const { pageTitle, titleFrom, back } = handle as NavigationHandle;
  const title = typeof titleFrom === 'function' ? titleFrom(data) : pageTitle;
  return {
    pageTitle: typeof title === 'string' && title ? title : undefined,
    back: back && typeof back.label === 'string' && typeof back.to === 'string' ? back : undefined,
  };
}

/** The title and back button for the current matches: the deepest route that sets each. */
export function currentNavigation(matches: { handle?: unknown; data?: unknown }[]): NavigationHandle {
  const result: NavigationHandle = {};
  for (const match of matches) {
    const handle = navigationHandleOf(match.handle, match.data);
    if (handle.pageTitle) result.pageTitle = handle.pageTitle;
    if (handle.pageTitle || handle.back) result.back = handle.back;
  }
  return result;
}
