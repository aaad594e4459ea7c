import { ordersOverviewSchema, type PurchaseListItem, purchaseListSchema, type PurchaseStats } from '@contract/api/orders';
import { consentListSchema } from '@contract/api/privacy';
import { accountOverviewSchema, localeAnswerSchema, profileAnswerSchema } from '@contract/api/profile';

import type { ProfileField } from '~/forms/profile';

import { ApiRequestError } from './api.server';
import type { ShopContext } from './context.server';
import type { Locale } from './i18n';
import type { OrderStatusFilter } from './orders-query';
import { purchaseDetailReader } from './purchase-detail.server';
import type { PurchaseDetail } from './purchases';

/** The orders page's answer, its opened order read as the pages use it. */
const ordersPageSchema = ordersOverviewSchema.extend({ opened: purchaseDetailReader.nullable().optional() });

export interface PurchaseQuery {
  limit: number;
  offset: number;
  q?: string;
  status?: OrderStatusFilter;
}

/** The API's purchase list takes at most this many per call. */
const API_PAGE_MAX = 50;

/** The account calls of docs/product.md#api-orders for the shopper of this request (bearer, refresh once and retry). */
export async function accountApi(context: ShopContext) {
  const { api, session, commit } = await context.shopApi();
  const purchases = (query: PurchaseQuery) =>
    api.request('GET', 'user/purchases', purchaseListSchema, {
      query: { limit: query.limit, offset: query.offset, q: query.q || undefined, status: query.status || undefined },
    });
  return {
    api,
    session,
    commit,
    profile: () => api.request('GET', 'user/profile', profileAnswerSchema),
    /** What the profile page shows, in one call: the profile, the latest `purchases`, the statistics and the cards. */
    overview: (purchases: number) => api.request('GET', 'user/overview', accountOverviewSchema, { query: { purchases } }),
    /** The consents given, newest first (a guest's /orders shows them; the profile has them in its overview). */
    consents: () => api.request('GET', 'user/consents', consentListSchema),
    updateProfile: (body: { first_name: string; last_name: string; phone: string; address: string }) =>
      api.request('PUT', 'user/profile', profileAnswerSchema, { body }),
    purchases,
    /**
     * What the orders page lists: the first `count` matches and the statistics of all orders (null
     * when the API could not read them), and with `open` that order's detail (null when the API has
     * none for the shopper). The first API_PAGE_MAX come with the statistics and the opened order in
     * one call (`user/orders-overview`); any further ones in parallel calls of at most API_PAGE_MAX.
     */
    async ordersPage(
      count: number,
      filter: Pick<PurchaseQuery, 'q' | 'status'>,
      open?: string,
    ): Promise<{ purchases: PurchaseListItem[]; stats: PurchaseStats | null; opened: PurchaseDetail | null }> {
      const query = { q: filter.q || undefined, status: filter.status || undefined, open };
      const first = api.request('GET', 'user/orders-overview', ordersPageSchema, {
        query: { limit: Math.min(API_PAGE_MAX, count), ...query },
      });
      const more: Promise<PurchaseListItem[]>[] = [];
      for (let offset = API_PAGE_MAX; offset < count; offset += API_PAGE_MAX) {
        more.push(purchases({ ...filter, limit: Math.min(API_PAGE_MAX, count - offset), offset }));
      }
      const [overview, rest] = await Promise.all([first, Promise.all(more)]);
      return { purchases: [...overview.purchases, ...rest.flat()], stats: overview.stats, opened: overview.opened ?? null };
    },
    /** Every match, a call at a time until one comes back short, up to `max`. */
    async allPurchases(filter: Pick<PurchaseQuery, 'q' | 'status'>, max: number): Promise<PurchaseListItem[]> {
      const all: PurchaseListItem[] = [];
      while (all.length < max) {
        const page = await purchases({ ...filter, limit: API_PAGE_MAX, offset: all.length });
        all.push(...page);
        if (page.length < API_PAGE_MAX) break;
      }
      return all.slice(0, max);
    },
    purchase: (id: string) => api.request('GET', `user/purchase/${encodeURIComponent(id)}`, purchaseDetailReader),
  };
}

/**
 * A signed-in shopper's switcher choice is kept in their account too (their emails, receipts and next
 * visits speak it). Best effort, and without refreshing the sign-in: the page's own loaders run beside
 * the root's, and two refreshes of one rotating token would sign the shopper out; the cookie remembers it anyway.
 */
export async function rememberLocaleInAccount(context: ShopContext, locale: Locale): Promise<void> {
  if (!(await context.shopper()).user) return;
  const { api } = await context.shopApi('as-is');
  await api.request('PUT', 'user/locale', localeAnswerSchema, { body: { locale } }).catch(() => undefined);
}

/** No usable token (none, or the refresh failed): the page says 'Not authenticated. Please log in.' */
export function isNotAuthenticated(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401;
}

/** Field messages of a 422 answer for the profile fields (loc ['body', field]). */
export function profileFieldErrors(error: unknown, fields: readonly ProfileField[]): Partial<Record<ProfileField, string[]>> | null {
  if (!(error instanceof ApiRequestError) || error.status !== 422 || !Array.isArray(error.detail)) return null;
  const result: Partial<Record<ProfileField, string[]>> = {};
  for (const item of error.detail as { loc?: unknown[]; msg?: unknown }[]) {
    const field = item.loc?.[item.loc.length - 1];
    if (typeof field === 'string' && (fields as readonly string[]).includes(field) && typeof item.msg === 'string') {
      (result[field as ProfileField] ??= []).push(item.msg);
    }
  }
  return Object.keys(result).length ? result : null;
}

/** A full purchase id: only these are worth asking the API about. */
export const PURCHASE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
