import type { AppConfig, AppDeps } from '../deps.js';
import { DomainError } from '../domain-error.js';
import { closeCheckoutSession, findCheckoutSession } from './checkout.js';
import { fulfilCheckoutSession } from './checkout-fulfilment.js';
import type { WebhookOutcome } from './payments/provider.js';
import { recordProviderRefund } from './refunds/provider-events.js';

type EventDeps = Pick<AppDeps, 'db' | 'mail' | 'log' | 'clock' | 'payments' | 'onCatalogueChange'> & {
  config: Pick<AppConfig, 'storefrontUrl' | 'jwtSecret'>;
};

/** What the provider is told: whether the notification changed anything, and which order it concerned. */
export interface PaymentEventAnswer {
  received: true;
  handled: boolean;
  purchase_id?: string;
}

/** The order a provider's refund is of: its payment names a session, and that session became the order. */
async function purchaseOfRefundedPayment(deps: EventDeps, paymentId: string): Promise<string | undefined> {
  const { payments, db, log } = deps;
  let providerSessionId: string | null | undefined;
  try {
    providerSessionId = await payments.sessionOfPayment?.(paymentId);
  } catch (error) {
    // Not answered now: the provider sends the notification again later.
    log.error(`refund notification for ${paymentId}: the payment provider did not say which session took it`, error);
    throw new DomainError('upstream_unavailable', 'The payment provider did not answer; send the notification again');
  }
  const paid = providerSessionId ? await findCheckoutSession(db, providerSessionId) : undefined;
  if (paid?.provider !== payments.name) return undefined;
  return (await db.selectFrom('purchases').select('id').where('checkout_session_id', '=', paid.id).executeTakeFirst())?.id;
}

/**
 * A verified notification of the payment provider (Stripe): a paid session is fulfilled, an expired or
 * failed one closed, a refund made in the provider's dashboard recorded; each idempotently, since
 * providers send notifications again.
 */
export async function handlePaymentEvent(deps: EventDeps, outcome: WebhookOutcome): Promise<PaymentEventAnswer> {
  const { db, clock, log, payments } = deps;
  if (outcome.type === 'ignored') return { received: true, handled: false };
  if (outcome.type === 'refunded') {
    const purchaseId = await purchaseOfRefundedPayment(deps, outcome.paymentId);
    if (!purchaseId) {
      log.info(`refund notification for a payment no order has: ${outcome.paymentId}`);
      return { received: true, handled: false };
    }
    await recordProviderRefund(deps, purchaseId, outcome.refundedTotal);
    return { received: true, handled: true, purchase_id: purchaseId };
  }
  const session =
    (outcome.sessionId ? await findCheckoutSession(db, outcome.sessionId) : undefined) ??
    (await findCheckoutSession(db, outcome.providerSessionId));
  if (!session || session.provider !== payments.name) {
    log.info(`webhook for an unknown checkout session ${outcome.providerSessionId}`);
    return { received: true, handled: false };
  }
  if (outcome.type === 'paid') {
    try {
      const { purchaseId } = await fulfilCheckoutSession(deps, session.id, outcome.payment);
      return { received: true, handled: true, purchase_id: purchaseId };
    } catch (error) {
      // Paid after the checkout closed, and what it held could not be had again: the payment went back.
      if (error instanceof DomainError && error.code === 'payment_refunded') return { received: true, handled: true };
      log.error(`checkout session ${session.id} (${outcome.providerSessionId}) was paid but could not be fulfilled`, error);
      throw error;
    }
  }
  await closeCheckoutSession(db, session.id, outcome.type, clock.now(), { endedByProvider: true });
  return { received: true, handled: true };
}
