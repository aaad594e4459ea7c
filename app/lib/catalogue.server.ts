import { type ProductDetails, productDetailsSchema, productRenamedSchema } from '@contract/api/catalogue';
import { wishlistAnswerSchema, wishlistEntriesSchema } from '@contract/api/wishlist';

import type { ApiClient } from './api.server';
import { catalogueCache } from './cache.server';

const DETAILS_CACHE = { ttlMs: 30_000, staleMs: 5 * 60_000 };

/** The current name of a product the owner renamed from `name`; null when none ever had it. */
export async function renamedProductName(api: ApiClient, name: string): Promise<string | null> {
  try {
    return (await api.request('GET', 'products/renamed', productRenamedSchema, { query: { product_name: name } })).name;
  } catch {
    return null;
  }
}

/** One product's details, through the catalogue cache (stale-while-revalidate; dropped on restock). */
export function cachedProductDetails(api: ApiClient, name: string): Promise<ProductDetails> {
  return catalogueCache.get(
    `${api.baseUrl}|products/details|${name}`,
    () => api.request('GET', 'products/details', productDetailsSchema, { query: { product_name: name } }),
    DETAILS_CACHE,
  );
}

/** The shopper's pending back-in-stock requests (never cached: they change with every request). */
export function wishlistEntries(api: ApiClient, email: string) {
  return api.request('GET', 'products/wishlist', wishlistEntriesSchema, { query: { email } });
}

export function addToWishlist(api: ApiClient, entry: { email: string; productId: string | null; variantId: string | null }) {
  return api.request('POST', 'products/wishlist', wishlistAnswerSchema, {
    body: { email: entry.email, product_id: entry.productId, product_variant_id: entry.variantId },
  });
}
