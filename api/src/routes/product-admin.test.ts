// The owner's products: made one variant per colour and size, launched, renamed, archived and brought back.

import { describe, expect, it } from 'vitest';

import { shopper } from '../../../tests/support/shopper';
import { staffMember } from '../../../tests/support/staff';
import { useDropsApi } from './drops.test-support';

const { api, admin, newDrop, counter } = useDropsApi();

describe('the owner creates products', () => {
  it('makes one variant per colour and size, in the shop display order, audited; the name and SKUs stay unique; staff may not', async () => {
    const drop = await newDrop({ inMs: -60_000, limit: null });
    expect(drop.variants.map((v) => v.sku)).toEqual([
      `DH${counter.made}-BLACK-S`,
      `DH${counter.made}-BLACK-M`,
      `DH${counter.made}-BLACK-LXL`,
      `DH${counter.made}-SAND-S`,
      `DH${counter.made}-SAND-M`,
      `DH${counter.made}-SAND-LXL`,
    ]);
    const details = await api.app.request(`/api/products/details?product_name=${encodeURIComponent(drop.name)}`);
    const body = await details.json();
    expect(body).toMatchObject({
      name: drop.name,
      price: 8_900,
      coming_soon: false,
      purchase_limit: null,
      categories: [{ name: 'Hoodies' }],
    });
    expect(body.variants[2].attributes.map((a: { attribute_name: string; value: string }) => `${a.attribute_name}=${a.value}`)).toEqual([
      'color=BLACK',
      'size=L/XL',
    ]);
    // Shoppers read the owner's own words; the codes stay for addresses and filters.
    expect(body.variants[3].attributes.map((a: { value_description: string | null }) => a.value_description)).toEqual(['Sand', 'S']);
    const audit = await admin('GET', `audit?subject_type=product&subject_id=${drop.id}`);
    expect(audit.body[0]).toMatchObject({ actor: 'cli', action: 'product.create' });

    const again = await admin('POST', 'products', {
      ...body,
      name: drop.name,
      category: 'Hoodies',
      launch_date: drop.launch_date,
      purchase_limit: null,
      sku_prefix: 'ZZ',
      colours: ['Black'],
      sizes: ['S'],
      stock_per_variant: 1,
    });
    expect(again).toEqual({ status: 409, body: { detail: `A product named ${drop.name} already exists`, code: 'already_exists' } });
    const sameSkus = await admin('POST', 'products', {
      ...body,
      name: 'Other Hoodie',
      category: 'Hoodies',
      launch_date: drop.launch_date,
      purchase_limit: null,
      sku_prefix: `DH${counter.made}`,
      colours: ['Black'],
      sizes: ['S'],
      stock_per_variant: 1,
    });
    expect(sameSkus.status).toBe(409);
    expect(await api.database.db.selectFrom('products').select('id').where('name', '=', 'Other Hoodie').executeTakeFirst()).toBeUndefined();

    for (const wrong of [
      { name: '' },
      { price: -1 },
      { colours: [] },
      { colours: ['Black', 'black'] },
      { sku_prefix: 'a' },
      { purchase_limit: 0 },
      { launch_date: 'soon' },
    ]) {
      expect(
        (
          await admin('POST', 'products', {
            ...body,
            category: 'Hoodies',
            launch_date: drop.launch_date,
            purchase_limit: null,
            sku_prefix: 'QQ',
            colours: ['Red'],
            sizes: ['S'],
            stock_per_variant: 1,
            name: 'Fresh Name',
            ...wrong,
          })
        ).status,
      ).toBe(422);
    }
    const staff = await staffMember(api, 'staff');
    expect((await admin('GET', 'products', undefined, { Authorization: `Bearer ${staff.token}` })).status).toBe(403);
  });

  it('a product without a launch time is on sale now, and a drop whose launch is cleared goes on sale now', async () => {
    counter.made += 1;
    const now = api.clock.now().getTime();
    const base = {
      category: 'Hoodies',
      short_description: 'Heavy fleece.',
      long_description: '',
      price: 8_900,
      purchase_limit: null,
      colours: ['Black'],
      sizes: ['M'],
      stock_per_variant: 3,
    };
    const plain = await admin('POST', 'products', { ...base, name: `Plain Hoodie ${counter.made}`, sku_prefix: `PH${counter.made}` });
    expect(plain.status).toBe(201);
    expect(plain.body.coming_soon).toBe(false);
    expect(new Date(plain.body.launch_date).getTime()).toBe(now);

    const drop = await newDrop({ inMs: 86_400_000 });
    const { variants: _variants, ...current } = (await admin('GET', `products/${drop.id}`)).body;
    const edited = await admin('PUT', `products/${drop.id}`, { ...current, category: 'Hoodies', launch_date: null });
    expect(edited.status).toBe(200);
    expect(edited.body.coming_soon).toBe(false);
    // A product on sale already keeps its launch (and its place in the shop) when the field is left empty.
    const again = await admin('PUT', `products/${drop.id}`, { ...current, category: 'Hoodies', launch_date: null });
    expect(again.body.launch_date).toBe(edited.body.launch_date);
  });

  it('renaming keeps the old name as a redirect; an edit is audited with what it replaced', async () => {
    const drop = await newDrop({ inMs: -60_000 });
    const current = (await admin('GET', `products/${drop.id}`)).body;
    const edit = {
      name: `${drop.name} Renamed`,
      category: 'Outerwear',
      short_description: 'New words.',
      long_description: '',
      price: 9_500,
      launch_date: current.launch_date,
      purchase_limit: 2,
    };
    const res = await admin('PUT', `products/${drop.id}`, edit);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: edit.name, category: 'Outerwear', price: 9_500, purchase_limit: 2 });
    expect(res.body.variants.every((v: { price: number }) => v.price === 9_500)).toBe(true);
    const renamed = await api.app.request(`/api/products/renamed?product_name=${encodeURIComponent(drop.name)}`);
    expect(await renamed.json()).toEqual({ name: edit.name });
    expect((await api.app.request('/api/products/renamed?product_name=Never%20Was')).status).toBe(404);
    const audit = (await admin('GET', `audit?subject_type=product&subject_id=${drop.id}`)).body[0];
    expect(audit).toMatchObject({
      action: 'product.edit',
      before: { name: drop.name, price: 8_900, purchase_limit: 1 },
      after: { name: edit.name, price: 9_500 },
    });
    expect((await admin('PUT', `products/${drop.id}`, { ...edit, price: 'free' })).status).toBe(422);
    expect((await admin('GET', `products/${drop.id}`)).body.price).toBe(9_500);
  });
});

describe('archiving', () => {
  it('takes a product out of the listing, its page, carts and checkouts, and brings it back', async () => {
    const drop = await newDrop({ inMs: -1000, limit: null });
    const buyer = shopper(api);
    await buyer.register();
    expect((await buyer.post('/api/cart/add', { variant_id: drop.variants[0].id, quantity: 1 })).status).toBe(200);
    const archived = await admin('POST', `products/${drop.id}/archive`, { archived: true });
    expect(archived.body.archived_at).toBe(api.clock.now().toISOString());
    const names = async () =>
      (await (await api.app.request('/api/products/list', { method: 'POST' })).json()).map((p: { name: string }) => p.name);
    expect(await names()).not.toContain(drop.name);
    expect((await api.app.request(`/api/products/details?product_name=${encodeURIComponent(drop.name)}`)).status).toBe(404);
    expect((await buyer.post('/api/cart/add', { variant_id: drop.variants[1].id, quantity: 1 })).body).toEqual({
      detail: `${drop.name} is no longer sold`,
      code: 'not_found',
    });
    // What the cart held cannot be checked out either.
    const checkout = await buyer.post('/api/checkout/', {
      success_url: 'http://shop.test/s?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://shop.test/c',
      email: buyer.email,
      metadata: {},
    });
    expect(checkout.body).toEqual({ detail: `${drop.name} is no longer sold`, code: 'not_found' });
    expect((await admin('GET', 'products')).body.find((p: { id: string }) => p.id === drop.id).archived_at).not.toBeNull();

    expect((await admin('POST', `products/${drop.id}/archive`, { archived: false })).body.archived_at).toBeNull();
    expect(await names()).toContain(drop.name);
    const audit = (await admin('GET', `audit?subject_type=product&subject_id=${drop.id}`)).body.map((e: { action: string }) => e.action);
    expect(audit.slice(0, 2)).toEqual(['product.restore', 'product.archive']);
  });
});
