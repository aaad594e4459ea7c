import { orderNumber } from '@contract/order-number';

import type { Trx } from '../db/transaction.js';
import { isoTime } from './clock.js';
import { ledgerOf, storeCreditOf, takeStoreCredit } from './gift-cards.js';

/**
 * A shopper's store credit with its ledger, and the gift cards they bought or were sent (never a code:
 * the shop does not keep them), for their data export (ADR 047, 052).
 */
export async function balancesForExport(trx: Trx, user: { id: string; email: string }, purchases: { id: string; created_at: Date }[]) {
  const numbers = new Map(purchases.map((p) => [p.id, orderNumber(p.id, p.created_at)]));
  const ids = purchases.map((p) => p.id);
  const [balance, ledger, cards] = await Promise.all([
    storeCreditOf(trx, user.id),
    ledgerOf(trx, { userId: user.id }),
    trx
      .selectFrom('gift_cards')
      .select([
        'id',
        'last4',
        'initial_amount',
        'balance',
        'expires_at',
        'purchase_id',
        'recipient_name',
        'recipient_email',
        'message',
        'created_at',
      ])
      .where((eb) => eb.or([eb('recipient_email', '=', user.email), ...(ids.length ? [eb('purchase_id', 'in', ids)] : [])]))
      .orderBy('created_at')
      .execute(),
  ]);
  const entry = (row: (typeof ledger)[number]) => ({
    amount: row.amount,
    reason: row.reason,
    order_number: row.purchase_id ? (numbers.get(row.purchase_id) ?? null) : null,
    created_at: isoTime(row.created_at),
  });
  const gift_cards = [];
  for (const card of cards) {
    gift_cards.push({
      last4: card.last4,
      initial_amount: card.initial_amount,
      balance: card.balance,
      expires_at: card.expires_at ? isoTime(card.expires_at) : null,
      bought_in_order: card.purchase_id ? (numbers.get(card.purchase_id) ?? null) : null,
      recipient_name: card.recipient_name,
      recipient_email: card.recipient_email,
      message: card.message,
      created_at: isoTime(card.created_at),
      ledger: (await ledgerOf(trx, { giftCardId: card.id })).map(entry),
    });
  }
  return { store_credit: { balance, ledger: ledger.map(entry) }, gift_cards };
}

/**
 * What erasing a customer does to their balances (ADR 052): store credit belongs to the account, so what
 * is left ends with it (a ledger row says so, amounts only; the account page warns before deleting).
 * Cards sent to their address lose the recipient's name, address and message; the cards themselves keep
 * paying, for whoever holds the code.
 */
export async function eraseBalances(trx: Trx, now: Date, user: { id: string; email: string }, placeholder: string) {
  const left = await storeCreditOf(trx, user.id);
  if (left > 0) await takeStoreCredit(trx, now, user.id, left, { reason: 'account deleted', actor: 'shop' }, { exact: true });
  await trx
    .updateTable('gift_cards')
    .set({ recipient_name: null, recipient_email: null, message: null })
    .where('recipient_email', '=', user.email)
    .execute();
  await trx.updateTable('balance_ledger').set({ actor: placeholder }).where('actor', '=', user.email).execute();
  return left;
}
