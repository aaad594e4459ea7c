import { BRAND } from '@contract/brand';

/** Document title of spec §2: '{page title} - {brand}'. */
export function pageTitle(page: string): string {
  return `${page} - ${BRAND.name}`;
}
