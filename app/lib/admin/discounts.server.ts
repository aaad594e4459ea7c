import { json } from '@remix-run/node';

import { adminDiscountCodeSchema, adminDiscountListSchema, type DiscountCodeRequest } from '@contract/api/discounts';

import { ADMIN_HEADERS } from '~/lib/admin.server';
import { ApiRequestError } from '~/lib/api.server';
import { serverTranslator } from '~/lib/i18n.server';
import type { SignedInStaff } from '~/lib/staff-session.server';

/** The owner's discount codes, over the signed-in member's API client: one function per API call. */
type Staff = Pick<SignedInStaff, 'api'>;

const codePath = (id: string) => `admin/discounts/${encodeURIComponent(id)}`;

/** Every code, newest first, with the products and categories a code may be limited to. */
export function listDiscountCodes(staff: Staff) {
  return staff.api.request('GET', 'admin/discounts', adminDiscountListSchema);
}

/** One code, or the back office's 404 page. */
export async function getDiscountCode(staff: Pick<SignedInStaff, 'api' | 'locale'>, id: string) {
  try {
    return await staff.api.request('GET', codePath(id), adminDiscountCodeSchema);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404)
      throw json(
        { detail: serverTranslator(staff.locale, 'admin-catalogue')('adminCatalogue.discounts.noSuch') },
        { status: 404, headers: ADMIN_HEADERS },
      );
    throw error;
  }
}

export function createDiscountCode(staff: Staff, code: DiscountCodeRequest) {
  return staff.api.request('POST', 'admin/discounts', adminDiscountCodeSchema, { body: code });
}

export function saveDiscountCode(staff: Staff, id: string, code: DiscountCodeRequest) {
  return staff.api.request('PUT', codePath(id), adminDiscountCodeSchema, { body: code });
}
