// A product's variants edited one by one, and its size chart.

import { describe, expect, it } from 'vitest';

import { shopper } from '../../../tests/support/shopper';
import { readOutbox } from '../services/mail';
import { useDropsApi } from './drops.test-support';

const { api, admin, newDrop, counter } = useDropsApi();

describe('variants one by one', () => {
  it('an owner edits a variant (SKU, price, grid listing, units in and out) and adds one; each is audited and checked', async () => {
    const drop = await newDrop({ inMs: -1000, limit: null, stock: 0 });
    const [variant] = drop.variants;
    const fan = shopper(api);
    await fan.register();
    await fan.post('/api/products/wishlist', { email: fan.email, product_variant_id: variant.id });

    const edited = await admin('PUT', `products/${drop.id}/variants/${variant.id}`, {
      sku: `${variant.sku}-X`,
      price: 9_900,
      is_listed: true,
      listing_description: 'The black one, small.',
      stock_change: 4,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.variants[0]).toMatchObject({
      sku: `${variant.sku}-X`,
      price: 9_900,
      is_listed: true,
      listing_description: 'The black one, small.',
      stock_quantity: 4,
    });
    // Back from 0: whoever waited is told.
    expect((await readOutbox(api.database.db, fan.email!)).some((m) => m.subject === `Back in stock: ${drop.name}`)).toBe(true);
    // Listed: the variant is a card of its own on the grid.
    const list = await (await api.app.request('/api/products/list', { method: 'POST' })).json();
    expect(
      list
        .filter((item: { name: string }) => item.name === drop.name)
        .map((item: { is_variant_listing: boolean }) => item.is_variant_listing),
    ).toEqual([false, true]);

    expect(
      (
        await admin('PUT', `products/${drop.id}/variants/${variant.id}`, {
          sku: `${variant.sku}-X`,
          price: 9_900,
          is_listed: true,
          listing_description: null,
          stock_change: -5,
        })
      ).body,
    ).toEqual({
      detail: 'Only 4 in stock: 5 cannot be taken away',
      code: 'conflict',
    });
    expect(
      (
        await admin('PUT', `products/${drop.id}/variants/${variant.id}`, {
          sku: drop.variants[1].sku,
          price: 9_900,
          is_listed: false,
          listing_description: null,
          stock_change: 0,
        })
      ).status,
    ).toBe(409);
    expect((await admin('GET', `products/${drop.id}`)).body.variants[0]).toMatchObject({
      sku: `${variant.sku}-X`,
      stock_quantity: 4,
      listing_description: 'The black one, small.',
    });

    const added = await admin('POST', `products/${drop.id}/variants`, {
      colour: 'Olive',
      size: 'XL',
      sku: `OLIVE-${counter.made}`,
      price: 9_500,
      stock: 7,
    });
    expect(added.status).toBe(201);
    expect(added.body.variants.at(-1)).toMatchObject({ sku: `OLIVE-${counter.made}`, description: 'Olive, XL', stock_quantity: 7 });
    expect(
      (
        await admin('POST', `products/${drop.id}/variants`, {
          colour: 'olive',
          size: 'xl',
          sku: `OLIVE-${counter.made}-2`,
          price: 9_500,
          stock: 1,
        })
      ).body,
    ).toEqual({ detail: 'The product already has a variant with these options', code: 'already_exists' });
    // Options edited one by one: another variant's are refused, free ones taken, the label follows.
    const olive = added.body.variants.at(-1);
    const base = { sku: olive.sku, price: 9_500, is_listed: false, listing_description: null, stock_change: 0 };
    expect(
      (await admin('PUT', `products/${drop.id}/variants/${olive.id}`, { ...base, options: { colour: 'Black', size: 'S' } })).body.code,
    ).toBe('already_exists');
    const moved = await admin('PUT', `products/${drop.id}/variants/${olive.id}`, {
      ...base,
      options: { colour: 'Olive', size: 'L', material: 'Cotton' },
    });
    expect(moved.body.variants.at(-1)).toMatchObject({
      description: 'Olive, Cotton, L',
      options: { colour: 'OLIVE', size: 'L', material: 'COTTON', treatment: null },
    });
    const audit = (await admin('GET', `audit?subject_type=product&subject_id=${drop.id}`)).body.map((e: { action: string }) => e.action);
    expect(audit.slice(0, 3)).toEqual(['variant.edit', 'variant.add', 'variant.edit']);
  });
});

describe('size charts', () => {
  it('an owner writes a chart as rows; the shop shows it in the spec shape, inches worked out; gaps are named', async () => {
    const drop = await newDrop({ inMs: -1000, limit: null });
    expect((await admin('GET', `products/${drop.id}`)).body).toMatchObject({ size_chart: null, sizes: ['S', 'M', 'L/XL'] });
    const rows = {
      fit_description: 'Boxy, dropped shoulder.',
      sizing_tips: ['Between sizes? Take the smaller one.'],
      model_info: ['Ada is 175 cm and wears M.'],
      points: ['Chest width', 'Body length'],
      sizes: [
        { size: 'S', values: { A: 56, B: 68 } },
        { size: 'M', values: { A: 59, B: 70.5 } },
      ],
    };
    const saved = await admin('PUT', `products/${drop.id}/size-chart`, rows);
    expect(saved.status).toBe(200);
    expect(saved.body.size_chart).toEqual({
      ...rows,
      points: [
        { code: 'A', name: 'Chest width' },
        { code: 'B', name: 'Body length' },
      ],
    });
    const details = await (await api.app.request(`/api/products/details?product_name=${encodeURIComponent(drop.name)}`)).json();
    expect(details.variants[0].size_chart).toMatchObject({
      productName: drop.name,
      fitDescription: 'Boxy, dropped shoulder.',
      sizeChart: {
        measurementPoints: [
          { code: 'A', name: 'Chest width' },
          { code: 'B', name: 'Body length' },
        ],
        sizes: [
          {
            sizeName: 'S',
            measurements: [
              { measurementCode: 'A', value: 56, valueInches: 22 },
              { measurementCode: 'B', value: 68, valueInches: 26.8 },
            ],
          },
          expect.anything(),
        ],
      },
    });
    expect(await admin('PUT', `products/${drop.id}/size-chart`, { ...rows, sizes: [{ size: 'L/XL', values: { A: 62 } }] })).toEqual({
      status: 400,
      body: { detail: 'Enter the Body length of size L/XL', code: 'bad_request' },
    });
    expect(
      (await admin('PUT', `products/${drop.id}/size-chart`, { ...rows, sizes: [{ size: 'S', values: { A: -1, B: 2 } }] })).status,
    ).toBe(422);
    expect((await admin('GET', `products/${drop.id}`)).body.size_chart.sizes).toHaveLength(2);
    const audit = (await admin('GET', `audit?subject_type=product&subject_id=${drop.id}`)).body[0];
    expect(audit).toMatchObject({ action: 'product.size_chart', before: null });
  });
});
