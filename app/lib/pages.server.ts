import { type PublicPage, publicPageSchema, type PublishedPageList, publishedPageListSchema } from '@contract/api/pages';

import { type ApiClient, ApiRequestError } from './api.server';
import type { Locale } from './i18n';

/** The published page at `slug` in `locale`, where its old slug moved to, or null when there is none. */
export async function publishedPage(api: ApiClient, slug: string, locale: Locale): Promise<PublicPage | null> {
  try {
    return await api.request('GET', `pages/${encodeURIComponent(slug)}`, publicPageSchema, { query: { locale } });
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.code === 'invalid_request')) return null;
    throw error;
  }
}

/** Every published page's address, with the day its text was published (the sitemap's). */
export async function publishedPageList(api: ApiClient): Promise<PublishedPageList['pages']> {
  return (await api.request('GET', 'pages', publishedPageListSchema)).pages;
}
