import { beforeAll, describe, expect, it } from 'vitest';

import { optionLine } from '@contract/options';

import { callRoute, contextFor } from '../../tests/support/route-context';
import { shopper } from '../../tests/support/shopper';
import { storefrontTestApi } from '../../tests/support/storefront-api';
import { storefrontCookie } from '../../tests/support/storefront-session';
import { TEST_ADMIN_TOKEN } from '../../tests/support/test-api';
import { action, loader } from './cart';

const api = storefrontTestApi();
let variantId: string;

beforeAll(async () => {
  const variant = await api.database.db
    .selectFrom('product_variants')
    .select('id')
    .where('stock_quantity', '>=', 5)
    .orderBy('sku')
    .executeTakeFirstOrThrow();
  variantId = variant.id;
});

const cookieOf = (response: Response) => response.headers.get('Set-Cookie')!.split(';')[0];

async function load(path: string, cookie?: string) {
  const response = await callRoute(loader, new Request(`http://shop.test${path}`, { headers: cookie ? { Cookie: cookie } : {} }));
  return response;
}

async function loadData(cookie: string) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads whatever the loader sent
  return (await (await load('/cart', cookie)).json()) as any;
}

function post(cookie: string, fields: Record<string, string>) {
  return callRoute(
    action,
    new Request('http://shop.test/cart', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
      body: new URLSearchParams(fields),
    }),
  );
}

describe('cart route against the real API', () => {
  it('shows the empty cart to a new visitor without creating one', async () => {
    const response = await load('/cart');
    const data = await response.json();
    expect(data.cart.items).toEqual([]);
    expect(data.error).toBeNull();
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('adds with ?add=, keeps the API cart cookie in the session, and changes quantities with Post/Redirect/Get', async () => {
    const added = await load(`/cart?add=${variantId}`);
    expect(added.status).toBe(303);
    expect(added.headers.get('Location')).toBe('/cart');
    const cookie = cookieOf(added);

    let data = await loadData(cookie);
    expect(data.flash).toEqual({ kind: 'success', message: 'Added to Cart!' });
    expect(data.cart.total_items).toBe(1);
    const item = data.cart.items[0];
    // The line names its options as the product page does ('Colour: Ink black'), never by code (issue 45, item 6).
    const lines: string[] = item.variant_info.attributes.map((a: Parameters<typeof optionLine>[0]) => optionLine(a));
    expect(lines.find((line) => line.startsWith('Colour: '))).toMatch(/^Colour: [A-Z][a-z]+( [a-z]+)*$/);
    expect(lines.find((line) => line.startsWith('Size: '))).toMatch(/^Size: [A-Z][a-z]+( [a-z]+)*$/);

    const increment = await post(cookie, { intent: 'increment', itemId: item.id, quantity: '1' });
    expect(increment.status).toBe(303);
    expect(increment.headers.get('Location')).toBe('/cart');
    data = await loadData(cookie);
    expect(data.cart.items[0].quantity).toBe(2);
    expect(data.cart.total_price).toBe(item.price_at_addition * 2);

    await post(cookie, { intent: 'decrement', itemId: item.id, quantity: '2' });
    await post(cookie, { intent: 'decrement', itemId: item.id, quantity: '1' });
    data = await loadData(cookie);
    // Minus never goes below 1.
    expect(data.cart.items[0].quantity).toBe(1);

    await post(cookie, { intent: 'remove', itemId: item.id });
    data = await loadData(cookie);
    expect(data.cart.items).toEqual([]);
  });

  it('clears the cart and shows an API refusal as a flash', async () => {
    const cookie = cookieOf(await load(`/cart?add=${variantId}`));
    const refused = await post(cookie, { intent: 'increment', itemId: '00000000-0000-4000-8000-000000000000', quantity: '1' });
    expect(refused.status).toBe(303);
    const afterRefusal = await loadData(cookieOf(refused));
    expect(afterRefusal.flash).toEqual({ kind: 'error', message: 'Cart item not found' });

    await post(cookie, { intent: 'clear' });
    expect((await loadData(cookie)).cart.items).toEqual([]);
  });

  it('sends a visitor who checks out to the sign-in modal', async () => {
    const cookie = cookieOf(await load(`/cart?add=${variantId}`));
    const response = await post(cookie, { intent: 'checkout' });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/cart?checkout=resume&auth=email');
  });

  it("says why a checkout could not start, as 'Checkout error: …' with the API's reason", async () => {
    const member = shopper(api);
    const cookie = await storefrontCookie(await member.register());
    const withLine = cookieOf(await load(`/cart?add=${variantId}`, cookie));
    const { stock_quantity } = await api.database.db
      .selectFrom('product_variants')
      .select('stock_quantity')
      .where('id', '=', variantId)
      .executeTakeFirstOrThrow();
    await api.database.db.updateTable('product_variants').set({ stock_quantity: 0 }).where('id', '=', variantId).execute();
    try {
      const refused = await post(withLine, { intent: 'checkout' });
      expect(refused.status).toBe(303);
      const data = await loadData(cookieOf(refused));
      expect(data.flash).toEqual({ kind: 'error', message: expect.stringMatching(/^Checkout error: .+ is out of stock$/) });
    } finally {
      await api.database.db.updateTable('product_variants').set({ stock_quantity }).where('id', '=', variantId).execute();
    }
  });

  it("says 'Error loading cart' when the API cannot be reached", async () => {
    const cookie = cookieOf(await load(`/cart?add=${variantId}`));
    process.env.API_URL = 'http://127.0.0.1:9';
    try {
      const data = await loadData(cookie);
      expect(data.cart).toBeNull();
      expect(data.error).toBe('Failed to fetch');
    } finally {
      process.env.API_URL = api.url;
    }
  });

  it('applies a discount code as a plain post: the loader prices it; a bad code answers its reason; one code per order; Remove takes it away', async () => {
    const made = await fetch(`${api.url}/api/admin/discounts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ code: 'ROUTE10', kind: 'percent', value: 10 }),
    });
    expect(made.status).toBe(201);
    const cookie = cookieOf(await load(`/cart?add=${variantId}`));

    const empty = await post(cookie, { intent: 'apply-discount', code: '  ' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ discountError: 'Enter a discount code' });
    const unknown = await post(cookie, { intent: 'apply-discount', code: 'nope-nope' });
    expect(unknown.status).toBe(409);
    expect(await unknown.json()).toEqual({ discountError: 'The code NOPE-NOPE is not valid. Check its spelling.', code: 'nope-nope' });

    const applied = await post(cookie, { intent: 'apply-discount', code: 'route10' });
    expect(applied.status).toBe(303);
    const withCode = cookieOf(applied);
    const data = await loadData(withCode);
    expect(data.flash).toEqual({ kind: 'success', message: 'The code ROUTE10 is applied.' });
    const total = data.cart.total_price;
    expect(data.discount).toMatchObject({
      code: 'ROUTE10',
      error: null,
      quote: { discount: Math.floor((total * 10 + 50) / 100), subtotal: total },
    });

    const second = await post(withCode, { intent: 'apply-discount', code: 'OTHER1' });
    expect(await second.json()).toMatchObject({ discountError: 'One code per order: remove the code applied to use another.' });

    const removed = await post(withCode, { intent: 'remove-discount' });
    expect(removed.status).toBe(303);
    const after = await loadData(cookieOf(removed));
    expect(after.discount).toBeNull();
    expect(after.flash).toEqual({ kind: 'success', message: 'The discount code was removed.' });
  });

  it('takes a gift card as a plain post: its balance shows and pays in the summary; a wrong code says so; checkout with a card covering it all asks for the address of a first order on a page of the shop', async () => {
    const issued = await fetch(`${api.url}/api/admin/gift-cards`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: 50_000 }),
    });
    const { code } = (await issued.json()) as { code: string };
    const member = shopper(api);
    const cookie = cookieOf(await load(`/cart?add=${variantId}`, await storefrontCookie(await member.register())));

    const wrong = await post(cookie, { intent: 'apply-gift-card', gift_card_code: 'FILO-0000' });
    expect(wrong.status).toBe(404);
    expect(await wrong.json()).toMatchObject({ giftCardError: 'This gift card code is not valid. Check its spelling.' });
    const applied = await post(cookie, { intent: 'apply-gift-card', gift_card_code: code.toLowerCase() });
    expect(applied.status).toBe(303);
    const withCard = cookieOf(applied);
    const data = await loadData(withCard);
    expect(data.flash).toEqual({ kind: 'success', message: `Gift card ····${code.slice(-4)} applied: €500.00 available.` });
    expect(data.giftCard).toEqual({ last4: code.slice(-4), balance: 50_000, error: null });
    expect(data.storeCredit).toBe(0);

    const paid = await post(withCard, { intent: 'checkout' });
    expect(paid.status).toBe(303);
    // Nothing to pay, but no address on file yet: the shop asks where it goes on a page of its own (ADR 062).
    expect(paid.headers.get('Location')).toBe('/checkout/address');
    const removed = await post(withCard, { intent: 'remove-gift-card' });
    expect((await loadData(cookieOf(removed))).giftCard).toBeNull();
  });

  it("a signed-in shopper's cart page comes in one call to the API, with their store credit (issue 36)", async () => {
    const member = shopper(api);
    const user = await member.register();
    const credited = await fetch(`${api.url}/api/admin/customers/${user.user.id}/store-credit`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: 1_200, reason: 'Late delivery' }),
    });
    expect(credited.status).toBe(200);
    const cookie = cookieOf(await load(`/cart?add=${variantId}`, await storefrontCookie(user)));
    const calls: string[] = [];
    const counting: typeof fetch = (input, init) => {
      calls.push(`${init?.method ?? 'GET'} ${new URL(input instanceof Request ? input.url : input).pathname}`);
      return fetch(input, init);
    };
    const request = new Request('http://shop.test/cart', { headers: { Cookie: cookie } });
    const response = await callRoute(loader, request, {}, { context: contextFor(request, { fetch: counting }) });
    const data = (await response.json()) as { storeCredit: number; cart: { items: unknown[] } };
    expect(data.storeCredit).toBe(1_200);
    expect(data.cart.items).toHaveLength(1);
    expect(calls).toEqual(['GET /api/cart/']);
  });
});
