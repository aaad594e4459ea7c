import { type PublicHome, publicHomeSchema } from '@contract/api/home';

import { type ApiClient, ApiRequestError } from './api.server';
import { catalogueCache } from './cache.server';

const HOME_CACHE = { ttlMs: 30_000, staleMs: 5 * 60_000 };

/**
 * The hero the owner set for the home page (ADR 073), through the catalogue cache, which a change or
 * the scheduled switch clears; when the API cannot say, none: the newest product leads, as before.
 */
export async function ownerHome(api: ApiClient): Promise<PublicHome> {
  try {
    return await catalogueCache.get(`${api.baseUrl}|home`, () => api.request('GET', 'home', publicHomeSchema), HOME_CACHE);
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    return { hero: null, next_change_at: null };
  }
}
