// One suite on purpose (over 300 lines): checkout, its payment page and fulfilment, tested together against one seeded test API.
import { describe, expect, it } from 'vitest';

import { PAID_CARD, setVariant, type Shopper, shopper, stockOf, variantLabelOf } from '../../../tests/support/shopper';
import { useTestApi } from '../../../tests/support/use-test-api';
import { fulfilCheckoutSession } from '../services/checkout-fulfilment';
import { readOutbox } from '../services/mail';

const api = useTestApi();

const SUCCESS = 'http://shop.test/checkout/success?session_id={CHECKOUT_SESSION_ID}';
const CANCEL = 'http://shop.test/cart';
const DECLINED_CARD = { ...PAID_CARD, card_number: '4000 0000 0000 0002' };

/** A variant of its own for one test, with the given price and stock. */
let nextVariant = 0;
async function freshVariant(values: { price?: number; stock_quantity: number }) {
  const variant = api.stocked[nextVariant++ % api.stocked.length];
  await setVariant(api, variant.id, { price: variant.price, ...values });
  return variant;
}

async function guestWithCart(items: { id: string; quantity?: number }[]) {
  const s = shopper(api);
  for (const item of items) {
    const res = await s.post('/api/cart/add', { variant_id: item.id, quantity: item.quantity ?? 1 });
    expect(res.status).toBe(200);
  }
  await s.signInAsGuest();
  return s;
}

const checkout = (s: Shopper, extra: Record<string, unknown> = {}) =>
  s.post('/api/checkout/', { success_url: SUCCESS, cancel_url: CANCEL, email: s.email, metadata: { source: 'test' }, ...extra });

const quick = (s: Shopper, variantId: string, quantity = 1) =>
  s.post('/api/checkout/quick', {
    product_variant_id: variantId,
    quantity,
    success_url: SUCCESS,
    cancel_url: CANCEL,
    metadata: { product_name: 'x', selected_attributes: { SIZE: 'S/M' } },
  });

const sessionIdOf = (checkoutUrl: string) => new URL(checkoutUrl).pathname.split('/').pop()!;

async function pay(s: Shopper, checkoutUrl: string, card: Record<string, string> = PAID_CARD) {
  return s.request('POST', new URL(checkoutUrl).pathname, undefined, { form: card });
}

describe('checkout requests', () => {
  it('refuses a shopper who has not signed in', async () => {
    const s = shopper(api);
    await s.post('/api/cart/add', { variant_id: api.stocked[0].id });
    expect((await checkout(s)).status).toBe(401);
    expect((await quick(s, api.stocked[0].id)).status).toBe(401);
  });

  it('answers 422 lists for bad payloads, accepting only http(s) return addresses', async () => {
    const s = await guestWithCart([{ id: api.stocked[0].id }]);
    const res = await checkout(s, { success_url: 'javascript:alert(1)', cancel_url: 42 });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ loc: ['body', 'success_url'], msg: expect.any(String) }),
        expect.objectContaining({ loc: ['body', 'cancel_url'] }),
      ]),
    );
    const q = await s.post('/api/checkout/quick', { product_variant_id: 'x', success_url: 'ftp://x', cancel_url: CANCEL });
    expect(q.status).toBe(422);
    expect(q.body.detail.map((d: { loc: string[] }) => d.loc[1])).toEqual(expect.arrayContaining(['product_variant_id', 'success_url']));
  });

  it('refuses an empty cart', async () => {
    const s = shopper(api);
    await s.signInAsGuest();
    const res = await checkout(s);
    expect(res).toMatchObject({ status: 400, body: { detail: 'Your cart is empty', code: 'cart_empty' } });
  });

  it('refuses an out-of-stock line, naming it, and reserves nothing', async () => {
    const a = await freshVariant({ stock_quantity: 5 });
    const b = await freshVariant({ stock_quantity: 3 });
    const s = await guestWithCart([{ id: a.id }, { id: b.id, quantity: 3 }]);
    await setVariant(api, b.id, { stock_quantity: 2 });
    const res = await checkout(s);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(`Not enough stock for ${await variantLabelOf(api, b)}: only 2 available`);
    expect(res.body.detail).not.toContain(b.sku);
    expect(await stockOf(api, a.id)).toBe(5);
    expect(await stockOf(api, b.id)).toBe(2);
  });

  it('answers a checkout_url on the test payment page and reserves the stock', async () => {
    const a = await freshVariant({ stock_quantity: 4 });
    const s = await guestWithCart([{ id: a.id, quantity: 2 }]);
    const res = await checkout(s);
    expect(res.status).toBe(200);
    expect(res.body.checkout_url).toMatch(/^http:\/\/localhost:8787\/pay\/[0-9a-f-]{36}$/);
    expect(await stockOf(api, a.id)).toBe(2);
  });
});

describe('test payment page', () => {
  it('shows the amount, the items and the labelled card fields, without JavaScript', async () => {
    const a = await freshVariant({ price: 4_500, stock_quantity: 5 });
    const s = await guestWithCart([{ id: a.id, quantity: 2 }]);
    const { checkout_url } = (await checkout(s)).body;
    const page = await s.get(new URL(checkout_url).pathname);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    for (const label of ['Card number', 'Expiry', 'CVC', 'Name on card'])
      expect(page.text).toMatch(new RegExp(`<label for="[a-z_]+">${label}</label>`));
    expect(page.text).toMatch(/<button type="submit">Pay €110\.00<\/button>/);
    expect(page.text).toContain(a.name);
    expect(page.text).not.toMatch(/<script/i);
  });

  it('pays with 4242…, fulfils, and redirects to success_url with the session id', async () => {
    const a = await freshVariant({ price: 4_500, stock_quantity: 5 });
    const b = await freshVariant({ price: 8_500, stock_quantity: 5 });
    const s = await guestWithCart([{ id: a.id, quantity: 2 }, { id: b.id }]);
    const { checkout_url } = (await checkout(s)).body;
    const sessionId = sessionIdOf(checkout_url);
    const res = await pay(s, checkout_url, {
      ...PAID_CARD,
      shipping_name: 'Ada Rossi',
      shipping_line1: 'Via Roma 1',
      shipping_city: 'Milano',
      shipping_postal_code: '20100',
      shipping_country: 'IT',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`http://shop.test/checkout/success?session_id=${sessionId}`);

    const success = await s.get(`/api/user/purchase-success/${sessionId}`);
    expect(success.status).toBe(200);
    const purchase = success.body;
    expect(purchase).toMatchObject({
      purchase_intent_id: sessionId,
      subtotal: 17_500,
      shipping_cost: 0,
      tax: 3_156,
      total: 17_500,
      status: 'Processing',
      payment_method: 'Credit Card ending in 4242',
      customer_email: s.email,
      shipping_address: {
        name: 'Ada Rossi',
        line1: 'Via Roma 1',
        line2: null,
        city: 'Milano',
        postal_code: '20100',
        country: 'IT',
        state: null,
      },
    });
    const created = new Date(purchase.date);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(purchase.order_number).toBe(
      `ORD-${created.getUTCFullYear()}-${pad(created.getUTCMonth() + 1)}-${pad(created.getUTCDate())}-${purchase.purchase_id.slice(0, 8).toUpperCase()}`,
    );
    expect(new Date(purchase.estimated_delivery).getTime() - created.getTime()).toBe(7 * 24 * 3600_000);
    expect(purchase.items).toHaveLength(2);
    expect(purchase.items.find((i: { sku: string }) => i.sku === a.sku)).toMatchObject({
      name: a.name,
      quantity: 2,
      price: 4_500,
      variant_attributes: expect.arrayContaining([
        expect.objectContaining({ attribute_name: expect.any(String), value: expect.any(String) }),
      ]),
    });
    expect(purchase.first_time_purchase_info).toMatchObject({ has_new_items: true, new_items: expect.arrayContaining([a.name, b.name]) });
    expect(purchase.first_time_purchase_info.unlocked_cards.map((card: { product_id: string }) => card.product_id).sort()).toEqual(
      [...new Set([a.product_id, b.product_id])].sort(),
    );

    // The bought items left the cart; the stock stays taken.
    expect((await s.get('/api/cart/')).body.items).toEqual([]);
    expect(await stockOf(api, a.id)).toBe(3);
    // The purchase answers by its own id too, and a confirmation email went out.
    expect((await s.get(`/api/user/purchase-success/${purchase.purchase_id}`)).body.purchase_id).toBe(purchase.purchase_id);
    const [mail] = await readOutbox(api.database.db, s.email!);
    expect(mail.subject).toContain(purchase.order_number);
    expect(mail.text).toContain('€175.00');
    // A guest has no order history to link to: the email invites them to make an account instead.
    expect(mail.text).toContain('Create an account with this email to keep your orders and receipts: http://shop.test/register');
    expect(mail.html).toContain('<table');
    // Paying again is refused, and a second purchase of the same products is not new.
    expect((await pay(s, checkout_url)).status).toBe(409);
  });

  it('marks only products never bought before as new', async () => {
    const a = await freshVariant({ stock_quantity: 5 });
    const s = await guestWithCart([{ id: a.id }]);
    await pay(s, (await checkout(s)).body.checkout_url);
    const url = (await quick(s, a.id)).body.checkout_url;
    await pay(s, url);
    const second = await s.get(`/api/user/purchase-success/${sessionIdOf(url)}`);
    expect(second.body.first_time_purchase_info).toEqual({ has_new_items: false, new_items: [], unlocked_cards: [] });
  });

  it('declines 4000…0002 and offers another card on the same session, the stock still held, or a way back', async () => {
    const a = await freshVariant({ stock_quantity: 3 });
    const s = await guestWithCart([{ id: a.id, quantity: 2 }]);
    const { checkout_url } = (await checkout(s)).body;
    const path = new URL(checkout_url).pathname;
    expect(await stockOf(api, a.id)).toBe(1);
    const res = await pay(s, checkout_url, DECLINED_CARD);
    expect(res.status).toBe(402);
    expect(res.text).toContain('Your card was declined. No payment was taken.');
    expect(res.text).toContain(`action="${path}/again"`);
    expect(res.text).toContain('<button type="submit">Try another card</button>');
    expect(res.text).toContain(`action="${path}/cancel"`);
    // Trying another card opens the form with everything typed but the card number and CVC.
    expect(res.text).not.toContain('4000000000000002');
    expect(res.text).toContain('<input type="hidden" name="shipping_line1" value="Via Po 1">');
    expect(res.text).not.toContain('name="cvc"');
    const again = await s.request('POST', `${path}/again`, undefined, {
      form: {
        card_number: '4000 0000 0000 0002',
        cvc: '123',
        expiry: '12/30',
        name_on_card: 'Ada Guest',
        shipping_name: 'Ada Guest',
        shipping_line1: 'Via Roma 1',
        shipping_city: 'Milano',
        shipping_postal_code: '20121',
        shipping_country: 'IT',
      },
    });
    expect(again.status).toBe(200);
    for (const kept of [
      'value="12/30"',
      'value="Ada Guest"',
      'value="Via Roma 1"',
      'value="Milano"',
      'value="20121"',
      '<option value="IT" selected>',
    ])
      expect(again.text).toContain(kept);
    expect(again.text).toContain('<input id="card_number" name="card_number" value=""');
    expect(again.text).toContain('<input id="cvc" name="cvc" value=""');
    expect(await stockOf(api, a.id)).toBe(1);
    expect((await s.get(`/api/user/purchase-success/${sessionIdOf(checkout_url)}`)).status).toBe(404);

    // Another card on the same session pays for the same order.
    expect((await s.get(path)).text).toContain('Pay €');
    expect((await pay(s, checkout_url)).status).toBe(303);
    expect(await stockOf(api, a.id)).toBe(1);
    expect((await s.get(`/api/user/purchase-success/${sessionIdOf(checkout_url)}`)).status).toBe(200);
  });

  it('cancelling after a decline releases the stock and goes back to the shop', async () => {
    const a = await freshVariant({ stock_quantity: 3 });
    const s = await guestWithCart([{ id: a.id, quantity: 2 }]);
    const { checkout_url } = (await checkout(s)).body;
    expect((await pay(s, checkout_url, DECLINED_CARD)).status).toBe(402);
    const cancelled = await s.request('POST', `${new URL(checkout_url).pathname}/cancel`, undefined, { form: {} });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(CANCEL);
    expect(await stockOf(api, a.id)).toBe(3);
    expect((await s.get('/api/cart/')).body.total_items).toBe(2);
  });

  it('needs a delivery address, with a message on each missing part, and ships to the countries it lists', async () => {
    const a = await freshVariant({ stock_quantity: 3 });
    const s = await guestWithCart([{ id: a.id }]);
    const { checkout_url } = (await checkout(s)).body;
    const cardOnly = Object.fromEntries(Object.entries(PAID_CARD).filter(([name]) => !name.startsWith('shipping_')));
    const missing = await pay(s, checkout_url, cardOnly);
    expect(missing.status).toBe(422);
    for (const text of [
      'Enter the name to deliver to',
      'Enter the street and number',
      'Enter the city',
      'Enter the postal code',
      'Choose a country we ship to',
    ]) {
      expect(missing.text).toContain(text);
    }
    expect(missing.text).toContain(
      'id="shipping_line1" name="shipping_line1" value="" autocomplete="shipping address-line1" required aria-invalid="true"',
    );
    const abroad = await pay(s, checkout_url, { ...PAID_CARD, shipping_country: 'US' });
    expect(abroad.status).toBe(422);
    expect(abroad.text).toContain('Choose a country we ship to');
    // A postal code in the country's own shape: four digits for Austria, not three letters.
    const austria = await pay(s, checkout_url, { ...PAID_CARD, shipping_country: 'AT', shipping_postal_code: 'ABC' });
    expect(austria.status).toBe(422);
    expect(austria.text).toContain('Enter a valid postal code for Austria');
    expect((await pay(s, checkout_url, { ...PAID_CARD, shipping_country: 'GB', shipping_postal_code: '10124' })).text).toContain(
      'Enter a valid postal code for United Kingdom',
    );
    expect(await stockOf(api, a.id)).toBe(2);

    // A country typed by name is taken as its code; the order keeps the address.
    expect((await pay(s, checkout_url, { ...PAID_CARD, shipping_country: 'Italy', shipping_line2: 'Scala B' })).status).toBe(303);
    const order = (await s.get(`/api/user/purchase-success/${sessionIdOf(checkout_url)}`)).body;
    expect(order.shipping_address).toEqual({
      name: 'Ada Rossi',
      line1: 'Via Po 1',
      line2: 'Scala B',
      city: 'Torino',
      state: null,
      postal_code: '10124',
      country: 'IT',
    });
  });

  it('refuses a mistyped card number (Luhn) and a card past its expiry month, as a provider does', async () => {
    const a = await freshVariant({ stock_quantity: 3 });
    const s = await guestWithCart([{ id: a.id }]);
    const { checkout_url } = (await checkout(s)).body;
    const typo = await pay(s, checkout_url, { ...PAID_CARD, card_number: '4242 4242 4242 4241' });
    expect(typo.status).toBe(422);
    expect(typo.text).toContain('This card number is not valid');
    const now = api.clock.now();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const mmYY = (d: Date) => `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCFullYear() % 100).padStart(2, '0')}`;
    const expired = await pay(s, checkout_url, { ...PAID_CARD, expiry: mmYY(lastMonth) });
    expect(expired.status).toBe(422);
    expect(expired.text).toContain('This card has expired');
    // A card is good through the end of its expiry month.
    expect((await pay(s, checkout_url, { ...PAID_CARD, expiry: mmYY(now) })).status).toBe(303);
  });

  it("starts a returning buyer's payment page from the address of their last order", async () => {
    const s = shopper(api);
    await s.signInAsGuest();
    const first = await freshVariant({ stock_quantity: 5 });
    const opened = async () => {
      const res = await s.post('/api/checkout/quick', { product_variant_id: first.id, success_url: SUCCESS, cancel_url: CANCEL });
      return res.body.checkout_url as string;
    };
    const url = await opened();
    expect((await s.get(new URL(url).pathname)).text).toContain('id="shipping_line1" name="shipping_line1" value=""');
    expect(
      (await pay(s, url, { ...PAID_CARD, shipping_line1: 'Via Garibaldi 9', shipping_city: 'Genova', shipping_postal_code: '16124' }))
        .status,
    ).toBe(303);
    const page = (await s.get(new URL(await opened()).pathname)).text;
    expect(page).toContain('value="Via Garibaldi 9"');
    expect(page).toContain('value="Genova"');
    expect(page).toContain('<option value="IT" selected>Italy</option>');
  });

  it('re-shows the form for missing fields or an unknown card, keeping the session open', async () => {
    const a = await freshVariant({ stock_quantity: 3 });
    const s = await guestWithCart([{ id: a.id }]);
    const { checkout_url } = (await checkout(s)).body;
    const missing = await pay(s, checkout_url, { card_number: '4242424242424242' });
    expect(missing.status).toBe(422);
    expect(missing.text).toContain('Enter the expiry as MM/YY');
    const unknown = await pay(s, checkout_url, { ...PAID_CARD, card_number: '5555 5555 5555 4444' });
    expect(unknown.status).toBe(422);
    expect((await pay(s, checkout_url)).status).toBe(303);
  });

  it('expires sessions after 30 minutes, says so, and releases the stock', async () => {
    const a = await freshVariant({ stock_quantity: 2 });
    const s = await guestWithCart([{ id: a.id, quantity: 2 }]);
    const { checkout_url } = (await checkout(s)).body;
    expect(await stockOf(api, a.id)).toBe(0);
    api.clock.advance(30 * 60_000 + 1);
    const page = await s.get(new URL(checkout_url).pathname);
    expect(page.status).toBe(410);
    expect(page.text).toContain('This payment session has expired');
    expect(page.text).toContain(`href="${CANCEL}"`);
    expect(await stockOf(api, a.id)).toBe(2);
    expect((await pay(s, checkout_url)).status).toBe(410);
  });

  it('releases expired sessions as other checkouts pass, without opening their page', async () => {
    const a = await freshVariant({ stock_quantity: 1 });
    const first = shopper(api);
    await first.signInAsGuest();
    expect((await quick(first, a.id)).status).toBe(200);
    const second = shopper(api);
    await second.signInAsGuest();
    expect((await quick(second, a.id)).status).toBe(409);
    api.clock.advance(31 * 60_000);
    await second.signInAsGuest(second.email!); // the guest session ran out meanwhile
    expect((await quick(second, a.id)).status).toBe(200);
    expect(await stockOf(api, a.id)).toBe(0);
  });

  it('cancels from the page, releasing the stock and returning to cancel_url', async () => {
    const a = await freshVariant({ stock_quantity: 2 });
    const s = await guestWithCart([{ id: a.id }]);
    const { checkout_url } = (await checkout(s)).body;
    const res = await s.request('POST', `${new URL(checkout_url).pathname}/cancel`, undefined, { form: {} });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(CANCEL);
    expect(await stockOf(api, a.id)).toBe(2);
  });

  it('answers 404 for an unknown session', async () => {
    expect((await shopper(api).get('/pay/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await shopper(api).get('/pay/not-a-uuid')).status).toBe(404);
  });
});

describe('amounts', () => {
  async function buy(price: number) {
    const a = await freshVariant({ price, stock_quantity: 1 });
    const s = shopper(api);
    await s.signInAsGuest();
    const url = (await quick(s, a.id)).body.checkout_url;
    await pay(s, url);
    return (await s.get(`/api/user/purchase-success/${sessionIdOf(url)}`)).body;
  }

  it('charges €20 shipping at exactly €150 and ships free above it', async () => {
    expect(await buy(15_000)).toMatchObject({ subtotal: 15_000, shipping_cost: 2_000, total: 17_000, tax: 2_705 });
    expect(await buy(15_001)).toMatchObject({ subtotal: 15_001, shipping_cost: 0, total: 15_001, tax: 2_705 });
  });

  it('rounds the included tax to the nearest cent', async () => {
    expect((await buy(4_500)).tax).toBe(811);
    expect((await buy(4_501)).tax).toBe(812);
  });

  it('charges the catalogue price whatever the cart was told', async () => {
    const a = await freshVariant({ price: 4_500, stock_quantity: 2 });
    const s = shopper(api);
    await s.post('/api/cart/add', { variant_id: a.id, quantity: 1, price_at_addition: 1 });
    await s.signInAsGuest();
    const url = (await checkout(s)).body.checkout_url;
    expect((await s.get(new URL(url).pathname)).text).toContain('Pay €65.00');
    await pay(s, url);
    expect((await s.get(`/api/user/purchase-success/${sessionIdOf(url)}`)).body).toMatchObject({ subtotal: 4_500, total: 6_500 });
  });
});

describe('fulfilment under concurrency', () => {
  it('creates exactly one purchase when the same session is fulfilled 5 times at once', async () => {
    const a = await freshVariant({ stock_quantity: 2 });
    const s = await guestWithCart([{ id: a.id }]);
    const sessionId = sessionIdOf((await checkout(s)).body.checkout_url);
    const payment = { paymentMethod: 'Credit Card', shippingAddress: null, billingAddress: null };
    const results = await Promise.all(Array.from({ length: 5 }, () => fulfilCheckoutSession(api.deps, sessionId, payment)));
    expect(new Set(results.map((r) => r.purchaseId)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const purchases = await api.database.db.selectFrom('purchases').select('id').where('checkout_session_id', '=', sessionId).execute();
    expect(purchases).toHaveLength(1);
    expect(await stockOf(api, a.id)).toBe(1);
    expect((await readOutbox(api.database.db, s.email!)).filter((m) => m.subject.includes('order'))).toHaveLength(1);
  });

  it('sells exactly the stock when many shoppers check out the last units at once', async () => {
    const a = await freshVariant({ stock_quantity: 3 });
    // Other tests may have sold this variant before: count what this one sells.
    const soldOf = async () =>
      Number(
        (
          await api.database.db
            .selectFrom('purchase_items')
            .select((eb) => eb.fn.sum<string>('quantity').as('n'))
            .where('variant_id', '=', a.id)
            .executeTakeFirstOrThrow()
        ).n ?? 0,
      );
    const soldBefore = await soldOf();
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => guestWithCart([{ id: a.id }])));
    const answers = await Promise.all(shoppers.map((s) => checkout(s)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
    const refused = answers.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(5);
    const label = await variantLabelOf(api, a);
    for (const r of refused) expect(r).toMatchObject({ status: 409, body: { detail: `${label} is out of stock`, code: 'out_of_stock' } });
    expect(await stockOf(api, a.id)).toBe(0);

    const paid = await Promise.all(answers.map((r, i) => (r.status === 200 ? pay(shoppers[i], r.body.checkout_url) : null)));
    expect(paid.filter((r) => r?.status === 303)).toHaveLength(3);
    expect((await soldOf()) - soldBefore).toBe(3);
    expect(await stockOf(api, a.id)).toBe(0);
  });

  it('sells exactly the stock to concurrent quick purchases', async () => {
    const a = await freshVariant({ stock_quantity: 2 });
    const buyers = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const s = shopper(api);
        await s.signInAsGuest();
        return s;
      }),
    );
    const answers = await Promise.all(buyers.map((s) => quick(s, a.id)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    expect(await stockOf(api, a.id)).toBe(0);
  });
});

describe('purchase-success access', () => {
  it('hides another shopper\u2019s purchase and answers the checkout cookie alone', async () => {
    const a = await freshVariant({ stock_quantity: 2 });
    const s = await guestWithCart([{ id: a.id }]);
    const url = (await checkout(s)).body.checkout_url;
    await pay(s, url);
    const id = sessionIdOf(url);
    const purchaseId = (await s.get(`/api/user/purchase-success/${id}`)).body.purchase_id;

    const stranger = shopper(api);
    expect((await stranger.get(`/api/user/purchase-success/${id}`)).status).toBe(401);
    await stranger.signInAsGuest();
    expect((await stranger.get(`/api/user/purchase-success/${id}`)).body).toEqual({ detail: 'Purchase not found', code: 'not_found' });
    expect((await stranger.get(`/api/user/purchase-success/${purchaseId}`)).status).toBe(404);
    expect((await stranger.get('/api/user/purchase-success/cs_unknown')).status).toBe(404);

    s.signOut();
    expect((await s.get(`/api/user/purchase-success/${id}`)).body.purchase_id).toBe(purchaseId);
  });
});
