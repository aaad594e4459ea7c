import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { addDays, shopDay, shopDayStart } from '@contract/shop-time';

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
    const tomorrow = addDays(shopDay(api.clock.now()), 1);
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
    expect(buyerMail?.text).toContain(`We will email Bea (${friendEmail}) on ${tomorrow}`);
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
    // Just after midnight in Italy, still the day before in UTC: a card for the shop's today (the day
    // the storefront's date field offers) goes out at once, not at 09:00 the next day.
    const now = api.clock.now();
    const nextHalfPastMidnight = shopDayStart(addDays(shopDay(now), 1)).getTime() + 30 * 60_000;
    api.clock.advance(nextHalfPastMidnight - now.getTime());
    expect(shopDay(api.clock.now())).not.toBe(api.clock.now().toISOString().slice(0, 10));
    const product = (await shopper(api).get('/api/gift-cards/products')).body.products[0];
    const friend = shopper(api, { locale: 'it' });
    await friend.register();
    const buyer = shopper(api, { locale: 'en' });
    await buyer.signInAsGuest();
    const today = shopDay(api.clock.now());
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

describe('the payment page of a gift card asks for no delivery address (ADR 064)', () => {
  const ADDRESS_LABELS = ['Delivery address', 'Full name', 'Address line 1', 'Postal code', 'City', 'Country'];
  const CARD_ONLY = { card_number: PAID_CARD.card_number, expiry: PAID_CARD.expiry, cvc: PAID_CARD.cvc, name_on_card: 'Ada Rossi' };

  async function giftCardCheckout(locale: 'en' | 'it' = 'en') {
    const buyer = shopper(api, { locale });
    await buyer.register();
    const name = `Payment Page Gift Card ${locale}`;
    expect((await admin('POST', 'gift-cards/products', { name, amounts: [2_000] })).status).toBe(201);
    const products = (await buyer.get('/api/gift-cards/products')).body.products as { name: string; amounts: { variant_id: string }[] }[];
    const product = products.find((p) => p.name === name)!;
    const opened = await buyer.post('/api/checkout/gift-card', { product_variant_id: product.amounts[0].variant_id, ...urls });
    expect(opened.status, opened.text).toBe(200);
    return { buyer, path: new URL(opened.body.checkout_url).pathname };
  }

  it('a gift card alone: the card fields only, paid with the card alone, and the order has no address', async () => {
    const { buyer, path } = await giftCardCheckout();
    const page = await buyer.request('GET', path);
    expect(page.status).toBe(200);
    for (const label of ['Card number', 'Expiry', 'CVC', 'Name on card']) expect(page.text).toContain(`>${label}</label>`);
    for (const label of ADDRESS_LABELS) expect(page.text).not.toContain(`>${label}</`);
    expect(page.text).not.toContain('name="shipping_');
    // Nothing but the card is asked for, and nothing else is needed.
    const paid = await buyer.request('POST', path, undefined, { form: CARD_ONLY });
    expect(paid.status, paid.text).toBe(303);
    const order = await api.database.db
      .selectFrom('purchases')
      .select(['shipping_address', 'shipping_cost'])
      .where('email', '=', buyer.email!)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ shipping_address: null, shipping_cost: 0 });
  });

  it('a missing card is still named on the page, in Italian too, without asking for an address', async () => {
    const { buyer, path } = await giftCardCheckout('it');
    const refused = await buyer.request('POST', path, undefined, { form: { ...CARD_ONLY, card_number: '' } });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('<html lang="it"');
    expect(refused.text).toContain('id="card_number-error"');
    expect(refused.text).not.toContain('Indirizzo di consegna');
    expect(refused.text).not.toContain('name="shipping_');
  });

  it('goods still ask for where they go: the card alone is refused', async () => {
    const s = shopper(api);
    await s.register();
    expect((await s.post('/api/cart/add', { variant_id: api.stocked[0].id, quantity: 1 })).status).toBe(200);
    const opened = await s.post('/api/checkout/', urls);
    expect(opened.status, opened.text).toBe(200);
    const path = new URL(opened.body.checkout_url).pathname;
    const page = await s.request('GET', path);
    for (const label of ADDRESS_LABELS) expect(page.text).toContain(`>${label}</`);
    const refused = await s.request('POST', path, undefined, { form: CARD_ONLY });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('id="shipping_line1-error"');
  });
});

describe('gift cards have no stock', () => {
  /** The variant's stock and the transaction that last wrote its row: a row never written keeps its xmin. */
  const variantRow = (id: string) =>
    api.database.db
      .selectFrom('product_variants')
      .select(['stock_quantity', sql<string>`xmin::text`.as('written_by')])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  async function onSale(name: string, amounts: number[]) {
    expect((await admin('POST', 'gift-cards/products', { name, amounts })).status).toBe(201);
    const products = (await shopper(api).get('/api/gift-cards/products')).body.products as {
      id: string;
      name: string;
      amounts: { variant_id: string; amount: number }[];
    }[];
    return products.find((p) => p.name === name)!;
  }

  it('buying 3 changes no stock figure: the row is never written, the stock page leaves them out, the owner cannot stock them', async () => {
    const card = await onSale('Stockless Gift Card', [2_500, 5_000]);
    const variantId = card.amounts[0].variant_id;
    const before = await variantRow(variantId);
    expect(before.stock_quantity).toBeNull();
    const stockPage = await admin('GET', 'stock');
    expect(stockPage.status).toBe(200);
    const listed = stockPage.body as { sku: string; stock_quantity: number }[];
    expect(listed.filter((row) => row.sku.startsWith('GIFT-'))).toEqual([]);
    expect(Math.max(...listed.map((row) => row.stock_quantity))).toBeLessThan(1_000);

    // Three buyers at once, one card each, all paid.
    const buyers = await Promise.all(
      [1, 2, 3].map(async () => {
        const buyer = shopper(api);
        await buyer.signInAsGuest();
        return buyer;
      }),
    );
    const opened = await Promise.all(buyers.map((b) => b.post('/api/checkout/gift-card', { product_variant_id: variantId, ...urls })));
    expect(opened.map((res) => res.status)).toEqual([200, 200, 200]);
    for (const [i, buyer] of buyers.entries()) await payOnPage(buyer, opened[i].body.checkout_url);
    const issued = await api.database.db
      .selectFrom('gift_cards as g')
      .innerJoin('purchases as p', 'p.id', 'g.purchase_id')
      .select('g.initial_amount')
      .where(
        'p.email',
        'in',
        buyers.map((b) => b.email!),
      )
      .execute();
    expect(issued.map((g) => g.initial_amount)).toEqual([2_500, 2_500, 2_500]);

    // Nothing taken, nothing given back, nothing written; the stock page is as it was.
    expect(await variantRow(variantId)).toEqual(before);
    expect((await admin('GET', 'stock')).body).toEqual(stockPage.body);
    // A checkout closed unpaid, replaced by a newer one or past its time, gives nothing back either.
    const other = card.amounts[1].variant_id;
    const otherBefore = await variantRow(other);
    const unpaid = shopper(api);
    await unpaid.signInAsGuest();
    expect((await unpaid.post('/api/checkout/gift-card', { product_variant_id: variantId, ...urls })).status).toBe(200);
    expect((await unpaid.post('/api/checkout/gift-card', { product_variant_id: other, ...urls })).status).toBe(200);
    api.clock.advance(2 * 3_600_000);
    const later = shopper(api);
    await later.signInAsGuest();
    expect((await later.post('/api/checkout/gift-card', { product_variant_id: variantId, ...urls })).status).toBe(200);
    const closed = await api.database.db.selectFrom('checkout_sessions').select('status').where('email', '=', unpaid.email!).execute();
    expect(closed.map((row) => row.status).sort()).toEqual(['cancelled', 'expired']);
    expect([await variantRow(variantId), await variantRow(other)]).toEqual([before, otherBefore]);

    // The owner has no stock of it to add or take away, and sees it so.
    const sku = (await api.database.db.selectFrom('product_variants').select('sku').where('id', '=', variantId).executeTakeFirstOrThrow())
      .sku;
    const restock = await admin('POST', 'restock', { sku, quantity: 5 });
    expect(restock).toMatchObject({ status: 409, body: { code: 'conflict' } });
    const product = await admin('GET', `products/${card.id}`);
    expect(product.body.variants.map((v: { stock_quantity: number | null }) => v.stock_quantity)).toEqual([null, null]);
    const edit = await admin('PUT', `products/${card.id}/variants/${variantId}`, {
      sku,
      price: 2_500,
      is_listed: false,
      listing_description: null,
      stock_change: -1,
    });
    expect(edit).toMatchObject({ status: 409, body: { code: 'conflict' } });
    expect(await variantRow(variantId)).toEqual(before);
    // Nor is it among what to restock.
    expect(JSON.stringify((await admin('GET', 'demand')).body)).not.toContain(sku);
  });

  it("20 buyers of one amount at once all get their checkout, and none is refused: the variant's row is never written", async () => {
    const card = await onSale('Rush Gift Card', [5_000]);
    const variantId = card.amounts[0].variant_id;
    const before = await variantRow(variantId);
    const buyers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const buyer = shopper(api);
        await buyer.signInAsGuest();
        return buyer;
      }),
    );
    const opened = await Promise.all(buyers.map((b) => b.post('/api/checkout/gift-card', { product_variant_id: variantId, ...urls })));
    expect(opened.filter((res) => res.status !== 200).map((res) => res.text)).toEqual([]);
    const open = await api.database.db
      .selectFrom('checkout_session_items as i')
      .innerJoin('checkout_sessions as s', 's.id', 'i.checkout_session_id')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('i.variant_id', '=', variantId)
      .where('s.status', '=', 'open')
      .executeTakeFirstOrThrow();
    expect(open.n).toBe(20);
    expect(await variantRow(variantId)).toEqual(before);
  });
});
