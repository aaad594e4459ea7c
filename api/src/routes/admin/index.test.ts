import { describe, expect, it } from 'vitest';

import { buyThroughCheckout, shopper } from '../../../../tests/support/shopper';
import { TEST_ADMIN_TOKEN } from '../../../../tests/support/test-api';
import { useTestApi } from '../../../../tests/support/use-test-api';
import { readOutbox } from '../../services/mail';

const api = useTestApi();

const auth = { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

function restock(sku: string, quantity: number, headers: Record<string, string> = auth) {
  return api.app.request('/api/admin/restock', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ sku, quantity }),
  });
}

async function wish(body: Record<string, string>) {
  const res = await api.app.request('/api/products/wishlist', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
}

/** The back-in-stock emails sent to an address (its Notify Me confirmation aside). */
async function backInStockMail(email: string) {
  return (await readOutbox(api.database.db, email)).filter((m) => m.subject.startsWith('Back in stock'));
}

async function details(name: string) {
  return (await api.app.request(`/api/products/details?product_name=${encodeURIComponent(name)}`)).json();
}

describe('admin routes', () => {
  it('need the bearer token', async () => {
    expect((await api.app.request('/api/admin/stock')).status).toBe(401);
    expect((await api.app.request('/api/admin/stock', { headers: { Authorization: 'Bearer wrong' } })).status).toBe(401);
    const res = await restock('TH-BLK-SM', 1, { Authorization: 'Bearer wrong' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ detail: 'Not authenticated', code: 'not_authenticated' });
  });

  it('list the stock of every variant', async () => {
    const res = await api.app.request('/api/admin/stock', { headers: auth });
    expect(res.status).toBe(200);
    const rows = await res.json();
    expect(rows).toContainEqual({
      sku: 'TT-RED-SM',
      product_name: 'Tracer Tee',
      description: expect.any(String),
      stock_quantity: 0,
      reserved: 0,
      sold_30_days: 0,
      waiting: 0,
    });
    expect(rows).toContainEqual(expect.objectContaining({ sku: 'TT-BLK-SM', stock_quantity: 40 }));
  });

  it('validate restock input and answer 404 for an unknown SKU', async () => {
    expect((await restock('TT-BLK-SM', 0)).status).toBe(422);
    expect((await restock('TT-BLK-SM', 1.5)).status).toBe(422);
    const unknown = await restock('NOPE', 1);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ detail: 'No variant with SKU NOPE', code: 'not_found' });
  });
});

describe('back in stock', () => {
  it('emails each waiting shopper once when a variant goes from 0 to above 0, with a link to the product page', async () => {
    const hoodie = await details('Tracer Hoodie');
    const blackSm = hoodie.variants.find((v: { sku: string }) => v.sku === 'TH-BLK-SM');
    const greyLxl = hoodie.variants.find((v: { sku: string }) => v.sku === 'TH-GRY-LXL');
    await wish({ email: 'variant@example.com', product_variant_id: blackSm.id });
    await wish({ email: 'product@example.com', product_id: hoodie.id });
    await wish({ email: 'other-variant@example.com', product_variant_id: greyLxl.id });

    const res = await restock('TH-BLK-SM', 5);
    expect(res.status).toBe(200);
    const result = await res.json();
    expect(result).toMatchObject({ sku: 'TH-BLK-SM', product_name: 'Tracer Hoodie', previous_quantity: 0, stock_quantity: 5 });
    expect(result.notified.sort()).toEqual(['product@example.com', 'variant@example.com']);

    const [toVariant] = await backInStockMail('variant@example.com');
    expect(toVariant.subject).toBe('Back in stock: Tracer Hoodie');
    expect(toVariant.text).toContain('http://shop.test/product/Tracer%20Hoodie?color=BLACK&treatment=PLAIN&material=COTTON&size=S%2FM');
    expect(toVariant.html).toContain('href="http://shop.test/product/Tracer%20Hoodie?color=BLACK');
    const [toProduct] = await backInStockMail('product@example.com');
    expect(toProduct.text).toContain('http://shop.test/product/Tracer%20Hoodie');
    expect(await backInStockMail('other-variant@example.com')).toEqual([]);

    // Notified entries leave the wishlist; more stock sends nothing again.
    const list = await api.app.request('/api/products/wishlist?email=variant@example.com');
    expect(await list.json()).toEqual([]);
    const more = await (await restock('TH-BLK-SM', 3)).json();
    expect(more).toMatchObject({ previous_quantity: 5, stock_quantity: 8, notified: [] });
    expect(await backInStockMail('variant@example.com')).toHaveLength(1);
  });

  it('sends nothing when the variant was already in stock', async () => {
    const tee = await details('Tracer Tee');
    const blackSm = tee.variants.find((v: { sku: string }) => v.sku === 'TT-BLK-SM');
    await wish({ email: 'early@example.com', product_variant_id: blackSm.id });
    const result = await (await restock('TT-BLK-SM', 1)).json();
    expect(result.notified).toEqual([]);
    expect(await backInStockMail('early@example.com')).toEqual([]);
  });

  it('emails each entry once when two restocks run at once', async () => {
    const jorts = await details('Padded Jorts');
    const greyLxl = jorts.variants.find((v: { sku: string }) => v.sku === 'PJ-GRY-LXL');
    await wish({ email: 'once@example.com', product_variant_id: greyLxl.id });
    const results = await Promise.all([restock('PJ-GRY-LXL', 2), restock('PJ-GRY-LXL', 2)]);
    const notified = (await Promise.all(results.map((r) => r.json()))).flatMap((r) => r.notified);
    expect(notified).toEqual(['once@example.com']);
    expect(await backInStockMail('once@example.com')).toHaveLength(1);
  });
});

describe('the stock page figures', () => {
  it('count what open checkouts hold, what sold in 30 days and who waits, per variant', async () => {
    const stocked = api.stocked;
    const variant = stocked.find((v) => v.sku === 'PJ-BLK-SM') ?? stocked[stocked.length - 1];
    const figures = async () =>
      (
        (await (await api.app.request('/api/admin/stock', { headers: auth })).json()) as {
          sku: string;
          reserved: number;
          sold_30_days: number;
          waiting: number;
          stock_quantity: number;
        }[]
      ).find((r) => r.sku === variant.sku)!;
    const before = await figures();

    // Two checkouts of 2 and 1 units hold 3; one is paid: 1 sold, 2 still held.
    const paying = shopper(api);
    await paying.signInAsGuest();
    const paid = await buyThroughCheckout(api, paying, [{ id: variant.id, quantity: 1 }]);
    expect(paid).toEqual(expect.any(String));
    const holding = shopper(api);
    await holding.signInAsGuest();
    expect((await holding.post('/api/cart/add', { variant_id: variant.id, quantity: 2 })).status).toBe(200);
    const started = await holding.post('/api/checkout/', {
      success_url: 'http://shop.test/s?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://shop.test/cart',
      email: holding.email,
      metadata: {},
    });
    expect(started.status).toBe(200);
    // A request for this variant and one for its whole product both wait for it.
    await wish({ email: 'fan-variant@example.com', product_id: variant.product_id, product_variant_id: variant.id });
    await wish({ email: 'fan-product@example.com', product_id: variant.product_id });

    const after = await figures();
    expect(after.sold_30_days - before.sold_30_days).toBe(1);
    expect(after.reserved - before.reserved).toBe(2);
    expect(after.waiting - before.waiting).toBe(2);
    expect(after.stock_quantity).toBe(before.stock_quantity - 3);

    // Thirty-one days on, the sale no longer counts and the checkout has expired.
    api.clock.advance(31 * 24 * 60 * 60_000);
    const later = await figures();
    expect(later.sold_30_days).toBe(before.sold_30_days);
    expect(later.reserved).toBe(before.reserved);
  });
});
