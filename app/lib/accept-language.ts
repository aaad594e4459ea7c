/**
 * The first guess for a visitor who has not chosen: the shop's language the browser ranks highest in
 * `Accept-Language`; the API reads the storefront's calls the same way (contract/locale.ts).
 */
export { preferredLocale } from '@contract/locale';
