import { redirect } from '@remix-run/node';

/** The product page links /terms; the document lives at /terms-and-conditions. */
export const loader = () => redirect('/terms-and-conditions', 301);
