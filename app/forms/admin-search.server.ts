import { z } from 'zod';

import { isoDay } from '@contract/api/admin';
import { ORDER_FILTERS } from '@contract/order-status';

/*
 * The back office's lists read their filters from the address bar in their loaders only: these
 * schemas live in a .server module so the list pages load no zod in the browser.
 */

/** The order list's search, from the address bar. Days are checked apart (orderDaysSchema), so a wrong one can be named. */
export const orderSearchSchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  status: z.enum(ORDER_FILTERS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});

/** The order list's days (in Italy, the shop's time; both included), each optional; a wrong one is reported, not ignored. */
export const orderDaysSchema = z
  .object({
    from: z.preprocess((value) => (value === '' ? undefined : value), isoDay.optional()),
    to: z.preprocess((value) => (value === '' ? undefined : value), isoDay.optional()),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { message: 'The first day comes after the last', path: ['to'] });

/** The filters of the order list as the address carries them (page left out): the list, its pages and its CSV share them. */
export function orderFilterParams(filters: { q?: string; status?: string; from?: string; to?: string }): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['q', 'status', 'from', 'to'] as const) if (filters[key]) params.set(key, filters[key]!);
  return params;
}
