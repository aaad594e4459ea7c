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
