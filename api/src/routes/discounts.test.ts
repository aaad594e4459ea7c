import { randomUUID } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { pdfText } from '../../../tests/support/pdf-text';
import { PAID_CARD, setVariant, type Shopper, shopper, uniqueEmail } from '../../../tests/support/shopper';
import { cliHeaders, staffMember } from '../../../tests/support/staff';
import { useTestApi } from '../../../tests/support/use-test-api';
import { claimCodeUse, findUsableCode } from '../services/discounts';

const api = useTestApi();

async function admin(method: string, path: string, body?: unknown, headers: Record<string, string> = cliHeaders) {
  const res = await api.app.request(`/api/admin/${path}`, {
    method,
    headers: { ...headers, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

let codes = 0;
/** A new code (a unique name) with these rules; answers the owner's view of it. */
async function newCode(rules: Record<string, unknown>) {
  const code = `TEST${++codes}${randomUUID().slice(0, 4).toUpperCase()}`;
  const res = await admin('POST', 'discounts', { code: code.toLowerCase(), ...rules });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; code: string; uses: number };
}

/** Two variants of different products at known prices, plenty in stock. */
async function priced() {
  const a = api.stocked[0];
  const b = api.stocked.find((variant) => variant.product_id !== a.product_id)!;
  await setVariant(api, a.id, { price: 4_500, stock_quantity: 500 });
  await setVariant(api, b.id, { price: 3_000, stock_quantity: 500 });
  return { a, b };
}

async function shopperWith(lines: { id: string; quantity: number }[], as: 'guest' | 'member' = 'guest', email?: string) {
  const s = shopper(api);
  for (const line of lines) expect((await s.post('/api/cart/add', { variant_id: line.id, quantity: line.quantity })).status).toBe(200);
  if (as === 'guest') await s.signInAsGuest(email);
  else await s.register(email);
  return s;
}

const checkout = (s: Shopper, code?: string) =>
  s.post('/api/checkout/', {
    success_url: 'http://shop.test/checkout/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://shop.test/cart',
    ...(code ? { discount_code: code } : {}),
    metadata: {},
  });

async function pay(s: Shopper, checkoutUrl: string) {
  const paid = await s.request('POST', new URL(checkoutUrl).pathname, undefined, { form: PAID_CARD });
  const sessionId = new URL(paid.headers.get('location') ?? 'http://x/').searchParams.get('session_id');
  const success = await s.get(`/api/user/purchase-success/${sessionId}`);
  expect(success.status).toBe(200);
  return success.body;
}

const usesOf = async (id: string) =>
  (await api.database.db.selectFrom('discount_codes').select('uses').where('id', '=', id).executeTakeFirstOrThrow()).uses;

describe('discount codes: the owner', () => {
  it('creates codes stored normalised, refuses a second code of the same name in any case, and bad rules, changing nothing', async () => {
    const made = await admin('POST', 'discounts', { code: ' summer 26 ', kind: 'percent', value: 10 });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ code: 'SUMMER26', description: '10% off', uses: 0, usable: true, active: true });
    expect((await admin('POST', 'discounts', { code: 'Summer26', kind: 'amount', value: 500 })).body).toMatchObject({
      code: 'already_exists',
    });
    for (const bad of [
      { code: 'SALE1', kind: 'percent', value: 120 },
      { code: 'SALE2', kind: 'amount', value: 0 },
      { code: 'SALE3', kind: 'free_shipping', value: 300 },
      { code: 'S', kind: 'percent', value: 10 },
      { code: 'SALE4', kind: 'percent', value: 10, starts_at: '2027-01-02T00:00:00Z', ends_at: '2027-01-01T00:00:00Z' },
      { code: 'SALE5', kind: 'percent', value: 10, product_ids: [randomUUID()] },
    ]) {
      const res = await admin('POST', 'discounts', bad);
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(res.body).toMatchObject({ code: 'invalid_request', detail: expect.anything() });
    }
    const listed = (await admin('GET', 'discounts')).body.codes.map((c: { code: string }) => c.code);
    expect(listed).toContain('SUMMER26');
    expect(listed.filter((code: string) => code.startsWith('SALE'))).toEqual([]);
  });

  it('is the only one who may: staff are refused', async () => {
    const member = await staffMember(api, 'staff');
    const res = await admin('GET', 'discounts', undefined, { Authorization: `Bearer ${member.token}` });
    expect(res.status).toBe(403);
  });

  it('edits a code, audited, but never sets its total below the uses already counted', async () => {
    const { a } = await priced();
    const code = await newCode({ kind: 'amount', value: 500, max_uses: 5 });
    for (let i = 0; i < 2; i++) {
      const s = await shopperWith([{ id: a.id, quantity: 1 }]);
      await pay(s, (await checkout(s, code.code)).body.checkout_url);
    }
    const rules = { code: code.code, kind: 'amount', value: 700, max_uses: 1 };
    const refused = await admin('PUT', `discounts/${code.id}`, rules);
    expect(refused).toMatchObject({ status: 409, body: { code: 'conflict', detail: expect.stringContaining('used 2 times') } });
    const edited = await admin('PUT', `discounts/${code.id}`, { ...rules, max_uses: 2, active: false });
    expect(edited.body).toMatchObject({ value: 700, max_uses: 2, uses: 2, active: false, usable: false });
    const audit = (await admin('GET', `audit?subject_type=discount&subject_id=${code.id}`)).body;
    expect(JSON.stringify(audit)).toContain('discount.edit');
  });
});

describe('discount codes: the cart', () => {
  it('prices the cart with a code: discount, tax on the discounted amount, the free-shipping threshold after the discount', async () => {
    const { a, b } = await priced();
    // €45 × 3 + €30 = €165: free shipping before the code; 10% off leaves €148.50, which ships for €20.
    const s = await shopperWith([
      { id: a.id, quantity: 3 },
      { id: b.id, quantity: 1 },
    ]);
    const code = await newCode({ kind: 'percent', value: 10 });
    const quote = await s.post('/api/cart/discount', { code: ` ${code.code.toLowerCase()} ` });
    expect(quote.status).toBe(200);
    expect(quote.body).toEqual({
      code: code.code,
      kind: 'percent',
      value: 10,
      description: '10% off',
      discount: 1_650,
      free_shipping: false,
      subtotal: 16_500,
      shipping_cost: 2_000,
      // 22% included in €148.50: 148.50 − 148.50 / 1.22 = 26.778… → €26.78.
      tax: 2_678,
      total: 16_850,
    });
  });

  it('tells each reason a code cannot be used apart, with its own code and message', async () => {
    const { a, b } = await priced();
    const s = await shopperWith([{ id: a.id, quantity: 1 }], 'member');
    const day = 24 * 60 * 60_000;
    const now = api.clock.now().getTime();
    const later = await newCode({ kind: 'percent', value: 10, starts_at: new Date(now + day).toISOString() });
    const over = await newCode({
      kind: 'percent',
      value: 10,
      starts_at: new Date(now - 2 * day).toISOString(),
      ends_at: new Date(now - day).toISOString(),
    });
    const elsewhere = await newCode({ kind: 'percent', value: 10, product_ids: [b.product_id] });
    const minimum = await newCode({ kind: 'amount', value: 1_000, min_total: 10_000 });
    const off = await newCode({ kind: 'percent', value: 10, active: false });
    const once = await newCode({ kind: 'amount', value: 100, max_uses_per_customer: 1 });
    const single = await newCode({ kind: 'amount', value: 100, max_uses: 1 });
    const other = await shopperWith([{ id: a.id, quantity: 1 }]);
    await pay(other, (await checkout(other, single.code)).body.checkout_url);
    await pay(s, (await checkout(s, once.code)).body.checkout_url);
    expect((await s.post('/api/cart/add', { variant_id: a.id, quantity: 1 })).status).toBe(200);

    const answers = await Promise.all(
      ['NOSUCHCODE', off.code, later.code, over.code, single.code, once.code, elsewhere.code, minimum.code].map(async (code) => {
        const res = await s.post('/api/cart/discount', { code });
        return [res.status, res.body.code, res.body.detail];
      }),
    );
    expect(answers).toEqual([
      [404, 'discount_invalid', 'The code NOSUCHCODE is not valid. Check its spelling.'],
      [404, 'discount_invalid', `The code ${off.code} is not valid. Check its spelling.`],
      [409, 'discount_not_started', expect.stringMatching(new RegExp(`^The code ${later.code} cannot be used yet: it starts on .+\\.$`))],
      [409, 'discount_expired', `The code ${over.code} has expired.`],
      [409, 'discount_used_up', `The code ${single.code} has been used up.`],
      [409, 'discount_customer_used_up', `You have already used the code ${once.code} as many times as it allows.`],
      [409, 'discount_not_applicable', `The code ${elsewhere.code} does not apply to the items in your cart.`],
      [409, 'discount_below_minimum', `The code ${minimum.code} needs a cart total of at least €100.00.`],
    ]);
    // Checkout refuses alike and reserves nothing.
    const refused = await checkout(s, minimum.code);
    expect(refused).toMatchObject({ status: 409, body: { code: 'discount_below_minimum' } });
    expect(
      await api.database.db
        .selectFrom('checkout_sessions')
        .select('id')
        .where('email', '=', s.email!)
        .where('status', '=', 'open')
        .execute(),
    ).toEqual([]);
    // A link's check, before any cart: the code's own limits only.
    expect((await api.app.request(`/api/discounts/${elsewhere.code.toLowerCase()}`)).status).toBe(200);
    // To a caller not signed in, a real code that cannot be used reads as an unknown one (ADR 043); the shopper is told why.
    expect(await (await api.app.request(`/api/discounts/${over.code}`)).json()).toMatchObject({ code: 'discount_invalid' });
    expect(
      await (await api.app.request(`/api/discounts/${over.code}`, { headers: { Authorization: `Bearer ${s.accessToken}` } })).json(),
    ).toMatchObject({ code: 'discount_expired' });
  });
});

describe('discount codes: checkout and after', () => {
  it("are worked out again at checkout, shown on the payment page, recorded on the order, its receipt and list, and refunds give back each line's share", async () => {
    const { a, b } = await priced();
    // 20% off product A only: 2 × €45 → €18.00 off; B at €30 untouched. Items €120 − €18 = €102 → shipping €20.
    const code = await newCode({ kind: 'percent', value: 20, product_ids: [a.product_id] });
    const s = await shopperWith(
      [
        { id: a.id, quantity: 2 },
        { id: b.id, quantity: 1 },
      ],
      'member',
    );
    const started = await checkout(s, code.code.toLowerCase());
    expect(started.status).toBe(200);
    const page = await s.get(new URL(started.body.checkout_url).pathname);
    expect(page.text).toContain(`Discount (${code.code})`);
    expect(page.text).toContain('-€18.00');
    expect(page.text).toContain('Pay €122.00');
    const bought = await pay(s, started.body.checkout_url);
    expect(bought).toMatchObject({
      subtotal: 12_000,
      discount: 1_800,
      discount_code: code.code,
      shipping_cost: 2_000,
      tax: 1_839,
      total: 12_200,
    });
    expect(await usesOf(code.id)).toBe(1);

    const detail = await s.get(`/api/user/purchase/${bought.purchase_id}`);
    expect(detail.body).toMatchObject({ discount: 1_800, discount_code: code.code, total: 12_200 });
    const listed = (await s.get('/api/user/purchases?limit=50')).body.find(
      (p: { purchase_id: string }) => p.purchase_id === bought.purchase_id,
    );
    expect(listed).toMatchObject({ total: '€122.00', discount: '€18.00', discount_code: code.code });
    const receipt = await api.app.request(`/api/user/purchase/${bought.purchase_id}/receipt`, {
      headers: { Authorization: `Bearer ${s.accessToken}` },
    });
    expect(receipt.status, receipt.headers.get('content-type') ?? '').toBe(200);
    expect(pdfText(Buffer.from(await receipt.arrayBuffer()))).toContain(`Discount (${code.code})`);
    const back = (await admin('GET', `orders/${bought.purchase_id}`)).body;
    expect(back).toMatchObject({ discount: 1_800, discount_code: code.code });
    const lineA = back.lines.find((line: { sku: string }) => line.sku === a.sku);
    const lineB = back.lines.find((line: { sku: string }) => line.sku === b.sku);
    // A unit of A gives back €45 less its €9 share; B carries none of the discount.
    expect(lineA.unit_refund).toBe(3_600);
    expect(lineB.unit_refund).toBe(3_000);
    const refund = await admin('POST', 'orders/refund', {
      order: back.order_number,
      idempotency_key: randomUUID(),
      lines: [{ item_id: lineA.item_id, quantity: 1 }],
      restock: true,
      reason: 'Too big',
    });
    expect(refund.body).toMatchObject({ refunded_total: 3_600, refund: { amount: 3_600 } });
    const csvRow = (await admin('GET', `orders?q=${back.order_number}`)).body[0];
    expect(csvRow).toMatchObject({ discount_code: code.code, discount: '€18.00' });
  });

  it('a free-shipping code waives shipping below the threshold; a quick purchase takes the code only where it applies', async () => {
    const { a, b } = await priced();
    const free = await newCode({ kind: 'free_shipping' });
    const s = await shopperWith([{ id: b.id, quantity: 1 }]);
    const bought = await pay(s, (await checkout(s, free.code)).body.checkout_url);
    expect(bought).toMatchObject({ subtotal: 3_000, discount: 0, discount_code: free.code, shipping_cost: 0, total: 3_000 });

    const onlyA = await newCode({ kind: 'amount', value: 500, product_ids: [a.product_id] });
    const quick = (variant: string) =>
      s.post('/api/checkout/quick', {
        product_variant_id: variant,
        quantity: 1,
        discount_code: onlyA.code,
        success_url: 'http://shop.test/s?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://shop.test/',
        metadata: {},
      });
    const withCode = await pay(s, (await quick(a.id)).body.checkout_url);
    expect(withCode).toMatchObject({ subtotal: 4_500, discount: 500, total: 6_000 });
    const without = await pay(s, (await quick(b.id)).body.checkout_url);
    expect(without).toMatchObject({ subtotal: 3_000, discount: 0, discount_code: null, total: 5_000 });
  });

  it('an unpaid checkout gives its use back when it ends', async () => {
    const { a } = await priced();
    const code = await newCode({ kind: 'amount', value: 500, max_uses: 1 });
    const s = await shopperWith([{ id: a.id, quantity: 1 }]);
    const started = await checkout(s, code.code);
    expect(started.status).toBe(200);
    expect(await usesOf(code.id)).toBe(1);
    const other = await shopperWith([{ id: a.id, quantity: 1 }]);
    expect((await checkout(other, code.code)).body).toMatchObject({ code: 'discount_used_up' });
    // The shopper cancels on the payment page.
    const cancelled = await s.request('POST', `${new URL(started.body.checkout_url).pathname}/cancel`);
    expect(cancelled.status).toBeLessThan(400);
    expect(await usesOf(code.id)).toBe(0);
    expect((await checkout(other, code.code)).status).toBe(200);
  });
});

describe('discount codes under concurrency', () => {
  it('12 checkouts at once for a code of 3 uses: exactly 3 get it, the rest are told it is used up', async () => {
    const { a } = await priced();
    const code = await newCode({ kind: 'percent', value: 15, max_uses: 3 });
    const shoppers = await Promise.all(Array.from({ length: 12 }, () => shopperWith([{ id: a.id, quantity: 1 }])));
    const results = await Promise.all(shoppers.map((s) => checkout(s, code.code)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409 && r.body.code === 'discount_used_up')).toHaveLength(9);
    expect(await usesOf(code.id)).toBe(3);
  });

  it('one email claims a code limited to one use per customer once, however many claims race', async () => {
    const code = await newCode({ kind: 'amount', value: 300, max_uses_per_customer: 1 });
    const db = await api.database.connectAgain();
    const email = uniqueEmail('racer');
    const row = await findUsableCode(db.db, code.code);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? api.database.db : db.db)
          .transaction()
          .execute((trx) => claimCodeUse(trx, row, i % 3 ? email : email.toUpperCase(), api.clock.now())),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(
      Array(7).fill('discount_customer_used_up'),
    );
    expect(await usesOf(code.id)).toBe(1);
  });
});
