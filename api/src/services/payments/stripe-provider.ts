import Stripe from 'stripe';

import { SHIPPING_COUNTRY_CODES } from '@contract/address';
import { CART_RULES } from '@contract/shop-rules';

import type { Address } from '../../db/schema.js';
import { DomainError } from '../../domain-error.js';
import type { PaymentDetails, PaymentProvider, WebhookOutcome } from './provider.js';

/** The part of the Stripe client this provider uses; tests pass a stand-in so nothing reaches Stripe. */
export interface StripeClient {
  checkout: {
    sessions: {
      create(params: Stripe.Checkout.SessionCreateParams): Promise<{ id: string; url: string | null }>;
      retrieve(id: string): Promise<Stripe.Checkout.Session>;
      list(params: Stripe.Checkout.SessionListParams): Promise<{ data: { id: string }[] }>;
      expire(id: string): Promise<{ id: string; status: Stripe.Checkout.Session.Status | null }>;
    };
  };
  coupons: {
    create(params: Stripe.CouponCreateParams, options: { idempotencyKey: string }): Promise<{ id: string }>;
  };
  refunds: {
    create(params: Stripe.RefundCreateParams, options: { idempotencyKey: string }): Promise<{ id: string; status: string | null }>;
  };
  webhooks: { constructEvent(payload: string, header: string, secret: string): Stripe.Event };
}

export function createStripeClient(secretKey: string): StripeClient {
  return new Stripe(secretKey);
}

// Stripe keeps a Checkout Session payable for at least 30 minutes; we hold the stock a little longer.
const STRIPE_SESSION_TTL_MS = CART_RULES.checkoutSessionTtlMs + 60_000;
const HOLD_GRACE_MS = 5 * 60_000;

const ALLOWED_COUNTRIES = SHIPPING_COUNTRY_CODES satisfies Stripe.Checkout.SessionCreateParams.ShippingAddressCollection.AllowedCountry[];

function toAddress(name: string | null | undefined, address: Stripe.Address | null | undefined): Address | null {
  if (!address) return null;
  return {
    name: name ?? null,
    line1: address.line1 ?? null,
    line2: address.line2 ?? null,
    city: address.city ?? null,
    state: address.state ?? null,
    postal_code: address.postal_code ?? null,
    country: address.country ?? null,
  };
}

function paymentDetails(session: Stripe.Checkout.Session): PaymentDetails {
  const shipping = session.collected_information?.shipping_details;
  return {
    paymentMethod: session.payment_method_types?.includes('card')
      ? CART_RULES.defaultPaymentMethod
      : (session.payment_method_types?.[0] ?? CART_RULES.defaultPaymentMethod),
    shippingAddress: toAddress(shipping?.name, shipping?.address),
    billingAddress: toAddress(session.customer_details?.name, session.customer_details?.address),
  };
}

const isRefusal = (status: number | undefined) => status !== undefined && status >= 400 && status < 500 && status !== 409 && status !== 429;

const isPaid = (session: Stripe.Checkout.Session) => session.payment_status === 'paid' || session.payment_status === 'no_payment_required';

/** What Stripe asks and shows about delivery for an order of goods. */
function shippingOf(input: Parameters<PaymentProvider['createCheckout']>[0]) {
  return {
    shipping_address_collection: { allowed_countries: ALLOWED_COUNTRIES },
    shipping_options: [
      {
        shipping_rate_data: {
          type: 'fixed_amount',
          display_name:
            input.shippingCost === 0 ? (input.discount ? `Free shipping (${input.discount.code})` : 'Free shipping') : 'Standard shipping',
          fixed_amount: { amount: input.shippingCost, currency: CART_RULES.currency },
        },
      },
    ],
  } satisfies Partial<Stripe.Checkout.SessionCreateParams>;
}

/** A Checkout Session for the shop's checkout: its lines, shipping and amount off, expiring with the hold. */
async function createStripeCheckout(client: StripeClient, input: Parameters<PaymentProvider['createCheckout']>[0]) {
  // A discount travels as a single-use coupon for the exact amount our checkout worked out, so
  // Stripe's total is ours; the key makes a retried checkout reuse its coupon.
  // A gift card or store credit travels in the same coupon: Stripe sees one amount off.
  const amountOff = (input.discount?.amount ?? 0) + (input.prepaid ?? 0);
  const coupon =
    amountOff > 0
      ? await client.coupons.create(
          {
            amount_off: amountOff,
            currency: CART_RULES.currency,
            duration: 'once',
            max_redemptions: 1,
            name: (input.discount ? input.discount.code : 'Gift card').slice(0, 40),
          },
          { idempotencyKey: `coupon-${input.sessionId}` },
        )
      : null;
  const session = await client.checkout.sessions.create({
    ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
    mode: 'payment',
    customer_email: input.email,
    client_reference_id: input.sessionId,
    line_items: input.lines.map((line) => ({
      quantity: line.quantity,
      price_data: {
        currency: CART_RULES.currency,
        unit_amount: line.unit_price,
        product_data: { name: line.name, description: [line.description, line.sku].filter(Boolean).join(' · ') },
      },
    })),
    // Gift cards alone ship nowhere (ADR 064): Stripe asks for no address and shows no shipping.
    ...(input.shipsGoods === false ? {} : shippingOf(input)),
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    metadata: { ...input.metadata, checkout_session_id: input.sessionId },
    expires_at: Math.floor((input.createdAt.getTime() + STRIPE_SESSION_TTL_MS) / 1000),
  });
  if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
  return { providerSessionId: session.id, url: session.url };
}

/** Stripe Checkout: Stripe hosts the payment page; a webhook (or the success page) reports the payment. */
export function createStripeProvider(options: { client: StripeClient; webhookSecret?: string }): PaymentProvider {
  const { client, webhookSecret } = options;
  return {
    name: 'stripe',
    holdMs: STRIPE_SESSION_TTL_MS + HOLD_GRACE_MS,
    createCheckout: (input) => createStripeCheckout(client, input),
    async retrievePayment(providerSessionId) {
      const session = await client.checkout.sessions.retrieve(providerSessionId);
      return isPaid(session) ? paymentDetails(session) : null;
    },
    async refund({ providerSessionId, amount, idempotencyKey, metadata }) {
      const session = await client.checkout.sessions.retrieve(providerSessionId);
      const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!paymentIntent) throw new DomainError('refund_failed', 'Stripe has no payment for this order');
      let refund;
      try {
        refund = await client.refunds.create(
          { payment_intent: paymentIntent, amount, reason: 'requested_by_customer', metadata },
          { idempotencyKey },
        );
      } catch (error) {
        // A refusal is final; anything else (no answer, Stripe's own error, a request with this key
        // still in flight) may or may not have refunded, so it is thrown as it is and retried with the key.
        if (error instanceof Stripe.errors.StripeError && isRefusal(error.statusCode))
          throw new DomainError('refund_failed', `Stripe refused the refund: ${error.message}`);
        throw error;
      }
      if (refund.status === 'failed' || refund.status === 'canceled')
        throw new DomainError('refund_failed', `Stripe refused the refund (${refund.status})`);
      return { providerRefundId: refund.id };
    },
    async expireCheckout(providerSessionId) {
      try {
        await client.checkout.sessions.expire(providerSessionId);
      } catch (error) {
        // Stripe refuses to expire a session that is complete or expired already: nothing left to end.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw error;
      }
    },
    async sessionOfPayment(paymentIntent) {
      const sessions = await client.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
      return sessions.data[0]?.id ?? null;
    },
    parseWebhook(payload, signature): WebhookOutcome {
      if (!webhookSecret) throw new DomainError('webhook_invalid', 'Webhook signing secret is not configured');
      if (!signature) throw new DomainError('webhook_invalid', 'Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(payload, signature, webhookSecret);
      } catch {
        throw new DomainError('webhook_invalid', 'Invalid webhook signature');
      }
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded': {
          const session = event.data.object;
          const sessionId = session.metadata?.checkout_session_id ?? session.client_reference_id ?? null;
          // A delayed payment method completes the session unpaid; async_payment_succeeded follows.
          if (!isPaid(session)) return { type: 'ignored', eventType: event.type };
          return { type: 'paid', providerSessionId: session.id, sessionId, payment: paymentDetails(session) };
        }
        case 'checkout.session.expired':
        case 'checkout.session.async_payment_failed': {
          const session = event.data.object;
          const sessionId = session.metadata?.checkout_session_id ?? session.client_reference_id ?? null;
          return { type: event.type === 'checkout.session.expired' ? 'expired' : 'declined', providerSessionId: session.id, sessionId };
        }
        // Sent for every refund of a charge, the shop's own and those made in Stripe's Dashboard, each
        // with the charge's refunded total so far.
        case 'charge.refunded': {
          const charge = event.data.object;
          const paymentIntent = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
          if (!paymentIntent) return { type: 'ignored', eventType: event.type };
          return { type: 'refunded', paymentId: paymentIntent, refundedTotal: charge.amount_refunded };
        }
        default:
          return { type: 'ignored', eventType: event.type };
      }
    },
  };
}
