/** The orders page's intent for a guest keeping their email as an account (its own module: no zod comes with it). */
export const GUEST_ACCOUNT_INTENT = 'keep-guest-as-account';
