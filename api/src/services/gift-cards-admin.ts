import type { AdminGiftCard } from '@contract/api/gift-cards';
import { formatGiftCardCode } from '@contract/gift-cards';
import type { ShopLocale } from '@contract/locale';

import type { Db } from '../db/database.js';
import { inTransaction } from '../db/transaction.js';
import type { AppDeps } from '../deps.js';
import { DomainError } from '../domain-error.js';
import { type Actor, actorName, recordAudit } from './audit.js';
import { giftCardWords } from './gift-card-words.js';
import { addStoreCredit, issueGiftCard, ledgerOf, storeCreditOf, takeStoreCredit } from './gift-cards.js';
import { renderEmail } from './mail-templates.js';
import { queueOrderMail, sendQueuedMail } from './order-mail.js';

/** The owner's side of gift cards and store credit (ADR 052): every change audited and in the ledger. */

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type MailDeps = Pick<AppDeps, 'db' | 'clock' | 'mail' | 'log'>;

const cardColumns = [
  'id',
  'last4',
  'initial_amount',
  'balance',
  'expires_at',
  'disabled_at',
  'issued_by',
  'recipient_email',
  'created_at',
] as const;

type CardRow = {
  id: string;
  last4: string;
  initial_amount: number;
  balance: number;
  expires_at: Date | null;
  disabled_at: Date | null;
  issued_by: string;
  recipient_email: string | null;
  created_at: Date;
};

const cardOut = (row: CardRow): AdminGiftCard => ({
  ...row,
  expires_at: row.expires_at?.toISOString() ?? null,
  disabled_at: row.disabled_at?.toISOString() ?? null,
  created_at: row.created_at.toISOString(),
});

const entryOut = (row: Awaited<ReturnType<typeof ledgerOf>>[number]) => ({
  amount: row.amount,
  reason: row.reason,
  actor: row.actor,
  purchase_id: row.purchase_id,
  created_at: row.created_at.toISOString(),
});

/** The newest cards, with what is still owed on all cards and all store credit (a liability until spent). */
export async function listGiftCards(deps: Deps) {
  const { db } = deps;
  const [cards, owed, credit] = await Promise.all([
    db.selectFrom('gift_cards').select(cardColumns).orderBy('created_at', 'desc').limit(500).execute(),
    db
      .selectFrom('gift_cards')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('balance'), eb.lit(0)).as('total'))
      .where('disabled_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('store_credits')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('balance'), eb.lit(0)).as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { cards: cards.map(cardOut), outstanding: Number(owed.total), store_credit_outstanding: Number(credit.total) };
}

async function cardRow(db: Db, id: string) {
  const row = await db.selectFrom('gift_cards').select(cardColumns).where('id', '=', id).executeTakeFirst();
  if (!row) throw new DomainError('not_found', 'Gift card not found');
  return row;
}

export async function getGiftCard(deps: Deps, id: string) {
  const [card, ledger] = await Promise.all([cardRow(deps.db, id), ledgerOf(deps.db, { giftCardId: id })]);
  return { card: cardOut(card), ledger: ledger.map(entryOut) };
}

/**
 * The owner issues a card; its code is answered once, here. With a recipient's email the card is
 * mailed to them (code, amount, expiry) through the outbox, in their language when they have an
 * account here, else English; the owner's notice says so.
 */
export async function issueGiftCardByOwner(
  deps: MailDeps,
  input: { amount: number; expires_at?: string | null; recipient_email?: string | null },
  actor: Actor,
) {
  const now = deps.clock.now();
  const recipientEmail = input.recipient_email?.toLowerCase() ?? null;
  const { answer, jobId } = await inTransaction(deps.db, async (trx) => {
    const locale: ShopLocale = recipientEmail
      ? ((await trx.selectFrom('users').select('locale').where('email', '=', recipientEmail).executeTakeFirst())?.locale ?? 'en')
      : 'en';
    const issued = await issueGiftCard(trx, now, {
      amount: input.amount,
      issuedBy: actorName(actor),
      expiresAt: input.expires_at ? new Date(input.expires_at) : null,
      recipient: recipientEmail ? { name: '', email: recipientEmail, message: null, sendAt: null } : null,
      locale,
    });
    await recordAudit(trx, now, actor, {
      action: 'gift_card.issue',
      subject_type: 'gift_card',
      subject_id: issued.id,
      after: { amount: input.amount, last4: issued.last4, expires_at: input.expires_at ?? null, recipient_email: recipientEmail },
    });
    const card = await trx.selectFrom('gift_cards').select(cardColumns).where('id', '=', issued.id).executeTakeFirstOrThrow();
    let queued: string | null = null;
    if (recipientEmail) {
      const words = giftCardWords(locale).ownerIssuedEmail(
        { amount: input.amount, code: formatGiftCardCode(issued.code) },
        input.expires_at ? input.expires_at.slice(0, 10) : null,
      );
      queued = await queueOrderMail(trx, now, issued.id, { to: recipientEmail, ...renderEmail({ ...words, locale }) }, 'gift_card');
    }
    return { answer: { card: cardOut(card), code: issued.code }, jobId: queued };
  });
  await sendQueuedMail(deps, [jobId]);
  return answer;
}

/** A lost card stops paying at once; its balance stays on the ledger (the owner may issue a new card for it). */
export async function disableGiftCard(deps: Deps, id: string, actor: Actor) {
  const now = deps.clock.now();
  await inTransaction(deps.db, async (trx) => {
    const disabled = await trx
      .updateTable('gift_cards')
      .set({ disabled_at: now })
      .where('id', '=', id)
      .where('disabled_at', 'is', null)
      .returning(['id', 'balance'])
      .executeTakeFirst();
    if (!disabled) {
      await cardRow(trx, id);
      return;
    }
    await recordAudit(trx, now, actor, {
      action: 'gift_card.disable',
      subject_type: 'gift_card',
      subject_id: id,
      after: { balance: disabled.balance },
    });
  });
  return getGiftCard(deps, id);
}

/** A customer's store credit and its ledger. */
export async function customerStoreCredit(deps: Deps, userId: string) {
  const [balance, ledger] = await Promise.all([storeCreditOf(deps.db, userId), ledgerOf(deps.db, { userId })]);
  return { balance, ledger: ledger.map(entryOut) };
}

/** The owner adds (positive) or removes (negative, at most the balance) credit with a reason, audited. */
export async function adjustStoreCredit(deps: Deps, userId: string, input: { amount: number; reason: string }, actor: Actor) {
  const now = deps.clock.now();
  await inTransaction(deps.db, async (trx) => {
    const user = await trx.selectFrom('users').select(['id', 'erased_at']).where('id', '=', userId).executeTakeFirst();
    if (!user || user.erased_at) throw new DomainError('not_found', 'Customer not found');
    const note = { reason: input.reason, actor: actorName(actor) };
    if (input.amount > 0) await addStoreCredit(trx, now, userId, input.amount, note);
    else if ((await takeStoreCredit(trx, now, userId, -input.amount, note, { exact: true })) === 0)
      throw new DomainError('store_credit_empty', 'The customer has less store credit than that to remove.');
    await recordAudit(trx, now, actor, {
      action: 'store_credit.adjust',
      subject_type: 'customer',
      subject_id: userId,
      after: { amount: input.amount, reason: input.reason, balance: await storeCreditOf(trx, userId) },
    });
  });
  return customerStoreCredit(deps, userId);
}
