/**
 * The end-to-end run's shops, each an API and a storefront on a data folder of its own
 * (playwright.config.ts): `main` for most tests, and one for each group of tests that changes what
 * every other test would see (the screenshots want the catalogue as seeded; the drops move the clock
 * and paging adds products, in each JavaScript mode).
 */
export const SHOPS = ['main', 'visual', 'late-javascript', 'late-no-javascript'] as const;
export type ShopName = (typeof SHOPS)[number];
