// The test payment page: paying, declines, the delivery address, expiry and cancelling.
import { describe, expect, it } from 'vitest';

import { PAID_CARD, shopper, stockOf } from '../../../tests/support/shopper';
import { useTestApi } from '../../../tests/support/use-test-api';
import {} from '../services/checkout-fulfilment';
import { readOutbox } from '../services/mail';
import { CANCEL, checkoutKit, DECLINED_CARD, sessionIdOf, SUCCESS } from './checkout.test-support';

const api = useTestApi();
const { freshVariant, guestWithCart, checkout, quick, pay } = checkoutKit(api);

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
