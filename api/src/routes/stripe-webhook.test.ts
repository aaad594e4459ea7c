import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';

import { setVariant, type Shopper, shopper, stockOf } from '../../../tests/support/shopper';
import { useTestApi } from '../../../tests/support/use-test-api';
import { createStripeProvider, type StripeClient } from '../services/payments/stripe-provider';

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_shop';
// Only its webhook helpers are used: nothing here reaches Stripe's servers.
const stripe = new Stripe('sk_test_not_a_real_key');

const created: Stripe.Checkout.SessionCreateParams[] = [];
const retrievable = new Map<string, Partial<Stripe.Checkout.Session>>();
const expired: string[] = [];

const fakeClient: StripeClient = {
  checkout: {
    sessions: {
      async create(params) {
        created.push(params);
        const id = `cs_test_${created.length}`;
        return { id, url: `https://checkout.stripe.test/c/pay/${id}` };
      },
      async retrieve(id) {
        return { id, payment_status: 'unpaid', ...retrievable.get(id) } as Stripe.Checkout.Session;
      },
      async list() {
        throw new Error('refund notifications are tested against the Stripe stub (stripe-refunds.test.ts)');
      },
      async expire(id) {
        expired.push(id);
        return { id, status: 'expired' };
      },
    },
  },
  coupons: {
    async create() {
      throw new Error('coupons are tested against the Stripe stub (stripe-refunds.test.ts)');
    },
  },
  refunds: {
    async create() {
      throw new Error('refunds are tested against the Stripe stub (refunds.test.ts)');
    },
  },
  webhooks: stripe.webhooks,
};

const api = useTestApi({ payments: createStripeProvider({ client: fakeClient, webhookSecret: WEBHOOK_SECRET }) });

const SUCCESS = 'http://shop.test/checkout/success?session_id={CHECKOUT_SESSION_ID}';

async function openSession(stock = 3) {
  const variant = api.stocked[created.length % api.stocked.length];
  await setVariant(api, variant.id, { stock_quantity: stock, price: 4_500 });
  const s = shopper(api);
  await s.post('/api/cart/add', { variant_id: variant.id, quantity: 2 });
  await s.signInAsGuest();
  const res = await s.post('/api/checkout/', { success_url: SUCCESS, cancel_url: 'http://shop.test/cart', metadata: { source: 'cart' } });
  expect(res.status).toBe(200);
  const params = created[created.length - 1];
  const providerId = `cs_test_${created.length}`;
  return { s, variant, params, providerId, url: res.body.checkout_url as string };
}

function sessionEvent(type: string, session: Partial<Stripe.Checkout.Session>, id = `evt_${Math.random().toString(36).slice(2)}`) {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-01-01',
    created: 1_700_000_000,
    type,
    data: { object: { object: 'checkout.session', ...session } },
  });
}

async function deliver(payload: string, signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })) {
  const res = await api.app.request('/api/checkout/webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const paidSession = (providerId: string, ourId: string): Partial<Stripe.Checkout.Session> => ({
  id: providerId,
  payment_status: 'paid',
  client_reference_id: ourId,
  metadata: { checkout_session_id: ourId },
  payment_method_types: ['card'],
  customer_details: {
    email: 'x@example.com',
    name: 'Ada Rossi',
    address: { line1: 'Via Roma 1', line2: null, city: 'Milano', state: null, postal_code: '20100', country: 'IT' },
  } as Stripe.Checkout.Session.CustomerDetails,
});

async function purchasesOf(s: Shopper, providerId: string) {
  return s.get(`/api/user/purchase-success/${providerId}`);
}

describe('Stripe Checkout', () => {
  it('opens a Checkout Session in EUR with return addresses, email and metadata, reserving stock', async () => {
    const { s, variant, params, url } = await openSession();
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(params).toMatchObject({
      mode: 'payment',
      customer_email: s.email,
      success_url: SUCCESS,
      cancel_url: 'http://shop.test/cart',
      line_items: [{ quantity: 2, price_data: { currency: 'eur', unit_amount: 4_500, product_data: { name: variant.name } } }],
      metadata: { source: 'cart', checkout_session_id: expect.any(String) },
    });
    expect(params.shipping_options?.[0]?.shipping_rate_data?.fixed_amount).toEqual({ amount: 2_000, currency: 'eur' });
    expect(await stockOf(api, variant.id)).toBe(1);
  });

  it('fulfils on a correctly signed checkout.session.completed, once however often it comes', async () => {
    const { s, params, providerId } = await openSession();
    const ourId = params.metadata!.checkout_session_id as string;
    const payload = sessionEvent('checkout.session.completed', paidSession(providerId, ourId), 'evt_dup');
    const first = await deliver(payload);
    expect(first).toMatchObject({ status: 200, body: { received: true, handled: true } });
    const again = await Promise.all([deliver(payload), deliver(payload)]);
    for (const r of again) expect(r.body.purchase_id).toBe(first.body.purchase_id);
    const purchases = await api.database.db.selectFrom('purchases').select('id').where('checkout_session_id', '=', ourId).execute();
    expect(purchases).toHaveLength(1);
    const success = await purchasesOf(s, providerId);
    expect(success.body).toMatchObject({
      purchase_intent_id: providerId,
      subtotal: 9_000,
      shipping_cost: 2_000,
      total: 11_000,
      payment_method: 'Credit Card',
    });
    expect(success.body.billing_address).toMatchObject({ line1: 'Via Roma 1', city: 'Milano' });
    expect((await s.get('/api/cart/')).body.items).toEqual([]);
  });

  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const { variant, params, providerId } = await openSession();
    const ourId = params.metadata!.checkout_session_id as string;
    const payload = sessionEvent('checkout.session.completed', paidSession(providerId, ourId));
    const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect(await deliver(payload, forged)).toEqual({ status: 400, body: { detail: 'Invalid webhook signature', code: 'webhook_invalid' } });
    const tampered = await deliver(
      payload.replace('"paid"', '"paid" '),
      stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    );
    expect(tampered.status).toBe(400);
    const res = await api.app.request('/api/checkout/webhook', { method: 'POST', body: payload });
    expect(res.status).toBe(400);
    expect(await api.database.db.selectFrom('purchases').select('id').where('checkout_session_id', '=', ourId).execute()).toEqual([]);
    expect(await stockOf(api, variant.id)).toBe(1);
  });

  it('releases the stock on checkout.session.expired, and ignores it after a payment', async () => {
    const one = await openSession();
    const expired = sessionEvent('checkout.session.expired', {
      id: one.providerId,
      metadata: { checkout_session_id: one.params.metadata!.checkout_session_id as string },
    });
    expect((await deliver(expired)).status).toBe(200);
    expect(await stockOf(api, one.variant.id)).toBe(3);

    const two = await openSession();
    const ourId = two.params.metadata!.checkout_session_id as string;
    await deliver(sessionEvent('checkout.session.completed', paidSession(two.providerId, ourId)));
    await deliver(sessionEvent('checkout.session.expired', { id: two.providerId, metadata: { checkout_session_id: ourId } }));
    expect(await stockOf(api, two.variant.id)).toBe(1);
  });

  it('still fulfils a payment that arrives after the expiry, taking the stock again', async () => {
    const { variant, params, providerId } = await openSession();
    const ourId = params.metadata!.checkout_session_id as string;
    await deliver(sessionEvent('checkout.session.expired', { id: providerId, metadata: { checkout_session_id: ourId } }));
    expect(await stockOf(api, variant.id)).toBe(3);
    const paid = await deliver(sessionEvent('checkout.session.completed', paidSession(providerId, ourId)));
    expect(paid.body.handled).toBe(true);
    expect(await stockOf(api, variant.id)).toBe(1);
  });

  it('ignores unpaid completions and other events', async () => {
    const { params, providerId } = await openSession();
    const ourId = params.metadata!.checkout_session_id as string;
    expect(
      (await deliver(sessionEvent('checkout.session.completed', { ...paidSession(providerId, ourId), payment_status: 'unpaid' }))).body,
    ).toEqual({ received: true, handled: false });
    expect(
      (await deliver(JSON.stringify({ id: 'evt_x', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1' } } }))).body
        .handled,
    ).toBe(false);
  });

  it('fulfils from the success page when Stripe says the session is paid before any webhook', async () => {
    const { s, params, providerId } = await openSession();
    const ourId = params.metadata!.checkout_session_id as string;
    expect((await purchasesOf(s, providerId)).status).toBe(404);
    retrievable.set(providerId, paidSession(providerId, ourId));
    const success = await purchasesOf(s, providerId);
    expect(success.status).toBe(200);
    expect(success.body.purchase_intent_id).toBe(providerId);
    // The late webhook finds the purchase already made.
    const late = await deliver(sessionEvent('checkout.session.completed', paidSession(providerId, ourId)));
    expect(late.body.purchase_id).toBe(success.body.purchase_id);
  });

  it('has no test payment page', async () => {
    const { params } = await openSession();
    expect((await api.app.request(`/pay/${params.metadata!.checkout_session_id as string}`)).status).toBe(404);
  });
});
