import type { Trx } from '../db/transaction.js';
import { DomainError } from '../domain-error.js';
import { addStoreCredit, returnToGiftCard, takeFromGiftCard, takeStoreCredit } from './gift-cards.js';

/**
 * A checkout's gift card and store credit (ADR 052): claimed in the checkout's own transaction, after
 * the discount, with the stock and the limits (ADR 043: every claim in the order transaction), and
 * given back when the checkout closes unpaid.
 */

/** Locks gift cards in id order, as lockCodes does for codes: a checkout gives back one card and takes another. */
export async function lockGiftCards(trx: Trx, cardIds: readonly (string | null)[]): Promise<void> {
  const ids = [...new Set(cardIds.filter((id): id is string => id !== null))];
  if (ids.length < 2) return;
  await trx.selectFrom('gift_cards').select('id').where('id', 'in', ids).orderBy('id').forNoKeyUpdate().execute();
}

/**
 * Takes what the card and then the credit can pay of the session's total and notes it on the session.
 * Answers the cents prepaid. A card that was usable a moment ago but is spent by a concurrent checkout
 * refuses, so the shopper is told rather than sent to pay a total they did not expect.
 */
export async function claimBalances(
  trx: Trx,
  now: Date,
  input: { sessionId: string; total: number; giftCardId: string | null; userId: string | null },
): Promise<number> {
  // The shopper's own checkout: the session names them; the ledger does not repeat their address.
  const note = { reason: 'checkout', actor: 'shopper', checkoutSessionId: input.sessionId };
  let giftCardAmount = 0;
  if (input.giftCardId && input.total > 0) {
    giftCardAmount = await takeFromGiftCard(trx, now, input.giftCardId, input.total, note);
    if (giftCardAmount === 0) throw new DomainError('gift_card_empty', 'This gift card has no balance left.');
  }
  let storeCreditAmount = 0;
  if (input.userId && input.total - giftCardAmount > 0) {
    // A buyer without credit simply pays: the storefront asks for it whenever the buyer is signed in.
    storeCreditAmount = await takeStoreCredit(trx, now, input.userId, input.total - giftCardAmount, note);
  }
  if (giftCardAmount + storeCreditAmount > 0) {
    await trx
      .updateTable('checkout_sessions')
      .set({ gift_card_id: input.giftCardId, gift_card_amount: giftCardAmount, store_credit_amount: storeCreditAmount })
      .where('id', '=', input.sessionId)
      .execute();
  }
  return giftCardAmount + storeCreditAmount;
}

type HeldBalances = {
  id: string;
  user_id: string;
  email: string;
  gift_card_id: string | null;
  gift_card_amount: number;
  store_credit_amount: number;
};

/** A checkout that closed unpaid gives its card and credit back (in the transaction that closed it). */
export async function releaseBalances(trx: Trx, now: Date, session: HeldBalances): Promise<void> {
  const note = { reason: 'checkout closed', actor: 'shop', checkoutSessionId: session.id };
  if (session.gift_card_id && session.gift_card_amount > 0)
    await returnToGiftCard(trx, now, session.gift_card_id, session.gift_card_amount, note);
  if (session.store_credit_amount > 0) await addStoreCredit(trx, now, session.user_id, session.store_credit_amount, note);
}

/**
 * A paid session that had given its balances back claims exactly the same again; false when the card
 * or the credit no longer holds it (the payment then goes back, as for stock sold out meanwhile).
 */
export async function reclaimBalances(trx: Trx, now: Date, session: HeldBalances): Promise<boolean> {
  const note = { reason: 'checkout', actor: 'shopper', checkoutSessionId: session.id };
  if (session.gift_card_id && session.gift_card_amount > 0) {
    const taken = await takeFromGiftCard(trx, now, session.gift_card_id, session.gift_card_amount, note, { exact: true });
    if (taken === 0) return false;
  }
  if (session.store_credit_amount > 0) {
    const taken = await takeStoreCredit(trx, now, session.user_id, session.store_credit_amount, note, { exact: true });
    if (taken === 0) return false;
  }
  return true;
}
