import type { Address, FirstTimePurchaseInfo } from '../db/schema.js';
import { DomainError } from '../domain-error.js';
import { unlockCards } from './cards.js';
import { recountCodeUse } from './discounts.js';
import { reservedItems, takeStock, type CheckoutDeps, type Trx } from './checkout.js';
import { purchaseConfirmationEmail } from './order-confirmation.js';
import { mailAboutOrder } from './order-mail.js';
import type { PaymentDetails } from './payments/provider.js';

type ClaimedSession = Awaited<ReturnType<typeof reserveAgain>>;
type BoughtLine = Awaited<ReturnType<typeof boughtLines>>[number];

/**
 * Turns a paid session into a purchase. Every provider calls this, as often as it likes: the
 * status change 'open' → 'completed' happens once, so concurrent or repeated calls create exactly
 * one purchase. A session that expired before the payment arrived takes its stock again, if there
 * is still enough; otherwise it is refused and the payment must be refunded. In one transaction:
 * claim the session, write the purchase, unlock the cards, trim the cart; then mail the buyer.
 */
export async function fulfilCheckoutSession(
  deps: CheckoutDeps,
  sessionId: string,
  payment: PaymentDetails,
): Promise<{ purchaseId: string; created: boolean }> {
  const { db, clock } = deps;
  const now = clock.now();
  const result = await db.transaction().execute(async (trx) => {
    const claimed = await claimSession(trx, sessionId, now);
    if ('purchaseId' in claimed) return { purchaseId: claimed.purchaseId, created: false };
    const { session } = claimed;
    const lines = await boughtLines(trx, session.id);
    const { purchaseId, firstTime } = await writePurchase(trx, session, lines, payment, now);
    // Inside the transaction: a fulfilment that rolls back unlocks nothing.
    await unlockPurchaseCards(trx, session, lines, purchaseId, firstTime, now);
    await trimCart(trx, session, lines);
    return { purchaseId, created: true };
  });

  if (result.created) {
    try {
      const email = await purchaseConfirmationEmail(db, result.purchaseId, deps.config.storefrontUrl);
      // The purchase stands; a lost confirmation email must not undo it.
      if (email) await mailAboutOrder(deps, result.purchaseId, email);
    } catch (error) {
      deps.log.error(`purchase ${result.purchaseId}: confirmation email failed`, error);
    }
  }
  return result;
}

/** Moves the session out of 'open' once; a session already fulfilled answers its purchase. */
async function claimSession(trx: Trx, sessionId: string, now: Date): Promise<{ session: ClaimedSession } | { purchaseId: string }> {
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
  return { session: await reserveAgain(trx, current.id, now) };
}

/** The session's lines with their product, in the order the receipt lists them. */
function boughtLines(trx: Trx, sessionId: string) {
  return trx
    .selectFrom('checkout_session_items as i')
    .innerJoin('product_variants as v', 'v.id', 'i.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['i.variant_id', 'i.quantity', 'i.unit_price', 'i.discount', 'v.sku', 'v.description', 'v.product_id', 'p.name'])
    .where('i.checkout_session_id', '=', sessionId)
    .orderBy('p.name')
    .orderBy('v.sku')
    .execute();
}

/** The purchase and its items, with what the buyer had never bought before. */
async function writePurchase(trx: Trx, session: ClaimedSession, lines: BoughtLine[], payment: PaymentDetails, now: Date) {
  const attributes = await trx
    .selectFrom('variant_attributes')
    .select(['variant_id', 'attribute_name', 'value'])
    .where('variant_id', 'in', lines.map((l) => l.variant_id))
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
    })
    .returning('id')
    .executeTakeFirstOrThrow();
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
          attributes.filter((a) => a.variant_id === line.variant_id).map((a) => ({ attribute_name: a.attribute_name, value: a.value })),
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
async function unlockPurchaseCards(trx: Trx, session: ClaimedSession, lines: BoughtLine[], purchaseId: string, firstTime: FirstTimePurchaseInfo, now: Date) {
  const unlocked = await unlockCards(trx, session.user_id, lines.map((line) => line.product_id), purchaseId, now);
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
    for (const line of lines) {
      await trx.deleteFrom('cart_items').where('cart_id', '=', session.cart_id).where('variant_id', '=', line.variant_id).where('quantity', '<=', line.quantity).execute();
      await trx
        .updateTable('cart_items')
        .set((eb) => ({ quantity: eb('quantity', '-', line.quantity) }))
        .where('cart_id', '=', session.cart_id)
        .where('variant_id', '=', line.variant_id)
        .execute();
    }
  }
}

/** A paid session that had already released its stock takes it again, or the payment is refused. */
async function reserveAgain(trx: Trx, sessionId: string, now: Date) {
  const items = await reservedItems(trx, sessionId);
  for (const item of items) {
    if (!(await takeStock(trx, item.variant_id, item.quantity))) throw new DomainError('checkout_expired', 'This checkout session has expired and its items are no longer in stock');
  }
  const session = await trx
    .updateTable('checkout_sessions')
    .set({ status: 'completed', closed_at: now })
    .where('id', '=', sessionId)
    .returningAll()
    .executeTakeFirstOrThrow();
  // The buyer paid the discounted price, so the use its expiry gave back is counted again.
  if (session.discount_code_id) await recountCodeUse(trx, session.discount_code_id, session.email);
  return session;
}

function addressJson(address: Address | null): string | null {
  return address ? JSON.stringify(address) : null;
}
