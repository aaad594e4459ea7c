/** Constants of docs/product.md#constants that the site chrome and static pages use; one source each. */

/** Width at or below which the navigation collapses into the mobile menu (docs/product.md#constants); app.css repeats it in its media queries. */
export const NAV_BREAKPOINT_PX = 727;

/** Above this the cart badge reads '99+'. */
export const CART_BADGE_CAP = 99;

/** How long the contact form's thank-you stays before the form resets. */
export const CONTACT_SUCCESS_MS = 5000;

/** Where the cookie notice's acceptance is kept: local storage with JavaScript, a cookie of the same name without. */
export const COOKIE_CONSENT_KEY = 'cookieConsent';

/** How long the page-title change animates (docs/product.md#site-chrome). */
export const TITLE_ANIMATION_MS = 300;
