import { sql } from 'kysely';

import type { Db } from '../../db/database.js';
import { DomainError } from '../../domain-error.js';
import { ORDER_MAIL_JOB } from '../order-mail.js';

// A gift card the order bought, refunded or cancelled (ADR 064): the money goes back only for a card
// nobody has spent, and the card stops paying in the transaction that claims the refund, so no
// checkout can spend it while the provider is asked. Should the provider refuse, it pays again.

type Trx = Db;
const REFUNDED = 'refunded';

/** The cards bought by the refunded lines' order, when a refunded line is a gift card. */
async function boughtCards(trx: Trx, purchaseId: string, itemIds: string[]) {
  if (itemIds.length === 0) return [];
  const giftLines = await trx
    .selectFrom('purchase_items as pi')
    .innerJoin('products as p', 'p.id', 'pi.product_id')
    .select('pi.id')
    .where('pi.id', 'in', itemIds)
    .where('p.gift_card', '=', true)
    .execute();
  if (giftLines.length === 0) return [];
  return trx
    .selectFrom('gift_cards')
    .select(['id', 'last4', 'balance', 'initial_amount', 'disabled_at'])
    .where('purchase_id', '=', purchaseId)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * In the refund's claim: refuses when a bought card has been spent, even in part (its money is in
 * another order now), else takes its whole balance and disables it, with a ledger row.
 */
export async function claimBoughtGiftCards(
  trx: Trx,
  now: Date,
  order: { id: string; number: string },
  lines: { item_id: string }[],
): Promise<void> {
  const cards = await boughtCards(
    trx,
    order.id,
    lines.map((line) => line.item_id),
  );
  for (const card of cards) {
    if (card.balance < card.initial_amount)
      throw new DomainError(
        'conflict',
        `Order ${order.number} bought gift card ····${card.last4}, which has been spent: a spent gift card is not refunded`,
      );
  }
  for (const card of cards) {
    const taken = await trx
      .updateTable('gift_cards')
      .set({ balance: 0, disabled_at: card.disabled_at ?? now })
      .where('id', '=', card.id)
      .where('balance', '=', card.initial_amount)
      .returning('id')
      .executeTakeFirst();
    if (!taken) throw new DomainError('conflict', `Gift card ····${card.last4} changed while it was being refunded; try again`);
    await trx
      .insertInto('balance_ledger')
      .values({
        gift_card_id: card.id,
        user_id: null,
        amount: -card.initial_amount,
        reason: REFUNDED,
        actor: 'shop',
        checkout_session_id: null,
        purchase_id: order.id,
        created_at: now,
      })
      .execute();
  }
}

/** A refused refund: the cards its claim took pay again (re-enabled only if the claim disabled them). */
export async function restoreBoughtGiftCards(trx: Trx, now: Date, refund: { purchase_id: string; created_at: Date }): Promise<void> {
  const taken = await trx
    .selectFrom('balance_ledger as l')
    .innerJoin('gift_cards as g', 'g.id', 'l.gift_card_id')
    .select(['g.id', 'l.amount', 'g.disabled_at'])
    .where('l.purchase_id', '=', refund.purchase_id)
    .where('l.reason', '=', REFUNDED)
    .where('g.purchase_id', '=', refund.purchase_id)
    .where('l.created_at', '=', refund.created_at)
    .execute();
  for (const card of taken) {
    await trx
      .updateTable('gift_cards')
      .set((eb) => ({
        balance: eb('balance', '-', card.amount),
        disabled_at: sql<Date | null>`CASE WHEN disabled_at = ${refund.created_at} THEN NULL ELSE disabled_at END`,
      }))
      .where('id', '=', card.id)
      .execute();
    await trx
      .insertInto('balance_ledger')
      .values({
        gift_card_id: card.id,
        user_id: null,
        amount: -card.amount,
        reason: 'refund failed',
        actor: 'shop',
        checkout_session_id: null,
        purchase_id: refund.purchase_id,
        created_at: now,
      })
      .execute();
  }
}

/** A refund made: the recipient's email, still waiting for its day, is not sent with a dead code. */
export async function dropQueuedGiftCardMail(trx: Trx, now: Date, purchaseId: string): Promise<void> {
  const recipients = await trx
    .selectFrom('gift_cards')
    .select('recipient_email')
    .where('purchase_id', '=', purchaseId)
    .where('balance', '=', 0)
    .where('disabled_at', 'is not', null)
    .where('recipient_email', 'is not', null)
    .execute();
  for (const { recipient_email } of recipients) {
    await trx
      .deleteFrom('jobs')
      .where('kind', '=', ORDER_MAIL_JOB)
      .where('done_at', 'is', null)
      .where('run_at', '>', now)
      .where(sql<boolean>`payload->>'purchase_id' = ${purchaseId}`)
      .where(sql<boolean>`payload->>'to' = ${recipient_email}`)
      .execute();
  }
}
