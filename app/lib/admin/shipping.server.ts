import {
  carrierListSchema,
  type CarrierRequest,
  carrierSchema,
  type PackingSlipsRequest,
  shipmentsReportSchema,
} from '@contract/api/shipping';

import type { SignedInStaff } from '~/lib/staff-session.server';

/** Shipping many orders and the carriers (issue 42), over the signed-in member's API client. */
type Staff = Pick<SignedInStaff, 'api'>;

export function listCarriers(staff: Staff) {
  return staff.api.request('GET', 'admin/carriers', carrierListSchema);
}

export function addCarrier(staff: Staff, carrier: CarrierRequest) {
  return staff.api.request('POST', 'admin/carriers', carrierSchema, { body: carrier });
}

export function changeCarrier(staff: Staff, id: string, carrier: CarrierRequest) {
  return staff.api.request('POST', `admin/carriers/${encodeURIComponent(id)}`, carrierSchema, { body: carrier });
}

export async function removeCarrier(staff: Staff, id: string): Promise<void> {
  await staff.api.raw('DELETE', `admin/carriers/${encodeURIComponent(id)}`);
}

/**
 * The packing slips as the API's PDF answer, to stream on to the browser. Printing changes nothing, so
 * it is sent without an idempotency key (a kept answer is text, not a PDF) and may simply be asked again.
 */
export function packingSlipsPdf(staff: Staff, request: PackingSlipsRequest): Promise<Response> {
  return staff.api.raw('POST', 'admin/orders/packing-slips', { body: request, headers: { Accept: 'application/pdf' }, idempotent: true });
}

/** A CSV of shipments: the report of what was shipped, or of every bad line (nothing then changes). */
export function shipFromCsv(staff: Staff, csv: string) {
  return staff.api.request('POST', 'admin/orders/ship-csv', shipmentsReportSchema, { body: { csv } });
}
