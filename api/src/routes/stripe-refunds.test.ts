import { randomUUID } from 'node:crypto';

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { setVariant, shopper } from '../../../tests/support/shopper';
import { cliHeaders } from '../../../tests/support/staff';
import { withStripeStub } from '../../../tests/support/stripe-stub';
import { useTestApi } from '../../../tests/support/use-test-api';
import { checkoutJobHandlers } from '../services/checkout';
import { runDueJobs } from '../services/jobs';
import { readOutbox } from '../services/mail';

/**
 * Refunds through the real Stripe library, talking to a stand-in for Stripe's API on loopback
 * (tests/support/stripe-stub.ts): what the library sends (the payment, the amount, the
 * Idempotency-Key header) is what Stripe would get.
 */
const WEBHOOK_SECRET = 'whsec_test_refunds';
const stub = withStripeStub(WEBHOOK_SECRET);
const { refundPosts, couponPosts, sessionPosts, expirePosts } = stub;
const client = () => stub.client();
const api = useTestApi({ payments: stub.provider });

async function admin(path: string, body: unknown) {
  const res = await api.app.request(`/api/admin/${path}`, {
    method: 'POST',
    headers: { ...cliHeaders, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** A paid Stripe order of one unit at €50.00. */
async function stripeOrder() {
  const variant = api.stocked[0];
  await setVariant(api, variant.id, { price: 5_000, stock_quantity: 10 });
  const s = shopper(api);
  await s.register();
  await s.post('/api/cart/add', { variant_id: variant.id, quantity: 1 });
  const started = await s.post('/api/checkout/', {
    success_url: 'http://shop.test/checkout/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://shop.test/cart',
    metadata: {},
  });
  expect(started.status).toBe(200);
  const providerId = `cs_test_${stub.sessions}`;
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
    const started = await s.post('/api/checkout/', {
      success_url: 'http://shop.test/s?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://shop.test/cart',
      discount_code: 'stripe15',
      metadata: {},
    });
    expect(started.status).toBe(200);
    const coupon = couponPosts.at(-1)!;
    expect(Object.fromEntries(coupon.params)).toMatchObject({
      amount_off: '1500',
      currency: 'eur',
      duration: 'once',
      max_redemptions: '1',
      name: 'STRIPE15',
    });
    expect(coupon.key).toMatch(/^coupon-/);
    const session = sessionPosts.at(-1)!;
    expect(session.get('discounts[0][coupon]')).toBe(`coupon_${couponPosts.length}`);
    expect(session.get('line_items[0][price_data][unit_amount]')).toBe('5000');
    // €100 − €15 = €85 of items: below the threshold, so shipping is charged.
    expect(session.get('shipping_options[0][shipping_rate_data][fixed_amount][amount]')).toBe('2000');
    const paid = await s.get(`/api/user/purchase-success/cs_test_${stub.sessions}`);
    expect(paid.body).toMatchObject({ subtotal: 10_000, discount: 1_500, discount_code: 'STRIPE15', total: 10_500 });
  });
});

describe('refunds through Stripe', () => {
  it('refunds on the payment of the Checkout Session, in cents, with an idempotency key; a double post asks Stripe once', async () => {
    stub.mode = 'ok';
    const { number, providerId } = await stripeOrder();
    const before = refundPosts.length;
    const body = { order: number, idempotency_key: randomUUID(), amount: 1_500 };
    const res = await admin('orders/refund', body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      refunded_total: 1_500,
      refund: { provider: 'stripe', provider_refund_id: expect.stringMatching(/^re_/), status: 'succeeded' },
    });
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
    stub.mode = 'down';
    const before = refundPosts.length;
    const first = await admin('orders/refund', body);
    expect(first).toMatchObject({ status: 502, body: { code: 'upstream_unavailable' } });
    // Held, so nothing else can refund the same money meanwhile.
    expect((await admin('orders/refund', { order: number, idempotency_key: randomUUID(), amount: total })).body.code).toBe(
      'refund_exceeds_paid',
    );
    stub.mode = 'ok';
    const second = await admin('orders/refund', body);
    expect(second.body).toMatchObject({
      replayed: true,
      refund: { status: 'succeeded', amount: 2_000 },
      refunded_total: 2_000,
      status: 'Processing',
    });
    const keys = refundPosts.slice(before).map((p) => p.key);
    expect(keys[0]).toBe(second.body.refund.id);
    expect(keys.filter((k) => k === second.body.refund.id)).toHaveLength(2);
  });

  it('a refusal by Stripe is final: the refund is marked failed and the money is refundable again', async () => {
    const { number } = await stripeOrder();
    stub.mode = 'refuse';
    const body = { order: number, idempotency_key: randomUUID(), amount: 1_000 };
    const refused = await admin('orders/refund', body);
    expect(refused).toEqual({
      status: 502,
      body: { code: 'refund_failed', detail: 'Stripe refused the refund: Charge has already been refunded.' },
    });
    expect((await admin('orders/refund', body)).body.code).toBe('refund_failed');
    stub.mode = 'ok';
    const next = await admin('orders/refund', { ...body, idempotency_key: randomUUID() });
    expect(next.body).toMatchObject({ refunded_total: 1_000, refund: { status: 'succeeded' } });
  });
});

/** Stripe's `charge.refunded` for the payment of a session, with the charge's refunded total so far, signed as Stripe signs it. */
async function chargeRefunded(providerId: string, amountRefunded: number, signature?: string) {
  const payload = JSON.stringify({
    id: `evt_${randomUUID()}`,
    object: 'event',
    api_version: '2025-01-01',
    created: 1_700_000_000,
    type: 'charge.refunded',
    data: {
      object: {
        id: `ch_for_${providerId}`,
        object: 'charge',
        amount_refunded: amountRefunded,
        currency: 'eur',
        payment_intent: `pi_for_${providerId}`,
        refunded: false,
      },
    },
  });
  const header = signature ?? client().webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const res = await api.app.request('/api/checkout/webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header },
    body: payload,
  });
  return { status: res.status, body: await res.json() };
}

describe("refunds made in Stripe's Dashboard", () => {
  const refundsOf = async (number: string) => {
    const order = await api.database.db
      .selectFrom('purchases')
      .select(['id', 'status', 'refunded_total', 'email'])
      .where(sql<string>`'ORD-' || to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') || '-' || upper(left(id::text, 8))`, '=', number)
      .executeTakeFirstOrThrow();
    const rows = await api.database.db
      .selectFrom('refunds')
      .select(['amount', 'status', 'actor', 'lines', 'restock', 'reason'])
      .where('purchase_id', '=', order.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return { order, rows };
  };

  it("reach the order as a refund of money only, once, whatever the order of the notifications, beside the shop's own", async () => {
    stub.mode = 'ok';
    const { number, total, providerId } = await stripeOrder();
    // The shop refunds €15.00 itself; then the owner gives back €10.00 more in Stripe's Dashboard.
    expect((await admin('orders/refund', { order: number, idempotency_key: randomUUID(), amount: 1_500 })).status).toBe(200);
    api.clock.advance(60_000);
    const dashboard = await chargeRefunded(providerId, 2_500);
    expect(dashboard).toMatchObject({ status: 200, body: { received: true, handled: true } });
    let state = await refundsOf(number);
    expect(state.order.refunded_total).toBe(2_500);
    expect(state.rows).toEqual([
      { amount: 1_500, status: 'succeeded', actor: 'cli', lines: [], restock: false, reason: '' },
      { amount: 1_000, status: 'succeeded', actor: 'stripe', lines: [], restock: false, reason: 'Refunded in the Stripe Dashboard' },
    ]);
    // The buyer hears of both, newest first.
    const mail = await readOutbox(api.database.db, state.order.email);
    expect(mail.filter((m) => m.subject === `Your FILO refund for order ${number}`).map((m) => m.text)).toEqual([
      expect.stringContaining('We have refunded €10.00'),
      expect.stringContaining('We have refunded €15.00'),
    ]);

    // The notification of the shop's own refund, late, and the Dashboard's again: nothing new.
    expect((await chargeRefunded(providerId, 1_500)).status).toBe(200);
    expect((await chargeRefunded(providerId, 2_500)).status).toBe(200);
    expect((await refundsOf(number)).rows).toHaveLength(2);

    // The rest refunded in the Dashboard, told five times at once: recorded once, and the order is Refunded.
    api.clock.advance(60_000);
    const told = await Promise.all(Array.from({ length: 5 }, () => chargeRefunded(providerId, total)));
    expect(told.every((res) => res.status === 200)).toBe(true);
    state = await refundsOf(number);
    expect(state.order).toMatchObject({ status: 'Refunded', refunded_total: total });
    expect(state.rows.map((row) => row.amount)).toEqual([1_500, 1_000, total - 2_500]);
    // Nothing is left for the shop to refund.
    expect((await admin('orders/refund', { order: number, idempotency_key: randomUUID(), amount: 100 })).body.code).toBe(
      'refund_exceeds_paid',
    );
  });

  it("a refund of the shop's that Stripe made but did not confirm is not counted twice", async () => {
    const { number, providerId } = await stripeOrder();
    const body = { order: number, idempotency_key: randomUUID(), amount: 2_000 };
    stub.mode = 'down';
    expect((await admin('orders/refund', body)).status).toBe(502);
    stub.mode = 'ok';
    // Stripe did refund: its notification comes while the shop's refund is still pending.
    expect((await chargeRefunded(providerId, 2_000)).status).toBe(200);
    expect((await admin('orders/refund', body)).body).toMatchObject({
      replayed: true,
      refunded_total: 2_000,
      refund: { status: 'succeeded' },
    });
    const { order, rows } = await refundsOf(number);
    expect(order.refunded_total).toBe(2_000);
    expect(rows.map((row) => [row.amount, row.actor])).toEqual([[2_000, 'cli']]);
  });

  it('when Stripe cannot say which order a refund is of, the notification is refused for Stripe to send again', async () => {
    stub.mode = 'ok';
    const { number, providerId } = await stripeOrder();
    stub.mode = 'down';
    expect(await chargeRefunded(providerId, 1_000)).toMatchObject({ status: 502, body: { code: 'upstream_unavailable' } });
    expect((await refundsOf(number)).order.refunded_total).toBe(0);
    stub.mode = 'ok';
    expect((await chargeRefunded(providerId, 1_000)).body).toMatchObject({ handled: true });
    expect((await refundsOf(number)).order.refunded_total).toBe(1_000);
  });

  it('a notification for a payment no order has, or wrongly signed, changes nothing', async () => {
    const unknown = await chargeRefunded('cs_test_999999', 1_000);
    expect(unknown).toMatchObject({ status: 200, body: { received: true, handled: false } });
    const { providerId, number } = await stripeOrder();
    const forged = await chargeRefunded(providerId, 1_000, 't=1,v1=not-a-signature');
    expect(forged).toMatchObject({ status: 400, body: { code: 'webhook_invalid' } });
    expect((await refundsOf(number)).order.refunded_total).toBe(0);
  });
});

describe('a Checkout Session the shopper replaced by a newer one', () => {
  it('is expired at Stripe, and its payment, if it still comes, is refunded rather than made an order past the limits', async () => {
    const product = await admin('products', {
      name: 'Replaced Cap',
      category: 'Accessories',
      short_description: 'One per customer.',
      long_description: '',
      price: 4_000,
      launch_date: new Date(api.clock.now().getTime() - 1000).toISOString(),
      purchase_limit: 1,
      sku_prefix: 'RPC',
      colours: ['Black'],
      sizes: ['S', 'M'],
      stock_per_variant: 5,
    });
    expect(product.status).toBe(201);
    const code = await admin('discounts', { code: 'ONLYONCE', kind: 'percent', value: 10, max_uses: 1 });
    expect(code.status).toBe(201);
    const s = shopper(api);
    await s.register();
    const quick = async (variantId: string) => {
      const opened = await s.post('/api/checkout/quick', {
        product_variant_id: variantId,
        quantity: 1,
        discount_code: 'ONLYONCE',
        success_url: 'http://shop.test/checkout/success?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://shop.test/cart',
        metadata: {},
      });
      expect(opened.status).toBe(200);
      return `cs_test_${stub.sessions}`;
    };
    const replaced = await quick(product.body.variants[0].id);
    const newer = await quick(product.body.variants[1].id);

    // Closed by the newer checkout: expired at Stripe by the scheduled job, once.
    await runDueJobs(api.deps, checkoutJobHandlers(api.deps));
    expect(expirePosts.filter((id) => id === replaced)).toEqual([replaced]);
    expect(expirePosts).not.toContain(newer);

    // The newer one is paid; then Stripe reports the replaced one paid too (it was paid before the expiry reached Stripe).
    expect((await s.get(`/api/user/purchase-success/${newer}`)).status).toBe(200);
    const ours = await api.database.db
      .selectFrom('checkout_sessions')
      .select(['id', 'total'])
      .where('provider_session_id', '=', replaced)
      .executeTakeFirstOrThrow();
    const completed = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      api_version: '2025-01-01',
      created: 1_700_000_000,
      type: 'checkout.session.completed',
      data: {
        object: {
          id: replaced,
          object: 'checkout.session',
          payment_status: 'paid',
          client_reference_id: ours.id,
          metadata: { checkout_session_id: ours.id },
          payment_method_types: ['card'],
        },
      },
    });
    const deliver = async () => {
      const res = await api.app.request('/api/checkout/webhook', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Stripe-Signature': client().webhooks.generateTestHeaderString({ payload: completed, secret: WEBHOOK_SECRET }),
        },
        body: completed,
      });
      return { status: res.status, body: await res.json() };
    };
    expect(await deliver()).toMatchObject({ status: 200, body: { received: true, handled: true } });
    expect(await deliver()).toMatchObject({ status: 200, body: { received: true, handled: true } });

    const refundsOfReplaced = refundPosts.filter((post) => post.key === `refused-payment-${ours.id}`);
    expect(refundsOfReplaced.length).toBeGreaterThanOrEqual(1);
    expect(
      refundsOfReplaced.every(
        (post) => post.params.get('payment_intent') === `pi_for_${replaced}` && Number(post.params.get('amount')) === ours.total,
      ),
    ).toBe(true);
    const orders = await api.database.db
      .selectFrom('purchases')
      .select(['checkout_session_id', 'discount_code'])
      .where('email', '=', s.email!)
      .execute();
    expect(orders).toHaveLength(1);
    expect(orders[0].discount_code).toBe('ONLYONCE');
    const after = await api.database.db
      .selectFrom('checkout_sessions')
      .select(['status', 'provider_refund_id'])
      .where('id', '=', ours.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('refunded');
    expect(after.provider_refund_id).toMatch(/^re_/);
    expect((await s.get(`/api/user/purchase-success/${replaced}`)).body.code).toBe('payment_refunded');
  });
});
