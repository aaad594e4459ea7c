import { describe, expect, it } from 'vitest';
import { useTestApi } from '../../../tests/support/use-test-api';
import { CATALOGUE } from '../seed/catalogue-data';

const api = useTestApi();

type Json = Record<string, any>;

async function list(): Promise<Json[]> {
  const res = await api.app.request('/api/products/list', { method: 'POST' });
  expect(res.status).toBe(200);
  return res.json();
}

describe('POST /api/products/list', () => {
  it('lists every product with the fields of the spec, newest launch first', async () => {
    const items = await list();
    const products = items.filter((i) => !i.is_variant_listing);
    expect(products.map((p) => p.name).sort()).toEqual(CATALOGUE.map((p) => p.name).sort());
    const launches = products.map((p) => Date.parse(p.launch_date));
    expect(launches).toEqual([...launches].sort((a, b) => b - a));
    for (const item of items) {
      // The spec's fields, and the two a drop adds (coming_soon, purchase_limit; ADR 028).
      expect(Object.keys(item).sort()).toEqual(
        [
          'background_images',
          'categories',
          'coming_soon',
          'purchase_limit',
          'featured_images',
          'id',
          'in_stock',
          'is_variant_listing',
          'launch_date',
          'name',
          'price',
          'product_images',
          'short_description',
          'variant_info',
        ].sort(),
      );
      expect(Number.isInteger(item.price)).toBe(true);
      expect(item.categories[0]).toEqual({ name: expect.any(String) });
      expect(item.featured_images.length).toBeGreaterThan(0);
      for (const image of [...item.featured_images, ...item.product_images, ...item.background_images]) {
        expect(image).toMatchObject({ bucket_name: 'product-images', url: null, storage_path: expect.stringMatching(/\.webp$/) });
        expect(image.width).toBeGreaterThan(0);
        expect(image.height).toBeGreaterThan(0);
      }
      expect(item.background_images.every((i: Json) => i.type === 'background')).toBe(true);
    }
  });

  it('prices in cents from the database and marks a sold-out product as out of stock', async () => {
    const items = await list();
    const tee = items.find((i) => i.name === 'Tracer Tee' && !i.is_variant_listing)!;
    expect(tee.price).toBe(4500);
    expect(tee.in_stock).toBe(true);
    const hoodie = items.find((i) => i.name === 'Tracer Hoodie')!;
    expect(hoodie.in_stock).toBe(false);
  });

  it('includes variant listings with variant_info and a short description carrying the options', async () => {
    const listings = (await list()).filter((i) => i.is_variant_listing);
    expect(listings.length).toBeGreaterThanOrEqual(2);
    for (const listing of listings) {
      expect(listing.variant_info).toMatchObject({ variant_id: expect.any(String), sku: expect.any(String) });
      expect(listing.short_description).toMatch(/(BLACK|RED|BEIGE|GREY)/);
      expect(listing.short_description).toMatch(/(S\/M|L\/XL)/);
    }
    const red = listings.find((l) => l.short_description.includes('RED'))!;
    expect(red.name).toBe('Tracer Tee');
    expect(red.featured_images[0].storage_path).toBe('tracer-tee/red-front.webp');
    const attributes = Object.fromEntries(red.variant_info.attributes.map((a: Json) => [a.attribute_name, a.value]));
    expect(attributes).toEqual({ color: 'RED', treatment: 'PLAIN', material: 'COTTON', size: 'L/XL' });
  });

  it('accepts an empty JSON body as well as none', async () => {
    const res = await api.app.request('/api/products/list', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect((await res.json()).length).toBeGreaterThan(0);
  });
});

describe('GET /api/products/details', () => {
  it('answers every detail field, variants with attributes, images and the size chart', async () => {
    const res = await api.app.request(`/api/products/details?product_name=${encodeURIComponent('Padded Jorts')}`);
    expect(res.status).toBe(200);
    const product = await res.json();
    expect(product).toMatchObject({
      id: expect.any(String),
      name: 'Padded Jorts',
      short_description: expect.any(String),
      long_description: expect.any(String),
      price: 12000,
      in_stock: true,
      categories: [{ name: 'Bottoms' }],
    });
    expect(product.long_description.length).toBeGreaterThan(200);
    expect(product.product_images.map((i: Json) => i.type)).toEqual(['product', 'product', 'product']);
    expect(product.background_images).toHaveLength(1);
    expect(product.variants).toHaveLength(6);

    const grey = product.variants.find((v: Json) => v.sku === 'PJ-GRY-LXL');
    expect(grey).toMatchObject({ in_stock: false, stock_quantity: 0, price: 12000 });
    expect(grey.attributes.map((a: Json) => a.attribute_name)).toEqual(['color', 'treatment', 'material', 'size']);
    expect(grey.attributes[0]).toEqual({ attribute_name: 'color', value: 'GREY', order: 1, value_description: expect.any(String) });
    expect(grey.product_images[0].storage_path).toBe('padded-jorts/grey-front.webp');

    const chart = grey.size_chart;
    expect(chart).toMatchObject({
      productName: 'Padded Jorts',
      productDescription: expect.any(String),
      fitDescription: expect.any(String),
      sizingTips: expect.arrayContaining([expect.any(String)]),
      modelInfo: [{ modelDescription: expect.any(String) }],
      measurementGuideImageUrl: 'http://localhost:8787/storage/v1/object/public/product-images/padded-jorts/size-guide.webp',
      specialFeatures: expect.arrayContaining([{ name: expect.any(String), description: expect.any(String) }]),
    });
    expect(chart.sizeChart.measurementPoints.map((p: Json) => p.code)).toEqual(['A', 'B', 'C', 'D']);
    expect(chart.sizeChart.sizes.map((s: Json) => s.sizeName)).toEqual(['S/M', 'L/XL']);
    expect(chart.sizeChart.sizes[0].measurements[0]).toEqual({ measurementCode: 'A', value: 78, valueInches: 30.7 });
    expect(chart.conversionChart.conversions[0]).toMatchObject({ jortsSize: 'S/M', usUkWaist: expect.any(Array), italianSize: expect.any(Array) });
  });

  it('answers 404 with a detail for an unknown product', async () => {
    const res = await api.app.request('/api/products/details?product_name=Nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Product not found', code: 'not_found' });
  });

  it('answers 422 with a located list when product_name is missing', async () => {
    const res = await api.app.request('/api/products/details');
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ detail: [{ loc: ['query', 'product_name'], msg: 'Field required', type: 'missing' }], code: 'invalid_request' });
  });

  it('treats hostile names as plain text', async () => {
    const res = await api.app.request(`/api/products/details?product_name=${encodeURIComponent("' OR 1=1; DROP TABLE products; --")}`);
    expect(res.status).toBe(404);
    expect((await list()).length).toBeGreaterThan(0);
  });
});

describe('unknown routes', () => {
  it('answer 404 with a detail', async () => {
    const res = await api.app.request('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Not Found', code: 'not_found' });
  });
});
