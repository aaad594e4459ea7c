import { beforeAll, describe, expect, it } from 'vitest';

import { pageWords } from '~/lib/i18n';
import { action as productAction } from '~/routes/product.$productName';

import { callRoute } from '../../tests/support/route-context';
import { setVariant, shopper } from '../../tests/support/shopper';
import { storefrontTestApi } from '../../tests/support/storefront-api';
import { nextCookie, storefrontCookie } from '../../tests/support/storefront-session';
import { withStripeStub } from '../../tests/support/stripe-stub';
import { TEST_ADMIN_TOKEN } from '../../tests/support/test-api';
import { action as cartAction, loader as cartLoader } from './cart';
import { action, loader } from './checkout.address';

/**
 * Nothing left to pay, with Stripe as the provider (ADR 062): the cart's checkout and a Quick Purchase
 * come to the shop's own address page, whose form (a plain post, the same with and without
 * JavaScript) places the order there. Stripe is the stand-in on loopback the API's Stripe tests use.
 */
const stub = withStripeStub('whsec_test_storefront');
const api = storefrontTestApi({ payments: stub.provider });
let variantId: string;

beforeAll(async () => {
  const variant = await api.database.db
    .selectFrom('product_variants')
    .select('id')
    .where('sku', '=', 'TT-GRY-LXL')
    .executeTakeFirstOrThrow();
  variantId = variant.id;
  // €30 and €20 shipping: €50 an order.
  await setVariant(api, variantId, { price: 3_000, stock_quantity: 100 });
});

/** A registered shopper with `cents` of store credit, signed in to the storefront. */
async function memberWithCredit(cents: number, locale: 'en' | 'it' = 'en') {
  const s = shopper(api, { locale });
  const cookie = await storefrontCookie(await s.register());
  if (cents > 0) await addCredit(s.email!, cents);
  return { s, cookie };
}

async function addCredit(email: string, cents: number) {
  const user = await api.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const added = await fetch(`${api.url}/api/admin/customers/${user.id}/store-credit`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ amount: cents, reason: 'Goodwill' }),
  });
  expect(added.status).toBe(200);
}

const post = (route: Parameters<typeof callRoute>[0], path: string, cookie: string, fields: Record<string, string>, params = {}) =>
  callRoute(
    route,
    new Request(`http://shop.test${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
      body: new URLSearchParams(fields),
    }),
    params,
  ) as Promise<Response>;

async function addToCart(cookie: string, prefix = '') {
  const added = await callRoute(
    cartLoader,
    new Request(`http://shop.test${prefix}/cart?add=${variantId}`, { headers: { Cookie: cookie } }),
  );
  expect(added.status).toBe(303);
  return nextCookie(added, cookie)!;
}

async function addressPage(path: string, cookie: string) {
  const response = await callRoute(loader, new Request(`http://shop.test${path}`, { headers: { Cookie: cookie } }));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads whatever the loader sent
  return { response, data: response.headers.get('Location') ? null : ((await response.json()) as any) };
}

const ADDRESS = { name: 'Bea Bianchi', line1: 'Via Roma 2', line2: '', postal_code: '10121', city: 'Torino', state: '', country: 'IT' };

const ordersOf = (email: string) =>
  api.database.db
    .selectFrom('purchases')
    .select(['shipping_address', 'payment_method', 'store_credit_amount', 'locale'])
    .where('email', '=', email)
    .orderBy('created_at')
    .execute();

describe('the delivery address page, when nothing is left to pay', () => {
  it("the cart's checkout asks for the address on the shop's page, checks it, and places the order there; Stripe is never asked", async () => {
    const { s, cookie: signedIn } = await memberWithCredit(5_000);
    let cookie = await addToCart(signedIn);
    const asked = stub.sessionPosts.length;

    const checkout = await post(cartAction, '/cart', cookie, { intent: 'checkout' });
    expect(checkout.status).toBe(303);
    expect(checkout.headers.get('Location')).toBe('/checkout/address');
    cookie = nextCookie(checkout, cookie)!;
    const page = await addressPage('/checkout/address', cookie);
    expect(page.response.status).toBe(200);
    expect(page.data.back).toEqual({ to: '/cart', product: null });
    expect(page.data.countries[0]).toEqual({ code: 'IT', name: 'Italy' });
    expect(page.response.headers.get('Cache-Control')).toBe('private, no-store');

    // Checked as the browser checks it: every missing line named, a postal code of another country's shape refused.
    const missing = await post(action, '/checkout/address', cookie, { ...ADDRESS, name: '', city: '', postal_code: '1012' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).result.error).toMatchObject({
      name: ['Enter the name to deliver to'],
      city: ['Enter the city'],
    });
    const shape = await post(action, '/checkout/address', cookie, { ...ADDRESS, postal_code: '1012' });
    expect((await shape.json()).result.error).toMatchObject({ postal_code: ['Enter a valid postal code for the country you chose'] });
    expect(await ordersOf(s.email!)).toEqual([]);

    const placed = await post(action, '/checkout/address', cookie, ADDRESS);
    expect(placed.status).toBe(303);
    expect(placed.headers.get('Location')).toMatch(/^\/checkout\/success\?session_id=[0-9a-f-]{36}$/);
    expect(await ordersOf(s.email!)).toEqual([
      {
        shipping_address: {
          name: 'Bea Bianchi',
          line1: 'Via Roma 2',
          line2: null,
          postal_code: '10121',
          city: 'Torino',
          state: null,
          country: 'IT',
        },
        payment_method: 'Store credit',
        store_credit_amount: 5_000,
        locale: 'en',
      },
    ]);
    expect(stub.sessionPosts.length).toBe(asked);
    // The step is over: the page is the cart's again.
    const after = await addressPage('/checkout/address', nextCookie(placed, cookie)!);
    expect(after.response.headers.get('Location')).toBe('/cart');
  });

  it('in Italian: the page speaks Italian, and a Quick Purchase goes on from it to its confirmation', async () => {
    const { s, cookie: signedIn } = await memberWithCredit(5_000, 'it');
    const quick = await post(
      productAction,
      '/it/product/Tracer%20Tee',
      signedIn,
      { intent: 'quick-purchase', variantId },
      { productName: 'Tracer Tee' },
    );
    expect(quick.status).toBe(303);
    expect(quick.headers.get('Location')).toBe('/it/checkout/address');
    const cookie = nextCookie(quick, signedIn)!;
    const page = await addressPage('/it/checkout/address', cookie);
    expect(page.data.back).toEqual({ to: '/it/product/Tracer%20Tee', product: 'Tracer Tee' });
    expect(page.data.countries[0]).toEqual({ code: 'IT', name: 'Italia' });
    expect(pageWords(page.data.i18n).messages['address.title']).toBeDefined();
    expect(pageWords(page.data.i18n).formMessages!['Enter the city']).toBe('Inserisci la città');
    expect(pageWords(page.data.i18n).formMessages!['Enter a valid postal code for the country you chose']).toBe(
      'Inserisci un CAP valido per il paese scelto',
    );

    const placed = await post(action, '/it/checkout/address', cookie, { ...ADDRESS, country: 'it' });
    expect(placed.status).toBe(303);
    expect(placed.headers.get('Location')).toMatch(/^\/it\/order-success\?session_id=[0-9a-f-]{36}$/);
    expect(await ordersOf(s.email!)).toMatchObject([
      { shipping_address: { city: 'Torino', country: 'IT' }, payment_method: 'Store credit', locale: 'it' },
    ]);
  });

  it('with an address on file, or something left to pay, no address is asked: the confirmation, or Stripe', async () => {
    const { s, cookie: signedIn } = await memberWithCredit(5_000);
    let cookie = await addToCart(signedIn);
    cookie = nextCookie(await post(cartAction, '/cart', cookie, { intent: 'checkout' }), cookie)!;
    expect((await post(action, '/checkout/address', cookie, ADDRESS)).status).toBe(303);
    // The credit is spent: the next cart goes to Stripe's page, which asks for its own address.
    cookie = await addToCart(cookie);
    const paying = await post(cartAction, '/cart', cookie, { intent: 'checkout' });
    expect(paying.headers.get('Location')).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    // With credit again, the address on file is used at once.
    await addCredit(s.email!, 5_000);
    const again = await post(cartAction, '/cart', cookie, { intent: 'checkout' });
    expect(again.headers.get('Location')).toMatch(/^\/checkout\/success\?session_id=/);
    expect((await ordersOf(s.email!)).map((o) => o.shipping_address?.city)).toEqual(['Torino', 'Torino']);
  });

  it("a gift card that pays it all is spent in the placing post's own cookie, not only on the confirmation: the next cart starts without it", async () => {
    const issue = async () => {
      const issued = await fetch(`${api.url}/api/admin/gift-cards`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ amount: 15_000 }),
      });
      return ((await issued.json()) as { code: string }).code;
    };
    const cartData = async (cookie: string) =>
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads whatever the loader sent
      (await (await callRoute(cartLoader, new Request('http://shop.test/cart', { headers: { Cookie: cookie } }))).json()) as any;
    const { cookie: signedIn } = await memberWithCredit(0);
    let cookie = await addToCart(signedIn);
    cookie = nextCookie(await post(cartAction, '/cart', cookie, { intent: 'apply-gift-card', gift_card_code: await issue() }), cookie)!;
    expect((await cartData(cookie)).giftCard).toMatchObject({ balance: 15_000, error: null });
    cookie = nextCookie(await post(cartAction, '/cart', cookie, { intent: 'checkout' }), cookie)!;
    const placed = await post(action, '/checkout/address', cookie, ADDRESS);
    expect(placed.headers.get('Location')).toMatch(/^\/checkout\/success\?session_id=/);
    // With JavaScript the confirmation's loader runs beside the root's, both with this cookie: it must not hold the card.
    cookie = nextCookie(placed, cookie)!;
    const next = await cartData(await addToCart(cookie));
    expect(next.giftCard).toBeNull();
    expect(next.cart.items).toHaveLength(1);

    // A Quick Purchase the card pays (the address is on file now) spends it the same way.
    cookie = nextCookie(await post(cartAction, '/cart', cookie, { intent: 'apply-gift-card', gift_card_code: await issue() }), cookie)!;
    const quick = await post(
      productAction,
      '/product/Tracer%20Tee',
      cookie,
      { intent: 'quick-purchase', variantId },
      { productName: 'Tracer Tee' },
    );
    expect(quick.headers.get('Location')).toMatch(/^\/order-success\?session_id=/);
    expect((await cartData(nextCookie(quick, cookie)!)).giftCard).toBeNull();
  });

  it('without a checkout waiting, the page and its post go back to the cart', async () => {
    const { cookie } = await memberWithCredit(0);
    expect((await addressPage('/checkout/address', cookie)).response.headers.get('Location')).toBe('/cart');
    const posted = await post(action, '/checkout/address', cookie, ADDRESS);
    expect(posted.headers.get('Location')).toBe('/cart');
  });
});
