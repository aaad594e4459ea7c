import { json } from '@remix-run/node';

import {
  adminGiftCardDetailSchema,
  adminGiftCardListSchema,
  giftCardProductCreatedSchema,
  issuedGiftCardSchema,
} from '@contract/api/gift-cards';

import { ADMIN_HEADERS } from '~/lib/admin.server';
import { ApiRequestError } from '~/lib/api.server';
import { serverTranslator } from '~/lib/i18n.server';
import type { SignedInStaff } from '~/lib/staff-session.server';

/** The back office's gift cards (ADR 052), over the signed-in member's API client; store credit is a customer's (customers.server.ts). */
type Staff = Pick<SignedInStaff, 'api'>;

const cardPath = (id: string) => `admin/gift-cards/${encodeURIComponent(id)}`;

export function listGiftCards(staff: Staff) {
  return staff.api.request('GET', 'admin/gift-cards', adminGiftCardListSchema);
}

/** One card with its ledger, or the back office's 404 page (an id that is not one is not found either). */
export async function getGiftCard(staff: Pick<SignedInStaff, 'api' | 'locale'>, id: string) {
  try {
    return await staff.api.request('GET', cardPath(id), adminGiftCardDetailSchema);
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 422))
      throw json(
        { detail: serverTranslator(staff.locale, 'admin-catalogue')('adminCatalogue.giftCards.noSuch') },
        { status: 404, headers: ADMIN_HEADERS },
      );
    throw error;
  }
}

/** Issues a card (mailed to `recipient_email` when given); the answer holds its code, which the API never tells again. */
export function issueGiftCard(staff: Staff, card: { amount: number; expires_at: string | null; recipient_email: string | null }) {
  return staff.api.request('POST', 'admin/gift-cards', issuedGiftCardSchema, { body: card });
}

/** Puts a gift-card product on sale at /gift-cards, in the amounts given (cents). */
export function addGiftCardProduct(staff: Staff, product: { name: string; amounts: number[] }) {
  return staff.api.request('POST', 'admin/gift-cards/products', giftCardProductCreatedSchema, { body: product });
}

/** A lost card stops paying at once; the ledger keeps its balance. */
export function disableGiftCard(staff: Staff, id: string) {
  return staff.api.request('POST', `${cardPath(id)}/disable`, adminGiftCardDetailSchema);
}
