import { menuProductsSchema, type ProductDetails, productDetailsSchema, productRenamedSchema } from '@contract/api/catalogue';
import { type Navigation, navigationSchema } from '@contract/api/navigation';
import { wishlistAnswerSchema, wishlistEntriesSchema } from '@contract/api/wishlist';

import { type ApiClient, ApiRequestError, cachedProductList } from './api.server';
import { catalogueCache } from './cache.server';
import type { ShopContext } from './context.server';
import { menuOf, type ShopMenu } from './navigation';

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

/**
 * The shop's menus from the catalogue (the kept product list and the owner's featured products, both
 * dropped with the catalogue); null when the API cannot answer: the chrome shows the spec's three.
 */
export async function shopMenu(context: ShopContext): Promise<ShopMenu | null> {
  const api = context.visitorApi;
  try {
    const [listings, featured] = await Promise.all([
      cachedProductList(api),
      catalogueCache.get(`${api.baseUrl}|products/menu`, () => api.request('GET', 'products/menu', menuProductsSchema), DETAILS_CACHE),
    ]);
    return menuOf(listings, context.locale, featured.product_ids);
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    return null;
  }
}

/**
 * The owner's header menu and footer columns (ADR 071) in the page's language, kept with the catalogue
 * (dropped by the same hook when the owner changes them); null when the API cannot answer: the page
 * then draws the shop's own menus.
 */
export async function siteNavigation(context: ShopContext): Promise<Navigation | null> {
  const api = context.visitorApi;
  const locale = context.locale;
  try {
    return await catalogueCache.get(
      `${api.baseUrl}|navigation|${locale}`,
      () => api.request('GET', 'navigation', navigationSchema, { query: { locale } }),
      DETAILS_CACHE,
    );
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    return null;
  }
}
