import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setVariant, shopper } from '../../../tests/support/shopper';
import { cliHeaders } from '../../../tests/support/staff';
import { useTestApi } from '../../../tests/support/use-test-api';
import { createStripeProvider } from '../services/payments/stripe-provider';

/**
 * Refunds through the real Stripe library, talking to a stand-in for Stripe's API on loopback: what
 * the library sends (the payment, the amount, the Idempotency-Key header) is what Stripe would get.
 */
type Mode = 'ok' | 'down' | 'refuse';
let mode: Mode = 'ok';
const refundPosts: { key: string | undefined; params: URLSearchParams }[] = [];
const refundsByKey = new Map<string, { id: string; amount: number }>();
let sessions = 0;
const couponPosts: { key: string | undefined; params: URLSearchParams }[] = [];
const sessionPosts: URLSearchParams[] = [];

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body));
  });

const stub: Server = createServer(async (req, res) => {
  const body = await read(req);
  const send = (status: number, value: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${randomUUID()}` });
    res.end(JSON.stringify(value));
  };
  const url = new URL(req.url ?? '/', 'http://stripe.test');
  if (req.method === 'POST' && url.pathname === '/v1/coupons') {
    const params = new URLSearchParams(body);
    couponPosts.push({ key: req.headers['idempotency-key'] as string | undefined, params });
    return send(200, { id: `coupon_${couponPosts.length}`, object: 'coupon', amount_off: Number(params.get('amount_off')), currency: params.get('currency') });
  }
  if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
    sessionPosts.push(new URLSearchParams(body));
    const id = `cs_test_${++sessions}`;
    return send(200, { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` });
  }
  const session = /^\/v1\/checkout\/sessions\/(cs_test_\d+)$/.exec(url.pathname);
  if (req.method === 'GET' && session) {
    return send(200, {
      id: session[1],
      object: 'checkout.session',
      payment_status: 'paid',
      payment_intent: `pi_for_${session[1]}`,
      payment_method_types: ['card'],
      customer_details: { email: 'buyer@example.com', name: 'Ada Rossi', address: { line1: 'Via Po 1', line2: null, city: 'Torino', state: null, postal_code: '10124', country: 'IT' } },
    });
  }
  if (req.method === 'POST' && url.pathname === '/v1/refunds') {
    const key = req.headers['idempotency-key'] as string | undefined;
    const params = new URLSearchParams(body);
    refundPosts.push({ key, params });
    if (mode === 'down') return send(500, { error: { type: 'api_error', message: 'Something went wrong on our end' } });
    if (mode === 'refuse') return send(400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge has already been refunded.' } });
    // Stripe answers a repeated key with the first answer.
    const refund = refundsByKey.get(key ?? '') ?? { id: `re_${refundsByKey.size + 1}`, amount: Number(params.get('amount')) };
    if (key) refundsByKey.set(key, refund);
    return send(200, { id: refund.id, object: 'refund', amount: refund.amount, currency: 'eur', status: 'succeeded', payment_intent: params.get('payment_intent') });
  }
  send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
});

let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  port = (stub.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => stub.close(() => resolve())));

const api = useTestApi({
  payments: createStripeProvider({
    // The client is made on first use, once the stub has its port.
    client: {
      get checkout() {
        return client().checkout;
      },
      get refunds() {
        return client().refunds;
      },
      get coupons() {
        return client().coupons;
      },
      get webhooks() {
        return client().webhooks;
      },
    },
  }),
});
let stripe: Stripe | undefined;
const client = () => (stripe ??= new Stripe('sk_test_stub', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 }));

async function admin(path: string, body: unknown) {
  const res = await api.app.request(`/api/admin/${path}`, { method: 'POST', headers: { ...cliHeaders, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

/** A paid Stripe order of one unit at €50.00. */
async function stripeOrder() {
  const variant = api.stocked[0];
  await setVariant(api, variant.id, { price: 5_000, stock_quantity: 10 });
  const s = shopper(api);
  await s.register();
  await s.post('/api/cart/add', { variant_id: variant.id, quantity: 1 });
  const started = await s.post('/api/checkout/', { success_url: 'http://shop.test/checkout/success?session_id={CHECKOUT_SESSION_ID}', cancel_url: 'http://shop.test/cart', metadata: {} });
  expect(started.status).toBe(200);
  const providerId = `cs_test_${sessions}`;
  // The success page asks Stripe (the stub says paid) and fulfils.
  const success = await s.get(`/api/user/purchase-success/${providerId}`);
  expect(success.status).toBe(200);
  return { number: success.body.order_number as string, total: success.body.total as number, providerId };
}

describe('discount codes through Stripe', () => {
  it('a code travels as a single-use coupon for the exact amount, applied to the Checkout Session', async () => {
    const variant = api.stocked[0];
    await setVariant(api, variant.id, { price: 5_000, stock_quantity: 10 });
    const made = await admin('discounts', { code: 'STRIPE15', kind: 'percent', value: 15 });
    expect(made.status).toBe(201);
    const s = shopper(api);
    await s.register();
    await s.post('/api/cart/add', { variant_id: variant.id, quantity: 2 });
    const started = await s.post('/api/checkout/', { success_url: 'http://shop.test/s?session_id={CHECKOUT_SESSION_ID}', cancel_url: 'http://shop.test/cart', discount_code: 'stripe15', metadata: {} });
    expect(started.status).toBe(200);
    const coupon = couponPosts.at(-1)!;
    expect(Object.fromEntries(coupon.params)).toMatchObject({ amount_off: '1500', currency: 'eur', duration: 'once', max_redemptions: '1', name: 'STRIPE15' });
    expect(coupon.key).toMatch(/^coupon-/);
    const session = sessionPosts.at(-1)!;
    expect(session.get('discounts[0][coupon]')).toBe(`coupon_${couponPosts.length}`);
    expect(session.get('line_items[0][price_data][unit_amount]')).toBe('5000');
    // €100 − €15 = €85 of items: below the threshold, so shipping is charged.
    expect(session.get('shipping_options[0][shipping_rate_data][fixed_amount][amount]')).toBe('2000');
    const paid = await s.get(`/api/user/purchase-success/cs_test_${sessions}`);
    expect(paid.body).toMatchObject({ subtotal: 10_000, discount: 1_500, discount_code: 'STRIPE15', total: 10_500 });
  });
});

describe('refunds through Stripe', () => {
  it('refunds on the payment of the Checkout Session, in cents, with an idempotency key; a double post asks Stripe once', async () => {
    mode = 'ok';
    const { number, providerId } = await stripeOrder();
    const before = refundPosts.length;
    const body = { order: number, idempotency_key: randomUUID(), amount: 1_500 };
    const res = await admin('orders/refund', body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ refunded_total: 1_500, refund: { provider: 'stripe', provider_refund_id: expect.stringMatching(/^re_/), status: 'succeeded' } });
    const [post] = refundPosts.slice(before);
    expect(post.params.get('payment_intent')).toBe(`pi_for_${providerId}`);
    expect(post.params.get('amount')).toBe('1500');
    expect(post.key).toBe(res.body.refund.id);
    expect((await admin('orders/refund', body)).body).toMatchObject({ replayed: true, refunded_total: 1_500 });
    expect(refundPosts.length).toBe(before + 1);
  });

  it('when Stripe does not answer, the refund waits and the same form finishes it with the same key', async () => {
    const { number, total } = await stripeOrder();
    const body = { order: number, idempotency_key: randomUUID(), amount: 2_000 };
    mode = 'down';
    const before = refundPosts.length;
    const first = await admin('orders/refund', body);
    expect(first).toMatchObject({ status: 502, body: { code: 'upstream_unavailable' } });
    // Held, so nothing else can refund the same money meanwhile.
    expect((await admin('orders/refund', { order: number, idempotency_key: randomUUID(), amount: total })).body.code).toBe('refund_exceeds_paid');
    mode = 'ok';
    const second = await admin('orders/refund', body);
    expect(second.body).toMatchObject({ replayed: true, refund: { status: 'succeeded', amount: 2_000 }, refunded_total: 2_000, status: 'Processing' });
    const keys = refundPosts.slice(before).map((p) => p.key);
    expect(keys[0]).toBe(second.body.refund.id);
    expect(keys.filter((k) => k === second.body.refund.id)).toHaveLength(2);
  });

  it('a refusal by Stripe is final: the refund is marked failed and the money is refundable again', async () => {
    const { number } = await stripeOrder();
    mode = 'refuse';
    const body = { order: number, idempotency_key: randomUUID(), amount: 1_000 };
    const refused = await admin('orders/refund', body);
    expect(refused).toEqual({ status: 502, body: { code: 'refund_failed', detail: 'Stripe refused the refund: Charge has already been refunded.' } });
    expect((await admin('orders/refund', body)).body.code).toBe('refund_failed');
    mode = 'ok';
    const next = await admin('orders/refund', { ...body, idempotency_key: randomUUID() });
    expect(next.body).toMatchObject({ refunded_total: 1_000, refund: { status: 'succeeded' } });
  });
});
