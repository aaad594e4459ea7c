import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';

import type { PaymentProvider } from '../../api/src/services/payments/provider';
import { createStripeProvider } from '../../api/src/services/payments/stripe-provider';

/** How the stand-in answers: as Stripe does, down (500s), or refusing refunds. */
export type StripeStubMode = 'ok' | 'down' | 'refuse';

/** The stand-in and what it was sent. */
export interface StripeStub {
  mode: StripeStubMode;
  /** How many Checkout Sessions it made: the last is `cs_test_<sessions>`. */
  sessions: number;
  refundPosts: { key: string | undefined; params: URLSearchParams }[];
  couponPosts: { key: string | undefined; params: URLSearchParams }[];
  sessionPosts: URLSearchParams[];
  expirePosts: string[];
  /** The real Stripe library, pointed at the stand-in. */
  client(): Stripe;
  /** The shop's Stripe provider with that client. */
  provider: PaymentProvider;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body));
  });

/** Stripe's answer to one request, as the library sends it; what was posted is kept on `stub`. */
async function answer(
  stub: StripeStub,
  refundsByKey: Map<string, { id: string; amount: number }>,
  req: IncomingMessage,
  res: ServerResponse,
) {
  const body = await read(req);
  const send = (status: number, value: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${randomUUID()}` });
    res.end(JSON.stringify(value));
  };
  const url = new URL(req.url ?? '/', 'http://stripe.test');
  if (req.method === 'POST' && url.pathname === '/v1/coupons') {
    const params = new URLSearchParams(body);
    stub.couponPosts.push({ key: req.headers['idempotency-key'] as string | undefined, params });
    return send(200, {
      id: `coupon_${stub.couponPosts.length}`,
      object: 'coupon',
      amount_off: Number(params.get('amount_off')),
      currency: params.get('currency'),
    });
  }
  if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
    stub.sessionPosts.push(new URLSearchParams(body));
    const id = `cs_test_${++stub.sessions}`;
    return send(200, { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` });
  }
  // The session that took a payment: the payments of this stand-in are named after their sessions.
  if (req.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
    if (stub.mode === 'down') return send(500, { error: { type: 'api_error', message: 'Something went wrong on our end' } });
    const paid = /^pi_for_(cs_test_\d+)$/.exec(url.searchParams.get('payment_intent') ?? '');
    return send(200, {
      object: 'list',
      url: '/v1/checkout/sessions',
      has_more: false,
      data: paid ? [{ id: paid[1], object: 'checkout.session' }] : [],
    });
  }
  const expiring = /^\/v1\/checkout\/sessions\/(cs_test_\d+)\/expire$/.exec(url.pathname);
  if (req.method === 'POST' && expiring) {
    stub.expirePosts.push(expiring[1]);
    return send(200, { id: expiring[1], object: 'checkout.session', status: 'expired' });
  }
  const session = /^\/v1\/checkout\/sessions\/(cs_test_\d+)$/.exec(url.pathname);
  if (req.method === 'GET' && session) {
    return send(200, {
      id: session[1],
      object: 'checkout.session',
      payment_status: 'paid',
      payment_intent: `pi_for_${session[1]}`,
      payment_method_types: ['card'],
      customer_details: {
        email: 'buyer@example.com',
        name: 'Ada Rossi',
        address: { line1: 'Via Po 1', line2: null, city: 'Torino', state: null, postal_code: '10124', country: 'IT' },
      },
    });
  }
  if (req.method === 'POST' && url.pathname === '/v1/refunds') {
    const key = req.headers['idempotency-key'] as string | undefined;
    const params = new URLSearchParams(body);
    stub.refundPosts.push({ key, params });
    if (stub.mode === 'down') return send(500, { error: { type: 'api_error', message: 'Something went wrong on our end' } });
    if (stub.mode === 'refuse')
      return send(400, {
        error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge has already been refunded.' },
      });
    // Stripe answers a repeated key with the first answer.
    const refund = refundsByKey.get(key ?? '') ?? { id: `re_${refundsByKey.size + 1}`, amount: Number(params.get('amount')) };
    if (key) refundsByKey.set(key, refund);
    return send(200, {
      id: refund.id,
      object: 'refund',
      amount: refund.amount,
      currency: 'eur',
      status: 'succeeded',
      payment_intent: params.get('payment_intent'),
    });
  }
  send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
}

/**
 * A stand-in for Stripe's API on loopback, for the real Stripe library to talk to: what the library
 * sends (the session, the coupon, the refund's amount and Idempotency-Key header) is what Stripe would
 * get, and each post is kept for the test to read. Sessions are `cs_test_<n>`; a session read back is
 * paid, with a delivery address in Torino; the payment of `cs_test_<n>` is `pi_for_cs_test_<n>`.
 * Started before the file's tests and stopped after; `provider` is ready before it listens (the
 * client is made on first use), so a file's API can be built with it at the top.
 */
export function withStripeStub(webhookSecret: string): StripeStub {
  let port = 0;
  let stripe: Stripe | undefined;
  // The client is made on first use, once the stand-in has its port.
  const client = () => (stripe ??= new Stripe('sk_test_stub', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 }));
  const stub: StripeStub = {
    mode: 'ok',
    sessions: 0,
    refundPosts: [],
    couponPosts: [],
    sessionPosts: [],
    expirePosts: [],
    client,
    provider: createStripeProvider({
      webhookSecret,
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
  };
  const refundsByKey = new Map<string, { id: string; amount: number }>();
  const server = createServer((req, res) => void answer(stub, refundsByKey, req, res));
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return stub;
}
