import { json } from '@remix-run/node';

import { orderNoteSchema } from '@contract/api/admin';
import { messageAnswerSchema } from '@contract/api/auth';
import { customerDetailSchema, customerListSchema } from '@contract/api/customers';
import { customerStoreCreditSchema } from '@contract/api/gift-cards';

import { ADMIN_HEADERS } from '~/lib/admin.server';
import { ApiRequestError } from '~/lib/api.server';
import type { Locale } from '~/lib/i18n';
import { serverTranslator } from '~/lib/i18n.server';
import type { SignedInStaff } from '~/lib/staff-session.server';

/** The back office's customers, over the signed-in member's API client: one function per API call. */
type Staff = Pick<SignedInStaff, 'api'>;

const customerPath = (id: string) => `admin/customers/${encodeURIComponent(id)}`;

export function listCustomers(staff: Staff, query: { q?: string; limit: number; offset: number }) {
  return staff.api.request('GET', 'admin/customers', customerListSchema, { query });
}

/** The back office's 404 page for a customer it does not know, in the member's language. */
export function customerNotFound(locale: Locale): Response {
  return json(
    { detail: serverTranslator(locale, 'admin-people')('adminPeople.customer.notFound') },
    { status: 404, headers: ADMIN_HEADERS },
  );
}

/** One customer with their orders, notes, cards and wishlist, or the back office's 404 page. */
export async function getCustomer(staff: Pick<SignedInStaff, 'api' | 'locale'>, id: string) {
  try {
    return await staff.api.request('GET', customerPath(id), customerDetailSchema);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) throw customerNotFound(staff.locale);
    throw error;
  }
}

export function addCustomerNote(staff: Staff, customer: string, note: string) {
  return staff.api.request('POST', 'admin/customers/notes', orderNoteSchema, { body: { customer, note } });
}

export function eraseCustomer(staff: Staff, id: string, body: { confirm_email: string }) {
  return staff.api.request('POST', `${customerPath(id)}/erase`, messageAnswerSchema, { body });
}

/** The customer's data as the API makes it: a .zip of data.json and its README, body unread. */
export function exportCustomerData(staff: Staff, id: string) {
  return staff.api.raw('GET', `${customerPath(id)}/data-export`, { headers: { Accept: 'application/zip' } });
}

export function customerStoreCredit(staff: Staff, id: string) {
  return staff.api.request('GET', `${customerPath(id)}/store-credit`, customerStoreCreditSchema);
}

/** Adds (positive cents) or removes (negative) store credit, with the reason the ledger keeps. */
export function adjustStoreCredit(staff: Staff, id: string, change: { amount: number; reason: string }) {
  return staff.api.request('POST', `${customerPath(id)}/store-credit`, customerStoreCreditSchema, { body: change });
}
