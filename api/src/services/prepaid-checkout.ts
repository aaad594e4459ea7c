import type { CheckoutDeps } from './checkout.js';
import { deliveryAddressFor } from './checkout.js';
import { fulfilCheckoutSession } from './checkout-fulfilment.js';

/**
 * A checkout that a gift card and store credit paid in full (ADR 052) has no payment page: it becomes
 * an order at once, paid by 'Gift card' (or 'Store credit' alone). It ships to the address of the
 * buyer's last order; a first order has none yet and is confirmed without one, and the owner sees
 * that in the back office and asks the buyer before shipping.
 */
export async function completePrepaidCheckout(deps: CheckoutDeps, sessionId: string, userId: string) {
  const [address, session] = await Promise.all([
    deliveryAddressFor(deps.db, userId),
    deps.db.selectFrom('checkout_sessions').select('gift_card_amount').where('id', '=', sessionId).executeTakeFirstOrThrow(),
  ]);
  return fulfilCheckoutSession(deps, sessionId, {
    paymentMethod: session.gift_card_amount > 0 ? 'Gift card' : 'Store credit',
    shippingAddress: address?.line1 ? address : null,
    billingAddress: null,
  });
}
