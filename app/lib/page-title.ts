import { BRAND } from '@contract/brand';

/** Document title of docs/product.md#site-chrome: '{page title} - {brand}'. */
export function pageTitle(page: string): string {
  return `${page} - ${BRAND.name}`;
}
