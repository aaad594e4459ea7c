import { describe, expect, it } from 'vitest';

import { PAID_CARD, type Shopper, shopper, uniqueEmail } from '../../../tests/support/shopper';
import { cliHeaders } from '../../../tests/support/staff';
import { useTestApi } from '../../../tests/support/use-test-api';
import { runDueJobs } from '../services/jobs';
import { readOutbox } from '../services/mail';
import { orderMailJobHandlers } from '../services/order-mail';

const api = useTestApi();

async function admin(method: string, path: string, body?: unknown) {
  const res = await api.app.request(`/api/admin/${path}`, {
    method,
    headers: { ...cliHeaders, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

const urls = {
  success_url: 'http://shop.test/order-success?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://shop.test/gift-cards',
  metadata: {},
};

async function payOnPage(s: Shopper, checkoutUrl: string) {
  const paid = await s.request('POST', new URL(checkoutUrl).pathname, undefined, { form: PAID_CARD });
  const sessionId = new URL(paid.headers.get('location') ?? 'http://x/').searchParams.get('session_id');
  const success = await s.get(`/api/user/purchase-success/${sessionId}`);
  expect(success.status, success.text).toBe(200);
  return success.body;
}

const codeIn = (text: string) => /FILO(-[0-9A-Z]{4}){5}/.exec(text)?.[0] ?? null;

describe('gift cards as products', () => {
  it('the owner creates fixed amounts; a buyer buys one for a friend, no shipping; both are emailed, the friend on the send date; the friend spends it', async () => {
    const created = await admin('POST', 'gift-cards/products', { name: 'FILO Gift Card', amounts: [5_000, 2_500, 10_000] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const listed = await shopper(api).get('/api/gift-cards/products');
    const product = listed.body.products.find((p: { name: string }) => p.name === 'FILO Gift Card');
    expect(product.amounts.map((a: { amount: number }) => a.amount)).toEqual([2_500, 5_000, 10_000]);
    // Not in the catalogue, not in a cart.
    const catalogue = await shopper(api).get('/api/products/');
    expect(JSON.stringify(catalogue.body)).not.toContain('FILO Gift Card');
    const fifty = product.amounts[1].variant_id;
    expect((await shopper(api).post('/api/cart/add', { variant_id: fifty, quantity: 1 })).status).toBe(404);

    const buyer = shopper(api);
    await buyer.signInAsGuest();
    const friendEmail = uniqueEmail('friend');
    const tomorrow = new Date(api.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    const opened = await buyer.post('/api/checkout/gift-card', {
      product_variant_id: fifty,
      recipient: { name: 'Bea', email: friendEmail, message: 'Happy birthday!', send_on: tomorrow },
      ...urls,
    });
    expect(opened.status, opened.text).toBe(200);
    const session = await api.database.db
      .selectFrom('checkout_sessions')
      .select(['total', 'shipping_cost'])
      .where('email', '=', buyer.email!)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(session).toEqual({ total: 5_000, shipping_cost: 0 });
    await payOnPage(buyer, opened.body.checkout_url);

    // The dashboard counts the card apart: a liability until spent, not revenue.
    const figures = await admin('GET', 'figures');
    expect(figures.body.totals.gift_card_sales).toBe(5_000);
    expect(figures.body.totals.revenue).toBe(0);

    const buyerMail = (await readOutbox(api.database.db, buyer.email!)).find((m) => m.subject.includes('gift card'));
    const code = codeIn(buyerMail?.text ?? '');
    expect(code).not.toBeNull();
    expect(await readOutbox(api.database.db, friendEmail)).toEqual([]);
    // A gift card cannot buy another gift card.
    const refused = await buyer.post('/api/checkout/quick', { product_variant_id: fifty, gift_card_code: code, ...urls });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('gift_card_not_allowed');
    // The send date comes: the job runner emails the friend, with the code and the message.
    api.clock.advance(2 * 86_400_000);
    await runDueJobs(api.deps, orderMailJobHandlers(api.deps));
    const [friendMail] = await readOutbox(api.database.db, friendEmail);
    expect(friendMail.text).toContain(code!);
    expect(friendMail.text).toContain('Happy birthday!');

    // The friend spends it.
    const friend = shopper(api);
    expect((await friend.post('/api/cart/add', { variant_id: api.stocked[0].id, quantity: 1 })).status).toBe(200);
    await friend.signInAsGuest(friendEmail);
    const spent = await friend.post('/api/checkout/', { ...urls, gift_card_code: code });
    expect(spent.status, spent.text).toBe(200);
    const card = await api.database.db
      .selectFrom('gift_cards')
      .select(['balance', 'initial_amount'])
      .where('recipient_email', '=', friendEmail)
      .executeTakeFirstOrThrow();
    expect(card.balance).toBeLessThan(card.initial_amount);
  });

  it("emails speak the buyer's language, and the recipient's own when they have an account here", async () => {
    const product = (await shopper(api).get('/api/gift-cards/products')).body.products[0];
    const friend = shopper(api, { locale: 'it' });
    await friend.register();
    const buyer = shopper(api, { locale: 'en' });
    await buyer.signInAsGuest();
    const today = api.clock.now().toISOString().slice(0, 10);
    const opened = await buyer.post('/api/checkout/gift-card', {
      product_variant_id: product.amounts[0].variant_id,
      recipient: { name: 'Bea', email: friend.email, message: null, send_on: today },
      ...urls,
    });
    await payOnPage(buyer, opened.body.checkout_url);
    const buyerMail = (await readOutbox(api.database.db, buyer.email!)).find((m) => m.subject.includes('gift card'));
    expect(buyerMail?.subject).toBe('Your FILO gift card');
    // Sent today: at once, in the friend's own language.
    const friendMail = (await readOutbox(api.database.db, friend.email!)).find((m) => m.subject.includes('carta regalo'));
    expect(friendMail?.subject).toBe('Una carta regalo FILO per te');
    expect(codeIn(friendMail!.text)).toBe(codeIn(buyerMail!.text));
  });

  it('refuses a send date in the past and a variant that is not a gift card', async () => {
    const buyer = shopper(api);
    await buyer.signInAsGuest();
    const product = (await buyer.get('/api/gift-cards/products')).body.products[0];
    const past = await buyer.post('/api/checkout/gift-card', {
      product_variant_id: product.amounts[0].variant_id,
      recipient: { name: 'Bea', email: uniqueEmail('friend'), send_on: '2001-01-01' },
      ...urls,
    });
    expect(past.status).toBe(400);
    const notACard = await buyer.post('/api/checkout/gift-card', { product_variant_id: api.stocked[0].id, ...urls });
    expect(notACard.body.code).toBe('not_found');
  });
});
