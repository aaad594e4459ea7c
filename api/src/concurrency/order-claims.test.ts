import { randomUUID } from 'node:crypto';

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { formatEuro } from '@contract/money';

import { PAID_CARD, type Shopper, shopper, stockOf } from '../../../tests/support/shopper';
import { cliHeaders } from '../../../tests/support/staff';
import { useTestApi } from '../../../tests/support/use-test-api';
import { releaseExpiredSessions } from '../services/checkout';
import { fulfilCheckoutSession } from '../services/checkout-fulfilment';
import { readOutbox } from '../services/mail';

// Every claim an order needs (stock, the per-customer drop limit, a code's uses) is held in the order's
// own transaction, on every path that makes an order: paid in time, paid after the session closed, or
// paid after the shopper's newer checkout replaced it. A payment that can no longer have its claims is
// given back. One shopper racing their own checkouts is the case that used to pass the limits (ADR 043).
const api = useTestApi();

async function admin(method: string, path: string, body?: unknown) {
  const res = await api.app.request(`/api/admin/${path}`, {
    method,
    headers: { ...cliHeaders, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

let made = 0;
async function cappedProduct(limit: number | null) {
  made += 1;
  const res = await admin('POST', 'products', {
    name: `Race Cap ${made}`,
    category: 'Accessories',
    short_description: 'Six panels.',
    long_description: '',
    price: 4_000,
    launch_date: new Date(api.clock.now().getTime() - 1000).toISOString(),
    purchase_limit: limit,
    sku_prefix: `RC${made}`,
    colours: ['Black'],
    sizes: ['S', 'M'],
    stock_per_variant: 50,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; name: string; variants: { id: string }[] };
}

async function newCode(rules: Record<string, unknown>) {
  const code = `RACE${randomUUID().slice(0, 8).toUpperCase()}`;
  const res = await admin('POST', 'discounts', {
    code,
    kind: 'percent',
    value: 10,
    min_total: 0,
    product_ids: [],
    category_ids: [],
    active: true,
    max_uses: null,
    max_uses_per_customer: null,
    ...rules,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; code: string };
}

const urls = {
  success_url: 'http://shop.test/checkout/success?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://shop.test/cart',
  metadata: {},
};

/** A quick purchase and its payment on the test page, as a shopper in one tab does; answers how the payment page ended. */
async function quickAndPay(s: Shopper, variantId: string, code?: string) {
  const opened = await s.post('/api/checkout/quick', {
    product_variant_id: variantId,
    quantity: 1,
    ...urls,
    ...(code ? { discount_code: code } : {}),
  });
  if (opened.status !== 200) return { opened: opened.status, paid: null };
  const paid = await s.request('POST', new URL(opened.body.checkout_url).pathname, undefined, { form: PAID_CARD });
  return { opened: 200, paid: paid.status, sessionId: new URL(opened.body.checkout_url).pathname.split('/').pop()! };
}

async function cartAndPay(s: Shopper, variantId: string, code?: string) {
  await s.post('/api/cart/add', { variant_id: variantId, quantity: 1 });
  const opened = await s.post('/api/checkout/', { ...urls, ...(code ? { discount_code: code } : {}) });
  if (opened.status !== 200) return { opened: opened.status, paid: null };
  const paid = await s.request('POST', new URL(opened.body.checkout_url).pathname, undefined, { form: PAID_CARD });
  return { opened: 200, paid: paid.status, sessionId: new URL(opened.body.checkout_url).pathname.split('/').pop()! };
}

/** Units of a product bought by an email, over every order it has. */
async function unitsBought(productId: string, email: string) {
  const row = await api.database.db
    .selectFrom('purchase_items as i')
    .innerJoin('purchases as p', 'p.id', 'i.purchase_id')
    .select(sql<number>`coalesce(sum(i.quantity), 0)::int`.as('units'))
    .where('i.product_id', '=', productId)
    .where('p.email', '=', email)
    .executeTakeFirstOrThrow();
  return row.units;
}

async function discountedOrders(code: string, email?: string) {
  let query = api.database.db
    .selectFrom('purchases')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('discount_code', '=', code);
  if (email) query = query.where('email', '=', email);
  return (await query.executeTakeFirstOrThrow()).n;
}

/** Every session whose payment page took the card ends as exactly one order or one payment given back. */
async function expectEveryPaymentAccounted(sessionIds: string[]) {
  for (const id of sessionIds) {
    const session = await api.database.db.selectFrom('checkout_sessions').select(['status']).where('id', '=', id).executeTakeFirstOrThrow();
    const orders = await api.database.db.selectFrom('purchases').select('id').where('checkout_session_id', '=', id).execute();
    if (session.status === 'completed') expect(orders).toHaveLength(1);
    else {
      expect(session.status).toBe('refunded');
      expect(orders).toHaveLength(0);
    }
  }
}

/** No shopper is answered a server error, whoever they raced. */
const expectNoServerErrors = (results: { opened: number; paid: number | null }[]) =>
  expect(results.flatMap((r) => [r.opened, r.paid]).filter((status) => status !== null && status >= 500)).toEqual([]);

const paidSessions = (results: { paid: number | null; sessionId?: string }[]) =>
  results.filter((r) => r.paid !== null && r.paid < 400 && r.sessionId).map((r) => r.sessionId!);

describe('one shopper racing their own checkouts', () => {
  it('buys a limit-1 product once when five quick purchases are paid at once', async () => {
    const product = await cappedProduct(1);
    const guest = shopper(api);
    await guest.signInAsGuest();
    const results = await Promise.all(Array.from({ length: 5 }, () => quickAndPay(guest, product.variants[0].id)));
    expectNoServerErrors(results);
    expect(await unitsBought(product.id, guest.email!)).toBe(1);
    await expectEveryPaymentAccounted(paidSessions(results));
    const claim = await api.database.db
      .selectFrom('purchase_limit_claims')
      .select('quantity')
      .where('product_id', '=', product.id)
      .where('email', '=', guest.email!)
      .executeTakeFirst();
    expect(claim?.quantity ?? 0).toBe(await unitsBought(product.id, guest.email!));
  });

  it('buys a limit-1 product once when quick purchases and cart checkouts are mixed', async () => {
    const product = await cappedProduct(1);
    const guest = shopper(api);
    await guest.signInAsGuest();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2 ? quickAndPay(guest, product.variants[i % 2].id) : cartAndPay(guest, product.variants[0].id),
      ),
    );
    expectNoServerErrors(results);
    expect(await unitsBought(product.id, guest.email!)).toBe(1);
    await expectEveryPaymentAccounted(paidSessions(results));
  });

  it('uses a one-use code once, and a once-per-customer code once per customer', async () => {
    const product = await cappedProduct(null);
    const once = await newCode({ max_uses: 1 });
    const guest = shopper(api);
    await guest.signInAsGuest();
    const results = await Promise.all(Array.from({ length: 5 }, () => quickAndPay(guest, product.variants[0].id, once.code)));
    expectNoServerErrors(results);
    expect(await discountedOrders(once.code)).toBe(1);
    const counted = await api.database.db.selectFrom('discount_codes').select('uses').where('id', '=', once.id).executeTakeFirstOrThrow();
    expect(counted.uses).toBe(await discountedOrders(once.code));
    await expectEveryPaymentAccounted(paidSessions(results));

    const perCustomer = await newCode({ max_uses_per_customer: 1 });
    const buyer = shopper(api);
    await buyer.signInAsGuest();
    const raced = await Promise.all(Array.from({ length: 5 }, () => quickAndPay(buyer, product.variants[1].id, perCustomer.code)));
    expectNoServerErrors(raced);
    expect(await discountedOrders(perCustomer.code, buyer.email!)).toBe(1);
    await expectEveryPaymentAccounted(paidSessions(raced));
  });
});

/** The payment of a session arriving now, as a provider's notification or the payment page delivers it. */
const payLate = (sessionId: string) =>
  fulfilCheckoutSession(api.deps, sessionId, { paymentMethod: 'Credit Card ending in 4242', shippingAddress: null, billingAddress: null });

const sessionOf = (checkoutUrl: string) => new URL(checkoutUrl).pathname.split('/').pop()!;

async function quickOpen(s: Shopper, variantId: string, code?: string) {
  const opened = await s.post('/api/checkout/quick', {
    product_variant_id: variantId,
    quantity: 1,
    ...urls,
    ...(code ? { discount_code: code } : {}),
  });
  expect(opened.status, opened.text).toBe(200);
  return sessionOf(opened.body.checkout_url);
}

async function payOnPage(s: Shopper, sessionId: string) {
  const paid = await s.request('POST', `/pay/${sessionId}`, undefined, { form: PAID_CARD });
  expect(paid.status).toBe(303);
}

describe('a payment for a checkout the shopper replaced', () => {
  it('is given back when its limit-1 product is in the newer order', async () => {
    const product = await cappedProduct(1);
    const guest = shopper(api);
    await guest.signInAsGuest();
    const first = await quickOpen(guest, product.variants[0].id);
    const second = await quickOpen(guest, product.variants[1].id);
    await payOnPage(guest, second);

    await expect(payLate(first)).rejects.toMatchObject({
      code: 'payment_refunded',
      detail: expect.stringContaining(`${product.name} is limited to 1 per customer`),
    });
    const session = await api.database.db.selectFrom('checkout_sessions').selectAll().where('id', '=', first).executeTakeFirstOrThrow();
    expect(session).toMatchObject({ status: 'refunded', provider_refund_id: `re_test_refused-payment-${first}` });
    expect(await unitsBought(product.id, guest.email!)).toBe(1);
    // Told in plain words, once, however often the payment is reported.
    await expect(payLate(first)).rejects.toMatchObject({ code: 'payment_refunded' });
    const mails = (await readOutbox(api.database.db, guest.email!)).filter((m) => m.subject === 'Your payment has been refunded');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`${formatEuro(session.total)} has been refunded in full`);
    // The shopper's success page says so too, and the page itself no longer takes a card.
    const success = await guest.get(`/api/user/purchase-success/${first}`);
    expect(success).toMatchObject({ status: 409, body: { code: 'payment_refunded' } });
    expect((await guest.request('POST', `/pay/${first}`, undefined, { form: PAID_CARD })).status).toBe(409);
    // The owner sees it on the dashboard, with what the shopper was told.
    const figures = await admin('GET', 'figures');
    expect(figures.body.refused_payments).toContainEqual({
      at: expect.any(String),
      email: guest.email,
      amount: session.total,
      reason: `${product.name} is limited to 1 per customer, and your other order already has it`,
      status: 'refunded',
    });
  });

  it("is given back when the code's only use went to the newer order", async () => {
    const product = await cappedProduct(null);
    const code = await newCode({ max_uses: 1 });
    const guest = shopper(api);
    await guest.signInAsGuest();
    const first = await quickOpen(guest, product.variants[0].id, code.code);
    const second = await quickOpen(guest, product.variants[0].id, code.code);
    await payOnPage(guest, second);
    await expect(payLate(first)).rejects.toMatchObject({
      code: 'payment_refunded',
      detail: expect.stringContaining(`the code ${code.code}`),
    });
    expect(await discountedOrders(code.code)).toBe(1);
    const counted = await api.database.db.selectFrom('discount_codes').select('uses').where('id', '=', code.id).executeTakeFirstOrThrow();
    expect(counted.uses).toBe(1);
  });

  it('is given back when its last unit was sold after it expired, and becomes an order when the unit is still there', async () => {
    const product = await cappedProduct(null);
    const [variant, other] = product.variants;
    await api.database.db.updateTable('product_variants').set({ stock_quantity: 1 }).where('id', 'in', [variant.id, other.id]).execute();
    const late = shopper(api);
    await late.signInAsGuest();
    const expiring = await quickOpen(late, variant.id);
    api.clock.advance(2 * 60 * 60_000);
    await releaseExpiredSessions(api.database.db, api.clock.now());
    const quicker = shopper(api);
    await quicker.signInAsGuest();
    await payOnPage(quicker, await quickOpen(quicker, variant.id));
    await expect(payLate(expiring)).rejects.toMatchObject({
      code: 'payment_refunded',
      detail: expect.stringContaining('sold out before your payment reached us'),
    });
    expect(await stockOf(api, variant.id)).toBe(0);

    // The same lateness with the unit still there is an order, its unit taken again.
    const patientShopper = shopper(api);
    await patientShopper.signInAsGuest();
    const patient = await quickOpen(patientShopper, other.id);
    api.clock.advance(2 * 60 * 60_000);
    await releaseExpiredSessions(api.database.db, api.clock.now());
    expect(await stockOf(api, other.id)).toBe(1);
    const { created } = await payLate(patient);
    expect(created).toBe(true);
    expect(await stockOf(api, other.id)).toBe(0);
  });
});

describe('orders a gift card pays in full, with no payment page', () => {
  it('one shopper racing five of them buys a limit-1 product once, uses a one-use code once, and spends the card once', async () => {
    const product = await cappedProduct(1);
    const code = await newCode({ max_uses: 1 });
    const issued = await admin('POST', 'gift-cards', { amount: 50_000 });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const card = { code: issued.body.code as string, id: issued.body.card.id as string };
    const guest = shopper(api);
    await guest.signInAsGuest();
    // An address on file from an earlier order: a card that pays it all then goes straight to the order.
    await cartAndPay(guest, (await cappedProduct(null)).variants[0].id);
    const opened = await Promise.all(
      Array.from({ length: 5 }, () =>
        guest.post('/api/checkout/quick', {
          product_variant_id: product.variants[0].id,
          quantity: 1,
          ...urls,
          discount_code: code.code,
          gift_card_code: card.code,
        }),
      ),
    );
    expect(opened.map((res) => res.status).filter((status) => status >= 500)).toEqual([]);
    expect(
      opened.filter((res) => res.status === 200).every((res) => res.body.checkout_url.startsWith('http://shop.test/checkout/success')),
    ).toBe(true);
    expect(await unitsBought(product.id, guest.email!)).toBe(1);
    expect(await discountedOrders(code.code)).toBe(1);
    const counted = await api.database.db.selectFrom('discount_codes').select('uses').where('id', '=', code.id).executeTakeFirstOrThrow();
    expect(counted.uses).toBe(1);
    // The card paid the one order and nothing else: what it has left is what the ledger says.
    const spent = await api.database.db
      .selectFrom('purchases')
      .select(sql<number>`coalesce(sum(gift_card_amount), 0)::int`.as('n'))
      .where('gift_card_id', '=', card.id)
      .executeTakeFirstOrThrow();
    expect(spent.n).toBeGreaterThan(0);
    const balance = await api.database.db.selectFrom('gift_cards').select('balance').where('id', '=', card.id).executeTakeFirstOrThrow();
    const ledger = await api.database.db
      .selectFrom('balance_ledger')
      .select(sql<number>`coalesce(sum(amount), 0)::int`.as('n'))
      .where('gift_card_id', '=', card.id)
      .executeTakeFirstOrThrow();
    expect(balance.balance).toBe(50_000 - spent.n);
    expect(ledger.n).toBe(balance.balance);
    const sessions = await api.database.db
      .selectFrom('checkout_sessions')
      .select('id')
      .where('gift_card_id', '=', card.id)
      .where('status', 'in', ['completed', 'refunded'])
      .execute();
    await expectEveryPaymentAccounted(sessions.map((s) => s.id));
  });
});

describe('many shoppers at once on the same few variants and code', () => {
  it('never answers a server error: transactions that meet take turns or are tried again', async () => {
    const product = await cappedProduct(null);
    const other = await cappedProduct(null);
    const code = await newCode({});
    const variants = [...product.variants, ...other.variants].map((v) => v.id);
    const shoppers = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const s = shopper(api);
        await s.signInAsGuest();
        return s;
      }),
    );
    const statuses: number[] = [];
    const note = (status: number | null) => status !== null && statuses.push(status);
    await Promise.all(
      shoppers.map(async (s, i) => {
        // Each shopper takes the variants in another order, with cart lines, quick purchases and payments crossing.
        const mine = i % 2 ? [...variants].reverse() : variants;
        for (const id of mine) note((await s.post('/api/cart/add', { variant_id: id, quantity: 1 })).status);
        const [a, b] = await Promise.all([cartAndPay(s, mine[0], code.code), quickAndPay(s, mine[1], code.code)]);
        note(a.opened);
        note(a.paid);
        note(b.opened);
        note(b.paid);
        note((await quickAndPay(s, mine[2])).paid);
      }),
    );
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    // Stock adds up: what was sold and what is held by open sessions came out of the 50 units each had.
    for (const id of variants) {
      const sold = await api.database.db
        .selectFrom('purchase_items')
        .select(sql<number>`coalesce(sum(quantity), 0)::int`.as('n'))
        .where('variant_id', '=', id)
        .executeTakeFirstOrThrow();
      const held = await api.database.db
        .selectFrom('checkout_session_items as i')
        .innerJoin('checkout_sessions as s', 's.id', 'i.checkout_session_id')
        .select(sql<number>`coalesce(sum(i.quantity), 0)::int`.as('n'))
        .where('i.variant_id', '=', id)
        .where('s.status', '=', 'open')
        .executeTakeFirstOrThrow();
      expect(sold.n + held.n + (await stockOf(api, id))).toBe(50);
    }
  });
});
