import { createHash, randomInt } from 'node:crypto';

import { GIFT_CARD_ALPHABET, GIFT_CARD_CODE_LENGTH, normaliseGiftCardCode } from '@contract/gift-cards';
import type { ShopLocale } from '@contract/locale';

import type { Db } from '../db/database.js';
import type { Trx } from '../db/transaction.js';
import { DomainError } from '../domain-error.js';

/**
 * Gift cards and store credit (issue 40, ADR 052). A balance changes only here, by a conditional
 * UPDATE in the caller's transaction, and every change writes its ledger row beside it, so the
 * ledger of a card or a customer always adds up to the balance.
 */

export const hashGiftCardCode = (code: string) => createHash('sha256').update(normaliseGiftCardCode(code)).digest('hex');

/** 20 characters from the CSPRNG: 100 bits. */
export function newGiftCardCode(): string {
  let code = '';
  for (let i = 0; i < GIFT_CARD_CODE_LENGTH; i += 1) code += GIFT_CARD_ALPHABET[randomInt(GIFT_CARD_ALPHABET.length)];
  return code;
}

/** Where a balance change comes from, for its ledger row. */
export interface LedgerNote {
  reason: string;
  actor: string;
  checkoutSessionId?: string | null;
  purchaseId?: string | null;
}

export interface IssueGiftCard {
  amount: number;
  issuedBy: string;
  expiresAt?: Date | null;
  purchaseId?: string | null;
  recipient?: { name: string; email: string; message: string | null; sendAt: Date | null } | null;
  locale?: ShopLocale;
}

/** A new card with its balance and its first ledger row; the code is answered this once and never stored. */
export async function issueGiftCard(trx: Trx | Db, now: Date, input: IssueGiftCard): Promise<{ id: string; code: string; last4: string }> {
  const code = newGiftCardCode();
  const card = await trx
    .insertInto('gift_cards')
    .values({
      code_hash: hashGiftCardCode(code),
      last4: code.slice(-4),
      initial_amount: input.amount,
      balance: input.amount,
      expires_at: input.expiresAt ?? null,
      disabled_at: null,
      issued_by: input.issuedBy,
      purchase_id: input.purchaseId ?? null,
      recipient_name: input.recipient?.name ?? null,
      recipient_email: input.recipient?.email ?? null,
      message: input.recipient?.message ?? null,
      send_at: input.recipient?.sendAt ?? null,
      ...(input.locale ? { locale: input.locale } : {}),
      created_at: now,
    })
    .returning(['id', 'last4'])
    .executeTakeFirstOrThrow();
  await writeLedger(trx, now, { giftCardId: card.id }, input.amount, {
    reason: input.purchaseId ? 'bought' : 'issued',
    actor: input.issuedBy,
    purchaseId: input.purchaseId,
  });
  return { id: card.id, code, last4: card.last4 };
}

const unknownCard = () => new DomainError('gift_card_invalid', 'This gift card code is not valid. Check its spelling.');

/**
 * The card a code names, if it can pay now. Unknown, disabled and expired cards all read as unknown,
 * so guessing learns nothing; a spent card says so (its code was right).
 */
export async function findUsableGiftCard(db: Trx | Db, raw: string, now: Date) {
  const code = normaliseGiftCardCode(raw);
  if (code.length !== GIFT_CARD_CODE_LENGTH) throw unknownCard();
  const card = await db
    .selectFrom('gift_cards')
    .select(['id', 'last4', 'balance', 'initial_amount', 'expires_at', 'disabled_at'])
    .where('code_hash', '=', hashGiftCardCode(code))
    .executeTakeFirst();
  if (!card || card.disabled_at || (card.expires_at && card.expires_at <= now)) throw unknownCard();
  if (card.balance === 0) throw new DomainError('gift_card_empty', `The gift card ····${card.last4} has no balance left.`);
  return card;
}

type Holder = { giftCardId: string } | { userId: string };

async function writeLedger(trx: Trx | Db, now: Date, holder: Holder, amount: number, note: LedgerNote) {
  await trx
    .insertInto('balance_ledger')
    .values({
      gift_card_id: 'giftCardId' in holder ? holder.giftCardId : null,
      user_id: 'userId' in holder ? holder.userId : null,
      amount,
      reason: note.reason,
      actor: note.actor,
      checkout_session_id: note.checkoutSessionId ?? null,
      purchase_id: note.purchaseId ?? null,
      created_at: now,
    })
    .execute();
}

/**
 * Takes up to `wanted` cents from a card, in the caller's transaction: the row is locked, the amount
 * decided from the balance it holds, and taken by a conditional UPDATE (the CHECK keeps it at zero
 * or more whatever happens). Answers the cents taken; 0 when the card can no longer pay.
 * `exact`: all of `wanted` or nothing (a late payment claiming again what its session held).
 */
export async function takeFromGiftCard(
  trx: Trx,
  now: Date,
  cardId: string,
  wanted: number,
  note: LedgerNote,
  options: { exact?: boolean } = {},
): Promise<number> {
  const card = await trx
    .selectFrom('gift_cards')
    .select(['balance', 'disabled_at', 'expires_at'])
    .where('id', '=', cardId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!card || card.disabled_at || (card.expires_at && card.expires_at <= now)) return 0;
  const amount = Math.min(card.balance, wanted);
  if (amount <= 0 || (options.exact && amount < wanted)) return 0;
  const taken = await trx
    .updateTable('gift_cards')
    .set((eb) => ({ balance: eb('balance', '-', amount) }))
    .where('id', '=', cardId)
    .where('balance', '>=', amount)
    .returning('id')
    .executeTakeFirst();
  if (!taken) return 0;
  await writeLedger(trx, now, { giftCardId: cardId }, -amount, note);
  return amount;
}

/** Takes up to `wanted` cents of a customer's store credit, as takeFromGiftCard does for a card. */
export async function takeStoreCredit(
  trx: Trx,
  now: Date,
  userId: string,
  wanted: number,
  note: LedgerNote,
  options: { exact?: boolean } = {},
): Promise<number> {
  const credit = await trx.selectFrom('store_credits').select('balance').where('user_id', '=', userId).forNoKeyUpdate().executeTakeFirst();
  const amount = Math.min(credit?.balance ?? 0, wanted);
  if (amount <= 0 || (options.exact && amount < wanted)) return 0;
  const taken = await trx
    .updateTable('store_credits')
    .set((eb) => ({ balance: eb('balance', '-', amount), updated_at: now }))
    .where('user_id', '=', userId)
    .where('balance', '>=', amount)
    .returning('user_id')
    .executeTakeFirst();
  if (!taken) return 0;
  await writeLedger(trx, now, { userId }, -amount, note);
  return amount;
}

/** Gives cents back to a card (a checkout that closed unpaid, a refund, a cancelled order). */
export async function returnToGiftCard(trx: Trx | Db, now: Date, cardId: string, amount: number, note: LedgerNote): Promise<void> {
  if (amount <= 0) return;
  await trx
    .updateTable('gift_cards')
    .set((eb) => ({ balance: eb('balance', '+', amount) }))
    .where('id', '=', cardId)
    .execute();
  await writeLedger(trx, now, { giftCardId: cardId }, amount, note);
}

/** Adds cents to a customer's store credit (a return refunded as credit, the owner's gift, an unpaid checkout). */
export async function addStoreCredit(trx: Trx | Db, now: Date, userId: string, amount: number, note: LedgerNote): Promise<void> {
  if (amount <= 0) return;
  await trx
    .insertInto('store_credits')
    .values({ user_id: userId, balance: amount, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet((eb) => ({ balance: eb('store_credits.balance', '+', amount), updated_at: now })))
    .execute();
  await writeLedger(trx, now, { userId }, amount, note);
}

/** A customer's store credit in cents (0 without any). */
export async function storeCreditOf(db: Trx | Db, userId: string): Promise<number> {
  const row = await db.selectFrom('store_credits').select('balance').where('user_id', '=', userId).executeTakeFirst();
  return row?.balance ?? 0;
}

/** A card's or a customer's ledger, oldest first. */
export function ledgerOf(db: Trx | Db, holder: Holder) {
  let query = db
    .selectFrom('balance_ledger')
    .select(['amount', 'reason', 'actor', 'purchase_id', 'checkout_session_id', 'created_at'])
    .orderBy('created_at')
    .orderBy('id');
  query = 'giftCardId' in holder ? query.where('gift_card_id', '=', holder.giftCardId) : query.where('user_id', '=', holder.userId);
  return query.execute();
}

/** The ledger rows a checkout wrote now belong to the order it became. */
export async function ledgerToPurchase(trx: Trx, checkoutSessionId: string, purchaseId: string): Promise<void> {
  await trx.updateTable('balance_ledger').set({ purchase_id: purchaseId }).where('checkout_session_id', '=', checkoutSessionId).execute();
}
