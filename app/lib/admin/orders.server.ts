import { json } from '@remix-run/node';

import { deliverAnswerSchema, orderDetailSchema, orderListSchema, orderNoteSchema, shipAnswerSchema } from '@contract/api/admin';
import { refundAnswerSchema, type RefundRequest } from '@contract/api/refunds';

import { orderDaysSchema, orderFilterParams, orderSearchSchema } from '~/forms/admin-search.server';
import { ADMIN_HEADERS } from '~/lib/admin.server';
import { ApiRequestError } from '~/lib/api.server';
import type { SignedInStaff } from '~/lib/staff-session.server';

/** The back office's orders, over the signed-in member's API client: one function per API call. */
type Staff = Pick<SignedInStaff, 'api'>;

export interface OrderFilters {
  q?: string;
  status?: (typeof orderSearchSchema)['_output']['status'];
  from?: string;
  to?: string;
}

/**
 * The order filters of an address (the list and its CSV read the same ones): the search, the page,
 * the days as typed, and the day errors (wrong days are named and left out of the filters, not ignored).
 */
export function readOrderFilters(url: URL) {
  const search = orderSearchSchema.parse(Object.fromEntries(url.searchParams));
  const typed = { from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' };
  const days = orderDaysSchema.safeParse(typed);
  const dayErrors = days.success ? {} : (days.error.flatten().fieldErrors as { from?: string[]; to?: string[] });
  const filters: OrderFilters = { q: search.q || undefined, status: search.status, ...(days.success ? days.data : {}) };
  const dayIssues = days.success ? [] : days.error.issues.map((issue) => issue.message);
  return { search, typed, filters, dayErrors, dayIssues, params: orderFilterParams(filters) };
}

export function listOrders(staff: Staff, filters: OrderFilters, page: { limit: number; offset: number }) {
  return staff.api.request('GET', 'admin/orders', orderListSchema, { query: { ...filters, ...page } });
}

/** One order, or the back office's 404 page. */
export async function getOrder(staff: Staff, reference: string) {
  try {
    return await staff.api.request('GET', `admin/orders/${encodeURIComponent(reference)}`, orderDetailSchema);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404)
      throw json({ detail: `No order ${reference}` }, { status: 404, headers: ADMIN_HEADERS });
    throw error;
  }
}

export function shipOrder(staff: Staff, order: string, parcel: { carrier: string; tracking: string }) {
  return staff.api.request('POST', 'admin/orders/ship', shipAnswerSchema, { body: { order, ...parcel } });
}

export function deliverOrder(staff: Staff, order: string) {
  return staff.api.request('POST', 'admin/orders/deliver', deliverAnswerSchema, { body: { order } });
}

export function addOrderNote(staff: Staff, order: string, note: string) {
  return staff.api.request('POST', 'admin/orders/notes', orderNoteSchema, { body: { order, note } });
}

export function refundOrder(staff: Staff, body: RefundRequest) {
  return staff.api.request('POST', 'admin/orders/refund', refundAnswerSchema, { body });
}

export function cancelOrder(staff: Staff, body: { order: string; idempotency_key: string; reason: string }) {
  return staff.api.request('POST', 'admin/orders/cancel', refundAnswerSchema, { body });
}
