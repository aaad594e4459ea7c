import type { ITALIAN_TEXT_NAMES } from '@contract/api/products-admin';

import type { MessageKey, Translate } from '~/lib/i18n';

/**
 * Words of the back office's catalogue pages made from the API's values (states, kinds, names), in the
 * member's language: the API answers with English names and codes, the pages say them through `t`.
 */

const ITALIAN_TEXT_KEYS: Record<(typeof ITALIAN_TEXT_NAMES)[number], MessageKey> = {
  category: 'adminCatalogue.italianName.category',
  'short description': 'adminCatalogue.italianName.shortDescription',
  'long description': 'adminCatalogue.italianName.longDescription',
  'size chart': 'adminCatalogue.italianName.sizeChart',
};

/** The texts a product still lacks in Italian, named in the member's language. */
export function missingItalian(names: readonly (typeof ITALIAN_TEXT_NAMES)[number][], t: Translate): string {
  return names.map((name) => t(ITALIAN_TEXT_KEYS[name])).join(', ');
}
