/** Constants of spec §9 used by the catalogue and product page; one source, imported everywhere. */
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

/** A basic email pattern, as spec §5 asks of the wishlist. */
export const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The longest email address there can be (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

/** Cart money rules of spec §9, in cents. */
export const CART_RULES = {
  /** Shipping is free when the cart total is over this. */
  freeShippingOverCents: 15000,
  shippingCents: 2000,
  /** VAT, included in every price. */
  taxRate: 0.22,
  quantityPerAdd: 1,
  /** Estimated delivery when the order does not say (spec §2 order success). */
  estimatedDeliveryDays: 7,
} as const;

/** Purchase history sizes and timings of spec §9. */
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
