import type { Address } from '../db/schema.js';
import type { CheckoutDeps } from './checkout.js';
import { deliveryAddressFor } from './checkout.js';
import { fulfilCheckoutSession } from './checkout-fulfilment.js';

/**
 * A checkout that a gift card and store credit paid in full (ADR 052) has no payment page: it becomes
 * an order at once, paid by 'Gift card' (or 'Store credit' alone). It ships to the address the buyer
 * gave with it, else to the address of their last order; the checkout refused to open for goods
 * without either (ADR 062). Gift cards alone ship nowhere.
 */
export async function completePrepaidCheckout(deps: CheckoutDeps, sessionId: string, userId: string, given: Address | null = null) {
  const [onFile, session] = await Promise.all([
    given ? null : deliveryAddressFor(deps.db, userId),
    deps.db.selectFrom('checkout_sessions').select('gift_card_amount').where('id', '=', sessionId).executeTakeFirstOrThrow(),
  ]);
  return fulfilCheckoutSession(deps, sessionId, {
    paymentMethod: session.gift_card_amount > 0 ? 'Gift card' : 'Store credit',
    shippingAddress: given ?? (onFile?.line1 ? onFile : null),
    billingAddress: null,
  });
}
