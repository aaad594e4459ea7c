import type { MessageKey, Translate } from './i18n';
import { CART_BADGE_CAP } from './site-rules';

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

/** The Products menu of the navigation bar (docs/product.md#site-chrome). */
export const PRODUCT_MENU = ['Tracer Tee', 'Padded Tee', 'Padded Jorts'].map((name) => ({
  name,
  to: `/product/${encodeURIComponent(name)}`,
}));

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
