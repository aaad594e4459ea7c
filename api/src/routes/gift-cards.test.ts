import { describe, expect, it } from 'vitest';

import { formatGiftCardCode } from '@contract/gift-cards';

import { PAID_CARD, setVariant, type Shopper, shopper } from '../../../tests/support/shopper';
import { cliHeaders } from '../../../tests/support/staff';
import { useTestApi } from '../../../tests/support/use-test-api';
import { fulfilCheckoutSession } from '../services/checkout-fulfilment';

const api = useTestApi();

async function admin(method: string, path: string, body?: unknown) {
  const res = await api.app.request(`/api/admin/${path}`, {
    method,
    headers: { ...cliHeaders, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

/** A card issued by the owner: its code (shown once) and id. */
async function issue(amount: number) {
  const res = await admin('POST', 'gift-cards', { amount });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { code: res.body.code as string, id: res.body.card.id as string };
}

const checkout = (s: Shopper, body: Record<string, unknown> = {}) =>
  s.post('/api/checkout/', {
    success_url: 'http://shop.test/checkout/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://shop.test/cart',
    metadata: {},
    ...body,
  });

async function withCart(variantId: string, quantity = 1, as: 'guest' | 'member' = 'guest') {
  const s = shopper(api);
  expect((await s.post('/api/cart/add', { variant_id: variantId, quantity })).status).toBe(200);
  if (as === 'guest') await s.signInAsGuest();
  else await s.register();
  return s;
}

const sessionIdOf = (url: string) => new URL(url).searchParams.get('session_id') ?? new URL(url).pathname.split('/').pop()!;

async function cardState(id: string) {
  const db = api.database.db;
  const card = await db.selectFrom('gift_cards').select('balance').where('id', '=', id).executeTakeFirstOrThrow();
  const ledger = await db
    .selectFrom('balance_ledger')
    .select((eb) => eb.fn.sum<number>('amount').as('sum'))
    .where('gift_card_id', '=', id)
    .executeTakeFirstOrThrow();
  return { balance: card.balance, ledgerSum: Number(ledger.sum) };
}

/** Where a friend's first order goes, as the shop's own form sends it (ADR 062). */
const TORINO = { name: 'Bea Bianchi', line1: 'Via Po 1', line2: null, postal_code: '10124', city: 'Torino', state: null, country: 'IT' };

/** A €20 variant (a €40 order with shipping), plenty in stock. */
async function twentyEuroVariant() {
  const variant = api.stocked[0];
  await setVariant(api, variant.id, { price: 2_000, stock_quantity: 1_000 });
  return variant;
}

describe('gift cards', () => {
  it('20 concurrent checkouts of one €50 card never take more than €50, and the ledger adds up to the balance', async () => {
    const variant = await twentyEuroVariant();
    const card = await issue(5_000);
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => withCart(variant.id, 1)));
    // With an address, so the checkout the card pays in full is placed at once (ADR 062).
    const answers = await Promise.all(shoppers.map((s) => checkout(s, { gift_card_code: card.code, shipping_address: TORINO })));
    for (const res of answers) expect([200, 409], JSON.stringify(res.body)).toContain(res.status);
    const sessions = await api.database.db
      .selectFrom('checkout_sessions')
      .select(['gift_card_amount', 'total', 'status'])
      .where('gift_card_id', '=', card.id)
      .execute();
    const taken = sessions.reduce((sum, s) => sum + s.gift_card_amount, 0);
    expect(taken).toBe(5_000);
    expect(sessions.every((s) => s.gift_card_amount <= s.total)).toBe(true);
    expect(await cardState(card.id)).toEqual({ balance: 0, ledgerSum: 0 });
    // Refused checkouts said why: the card was spent.
    for (const res of answers.filter((a) => a.status === 409)) expect(res.body.code).toBe('gift_card_empty');
  });

  it("a friend's card pays a first order (the shop asks where it goes), a second with no page at all, and part of a third", async () => {
    const variant = await twentyEuroVariant();
    // €20 and €20 shipping: €40 a time from the €100 card, then its last €20 and €20 by card.
    const card = await issue(10_000);
    const friend = await withCart(variant.id, 1, 'member');
    const code = formatGiftCardCode(card.code).toLowerCase();
    // Nothing to pay, so no payment page, and no address on file: refused until the shop has one; nothing is held meanwhile.
    const refused = await checkout(friend, { gift_card_code: code });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.code).toBe('delivery_address_required');
    expect(await cardState(card.id)).toEqual({ balance: 10_000, ledgerSum: 10_000 });
    expect(await api.database.db.selectFrom('checkout_sessions').select('id').where('email', '=', friend.email!).execute()).toEqual([]);
    const badPostcode = await checkout(friend, { gift_card_code: code, shipping_address: { ...TORINO, postal_code: 'SW1A 1AA' } });
    expect(badPostcode.status).toBe(422);
    const first = await checkout(friend, { gift_card_code: code, shipping_address: TORINO });
    expect(first.status, first.text).toBe(200);
    expect(first.body.checkout_url).toMatch(/^http:\/\/shop\.test\/checkout\/success\?session_id=/);
    expect((await friend.get(`/api/user/purchase-success/${sessionIdOf(first.body.checkout_url)}`)).status).toBe(200);

    // Paid in full with an address on file: straight back to the shop's success page, the order already there.
    expect((await friend.post('/api/cart/add', { variant_id: variant.id, quantity: 1 })).status).toBe(200);
    const second = await checkout(friend, { gift_card_code: card.code });
    expect(second.body.checkout_url).toMatch(/^http:\/\/shop\.test\/checkout\/success\?session_id=/);
    expect((await friend.get(`/api/user/purchase-success/${sessionIdOf(second.body.checkout_url)}`)).status).toBe(200);

    expect((await friend.post('/api/cart/add', { variant_id: variant.id, quantity: 1 })).status).toBe(200);
    const third = await checkout(friend, { gift_card_code: card.code });
    expect(third.status, third.text).toBe(200);
    const page = await friend.get(new URL(third.body.checkout_url).pathname);
    expect(page.text).toContain('Gift card');
    expect(page.text).toContain('Pay €20.00');
    const paid = await friend.request('POST', new URL(third.body.checkout_url).pathname, undefined, { form: PAID_CARD });
    const sessionId = new URL(paid.headers.get('location') ?? 'http://x/').searchParams.get('session_id');
    expect((await friend.get(`/api/user/purchase-success/${sessionId}`)).status).toBe(200);
    expect(await cardState(card.id)).toEqual({ balance: 0, ledgerSum: 0 });
    const orders = await api.database.db
      .selectFrom('purchases')
      .select(['gift_card_amount', 'gift_card_last4', 'total', 'payment_method', 'shipping_address'])
      .where('email', '=', friend.email!)
      .orderBy('created_at')
      .execute();
    expect(orders.map((o) => o.gift_card_amount)).toEqual([4_000, 4_000, 2_000]);
    expect(orders.map((o) => o.payment_method.split(' ')[0])).toEqual(['Gift', 'Gift', 'Credit']);
    expect(orders.every((o) => o.shipping_address?.city === 'Torino')).toBe(true);
    expect(orders[2].gift_card_last4).toBe(card.code.slice(-4));
  });

  it('a checkout that closes unpaid gives the card its balance back, in the ledger', async () => {
    const variant = await twentyEuroVariant();
    const card = await issue(1_000);
    const s = await withCart(variant.id, 2);
    const opened = await checkout(s, { gift_card_code: card.code });
    expect(opened.status).toBe(200);
    expect((await cardState(card.id)).balance).toBe(0);
    // A newer checkout without the card replaces it: the card is whole again.
    expect((await checkout(s)).status).toBe(200);
    expect(await cardState(card.id)).toEqual({ balance: 1_000, ledgerSum: 1_000 });
  });

  it('a payment that arrives after its checkout gave the card back, and the card was spent meanwhile, is given back: only what the card payment took', async () => {
    const variant = await twentyEuroVariant();
    const card = await issue(2_000);
    const late = await withCart(variant.id, 1);
    const first = await checkout(late, { gift_card_code: card.code });
    expect(first.status).toBe(200);
    const sessionId = new URL(first.body.checkout_url).pathname.split('/').pop()!;
    // A newer checkout replaces it (the card is whole again), and someone else spends the card.
    expect((await checkout(late)).status).toBe(200);
    expect((await checkout(await withCart(variant.id, 1), { gift_card_code: card.code })).status).toBe(200);
    await expect(
      fulfilCheckoutSession(api.deps, sessionId, { paymentMethod: 'Card', shippingAddress: null, billingAddress: null }),
    ).rejects.toMatchObject({ code: 'payment_refunded', detail: expect.stringContaining('Your payment of €20.00') });
    const session = await api.database.db
      .selectFrom('checkout_sessions')
      .select('status')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(session.status).toBe('refunded');
    expect(await cardState(card.id)).toEqual({ balance: 0, ledgerSum: 0 });
  });

  it('the owner adds store credit with a reason (audited); the shopper spends it at checkout; removing more than is left is refused', async () => {
    const variant = await twentyEuroVariant();
    const s = await withCart(variant.id, 1, 'member');
    const user = await api.database.db.selectFrom('users').select('id').where('email', '=', s.email!).executeTakeFirstOrThrow();
    const added = await admin('POST', `customers/${user.id}/store-credit`, { amount: 1_000, reason: 'Late delivery' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.balance).toBe(1_000);
    expect((await s.get('/api/user/store-credit')).body).toEqual({ balance: 1_000 });
    const opened = await checkout(s, { use_store_credit: true });
    expect(opened.status, opened.text).toBe(200);
    expect((await s.get('/api/user/store-credit')).body).toEqual({ balance: 0 });
    const removed = await admin('POST', `customers/${user.id}/store-credit`, { amount: -500, reason: 'Mistake' });
    expect(removed.body.code).toBe('store_credit_empty');
    const audit = await api.database.db.selectFrom('audit_log').select('action').where('subject_id', '=', user.id).execute();
    expect(audit.map((a) => a.action)).toContain('store_credit.adjust');
  });

  it('the back office lists cards with what is owed, and a card with its ledger, never its code', async () => {
    const card = await issue(4_000);
    const list = await admin('GET', 'gift-cards');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(card.code);
    const detail = await admin('GET', `gift-cards/${card.id}`);
    expect(detail.body.ledger[0]).toMatchObject({ amount: 4_000, reason: 'issued', actor: 'cli' });
    expect((await admin('POST', 'gift-cards', { amount: 1 })).status).toBe(422);
  });
});
