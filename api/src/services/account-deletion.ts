import { sql } from 'kysely';

import { ERASED_EMAIL_DOMAIN } from '@contract/erased';
import { orderNumber } from '@contract/order-number';

import { verifyPassword } from '../auth/passwords.js';
import type { UserRow } from '../auth/users.js';
import { findUserById } from '../auth/users.js';
import type { Db } from '../db/database.js';
import { inTransaction, type Trx } from '../db/transaction.js';
import { DomainError } from '../domain-error.js';
import { type Actor, recordAudit } from './audit.js';
import { releaseInTransaction } from './checkout.js';
import { eraseBalances } from './gift-cards-privacy.js';
import { recordPrivacyEvent } from './privacy-log.js';

/** The address an erased customer's rows carry instead of theirs: unique, and never deliverable (.invalid). */
export const erasedEmail = (userId: string) => `erased-${userId}@${ERASED_EMAIL_DOMAIN}`;

/** Why an erasure must wait, said to the customer themselves or to the owner acting at their request. */
const WAITS = {
  self: {
    onItsWay: (order: string) => `Your order ${order} is still on its way: your account can be deleted once it has been delivered.`,
    refund: 'A refund to you is still under way: your account can be deleted once it has reached you.',
    openReturn: (number: string) => `Your return ${number} is still open: your account can be deleted once it is closed.`,
    gone: 'This account no longer exists',
  },
  owner: {
    onItsWay: (order: string) => `Order ${order} is still on its way: the customer can be erased once it has been delivered.`,
    refund: 'A refund to the customer is still under way: they can be erased once it has reached them.',
    openReturn: (number: string) => `Return ${number} is still open: the customer can be erased once it is closed.`,
    gone: 'This customer has already been erased',
  },
} as const;

/**
 * Deletes a customer's account (GDPR art. 17), at their own request from their profile. The email
 * typed again and, for an account holder, the password; then the erasure below.
 */
export async function deleteAccount(db: Db, now: Date, user: UserRow, proof: { password?: string; confirm_email: string }): Promise<void> {
  if (proof.confirm_email.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw new DomainError(
      'bad_request',
      user.password_hash
        ? 'Type your email address exactly as it is on your account to confirm'
        : 'Type the email address you bought with, exactly as you gave it, to confirm',
    );
  }
  // Guests signed in with a code sent to their email; an account holder proves it with the password.
  if (user.password_hash && !(await verifyPassword(user.password_hash, proof.password ?? ''))) {
    throw new DomainError('invalid_credentials', 'Invalid email or password');
  }
  await eraseCustomer(db, now, user.id, 'shopper');
}

/**
 * The owner erases a customer who asked for it by other means (an email, a letter): the customer's
 * email typed again as confirmation, then the same erasure, audited and logged.
 */
export async function eraseCustomerAtRequest(db: Db, now: Date, customerId: string, confirmEmail: string, actor: Actor): Promise<void> {
  const user = await findUserById(db, customerId);
  if (!user) throw new DomainError('not_found', 'No such customer');
  if (user.erased_at) throw new DomainError('not_found', WAITS.owner.gone);
  if (confirmEmail.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw new DomainError('bad_request', "Type the customer's email address exactly as it is on their account to confirm");
  }
  await eraseCustomer(db, now, user.id, actor);
}

/** Deletes what only named or served the customer: carts, cards, sign-ins, notes, consents, wishes, messages, codes and mails. */
async function deleteWhatNamesThem(trx: Trx, userId: string, email: string): Promise<void> {
  const carts = trx.selectFrom('carts').select('id').where('user_id', '=', userId);
  await trx.deleteFrom('cart_items').where('cart_id', 'in', carts).execute();
  await trx.deleteFrom('carts').where('user_id', '=', userId).execute();
  await trx.deleteFrom('user_cards').where('user_id', '=', userId).execute();
  await trx.deleteFrom('refresh_tokens').where('user_id', '=', userId).execute();
  await trx.deleteFrom('customer_notes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('consents').where('user_id', '=', userId).execute();
  for (const table of [
    'wishlist_entries',
    'contact_messages',
    'verification_codes',
    'purchase_limit_claims',
    'discount_code_customers',
  ] as const) {
    await trx.deleteFrom(table).where('email', '=', email).execute();
  }
  await trx.deleteFrom('mail_outbox').where('to', '=', email).execute();
}

/**
 * Erases a customer, or says why it must wait. In one transaction that first locks the customer's
 * row, as every checkout does: open checkouts are closed and give back what they held; orders still
 * on their way, refunds under way and open returns make it wait (the shop still owes them something).
 * Then their personal data goes: the account row is emptied and marked erased, their cart, requests,
 * cards, codes, messages, mails and notes are deleted, their sign-ins end. Orders stay for tax (10
 * years in Italy), stripped to amounts, items and the country of delivery. A payment that arrives for
 * a closed checkout afterwards is refunded (checkout-fulfilment.ts). The privacy log records it, and
 * the audit log too when staff did it.
 */
async function eraseCustomer(db: Db, now: Date, userId: string, by: 'shopper' | Actor): Promise<void> {
  const say = by === 'shopper' ? WAITS.self : WAITS.owner;
  await inTransaction(db, async (trx) => {
    const row = await trx.selectFrom('users').select(['id', 'email', 'erased_at']).where('id', '=', userId).forUpdate().executeTakeFirst();
    if (!row || row.erased_at) throw new DomainError('not_found', say.gone);
    const open = await trx
      .selectFrom('checkout_sessions')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', '=', 'open')
      .orderBy('id')
      .execute();
    for (const session of open) await releaseInTransaction(trx, session.id, 'cancelled', now);

    const purchases = await trx
      .selectFrom('purchases')
      .select(['id', 'status', 'created_at', 'shipping_address'])
      .where('user_id', '=', userId)
      .execute();
    const ids = purchases.map((p) => p.id);
    const onItsWay = purchases.find((p) => ['processing', 'shipped'].includes(p.status.toLowerCase()));
    if (onItsWay) throw new DomainError('deletion_waits', say.onItsWay(orderNumber(onItsWay.id, onItsWay.created_at)));
    if (ids.length) {
      const pendingRefund = await trx
        .selectFrom('refunds')
        .select('purchase_id')
        .where('purchase_id', 'in', ids)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (pendingRefund) throw new DomainError('deletion_waits', say.refund);
      const openReturn = await trx
        .selectFrom('returns')
        .select('number')
        .where('purchase_id', 'in', ids)
        .where('status', 'in', ['requested', 'received'])
        .executeTakeFirst();
      if (openReturn) throw new DomainError('deletion_waits', say.openReturn(openReturn.number));
    }

    const email = row.email;
    const placeholder = erasedEmail(userId);
    // Orders stay for tax: amounts, items, dates and the country of delivery; nothing that names the buyer.
    for (const purchase of purchases) {
      const country = purchase.shipping_address?.country ?? null;
      const kept = country
        ? JSON.stringify({ name: null, line1: null, line2: null, city: null, state: null, postal_code: null, country })
        : null;
      await trx
        .updateTable('purchases')
        .set({ email: placeholder, shipping_address: kept, billing_address: kept, tracking_number: null })
        .where('id', '=', purchase.id)
        .execute();
    }
    await trx
      .updateTable('checkout_sessions')
      .set({ email: placeholder, metadata: JSON.stringify({}) as never })
      .where('user_id', '=', userId)
      .execute();
    await trx
      .deleteFrom('order_notes')
      .where('purchase_id', 'in', ids.length ? ids : ['00000000-0000-0000-0000-000000000000'])
      .execute();

    await deleteWhatNamesThem(trx, userId, email);
    await eraseBalances(trx, now, { id: userId, email }, placeholder);
    await trx
      .updateTable('users')
      .set({
        email: placeholder,
        password_hash: null,
        first_name: null,
        last_name: null,
        phone: null,
        address: null,
        session_expires_at: null,
        failed_login_count: 0,
        locked_until: null,
        erased_at: now,
        updated_at: now,
      })
      .where('id', '=', userId)
      .execute();
    // Anything else keyed by the old address (a queued email not yet sent) is dropped with it.
    await trx
      .deleteFrom('jobs')
      .where(sql<string>`payload->>'to'`, '=', email)
      .execute();
    await recordPrivacyEvent(trx, now, { kind: 'erasure', by, customerId: userId });
    // The audit names the customer by id only: their email is what was just erased.
    if (by !== 'shopper')
      await recordAudit(trx, now, by, { action: 'customer.erase', subject_type: 'customer', subject_id: userId, after: { erased: true } });
  });
}
