import { redirect } from '@remix-run/node';

/** The product page links /privacy; the policy lives at /privacy-policy. */
export const loader = () => redirect('/privacy-policy', 301);
