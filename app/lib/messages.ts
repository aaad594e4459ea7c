import { CARD_TEXT } from '@contract/cards';

/** User-visible strings of the spec, word for word, each defined once. */
export const MESSAGES = {
  somethingWentWrong: 'Something went wrong',
  errorLoadingProducts: (message: string) => `Error loading products: ${message}`,
  noProductsAvailable: 'No products available',
  httpError: (status: number) => `HTTP error! status: ${status}`,
  defaultCategory: 'PRODUCT',
  viewProduct: 'View Product',
  noImage: 'No Image',
  // Catalogue, wishlist and product page (docs/product.md#routes, docs/product.md#states, docs/product.md#validation, docs/product.md#error-messages)
  imageError: 'Image Error',
  beNotified: 'Be notified when available',
  notifyMe: 'Notify Me',
  notifyWhenAvailable: 'Notify when available',
  /** Drops (ADR 028). */
  comingSoon: 'Coming soon',
  notifyAtLaunch: 'Notify me at launch',
  launchesOn: 'Launches',
  purchaseLimit: (units: number) => `Limit ${units} per customer`,
  waitingRoomTitle: "High demand: you're in line",
  waitingRoomText:
    'So many people are shopping right now that we could not take your request yet. Keep this page open: it tries again on its own and takes you back when there is room. Your cart is kept.',
  waitingRoomRetryIn: (seconds: number) => (seconds > 0 ? `Trying again in ${seconds} s` : 'Trying again…'),
  waitingRoomRetryEvery: (seconds: number) => `This page tries again every ${seconds} seconds.`,
  waitingRoomTryNow: 'Try again now',
  waitingRoomBack: 'Back to where I was',
  youllBeNotified: "You'll be notified",
  alreadyInWishlist: 'Already in your wishlist!',
  invalidEmail: 'Please enter a valid email address',
  wishlistFailed: 'Failed to add to wishlist. Please try again.',
  unsubscribeLinkInvalid: 'This link is no longer valid: the request was already removed, or the link is incomplete.',
  unsubscribed: (item: string) => `Done: we won't email you about ${item}.`,
  loadingProduct: 'Loading product...',
  errorLoadingProduct: (message: string) => `Error loading product: ${message}`,
  productNotFound: 'Product not found',
  backToHome: 'Back to Home',
  outOfStock: 'Out of stock',
  addToCart: 'Add to Cart',
  quickPurchase: 'Quick Purchase',
  noVariantSelected: 'No variant selected. Please select all product options.',
  selectProductOptions: 'Please select product options',
  share: 'Share',
  linkCopied: 'Link copied!',
  viewCart: 'View Cart',

  // Contact form (docs/product.md#validation, docs/product.md#error-messages), in the order the form checks them.
  contactNameRequired: 'Please enter your name',
  contactEmailRequired: 'Please enter your email',
  contactEmailInvalid: 'Please enter a valid email address',
  contactReasonRequired: 'Please select a reason for contact',
  contactSubjectRequired: 'Please enter a subject',
  contactMessageRequired: 'Please enter your message',
  emailTooLong: 'Email address is too long',
  contactFailed: 'Failed to send message',
  contactFailedTryAgain: 'Failed to send message. Please try again.',
  contactSending: 'Sending...',
  contactThankYou: "Thank you for your message! We'll get back to you within one working day.",

  // Policy documents (docs/product.md#error-messages).
  errorLoadingDocument: (message: string) => `Error loading document: ${message}`,

  // Refused posts (not in the spec): a form from another site, or a body that is no form.
  formNotAccepted: 'Form not accepted',
  requestRefused: 'Request refused',
  crossSiteRefused: 'This form was sent from another website, so we did not act on it. Go back to the shop and try again from there.',
} as const;

/** Accounts and sign-in (docs/product.md#route-guard, docs/product.md#states, docs/product.md#error-messages). */
export const AUTH_MESSAGES = {
  guestSessionExpired: 'Your guest session has expired. Please verify your email again to continue.',
  guestSessionExpiredShort: 'Guest session expired',
  createAccountRequired: 'Please create an account to access this feature.',
  loginRequired: 'Please login to continue',
  guestsNotAllowed: 'Guest users cannot access this feature.',
  bringingYouToAccount: 'Bringing you to your account...',
  failedToGetUser: 'Failed to get user data',
  unableToCheckEmail: 'Unable to check email. Please try again.',
  codeExpired: 'Verification code has expired. Please request a new one.',
  codeInvalid: 'Invalid verification code. Please check and try again.',
  verificationFailed: 'Verification failed. Please try again.',
  invalidEmailOrPassword: 'Invalid email or password',
  accountLocked: 'Account temporarily locked due to multiple failed attempts. Please try again later.',
  loginFailed: 'Login failed. Please try again.',
  accountExists: 'An account with this email already exists.',
  registrationFailed: 'Registration failed. Please try again.',
  sendCodeFailed: 'Failed to send verification code. Please try again.',
  resendCodeFailed: 'Failed to resend verification code. Please try again.',
  sendResetFailed: 'Failed to send reset code. Please try again.',
  resetCodeExpired: 'Reset code has expired. Please request a new one.',
  resetCodeInvalid: 'Invalid reset code. Please check and try again.',
  resetFailed: 'Failed to reset password. Please try again.',
  resendResetFailed: 'Failed to resend reset code. Please try again.',
  codeSent: 'New verification code sent to your email!',
  resetCodeSent: 'Password reset code sent to your email!',
  resetCodeResent: 'New reset code sent to your email!',
  resendIn: (seconds: number) => `Resend code in ${seconds}s`,
} as const;

/** Cart, checkout and order confirmation (docs/product.md#routes, docs/product.md#error-messages). */
export const CART_MESSAGES = {
  errorLoadingCart: (message: string) => `Error loading cart: ${message}`,
  cartEmpty: 'Your cart is empty',
  cartEmptyHint: 'Add some products to get started',
  startShopping: 'Start Shopping',
  continueShopping: 'Continue Shopping',
  clearCart: 'Clear cart',
  confirmClear: 'Are you sure you want to clear your entire cart?',
  checkout: 'Checkout',
  freeShippingHint: (amount: string) => `Add ${amount} more for free shipping`,
  addedToCart: 'Added to Cart!',
  addToCartFailed: (message: string) => `Failed to add item to cart: ${message}`,
  checkoutSessionFailed: (message: string) => `Failed to create checkout session: ${message}`,
  noCheckoutUrl: 'No checkout URL received from server',
  checkoutError: (message: string) => `Checkout error: ${message}`,
  checkoutFailed: (status: number) => `Checkout failed: ${status}`,
  invalidAuthEmail: 'Error: Invalid email address received from authentication',
  noOrderId: 'No order ID provided',
  unableToLoadOrder: 'Unable to Load Order',
  failedToLoadOrder: 'Failed to load order',
  noOrderData: 'No order data available',
  returnToHome: 'Return to Home',
  defaultPaymentMethod: 'Credit Card',
  viewOrderHistory: 'View Order History',
  downloadReceipt: 'Download Receipt',
} as const;

/** Status texts of Quick Purchase while it works (docs/product.md#product-page). */
export const QUICK_PURCHASE_STATUS = {
  resuming: 'Signed in. Resuming your purchase...',
  creating: 'Creating checkout session...',
  redirecting: 'Redirecting to payment...',
} as const;

/** Profile and orders (docs/product.md#routes, docs/product.md#error-messages). */
export const ACCOUNT_MESSAGES = {
  welcomeBack: (name: string) => `Welcome back, ${name}!`,
  errorLoadingProfile: (message: string) => `Error loading profile: ${message}`,
  failedToFetchProfile: 'Failed to fetch profile',
  notAuthenticated: 'Not authenticated. Please log in.',
  noPurchases: 'No purchases yet',
  viewAllOrders: 'View All Orders',
  memberSince: 'Member Since',
  failedToUpdateProfile: 'Failed to update profile',
  saveChanges: 'Save Changes',
  cancel: 'Cancel',
  searchPlaceholder: 'Search by order ID or item name...',
  noOrdersFound: 'No orders found',
  adjustFilters: 'Try adjusting your search or filters',
  startShoppingHint: 'Start shopping to see your orders here',
  loadingOrders: 'Loading your orders...',
  failedToFetchOrders: 'Failed to fetch orders',
  errorPrefix: (message: string) => `Error: ${message}`,
  failedToLoadOrderDetails: 'Failed to load order details',
  loadMoreOrders: 'Load More Orders',
  exportCsv: 'Export to CSV',
  trackOrder: 'Track Order',
  downloadReceipt: 'Download Receipt',
  pending: 'Pending',
} as const;

/** A guest on /orders keeps their email as an account (ADR 048; not in the spec, which sends guests away). */
export const GUEST_ACCOUNT_MESSAGES = {
  heading: 'Create an account with this email',
  intro: 'Choose a password to keep these orders in an account, download receipts and export your order history.',
  submit: 'Create Account',
  busy: 'Creating your account...',
  created: 'Your account is ready, and your orders are in it.',
  receiptsNeedAccount: 'Receipts are for accounts: create yours with this email to download them.',
  failed: 'Your account could not be created just now. Please try again in a moment.',
} as const;

/** Collectible cards (docs/product.md#cards). */
export const CARD_MESSAGES = {
  yourCards: 'Your Cards',
  cardUnlocked: 'Card Unlocked!',
  shareCard: 'Share Card',
  outOf: (count: number, total: number) => `${count} out of ${total}`,
  noCardsYet: 'No cards unlocked yet',
  makePurchase: 'Make a purchase to unlock cards!',
  defaultLabel: CARD_TEXT.defaultLabel,
  guestOwner: CARD_TEXT.guestOwner,
  captureFailed: (message: string) => `Failed to capture screenshot: ${message}`,
  canvasNoDimensions: 'Canvas has no dimensions',
  blobFailed: 'Failed to create blob',
} as const;

/** The profile's consents (issue 39, GDPR art. 7): what the shopper agreed to, and withdrawing it. */
export const CONSENT_MESSAGES = {
  heading: 'Your consents',
  intro: 'What you agreed to, under which version of our policies, and when. Withdraw a consent here as easily as you gave it.',
  none: 'No consents recorded yet.',
  kinds: {
    cookies: 'Cookies and local storage (the cookie notice)',
    marketing: 'Marketing emails',
    terms: 'Terms and privacy policy (your account)',
  },
  givenOn: (day: string, version: string) => `Given ${day} (policy of ${version})`,
  withdrawnOn: (day: string) => `Withdrawn ${day}`,
  withdraw: 'Withdraw',
  withdrawing: 'Withdrawing...',
  endedByDeleting: 'Ends when you delete your account.',
  withdrawn: 'Your consent has been withdrawn.',
  failed: 'Your consent could not be withdrawn just now. Please try again in a moment.',
  unavailable: 'Your consents could not be loaded just now.',
} as const;
