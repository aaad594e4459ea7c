import { type ContactInfo, contactInfoIn } from '@contract/api/page-fields';
import { SHOP_PAGE_FIRST_TEXTS, type ShopPageKey } from '@contract/shop-pages';

import type { ApiClient } from './api.server';
import type { Locale } from './i18n';
import { shareablePageHeaders } from './page-cache.server';
import { publishedPage } from './pages.server';

export interface ShopPageTexts {
  title: string;
  description: string;
  markdown: string;
  contact: ContactInfo | null;
}

/** A page's first texts in `locale` (an empty Italian text reads in English), as the seed wrote them. */
function firstTexts(key: ShopPageKey, locale: Locale): ShopPageTexts {
  const texts = SHOP_PAGE_FIRST_TEXTS[key];
  const pick = (en: string, it: string) => (locale === 'it' && it.trim() ? it : en);
  return {
    title: pick(texts.title_en, texts.title_it),
    description: pick(texts.description_en, texts.description_it),
    markdown: pick(texts.body_en, texts.body_it),
    contact: texts.fields ? contactInfoIn(texts.fields, locale) : null,
  };
}

/**
 * The about or contact page's words as the owner published them (ADR 073), and how long the page
 * cache may keep the page: until a publish clears it, or not at all when the API could not say, so
 * the next visitor gets the owner's words. Without a page (a database from before) the shop's first
 * texts show, as they always did.
 */
export async function shopPageTexts(api: ApiClient, key: ShopPageKey, locale: Locale) {
  try {
    const page = await publishedPage(api, key, locale);
    const texts =
      page?.kind === 'page' && page.builtin === key
        ? { title: page.title, description: page.description, markdown: page.markdown, contact: page.contact ?? null }
        : firstTexts(key, locale);
    return { texts, caching: shareablePageHeaders(300) };
  } catch (error) {
    console.error(`the ${key} page's texts could not be read`, error);
    return { texts: firstTexts(key, locale), caching: { 'Cache-Control': 'no-store' } };
  }
}
