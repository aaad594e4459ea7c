/** User-visible strings of the spec, word for word, each defined once. */
export const MESSAGES = {
  somethingWentWrong: 'Something went wrong',
  errorLoadingProducts: (message: string) => `Error loading products: ${message}`,
  noProductsAvailable: 'No products available',
  httpError: (status: number) => `HTTP error! status: ${status}`,
  defaultCategory: 'PRODUCT',
  viewProduct: 'View Product',
  noImage: 'No Image',
} as const;

/** Accounts and sign-in (spec §2 route guard, §4, §8). */
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

