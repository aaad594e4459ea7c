/** The shop's constants (docs/product.md#constants); one source for the storefront and the API. Amounts are integer cents. */

/** Timings and sizes of the catalogue and product page. */
export const SHOP_RULES = {
  wishlistToastMs: 3000,
  alreadyWishlistedMs: 2000,
  copyTooltipMs: 2000,
  gridStaggerMs: 100,
  mobileMaxWidth: 768,
  activeCardRadiusPx: 200,
  dotGridSpacingPx: 30,
  dotGridIdleMs: 3000,
  longDescriptionCollapseChars: 200,
} as const;

/** Listings on one page of the shop's grid (issue #21): `Load more` brings the next as many. */
export const CATALOGUE_PAGE_SIZE = 24;
/** The longest search the shop reads; longer text is refused, not cut. */
export const CATALOGUE_SEARCH_MAX = 100;
/** The most products the shop's menu lists (the Products menu and the footer's shop group, ADR 048). */
export const MENU_PRODUCTS_MAX = 8;

/** Something, an at sign, something, a dot, something: the basic email shape docs/product.md#validation asks for. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The longest email address there can be (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

/** Cart, checkout and money rules of docs/product.md#constants. */
export const CART_RULES = {
  currency: 'eur',
  /** Shipping is free when the cart total is over this. */
  freeShippingOverCents: 15_000,
  shippingCents: 2_000,
  /** VAT in percent, included in every price. */
  taxPercent: 22,
  /** What one "Add to Cart" adds. */
  quantityPerAdd: 1,
  /** The most of one variant a cart line may hold. */
  maxLineQuantity: 99,
  /** How long a checkout session holds its stock. */
  checkoutSessionTtlMs: 30 * 60_000,
  /** Estimated delivery when the order does not say (docs/product.md#order-success). */
  estimatedDeliveryDays: 7,
  defaultPaymentMethod: 'Credit Card',
} as const;

/** Purchase history sizes and timings of docs/product.md#constants. */
export const ACCOUNT_RULES = {
  /** Latest purchases on the profile. */
  profilePurchases: 5,
  /** Orders per page on /orders (limit 10, offset 10 × page). */
  ordersPageSize: 10,
  /** Pages one /orders?page= address may ask for at once (a link without JavaScript loads them all). */
  maxOrderPages: 50,
  /** How long a deep-linked order stays highlighted. */
  orderHighlightMs: 3000,
} as const;
