import type { DataExport } from '@contract/api/privacy';
import type { ShopLocale } from '@contract/locale';
import { orderNumber } from '@contract/order-number';

import type { UserRow } from '../auth/users.js';
import { findUserById } from '../auth/users.js';
import type { Db } from '../db/database.js';
import type { Address } from '../db/schema.js';
import { inTransaction, type Trx } from '../db/transaction.js';
import { DomainError } from '../domain-error.js';
import { type Actor, recordAudit } from './audit.js';
import { isoTime as iso } from './clock.js';
import { listConsents } from './consents.js';
import { activityForExport } from './data-export-activity.js';
import { balancesForExport } from './gift-cards-privacy.js';
import { type PrivacyActor, recordPrivacyEvent } from './privacy-log.js';

const isoOrNull = (at: Date | string | null) => (at ? iso(at) : null);
const addressOf = (value: Address | null) => (value ? { ...value } : null);

const ABOUT =
  'Everything FILO holds about you, as of generated_at: your account, orders (with their items, refunds and ' +
  'returns), what is in your cart, your back-in-stock requests, collectible cards, messages you sent us, ' +
  'the emails we sent you (subjects and dates), the notes our staff keep about you, the consents you gave (with their policy version, and when you withdrew them), ' +
  'your store credit and gift cards, the cart reminders we sent you, the checkouts you did not pay and your sign-ins. Amounts are in euro ' +
  'cents, times in UTC. Your password is kept only as a one-way hash and is not included.';

/** Every row of the shopper's besides their orders, in one go: items, refunds, returns, cart, wishes, cards, messages, mails, notes, consents. */
function readShopperRows(trx: Trx, user: UserRow, ids: string[]) {
  const none = ['00000000-0000-0000-0000-000000000000'];
  return Promise.all([
    trx
      .selectFrom('purchase_items')
      .selectAll()
      .where('purchase_id', 'in', ids.length ? ids : none)
      .orderBy('position')
      .execute(),
    trx
      .selectFrom('refunds')
      .select(['purchase_id', 'kind', 'amount', 'status', 'created_at'])
      .where('purchase_id', 'in', ids.length ? ids : none)
      .orderBy('created_at')
      .execute(),
    trx
      .selectFrom('returns')
      .selectAll()
      .where('purchase_id', 'in', ids.length ? ids : none)
      .orderBy('created_at')
      .execute(),
    trx
      .selectFrom('return_items as ri')
      .innerJoin('returns as r', 'r.id', 'ri.return_id')
      .innerJoin('purchase_items as pi', 'pi.id', 'ri.purchase_item_id')
      .select(['ri.return_id', 'pi.sku', 'ri.quantity', 'ri.exchange_sku'])
      .where('r.purchase_id', 'in', ids.length ? ids : none)
      .execute(),
    trx
      .selectFrom('cart_items as ci')
      .innerJoin('carts as c', 'c.id', 'ci.cart_id')
      .innerJoin('product_variants as v', 'v.id', 'ci.variant_id')
      .select(['v.sku', 'ci.quantity', 'ci.created_at'])
      .where('c.user_id', '=', user.id)
      .orderBy('ci.created_at')
      .execute(),
    trx
      .selectFrom('wishlist_entries as w')
      .leftJoin('products as p', 'p.id', 'w.product_id')
      .leftJoin('product_variants as v', 'v.id', 'w.product_variant_id')
      .select(['p.name as product', 'v.sku', 'w.created_at', 'w.notified_at'])
      .where('w.email', '=', user.email)
      .orderBy('w.created_at')
      .execute(),
    trx
      .selectFrom('user_cards as uc')
      .innerJoin('cards as k', 'k.id', 'uc.card_id')
      .select(['k.name', 'k.rarity', 'uc.serial', 'uc.unlocked_at'])
      .where('uc.user_id', '=', user.id)
      .orderBy('uc.unlocked_at')
      .execute(),
    trx
      .selectFrom('contact_messages')
      .select(['reason', 'subject', 'message', 'created_at'])
      .where('email', '=', user.email)
      .orderBy('created_at')
      .execute(),
    trx.selectFrom('mail_outbox').select(['subject', 'created_at']).where('to', '=', user.email).orderBy('created_at').execute(),
    trx.selectFrom('customer_notes').select(['body', 'created_at']).where('user_id', '=', user.id).orderBy('created_at').execute(),
    listConsents(trx, user.id),
  ]);
}

/**
 * The shopper's data for `GET user/data-export` (GDPR art. 15 and 20): read in one transaction, so the
 * parts agree with each other; only rows of this user, or of their email where a table has no user.
 * The privacy log records who asked for it (`by`), in the same transaction.
 */
export async function exportShopperData(db: Db, user: UserRow, now: Date, by: PrivacyActor): Promise<DataExport> {
  return inTransaction(db, async (trx) => {
    await recordPrivacyEvent(trx, now, { kind: 'export', by, customerId: user.id });
    if (typeof by === 'object')
      await recordAudit(trx, now, by, { action: 'customer.export', subject_type: 'customer', subject_id: user.id });
    const purchases = await trx.selectFrom('purchases').selectAll().where('user_id', '=', user.id).orderBy('created_at', 'desc').execute();
    const [items, refunds, returns, returnItems, cart, wishes, cards, messages, mails, notes, consents] = await readShopperRows(
      trx,
      user,
      purchases.map((p) => p.id),
    );
    const [balances, activity] = await Promise.all([balancesForExport(trx, user, purchases), activityForExport(trx, user.id, now)]);
    return {
      format: 1 as const,
      generated_at: iso(now),
      about: ABOUT,
      account: {
        id: user.id,
        email: user.email,
        user_type: user.user_type,
        first_name: user.first_name,
        last_name: user.last_name,
        phone: user.phone,
        address: user.address,
        email_verified_at: isoOrNull(user.email_verified_at),
        created_at: iso(user.created_at),
        updated_at: iso(user.updated_at),
      },
      orders: purchases.map((p) => ({
        order_number: orderNumber(p.id, p.created_at),
        purchase_id: p.id,
        created_at: iso(p.created_at),
        status: p.status,
        email: p.email,
        subtotal: p.subtotal,
        discount: p.discount,
        discount_code: p.discount_code,
        shipping_cost: p.shipping_cost,
        tax: p.tax,
        total: p.total,
        refunded_total: p.refunded_total,
        gift_card_amount: p.gift_card_amount,
        store_credit_amount: p.store_credit_amount,
        payment_method: p.payment_method,
        shipping_address: addressOf(p.shipping_address),
        billing_address: addressOf(p.billing_address),
        carrier: p.carrier,
        tracking_number: p.tracking_number,
        delivered_at: isoOrNull(p.delivered_at),
        items: items
          .filter((item) => item.purchase_id === p.id)
          .map((item) => ({
            name: item.name,
            sku: item.sku,
            variant: item.variant_description,
            quantity: item.quantity,
            unit_price: item.unit_price,
            discount: item.discount,
            refunded_quantity: item.refunded_quantity,
            returned_quantity: item.returned_quantity,
          })),
        refunds: refunds
          .filter((r) => r.purchase_id === p.id)
          .map((r) => ({ kind: r.kind, amount: r.amount, status: r.status, created_at: iso(r.created_at) })),
        returns: returns
          .filter((r) => r.purchase_id === p.id)
          .map((r) => ({
            number: r.number,
            kind: r.kind,
            reason: r.reason,
            comment: r.comment,
            status: r.status,
            created_at: iso(r.created_at),
            items: returnItems
              .filter((ri) => ri.return_id === r.id)
              .map((ri) => ({ sku: ri.sku, quantity: ri.quantity, exchange_sku: ri.exchange_sku })),
          })),
      })),
      cart: cart.map((line) => ({ sku: line.sku, quantity: line.quantity, added_at: iso(line.created_at) })),
      back_in_stock_requests: wishes.map((w) => ({
        product: w.product,
        sku: w.sku,
        created_at: iso(w.created_at),
        notified_at: isoOrNull(w.notified_at),
      })),
      collectible_cards: cards.map((card) => ({
        name: card.name,
        rarity: card.rarity,
        serial: card.serial,
        unlocked_at: iso(card.unlocked_at),
      })),
      contact_messages: messages.map((m) => ({ reason: m.reason, subject: m.subject, message: m.message, created_at: iso(m.created_at) })),
      emails_sent: mails.map((m) => ({ subject: m.subject, created_at: iso(m.created_at) })),
      notes_by_the_shop: notes.map((n) => ({ body: n.body, created_at: iso(n.created_at) })),
      consents,
      ...balances,
      ...activity,
    };
  });
}

/** The same file for the owner answering a customer's request from the back office (audited), with the customer's language. */
export async function exportCustomerData(
  db: Db,
  customerId: string,
  now: Date,
  actor: Actor,
): Promise<{ data: DataExport; locale: ShopLocale }> {
  const user = await findUserById(db, customerId);
  if (!user) throw new DomainError('not_found', 'No such customer');
  return { data: await exportShopperData(db, user, now, actor), locale: user.locale };
}
