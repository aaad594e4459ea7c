import type { ShopLocale } from '@contract/locale';
import { formatEuro } from '@contract/money';

import type { Address, FirstTimePurchaseInfo } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { DomainError } from '../domain-error.js';
import { recordAudit } from './audit.js';
import { unlockCards } from './cards.js';
import { optionsOf, variantLabel } from './cart.js';
import { type CheckoutDeps, takeStock, type Trx } from './checkout.js';
import { reclaimCodeUse } from './discounts.js';
import { claimUnits } from './drops.js';
import { noteCheckoutFunnel } from './funnel.js';
import { reclaimBalances } from './gift-card-checkout.js';
import { issuePurchasedGiftCards } from './gift-card-sales.js';
import { ledgerToPurchase } from './gift-cards.js';
import { renderEmail } from './mail-templates.js';
import { mailWords } from './mail-words.js';
import { purchaseConfirmationEmail } from './order-confirmation.js';
import { queueOrderMail, sendQueuedMail } from './order-mail.js';
import type { PaymentDetails } from './payments/provider.js';
import { markRecovered } from './reminders/restore.js';

type ClaimedSession = Awaited<ReturnType<typeof claimAgain>>;
type BoughtLine = Awaited<ReturnType<typeof boughtLines>>[number];

/** A late payment whose session can no longer have one of its claims: the shopper's words for why. */
class ClaimLost extends Error {}

/**
 * Turns a paid session into a purchase. Every provider calls this, as often as it likes: the
 * status change 'open' → 'completed' happens once, so concurrent or repeated calls create exactly
 * one purchase. The purchase is written only with every claim it needs held in its own transaction
 * (ADR 043): a session still open holds them; one that was closed before its payment arrived (it
 * expired, or the shopper's newer checkout replaced it) claims them again (stock, the per-customer
 * limit, the code's uses). When one can no longer be had, the payment is given back through the
 * provider and a `payment_refunded` error says why. In one transaction: claim the session, write the
 * purchase, unlock the cards, trim the cart, queue the buyer's email (ADR 044); then send it.
 */
export async function fulfilCheckoutSession(
  deps: CheckoutDeps,
  sessionId: string,
  payment: PaymentDetails,
): Promise<{ purchaseId: string; created: boolean }> {
  const { db, clock } = deps;
  const now = clock.now();
  let result: { purchaseId: string; created: boolean; mailJobs?: (string | null)[] } | { refused: true };
  try {
    result = await inTransaction(db, async (trx) => {
      const claimed = await claimSession(trx, sessionId, now);
      if ('purchaseId' in claimed) return { purchaseId: claimed.purchaseId, created: false };
      if ('refused' in claimed) return claimed;
      const { session } = claimed;
      const lines = await boughtLines(trx, session.id);
      const { purchaseId, firstTime } = await writePurchase(trx, session, lines, payment, now);
      // Inside the transaction: a fulfilment that rolls back unlocks nothing.
      await unlockPurchaseCards(trx, session, lines, purchaseId, firstTime, now);
      await trimCart(trx, session, lines);
      // Gift cards bought here are issued now, their emails queued with the order (ADR 052).
      const giftJobs = await issuePurchasedGiftCards(trx, now, session, purchaseId, lines);
      // An order that follows a reminder's link is counted as recovered (issue 41).
      if (session.kind === 'cart' && session.cart_id) await markRecovered(trx, session.cart_id, purchaseId, session.total, now);
      // The confirmation is queued with the purchase (the outbox, ADR 044): one email per purchase, sent after the commit.
      const email = await purchaseConfirmationEmail(trx, purchaseId, deps.config);
      const mailJob = email ? await queueOrderMail(trx, now, purchaseId, email) : null;
      return { purchaseId, created: true, mailJobs: [mailJob, ...giftJobs] };
    });
  } catch (error) {
    if (!(error instanceof ClaimLost)) throw error;
    result = await givePaymentBack(deps, sessionId, error.message);
  }
  if ('refused' in result) return refusedPayment(deps, sessionId);

  if (result.created) {
    await sendQueuedMail(deps, result.mailJobs ?? []);
    await noteCheckoutFunnel(deps, now, sessionId, 'paid');
  }
  return { purchaseId: result.purchaseId, created: result.created };
}

/**
 * Moves the session out of 'open' once; a session already fulfilled answers its purchase, one whose
 * payment was given back says so, and one closed before its payment arrived claims again what it held.
 */
async function claimSession(
  trx: Trx,
  sessionId: string,
  now: Date,
): Promise<{ session: ClaimedSession } | { purchaseId: string } | { refused: true }> {
  const session = await trx
    .updateTable('checkout_sessions')
    .set({ status: 'completed', closed_at: now })
    .where('id', '=', sessionId)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
  if (session) return { session };
  const current = await trx.selectFrom('checkout_sessions').selectAll().where('id', '=', sessionId).forUpdate().executeTakeFirst();
  if (!current) throw new DomainError('not_found', 'Checkout session not found');
  if (current.status === 'completed') {
    const existing = await trx.selectFrom('purchases').select('id').where('checkout_session_id', '=', sessionId).executeTakeFirstOrThrow();
    return { purchaseId: existing.id };
  }
  if (current.status === 'refund_pending' || current.status === 'refunded') return { refused: true };
  // The buyer deleted their account while paying (account-deletion.ts closed this checkout): no order for nobody.
  const buyer = await trx.selectFrom('users').select('erased_at').where('id', '=', current.user_id).executeTakeFirst();
  if (!buyer || buyer.erased_at) throw new ClaimLost('your account was deleted before your payment reached us');
  return { session: await claimAgain(trx, current.id, now) };
}

/**
 * A paid session that had already given back what it held claims it all again, in the order every
 * transaction locks them (variants by id, the code, the limits by product), or throws ClaimLost
 * with the reason the shopper is told. Its transaction then rolls back whatever it had claimed.
 */
async function claimAgain(trx: Trx, sessionId: string, now: Date) {
  const items = await trx
    .selectFrom('checkout_session_items as i')
    .innerJoin('product_variants as v', 'v.id', 'i.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['i.variant_id', 'i.quantity', 'i.limit_claimed', 'v.product_id', 'p.name', 'p.purchase_limit'])
    .select((eb) => optionsOf(eb.ref('v.id')).as('options'))
    .where('i.checkout_session_id', '=', sessionId)
    .orderBy('i.variant_id')
    .execute();
  for (const item of items) {
    if (!(await takeStock(trx, item.variant_id, item.quantity)))
      throw new ClaimLost(`${variantLabel(item)} sold out before your payment reached us`);
  }
  const session = await trx
    .updateTable('checkout_sessions')
    .set({ status: 'completed', closed_at: now })
    .where('id', '=', sessionId)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (session.discount_code_id && !(await reclaimCodeUse(trx, session.discount_code_id, session.email))) {
    throw new ClaimLost(`the code ${session.discount_code} had been used as many times as it can be before your payment reached us`);
  }
  if (!(await reclaimBalances(trx, now, session))) {
    throw new ClaimLost('your gift card or store credit no longer held the amount it paid before your payment reached us');
  }
  // Units of a capped product, all of its lines together, for the buyer's email; a cap lifted since asks nothing.
  const capped = new Map<string, { name: string; purchase_limit: number; quantity: number }>();
  for (const item of items) {
    if (!item.limit_claimed || item.purchase_limit === null) continue;
    const entry = capped.get(item.product_id) ?? { name: item.name, purchase_limit: item.purchase_limit, quantity: 0 };
    entry.quantity += item.quantity;
    capped.set(item.product_id, entry);
  }
  for (const [productId, product] of [...capped].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!(await claimUnits(trx, productId, session.email, product.quantity))) {
      throw new ClaimLost(
        `${product.name} is limited to ${product.purchase_limit} per customer, and your other order already has ${product.purchase_limit === 1 ? 'it' : 'them'}`,
      );
    }
  }
  return session;
}

/**
 * A payment that cannot become an order goes back to the shopper, once: the session moves to
 * 'refund_pending' (the owner sees it in the back office), the provider refunds the whole amount
 * under a key of the session (a retry refunds once), and the session is 'refunded'. A provider
 * that does not answer leaves it pending, and the payment's next notification asks again.
 */
async function givePaymentBack(
  deps: CheckoutDeps,
  sessionId: string,
  reason: string,
): Promise<{ refused: true } | { purchaseId: string; created: boolean }> {
  const { db, clock, payments, log } = deps;
  const now = clock.now();
  const session = await inTransaction(db, async (trx) => {
    const refused = await trx
      .updateTable('checkout_sessions')
      .set({ status: 'refund_pending', refusal_reason: reason, closed_at: now })
      .where('id', '=', sessionId)
      .where('status', 'in', ['expired', 'cancelled', 'declined'])
      .returningAll()
      .executeTakeFirst();
    if (refused) {
      await recordAudit(
        trx,
        now,
        { kind: 'provider', name: refused.provider },
        {
          action: 'payment.refuse',
          subject_type: 'checkout',
          subject_id: refused.id,
          after: { email: refused.email, amount: refused.total, reason },
        },
      );
      return refused;
    }
    // Another call settled it meanwhile: an order after all, or the same refund.
    return trx.selectFrom('checkout_sessions').selectAll().where('id', '=', sessionId).executeTakeFirstOrThrow();
  });
  if (session.status === 'completed') {
    const existing = await db.selectFrom('purchases').select('id').where('checkout_session_id', '=', sessionId).executeTakeFirstOrThrow();
    return { purchaseId: existing.id, created: false };
  }
  if (session.status !== 'refund_pending') return { refused: true };
  // The provider gives back what it took; the card and credit went back when the session closed.
  const taken = session.total - session.gift_card_amount - session.store_credit_amount;
  let providerRefundId = 'balances';
  try {
    if (taken > 0)
      ({ providerRefundId } = await payments.refund({
        providerSessionId: session.provider_session_id ?? session.id,
        amount: taken,
        idempotencyKey: `refused-payment-${session.id}`,
        metadata: { checkout_session_id: session.id, reason: 'checkout_closed' },
      }));
  } catch (error) {
    log.error(`checkout session ${session.id}: paid after it closed, and the refund could not be made yet`, error);
    throw new DomainError('upstream_unavailable', 'The payment could not be refunded yet; it will be tried again');
  }
  // Refunded, and the shopper's email queued in the same transaction (the outbox, ADR 044): told once.
  const mailJob = await inTransaction(db, async (trx) => {
    const now = clock.now();
    const refunded = await trx
      .updateTable('checkout_sessions')
      .set({ status: 'refunded', provider_refund_id: providerRefundId, refunded_at: now })
      .where('id', '=', session.id)
      .where('status', '=', 'refund_pending')
      .returning(['email', 'total', 'gift_card_amount', 'store_credit_amount', 'refusal_reason', 'locale'])
      .executeTakeFirst();
    if (!refunded) return null;
    // What the provider took: the gift card and the credit went back when the session closed.
    const paid = refunded.total - refunded.gift_card_amount - refunded.store_credit_amount;
    log.info(`checkout session ${session.id}: paid after it closed; ${formatEuro(paid)} refunded (${reason})`);
    const message = {
      to: refunded.email,
      ...renderEmail(refundedPaymentEmail(paid, refunded.refusal_reason ?? reason, refunded.locale)),
    };
    return queueOrderMail(trx, now, session.id, message, 'checkout');
  });
  await sendQueuedMail(deps, [mailJob]);
  return { refused: true };
}

/** In the checkout's language; the reason is the shop's own English, which the Italian says in general terms. */
function refundedPaymentEmail(amount: number, reason: string, locale: ShopLocale) {
  const words = mailWords(locale);
  const w = words.refundedPayment;
  return { subject: w.subject, heading: w.heading, paragraphs: [w.text(words.money(amount), reason)], locale };
}

const refusalSentence = (reason: string) => `We could not complete your order: ${reason}.`;

/** The payment_refunded error for a session whose payment was (or is being) given back. */
export async function refusedPayment(deps: Pick<CheckoutDeps, 'db'>, sessionId: string): Promise<never> {
  const session = await deps.db
    .selectFrom('checkout_sessions')
    .select(['status', 'total', 'gift_card_amount', 'store_credit_amount', 'refusal_reason'])
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();
  const reason = session.refusal_reason ?? 'this checkout had closed';
  const refund = session.status === 'refunded' ? 'has been refunded in full' : 'is being refunded in full';
  throw new DomainError(
    'payment_refunded',
    `${refusalSentence(reason)} Your payment of ${formatEuro(session.total - session.gift_card_amount - session.store_credit_amount)} ${refund}.`,
  );
}

/** The session's lines with their product, in the order the receipt lists them. */
function boughtLines(trx: Trx, sessionId: string) {
  return trx
    .selectFrom('checkout_session_items as i')
    .innerJoin('product_variants as v', 'v.id', 'i.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['i.variant_id', 'i.quantity', 'i.unit_price', 'i.discount', 'v.sku', 'v.description', 'v.product_id', 'p.name', 'p.gift_card'])
    .where('i.checkout_session_id', '=', sessionId)
    .orderBy('p.name')
    .orderBy('v.sku')
    .execute();
}

/** The purchase and its items, with what the buyer had never bought before. */
async function writePurchase(trx: Trx, session: ClaimedSession, lines: BoughtLine[], payment: PaymentDetails, now: Date) {
  const attributes = await trx
    .selectFrom('variant_attributes')
    .select(['variant_id', 'attribute_name', 'value', 'value_description'])
    .where(
      'variant_id',
      'in',
      lines.map((l) => l.variant_id),
    )
    .orderBy('order')
    .execute();
  const boughtBefore = new Set(
    (
      await trx
        .selectFrom('purchase_items')
        .innerJoin('purchases', 'purchases.id', 'purchase_items.purchase_id')
        .select('purchase_items.name')
        .distinct()
        .where('purchases.user_id', '=', session.user_id)
        .execute()
    ).map((row) => row.name),
  );
  const newItems = [...new Set(lines.map((l) => l.name))].filter((name) => !boughtBefore.has(name));
  const firstTime: FirstTimePurchaseInfo = { has_new_items: newItems.length > 0, new_items: newItems, unlocked_cards: [] };

  const purchase = await trx
    .insertInto('purchases')
    .values({
      user_id: session.user_id,
      checkout_session_id: session.id,
      email: session.email,
      status: 'Processing',
      subtotal: session.items_total,
      shipping_cost: session.shipping_cost,
      tax: session.tax,
      discount: session.discount,
      discount_code: session.discount_code,
      total: session.total,
      shipping_address: addressJson(payment.shippingAddress),
      billing_address: addressJson(payment.billingAddress),
      payment_method: payment.paymentMethod,
      first_time_purchase_info: JSON.stringify(firstTime),
      created_at: now,
      // The order speaks the language it was checked out in (its emails, its receipt).
      locale: session.locale,
      gift_card_amount: session.gift_card_amount,
      gift_card_id: session.gift_card_id,
      gift_card_last4: session.gift_card_id ? await giftCardLast4(trx, session.gift_card_id) : null,
      store_credit_amount: session.store_credit_amount,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ledgerToPurchase(trx, session.id, purchase.id);
  await trx
    .insertInto('purchase_items')
    .values(
      lines.map((line, position) => ({
        purchase_id: purchase.id,
        product_id: line.product_id,
        variant_id: line.variant_id,
        name: line.name,
        sku: line.sku,
        variant_description: line.description,
        variant_attributes: JSON.stringify(
          attributes
            .filter((a) => a.variant_id === line.variant_id)
            .map((a) => ({
              attribute_name: a.attribute_name,
              value: a.value,
              ...(a.value_description ? { value_description: a.value_description } : {}),
            })),
        ),
        quantity: line.quantity,
        unit_price: line.unit_price,
        discount: line.discount,
        position,
      })),
    )
    .execute();
  return { purchaseId: purchase.id, firstTime };
}

/** The cards of the products bought, unlocked for the buyer and noted on the purchase. */
async function unlockPurchaseCards(
  trx: Trx,
  session: ClaimedSession,
  lines: BoughtLine[],
  purchaseId: string,
  firstTime: FirstTimePurchaseInfo,
  now: Date,
) {
  const unlocked = await unlockCards(
    trx,
    session.user_id,
    lines.map((line) => line.product_id),
    purchaseId,
    now,
  );
  if (unlocked.length) {
    await trx
      .updateTable('purchases')
      .set({ first_time_purchase_info: JSON.stringify({ ...firstTime, unlocked_cards: unlocked }) })
      .where('id', '=', purchaseId)
      .execute();
  }
}

/** What was bought leaves the cart it came from; anything added since stays. */
async function trimCart(trx: Trx, session: ClaimedSession, lines: BoughtLine[]) {
  if (session.kind === 'cart' && session.cart_id) {
    // In variant order, as a merge of carts at sign-in writes them, so the two never wait on each other.
    for (const line of [...lines].sort((a, b) => (a.variant_id < b.variant_id ? -1 : 1))) {
      await trx
        .deleteFrom('cart_items')
        .where('cart_id', '=', session.cart_id)
        .where('variant_id', '=', line.variant_id)
        .where('quantity', '<=', line.quantity)
        .execute();
      await trx
        .updateTable('cart_items')
        .set((eb) => ({ quantity: eb('quantity', '-', line.quantity) }))
        .where('cart_id', '=', session.cart_id)
        .where('variant_id', '=', line.variant_id)
        .execute();
    }
  }
}

async function giftCardLast4(trx: Trx, cardId: string) {
  return (await trx.selectFrom('gift_cards').select('last4').where('id', '=', cardId).executeTakeFirst())?.last4 ?? null;
}

function addressJson(address: Address | null): string | null {
  return address ? JSON.stringify(address) : null;
}
