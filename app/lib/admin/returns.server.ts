import { json } from '@remix-run/node';

import { returnListSchema, returnSchema } from '@contract/api/returns';
import type { ReturnStatus } from '@contract/returns';

import { ADMIN_HEADERS } from '~/lib/admin.server';
import { ApiRequestError } from '~/lib/api.server';
import type { SignedInStaff } from '~/lib/staff-session.server';

/** The back office's returns (ADR 032), over the signed-in member's API client. */
type Staff = Pick<SignedInStaff, 'api'>;

export function listReturns(staff: Staff, query: { status?: ReturnStatus; order?: string; limit?: number }) {
  return staff.api.request('GET', 'admin/returns', returnListSchema, { query });
}

/** One return, or the back office's 404 page. */
export async function getReturn(staff: Staff, number: string) {
  try {
    return await staff.api.request('GET', `admin/returns/${encodeURIComponent(number)}`, returnSchema);
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 422))
      throw json({ detail: `No return ${number}` }, { status: 404, headers: ADMIN_HEADERS });
    throw error;
  }
}

/** A step of a return that needs no form: the parcel received, the refund, or cancelling it. */
export function moveReturn(staff: Staff, step: 'receive' | 'refund' | 'cancel', number: string) {
  return staff.api.request('POST', `admin/returns/${step}`, returnSchema, { body: { return: number } });
}

export function shipExchange(staff: Staff, number: string, parcel: { carrier: string; tracking: string }) {
  return staff.api.request('POST', 'admin/returns/ship', returnSchema, { body: { return: number, ...parcel } });
}
