// Where a refund's money goes (ADR 052): back to the gift card and the store credit that paid the
// order first, then through the payment provider; or, for a return refunded as store credit, all of
// it as credit with the owner's bonus.
import type { Trx } from '../../db/transaction.js';
import { addStoreCredit, returnToGiftCard } from '../gift-cards.js';

export interface RefundSplit {
  to_gift_card: number;
  to_store_credit: number;
  store_credit_bonus: number;
  as_store_credit: boolean;
}

type PaidOrder = { id: string; gift_card_amount: number; store_credit_amount: number };

/** The cents the provider is asked for: what the card and the credit do not take. */
export const providerPart = (amount: number, split: RefundSplit) => amount - split.to_gift_card - split.to_store_credit;

/** Splits a refund of `amount` on an order, with its earlier refunds (not failed) counted, under the order's lock. */
export async function splitRefund(
  trx: Trx,
  order: PaidOrder,
  amount: number,
  asStoreCredit: { bonusPercent: number } | null,
): Promise<RefundSplit> {
  if (asStoreCredit) {
    return {
      to_gift_card: 0,
      to_store_credit: amount,
      store_credit_bonus: Math.floor((amount * asStoreCredit.bonusPercent) / 100),
      as_store_credit: true,
    };
  }
  const earlier = await trx
    .selectFrom('refunds')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('to_gift_card'), eb.lit(0)).as('card'),
      eb.fn.coalesce(eb.fn.sum<number>('to_store_credit'), eb.lit(0)).as('credit'),
    ])
    .where('purchase_id', '=', order.id)
    .where('status', '<>', 'failed')
    .where('as_store_credit', '=', false)
    .executeTakeFirstOrThrow();
  const toCard = Math.max(0, Math.min(amount, order.gift_card_amount - Number(earlier.card)));
  const toCredit = Math.max(0, Math.min(amount - toCard, order.store_credit_amount - Number(earlier.credit)));
  return { to_gift_card: toCard, to_store_credit: toCredit, store_credit_bonus: 0, as_store_credit: false };
}

/** Pays a succeeded refund's balances back, with their ledger rows, in the transaction that settles it. */
export async function payBackBalances(
  trx: Trx,
  now: Date,
  refund: RefundSplit & { id: string; purchase_id: string; actor: string },
  order: { user_id: string; gift_card_id: string | null },
): Promise<void> {
  const note = {
    reason: refund.as_store_credit ? 'return refunded as store credit' : 'refund',
    actor: refund.actor,
    purchaseId: refund.purchase_id,
  };
  if (refund.to_gift_card > 0 && order.gift_card_id) await returnToGiftCard(trx, now, order.gift_card_id, refund.to_gift_card, note);
  if (refund.to_store_credit > 0) await addStoreCredit(trx, now, order.user_id, refund.to_store_credit, note);
  if (refund.store_credit_bonus > 0)
    await addStoreCredit(trx, now, order.user_id, refund.store_credit_bonus, { ...note, reason: 'store credit bonus' });
}
