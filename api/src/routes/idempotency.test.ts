import { randomUUID } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { buyThroughCheckout, PAID_CARD, setVariant, type Shopper, shopper, stockOf } from '../../../tests/support/shopper';
import { cliHeaders } from '../../../tests/support/staff';
import { useTestApi } from '../../../tests/support/use-test-api';
import { IDEMPOTENCY_HEADER, KEEP_MS, LEASE_MS, REPLAYED_HEADER, requestFingerprint } from '../idempotency';

// Every write the storefront makes for a shopper, sent twice with one Idempotency-Key, one after the
// other and at once: the work is done once and both get the first answer (ADR 044).
const api = useTestApi();

const keyed = (key: string) => ({ headers: { [IDEMPOTENCY_HEADER]: key } });
const twice = <T>(send: () => Promise<T>) => Promise.all([send(), send()]);

let variantNumber = 0;
/** A variant of its own with plenty of stock, so each test counts only its own units. */
async function freshVariant(stock = 20) {
  const variant = api.stocked[variantNumber++];
  await setVariant(api, variant.id, { stock_quantity: stock, price: 2_500 });
  return variant;
}

async function guest(): Promise<Shopper> {
  const s = shopper(api);
  await s.signInAsGuest();
  return s;
}

const quantityInCart = async (s: Shopper, variantId: string) =>
  ((await s.get('/api/cart/')).body.items as { variant_info?: { variant_id?: string }; quantity: number }[]).find(
    (item) => item.variant_info?.variant_id === variantId,
  )?.quantity ?? 0;

const checkoutBody = (s: Shopper) => ({
  success_url: 'http://shop.test/checkout/success?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://shop.test/cart',
  email: s.email,
  metadata: {},
});

async function admin(path: string, body: unknown, key: string) {
  const res = await api.app.request(`/api/admin/${path}`, {
    method: 'POST',
    headers: { ...cliHeaders, 'Content-Type': 'application/json', [IDEMPOTENCY_HEADER]: key },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json(), replayed: res.headers.get(REPLAYED_HEADER) };
}

describe('idempotent writes', () => {
  it('add to cart: a repeat gets the first answer and its cart cookie, and the line is added once, one after the other or at once', async () => {
    const variant = await freshVariant();
    const s = shopper(api);
    const key = randomUUID();
    const first = await s.request('POST', '/api/cart/add', { variant_id: variant.id, quantity: 1 }, keyed(key));
    expect(first.status).toBe(200);
    const cookie = first.headers.get('set-cookie');
    expect(cookie).toMatch(/cart_token=/);
    // The first answer was lost on its way back: the retry has no cookie yet, and must still get it.
    s.forgetCookie();
    const again = await s.request('POST', '/api/cart/add', { variant_id: variant.id, quantity: 1 }, keyed(key));
    expect(again.status).toBe(200);
    expect(again.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(again.headers.get('set-cookie')).toBe(cookie);
    expect(again.text).toBe(first.text);
    expect(await quantityInCart(s, variant.id)).toBe(1);

    const other = await freshVariant();
    const concurrentKey = randomUUID();
    const answers = await twice(() => s.request('POST', '/api/cart/add', { variant_id: other.id, quantity: 2 }, keyed(concurrentKey)));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0].text).toBe(answers[1].text);
    expect(answers.filter((a) => a.headers.get(REPLAYED_HEADER) === 'true')).toHaveLength(1);
    expect(await quantityInCart(s, other.id)).toBe(2);
    // A new key is a new add.
    expect((await s.request('POST', '/api/cart/add', { variant_id: other.id, quantity: 1 }, keyed(randomUUID()))).status).toBe(200);
    expect(await quantityInCart(s, other.id)).toBe(3);
  });

  it('checkout: a repeat answers the same session and opens no second one, one after the other or at once', async () => {
    const variant = await freshVariant(10);
    for (const concurrent of [false, true]) {
      const s = await guest();
      await s.post('/api/cart/add', { variant_id: variant.id, quantity: 2 });
      const key = randomUUID();
      const send = () => s.request('POST', '/api/checkout/', checkoutBody(s), keyed(key));
      const answers = concurrent ? await twice(send) : [await send(), await send()];
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(answers[1].body.checkout_url).toBe(answers[0].body.checkout_url);
      const sessions = await api.database.db.selectFrom('checkout_sessions').select(['status']).where('email', '=', s.email!).execute();
      expect(sessions).toEqual([{ status: 'open' }]);
    }
    // Two open sessions of two units each hold four units, not eight.
    expect(await stockOf(api, variant.id)).toBe(6);
  });

  it('pay: a repeat of the payment post answers the same redirect, and one purchase is made', async () => {
    const variant = await freshVariant();
    for (const concurrent of [false, true]) {
      const s = await guest();
      await s.post('/api/cart/add', { variant_id: variant.id, quantity: 1 });
      const started = await s.post('/api/checkout/', checkoutBody(s));
      const payPath = new URL(started.body.checkout_url).pathname;
      const key = randomUUID();
      const send = () => s.request('POST', payPath, undefined, { form: PAID_CARD, ...keyed(key) });
      const answers = concurrent ? await twice(send) : [await send(), await send()];
      expect(answers.map((a) => a.status)).toEqual([303, 303]);
      expect(answers[1].headers.get('location')).toBe(answers[0].headers.get('location'));
      const purchases = await api.database.db.selectFrom('purchases').select('id').where('email', '=', s.email!).execute();
      expect(purchases).toHaveLength(1);
    }
  });

  it('refund: a repeat answers the same refund and pays back once', async () => {
    const variant = await freshVariant();
    const s = await guest();
    const purchaseId = await buyThroughCheckout(api, s, [{ id: variant.id, quantity: 2 }]);
    const body = { order: purchaseId, idempotency_key: randomUUID(), amount: 500 };
    const key = randomUUID();
    const [first, second] = await twice(() => admin('orders/refund', body, key));
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect([first.replayed, second.replayed].filter(Boolean)).toHaveLength(1);
    const again = await admin('orders/refund', body, key);
    expect(again).toMatchObject({ status: 200, replayed: 'true', body: first.body });
    const refunds = await api.database.db.selectFrom('refunds').select('amount').where('purchase_id', '=', purchaseId).execute();
    expect(refunds).toEqual([{ amount: 500 }]);
  });

  it('return: a repeat answers the same return request and opens one', async () => {
    const variant = await freshVariant();
    const s = await guest();
    const purchaseId = await buyThroughCheckout(api, s, [{ id: variant.id, quantity: 2 }]);
    expect((await admin('orders/ship', { order: purchaseId, carrier: 'BRT', tracking: 'BRT 1' }, randomUUID())).status).toBe(200);
    expect((await admin('orders/deliver', { order: purchaseId }, randomUUID())).status).toBe(200);
    const options = await s.get(`/api/returns/purchase/${purchaseId}`);
    const line = options.body.lines[0];
    const key = randomUUID();
    const send = () =>
      s.request(
        'POST',
        `/api/returns/purchase/${purchaseId}`,
        { reason: 'changed_mind', lines: [{ item_id: line.item_id, quantity: 1 }] },
        keyed(key),
      );
    const [first, second] = await twice(send);
    expect(first.status).toBe(201);
    expect(second.text).toBe(first.text);
    expect((await send()).headers.get(REPLAYED_HEADER)).toBe('true');
    const returns = await api.database.db.selectFrom('returns').select('id').where('purchase_id', '=', purchaseId).execute();
    expect(returns).toHaveLength(1);
  });

  it('refuses a key sent with another request, and a malformed key, with a code of its own', async () => {
    const variant = await freshVariant();
    const s = shopper(api);
    const key = randomUUID();
    expect((await s.request('POST', '/api/cart/add', { variant_id: variant.id, quantity: 1 }, keyed(key))).status).toBe(200);
    const reused = await s.request('POST', '/api/cart/add', { variant_id: variant.id, quantity: 5 }, keyed(key));
    expect(reused.status).toBe(422);
    expect(reused.body).toEqual({ detail: expect.any(String), code: 'idempotency_key_reused' });
    const malformed = await s.request('POST', '/api/cart/add', { variant_id: variant.id, quantity: 1 }, keyed('short'));
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ detail: expect.stringContaining(IDEMPOTENCY_HEADER), code: 'bad_request' });
    expect(await quantityInCart(s, variant.id)).toBe(1);
  });

  it('does not keep a refusal before any work (an expired token), so the same key runs once the client has refreshed', async () => {
    const variant = await freshVariant();
    const s = await guest();
    await s.post('/api/cart/add', { variant_id: variant.id, quantity: 1 });
    const key = randomUUID();
    const body = checkoutBody(s);
    const refused = await s.request('POST', '/api/checkout/', body, { headers: { [IDEMPOTENCY_HEADER]: key }, bearer: false });
    expect(refused.status).toBe(401);
    const done = await s.request('POST', '/api/checkout/', body, keyed(key));
    expect(done.status).toBe(200);
    expect(done.headers.get(REPLAYED_HEADER)).toBeNull();
  });

  it('takes over a key whose instance died mid-request once its lease has passed, and forgets answers after a day', async () => {
    const variant = await freshVariant();
    const s = shopper(api);
    const body = JSON.stringify({ variant_id: variant.id, quantity: 1 });
    const key = randomUUID();
    // What an instance killed mid-request leaves: a claim nobody renews.
    const now = api.clock.now();
    await api.database.db
      .insertInto('idempotency_keys')
      .values({
        key,
        fingerprint: requestFingerprint('POST', 'http://localhost/api/cart/add', new TextEncoder().encode(body)),
        claim: randomUUID(),
        locked_until: new Date(now.getTime() + LEASE_MS),
        created_at: now,
        expires_at: new Date(now.getTime() + KEEP_MS),
      })
      .execute();
    api.clock.advance(LEASE_MS);
    const taken = await s.request('POST', '/api/cart/add', JSON.parse(body), keyed(key));
    expect(taken.status).toBe(200);
    expect(taken.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(await quantityInCart(s, variant.id)).toBe(1);

    api.clock.advance(KEEP_MS);
    const later = await s.request('POST', '/api/cart/add', JSON.parse(body), keyed(key));
    expect(later.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(await quantityInCart(s, variant.id)).toBe(2);
  });

  it('marks an add in its own transaction, so a key taken over after its add committed does not add again (ADR 069)', async () => {
    const variant = await freshVariant();
    const s = await guest();
    const add = { variant_id: variant.id, quantity: 1 };
    const key = randomUUID();
    expect((await s.request('POST', '/api/cart/add', add, keyed(key))).status).toBe(200);
    const mark = () =>
      api.database.db.selectFrom('idempotency_keys').select(['applied_to', 'status']).where('key', '=', key).executeTakeFirstOrThrow();
    const cartId = (await mark()).applied_to;
    expect(cartId).toMatch(/^[0-9a-f-]{36}$/);
    // What an instance killed after the add committed and before its answer was kept leaves: the mark, no answer, a lapsed claim.
    await api.database.db
      .updateTable('idempotency_keys')
      .set({ status: null, headers: null, body: null, locked_until: api.clock.now() })
      .where('key', '=', key)
      .execute();
    const taken = await s.request('POST', '/api/cart/add', add, keyed(key));
    expect(taken.status).toBe(200);
    expect(taken.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(await quantityInCart(s, variant.id)).toBe(1);
    expect(await mark()).toMatchObject({ applied_to: cartId, status: 200 });
    // A refused add leaves no mark: sent again once stock is back, it goes through.
    await setVariant(api, variant.id, { stock_quantity: 1 });
    const refusedKey = randomUUID();
    expect((await s.request('POST', '/api/cart/add', add, keyed(refusedKey))).status).toBe(409);
    const refusedMark = await api.database.db
      .selectFrom('idempotency_keys')
      .select('applied_to')
      .where('key', '=', refusedKey)
      .executeTakeFirst();
    expect(refusedMark?.applied_to ?? null).toBeNull();
  });
});
