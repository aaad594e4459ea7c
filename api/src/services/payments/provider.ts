import type { Address, PaymentProviderName } from '../../db/schema.js';

/** One line as the payment page or provider shows it. */
export interface CheckoutLine {
  name: string;
  sku: string;
  description: string;
  quantity: number;
  /** Cents, tax included. */
  unit_price: number;
}

export interface ProviderCheckoutInput {
  /** Our checkout session id; providers keep it so their callbacks find the session again. */
  sessionId: string;
  email: string;
  lines: CheckoutLine[];
  shippingCost: number;
  /** A discount code's saving on the items (cents, tax included); the lines stay at their prices. */
  discount: { code: string; amount: number } | null;
  /** Cents already paid by a gift card and store credit (ADR 052): the provider takes the total less this. */
  prepaid?: number;
  /** False when every line is a gift card (ADR 064): nothing ships, so no delivery address is asked for. */
  shipsGoods?: boolean;
  /** May contain `{CHECKOUT_SESSION_ID}`, which the provider replaces with its session id. */
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  createdAt: Date;
}

export interface ProviderCheckout {
  providerSessionId: string;
  /** Where the shopper's browser goes to pay. */
  url: string;
}

/** What a paid session tells us about the payment. */
export interface PaymentDetails {
  paymentMethod: string;
  shippingAddress: Address | null;
  billingAddress: Address | null;
}

/** A provider's notification, verified and reduced to what fulfilment needs. */
export type WebhookOutcome =
  | { type: 'paid'; providerSessionId: string; sessionId: string | null; payment: PaymentDetails }
  | { type: 'expired' | 'declined'; providerSessionId: string; sessionId: string | null }
  | { type: 'ignored'; eventType: string }
  /** Money given back on a payment, outside the shop (the provider's dashboard) or by the shop: the payment's refunded total so far, in cents. */
  | { type: 'refunded'; paymentId: string; refundedTotal: number };

/** A refund asked of the provider that took the payment. */
export interface ProviderRefundInput {
  /** The provider's id for the paid session. */
  providerSessionId: string;
  /** Cents. */
  amount: number;
  /** The same key for a retry of the same refund, so the provider refunds once. */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/** A way to take payment; fulfilment (services/checkout.ts) is the same whichever one is used. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** How long our session holds its stock; at least as long as the provider keeps the session payable. */
  readonly holdMs: number;
  createCheckout(input: ProviderCheckoutInput): Promise<ProviderCheckout>;
  /** The provider's word on a session, for the success page when no webhook came yet; null when unpaid or unknown. */
  retrievePayment(providerSessionId: string): Promise<PaymentDetails | null>;
  /** Gives money back on a paid session; throws when the provider refuses. */
  refund(input: ProviderRefundInput): Promise<{ providerRefundId: string }>;
  /**
   * Ends a session the shop closed, so it can no longer be paid at the provider. A session already
   * paid or ended there is left as it is (no error). Absent when the shop hosts the page itself.
   */
  expireCheckout?(providerSessionId: string): Promise<void>;
  /** Verifies and reads a webhook; throws a webhook_invalid DomainError on a bad signature. Absent when the provider sends none. */
  parseWebhook?(payload: string, signature: string | undefined): WebhookOutcome;
  /** The provider's session that took a payment (a `refunded` notification names the payment only); null when none. */
  sessionOfPayment?(paymentId: string): Promise<string | null>;
}
