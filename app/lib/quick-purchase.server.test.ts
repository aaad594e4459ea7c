import { beforeAll, describe, expect, it } from 'vitest';

import { loader as resumeLoader } from '~/routes/checkout.quick';
import { loader as orderSuccessLoader } from '~/routes/order-success';
import { action, loader } from '~/routes/product.$productName';

import { readOutbox } from '../../api/src/services/mail';
import { callRoute, contextFor, sessionFor } from '../../tests/support/route-context';
import { PAID_CARD, setVariant, type Shopper, shopper } from '../../tests/support/shopper';
import { storefrontTestApi } from '../../tests/support/storefront-api';
import { nextCookie, storefrontCookie } from '../../tests/support/storefront-session';
import { ApiRequestError } from './api.server';
import { quickPurchaseFailure } from './quick-purchase.server';
import { commitSession } from './session.server';

const api = storefrontTestApi();
/** Tracer Tee, GREY L/XL: its product page address carries these options. */
let variant: { id: string; sku: string };
const PRODUCT = 'Tracer Tee';
const PAGE = '/product/Tracer%20Tee?color=GREY&treatment=PLAIN&material=COTTON&size=L%2FXL';

beforeAll(async () => {
  variant = await api.database.db
    .selectFrom('product_variants')
    .select(['id', 'sku'])
    .where('sku', '=', 'TT-GRY-LXL')
    .executeTakeFirstOrThrow();
});

function buy(cookie: string | undefined, variantId = variant.id) {
  return callRoute(
    action,
    new Request(`http://shop.test${PAGE}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams({ intent: 'quick-purchase', variantId }),
    }),
    { productName: PRODUCT },
  );
}

async function productPage(path: string, cookie?: string) {
  const response = await callRoute(loader, new Request(`http://shop.test${path}`, { headers: cookie ? { Cookie: cookie } : {} }), {
    productName: PRODUCT,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads whatever the loader sent
  return (await response.json()) as any;
}

const resume = (cookie: string) => callRoute(resumeLoader, new Request('http://shop.test/checkout/quick', { headers: { Cookie: cookie } }));

async function pendingOf(cookie: string) {
  return (await sessionFor(new Request('http://shop.test/', { headers: { Cookie: cookie } }))).get('quickPurchase');
}

/** A guest signed in through the real API, and the storefront session cookie holding their tokens. */
async function signedInGuest(): Promise<{ s: Shopper; cookie: string }> {
  const s = shopper(api);
  const answer = await s.signInAsGuest();
  return { s, cookie: await storefrontCookie(answer) };
}

describe('Quick Purchase', () => {
  it('sends a visitor to the sign-in modal over the product page, remembering the purchase', async () => {
    const response = await buy(undefined);
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(`${PAGE}&purchase=resume&auth=email`);
    const cookie = nextCookie(response)!;
    expect(await pendingOf(cookie)).toMatchObject({ productName: PRODUCT, variantId: variant.id });
    // Still signed out (the modal was closed): nothing resumes.
    expect((await productPage(`${PAGE}&purchase=resume`, cookie)).resumeQuickPurchase).toBeNull();
  });

  it('resumes after sign-in: the product page says which variant, and without JavaScript /checkout/quick goes to the payment page once', async () => {
    const { s, cookie: signedIn } = await signedInGuest();
    // The visitor pressed Quick Purchase before signing in, in the same browser session.
    const session = await sessionFor(new Request('http://shop.test/', { headers: { Cookie: signedIn } }));
    session.set('quickPurchase', { productName: PRODUCT, variantId: variant.id, at: Date.now() });
    const cookie = (await commitSession(contextFor(new Request('http://shop.test/')), session)).split(';')[0];

    expect((await productPage(`${PAGE}&purchase=resume&auth=success`, cookie)).resumeQuickPurchase).toBeNull();
    expect((await productPage(`${PAGE}&purchase=resume`, cookie)).resumeQuickPurchase).toBe(variant.id);
    expect((await productPage(PAGE, cookie)).resumeQuickPurchase).toBeNull();

    const response = await resume(cookie);
    expect(response.status).toBe(303);
    const checkoutUrl = response.headers.get('Location')!;
    expect(checkoutUrl).toMatch(/^http:\/\/localhost:8787\/pay\//);
    const after = nextCookie(response, cookie)!;
    expect(await pendingOf(after)).toBeUndefined();
    // A second visit (Back, or a link from elsewhere) starts nothing.
    const again = await resume(after);
    expect(again.headers.get('Location')).toBe('/');

    // The payment page charges one unit, and success returns to /order-success with the order.
    const page = await s.get(new URL(checkoutUrl).pathname);
    expect(page.text).toContain('Tracer Tee');
    const paid = await s.request('POST', new URL(checkoutUrl).pathname, undefined, { form: PAID_CARD });
    const successUrl = new URL(paid.headers.get('location')!);
    expect(successUrl.pathname).toBe('/order-success');
    const success = await callRoute(orderSuccessLoader, new Request(successUrl, { headers: { Cookie: after } }));
    const data = await success.json();
    expect(data.error).toBeNull();
    const order = data.order!;
    expect(order.items).toEqual([expect.objectContaining({ name: PRODUCT, sku: variant.sku, quantity: 1 })]);
    // One Tracer Tee at €45: under the free-shipping line, so €20 shipping on top.
    expect(order).toMatchObject({ subtotal: 4_500, shipping_cost: 2_000, total: 6_500 });
    expect(data.registered).toBe(false);
    // The buyer's confirmation email, once.
    const mails = (await readOutbox(api.database.db, s.email!)).filter((m) => m.subject.includes(order.order_number!));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('€65.00');
  });

  it('started on an Italian product page, it goes on in Italian from /checkout/quick: the order, its way back and its emails', async () => {
    const { cookie: signedIn } = await signedInGuest();
    const session = await sessionFor(new Request('http://shop.test/', { headers: { Cookie: signedIn } }));
    session.set('quickPurchase', { productName: PRODUCT, variantId: variant.id, at: Date.now(), locale: 'it' });
    const cookie = (await commitSession(contextFor(new Request('http://shop.test/')), session)).split(';')[0];
    const response = await resume(cookie);
    const sessionId = new URL(response.headers.get('Location')!).pathname.split('/').pop()!;
    const row = await api.database.db.selectFrom('checkout_sessions').selectAll().where('id', '=', sessionId).executeTakeFirstOrThrow();
    expect(row.locale).toBe('it');
    expect(row.success_url).toBe('http://shop.test/it/order-success?session_id={CHECKOUT_SESSION_ID}');
    expect(row.cancel_url).toMatch(/^http:\/\/shop\.test\/it\/product\/Tracer%20Tee\?/);
  });

  it('goes straight to the payment page for a signed-in shopper, with cancel back to the product page', async () => {
    const { cookie } = await signedInGuest();
    const response = await buy(cookie);
    expect(response.status).toBe(303);
    const checkoutUrl = response.headers.get('Location')!;
    const sessionId = new URL(checkoutUrl).pathname.split('/').pop()!;
    const row = await api.database.db.selectFrom('checkout_sessions').selectAll().where('id', '=', sessionId).executeTakeFirstOrThrow();
    expect(row.kind).toBe('quick');
    expect(row.cancel_url).toBe(`http://shop.test${PAGE}`);
    expect(row.success_url).toBe('http://shop.test/order-success?session_id={CHECKOUT_SESSION_ID}');
    expect(row.metadata).toMatchObject({
      product_name: PRODUCT,
      variant_sku: variant.sku,
      selected_attributes: { color: 'GREY', size: 'L/XL' },
    });
  });

  it("comes back to the product page with 'Failed to create checkout session: …' when the API refuses", async () => {
    const { cookie } = await signedInGuest();
    await setVariant(api, variant.id, { stock_quantity: 0 });
    try {
      const response = await buy(cookie);
      expect(response.status).toBe(303);
      expect(response.headers.get('Location')).toBe(PAGE);
      const data = await productPage(PAGE, nextCookie(response, cookie));
      expect(data.flash.kind).toBe('error');
      expect(data.flash.message).toMatch(/^Failed to create checkout session: .*Tracer Tee/);
    } finally {
      await setVariant(api, variant.id, { stock_quantity: 20 });
    }
  });

  it('maps failures to the spec messages', () => {
    expect(quickPurchaseFailure(new ApiRequestError(409, 'Tracer Tee is out of stock'), 'en')).toBe(
      'Failed to create checkout session: Tracer Tee is out of stock',
    );
    expect(quickPurchaseFailure(new ApiRequestError(502, 'HTTP error! status: 502'), 'en')).toBe(
      'Failed to create checkout session: Checkout failed: 502',
    );
    expect(quickPurchaseFailure(new ApiRequestError(502, 'No checkout URL received from server'), 'en')).toBe(
      'No checkout URL received from server',
    );
    expect(quickPurchaseFailure(new Error('boom'), 'en')).toBe('Failed to create checkout session: Something went wrong');
  });

  it('says them in Italian by the API code, never its English detail', () => {
    expect(quickPurchaseFailure(new ApiRequestError(409, 'Tracer Tee is out of stock', undefined, 'out_of_stock'), 'it')).toBe(
      'Non siamo riusciti ad avviare il pagamento: Un articolo non è più disponibile nella quantità richiesta.',
    );
    expect(quickPurchaseFailure(new ApiRequestError(502, 'HTTP error! status: 502'), 'it')).toBe(
      'Non siamo riusciti ad avviare il pagamento: Pagamento non avviato (errore 502)',
    );
  });
});
