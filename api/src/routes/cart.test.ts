import { describe, expect, it } from 'vitest';

import { setVariant, shopper, stockOf, uniqueEmail, variantLabelOf } from '../../../tests/support/shopper';
import { useTestApi } from '../../../tests/support/use-test-api';

const api = useTestApi();

const add = (s: ReturnType<typeof shopper>, variant: { id: string; product_id: string }, extra: Record<string, unknown> = {}) =>
  s.post('/api/cart/add', {
    product_id: variant.product_id,
    variant_id: variant.id,
    quantity: 1,
    price_at_addition: variant.id.length,
    ...extra,
  });

describe('cart by cookie', () => {
  it('answers an empty cart without making one', async () => {
    const s = shopper(api);
    const res = await s.get('/api/cart/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ cart_id: null, user_id: null, total_price: 0, total_items: 0, items: [] });
    expect(s.cartCookie).toBeUndefined();
  });

  it('sets an HttpOnly, SameSite=Lax cookie on the first add and answers the Cart of docs/product.md#data-cart', async () => {
    const s = shopper(api);
    const [variant] = api.stocked;
    const res = await add(s, variant);
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^cart_token=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api/);
    expect(res.body).toMatchObject({ cart_id: expect.any(String), user_id: null, total_price: variant.price, total_items: 1 });
    const [item] = res.body.items;
    expect(item).toMatchObject({
      id: expect.any(String),
      quantity: 1,
      price_at_addition: variant.price,
      subtotal: variant.price,
      product: {
        name: variant.name,
        sku: variant.sku,
        short_description: expect.any(String),
        image: expect.stringContaining('/storage/v1/object/public/'),
      },
      variant_info: { sku: variant.sku, description: expect.any(String) },
    });
    expect(item.variant_info.attributes[0]).toEqual({
      attribute_name: expect.any(String),
      value: expect.any(String),
      value_description: expect.anything(),
      order: expect.any(Number),
    });
    // Only the hash of the token is stored.
    const stored = await api.database.db
      .selectFrom('carts')
      .select('token_hash')
      .where('id', '=', res.body.cart_id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(s.cartCookie);
    expect((await s.get('/api/cart/')).body.cart_id).toBe(res.body.cart_id);
  });

  it('ignores a tampered price: the catalogue price is charged', async () => {
    const s = shopper(api);
    const [variant] = api.stocked;
    const res = await add(s, variant, { price_at_addition: 1, quantity: 2 });
    expect(res.body.items[0].price_at_addition).toBe(variant.price);
    expect(res.body.total_price).toBe(variant.price * 2);
    expect(res.body.total_items).toBe(2);
  });

  it('adds to the same line, changes quantities, and removes a line at quantity 0', async () => {
    const s = shopper(api);
    const [a, b] = api.stocked;
    await add(s, a);
    await add(s, a);
    const two = await add(s, b);
    expect(two.body.items).toHaveLength(2);
    const lineA = two.body.items.find((i: { variant_info: { sku: string } }) => i.variant_info.sku === a.sku);
    expect(lineA.quantity).toBe(2);
    const three = await s.put(`/api/cart/item/${lineA.id}`, { quantity: 3 });
    expect(three.status).toBe(200);
    expect(three.body.total_items).toBe(4);
    const removed = await s.put(`/api/cart/item/${lineA.id}`, { quantity: 0 });
    expect(removed.body.items.map((i: { variant_info: { sku: string } }) => i.variant_info.sku)).toEqual([b.sku]);
    const deleted = await s.del(`/api/cart/item/${removed.body.items[0].id}`);
    expect(deleted.body).toMatchObject({ total_items: 0, total_price: 0, items: [] });
  });

  it('counts the units for the badge in one answer, as the cart does, for a cookie or a signed-in shopper', async () => {
    const visitor = shopper(api);
    expect((await visitor.get('/api/cart/count')).body).toEqual({ total_items: 0 });
    expect(visitor.cartCookie).toBeUndefined();
    const [a, b] = api.stocked;
    await add(visitor, a, { quantity: 2 });
    await add(visitor, b);
    const count = await visitor.get('/api/cart/count');
    expect(count.headers.get('cache-control')).toBe('private, no-store');
    expect(count.body).toEqual({ total_items: (await visitor.get('/api/cart/')).body.total_items });
    expect(count.body.total_items).toBe(3);

    const member = shopper(api);
    await member.register();
    expect((await member.get('/api/cart/count')).body).toEqual({ total_items: 0 });
    await add(member, a);
    expect((await member.get('/api/cart/count')).body).toEqual({ total_items: 1 });
    // A visitor who signs in with a cart of their own: it is merged, and counted with the account's.
    await visitor.register();
    expect(visitor.cartCookie).toBeDefined();
    expect((await visitor.get('/api/cart/count')).body).toEqual({ total_items: 3 });
    expect((await visitor.get('/api/cart/')).body.total_items).toBe(3);
  });

  it('refuses more than the stock with a detail naming the product', async () => {
    const s = shopper(api);
    const variant = api.stocked[2];
    await setVariant(api, variant.id, { stock_quantity: 2 });
    await add(s, variant, { quantity: 2 });
    const over = await add(s, variant);
    expect(over.status).toBe(409);
    expect(over.body.detail).toContain(variant.name);
    expect(over.body.detail).toContain('only 2 available');
    const line = (await s.get('/api/cart/')).body.items[0];
    const put = await s.put(`/api/cart/item/${line.id}`, { quantity: 5 });
    expect(put.status).toBe(409);
    expect(put.body.detail).toContain(variant.name);
    await setVariant(api, variant.id, { stock_quantity: 0 });
    const none = await shopper(api).post('/api/cart/add', { variant_id: variant.id });
    expect(none.status).toBe(409);
    // Named as the shopper chose it, never by its internal SKU.
    expect(none.body.detail).toBe(`${await variantLabelOf(api, variant)} is out of stock`);
    expect(over.body.detail).toBe(`Not enough stock for ${await variantLabelOf(api, variant)}: only 2 available`);
    expect(`${over.body.detail} ${put.body.detail} ${none.body.detail}`).not.toContain(variant.sku);
    await setVariant(api, variant.id, { stock_quantity: variant.stock_quantity });
  });

  it('names a variant by the words of its product page, leaving out what every variant shares', async () => {
    const red = await api.database.db
      .selectFrom('product_variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['v.id', 'v.stock_quantity'])
      .where('p.name', '=', 'Tracer Tee')
      .where('v.sku', 'like', '%RED%SM%')
      .executeTakeFirstOrThrow();
    await setVariant(api, red.id, { stock_quantity: 0 });
    const none = await shopper(api).post('/api/cart/add', { variant_id: red.id });
    expect(none.body.detail).toBe('Tracer Tee (Signal red, Small to medium) is out of stock');
    await setVariant(api, red.id, { stock_quantity: red.stock_quantity });
  });

  it('answers 404 for unknown variants and items, and for another cart\u2019s item', async () => {
    const s = shopper(api);
    const unknown = await s.post('/api/cart/add', { variant_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Product variant not found');
    const mismatch = await s.post('/api/cart/add', { variant_id: api.stocked[0].id, product_id: '00000000-0000-4000-8000-000000000000' });
    expect(mismatch.status).toBe(404);

    const other = shopper(api);
    const theirs = (await add(other, api.stocked[0])).body.items[0];
    await add(s, api.stocked[1]);
    expect((await s.put(`/api/cart/item/${theirs.id}`, { quantity: 2 })).status).toBe(404);
    expect((await s.del(`/api/cart/item/${theirs.id}`)).body).toEqual({ detail: 'Cart item not found', code: 'not_found' });
    expect((await other.get('/api/cart/')).body.items[0].quantity).toBe(1);
  });

  it('answers 422 lists for bad payloads', async () => {
    const s = shopper(api);
    const res = await s.post('/api/cart/add', { variant_id: 'nope', quantity: 0 });
    expect(res.status).toBe(422);
    expect(res.body.detail.map((d: { loc: string[] }) => d.loc.join('.'))).toEqual(
      expect.arrayContaining(['body.variant_id', 'body.quantity']),
    );
    expect((await s.put('/api/cart/item/x', { quantity: 1 })).status).toBe(422);
    expect((await s.put(`/api/cart/item/${api.stocked[0].id}`, { quantity: -1 })).status).toBe(422);
    const notJson = await api.app.request('/api/cart/add', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' });
    expect(notJson.status).toBe(422);
  });

  it('clears the cart', async () => {
    const s = shopper(api);
    await add(s, api.stocked[0]);
    await add(s, api.stocked[1]);
    const res = await s.del('/api/cart/clear');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total_items: 0, items: [] });
  });
});

describe('cart of a signed-in shopper', () => {
  it('uses the bearer token\u2019s cart and refuses a bad token', async () => {
    const s = shopper(api);
    const { user } = await s.signInAsGuest();
    const res = await add(s, api.stocked[0]);
    expect(res.body.user_id).toBe(user.id);
    const bad = await api.app.request('/api/cart/', { headers: { Authorization: 'Bearer nope' } });
    expect(bad.status).toBe(401);
  });

  it('merges the anonymous cart at login: quantities added, nothing lost, anonymous cart gone', async () => {
    const [a, b] = api.stocked;
    const member = shopper(api);
    const address = uniqueEmail('merge');
    await member.register(address);
    await add(member, a);

    const browser = shopper(api);
    await add(browser, a);
    await add(browser, a);
    await add(browser, b);
    const anonymousCartId = (await browser.get('/api/cart/')).body.cart_id;
    const { user } = await browser.login(address);

    const merged = await browser.get('/api/cart/');
    expect(merged.body.user_id).toBe(user.id);
    const quantities = Object.fromEntries(
      merged.body.items.map((i: { variant_info: { sku: string }; quantity: number }) => [i.variant_info.sku, i.quantity]),
    );
    expect(quantities).toEqual({ [a.sku]: 3, [b.sku]: 1 });
    expect(await api.database.db.selectFrom('carts').select('id').where('id', '=', anonymousCartId).executeTakeFirst()).toBeUndefined();
    browser.signOut();
    expect((await browser.get('/api/cart/')).body.items).toEqual([]);
  });

  it('merges at guest verification and at registration too, beyond the stock if need be', async () => {
    const variant = api.stocked[3];
    await setVariant(api, variant.id, { stock_quantity: 1 });
    const guest = shopper(api);
    await add(guest, variant);
    await guest.signInAsGuest();
    expect((await guest.get('/api/cart/')).body.items[0].quantity).toBe(1);

    const newcomer = shopper(api);
    await add(newcomer, variant);
    const { user } = await newcomer.register();
    const cart = (await newcomer.get('/api/cart/')).body;
    expect(cart).toMatchObject({ user_id: user.id, total_items: 1 });
    await setVariant(api, variant.id, { stock_quantity: variant.stock_quantity });
  });

  it('merges concurrent sign-ins of the same anonymous cart once', async () => {
    const [a] = api.stocked;
    const address = uniqueEmail('twice');
    const member = shopper(api);
    await member.register(address);
    const browser = shopper(api);
    await add(browser, a);
    await Promise.all([browser.login(address), browser.login(address)]);
    expect((await browser.get('/api/cart/')).body.total_items).toBe(1);
  });

  it('keeps the stock untouched: a cart reserves nothing', async () => {
    const [a] = api.stocked;
    const before = await stockOf(api, a.id);
    await add(shopper(api), a);
    expect(await stockOf(api, a.id)).toBe(before);
  });
});
