import type { ShopLocale } from '@contract/locale';

import { en } from './mail-words/en.js';
import { it } from './mail-words/it.js';
import type { MailWords } from './mail-words/types.js';

export type { MailWords } from './mail-words/types.js';

const WORDS: Record<ShopLocale, MailWords> = { en, it };

export function mailWords(locale: ShopLocale): MailWords {
  return WORDS[locale];
}
