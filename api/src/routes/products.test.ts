import { describe, expect, it } from 'vitest';

import type { Json } from '../../../tests/support/shopper';
import { useTestApi } from '../../../tests/support/use-test-api';
import { CATALOGUE } from '../seed/catalogue-data';

const api = useTestApi();

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
      // The spec's fields, the two a drop adds (coming_soon, purchase_limit; ADR 028) and the Italian texts (translations, issue 38).
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
          'translations',
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
    expect(chart.conversionChart.conversions[0]).toMatchObject({
      jortsSize: 'S/M',
      usUkWaist: expect.any(Array),
      italianSize: expect.any(Array),
    });
  });

  it('answers 404 with a detail for an unknown product', async () => {
    const res = await api.app.request('/api/products/details?product_name=Nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Product not found', code: 'not_found' });
  });

  it('answers 422 with a located list when product_name is missing', async () => {
    const res = await api.app.request('/api/products/details');
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      detail: [{ loc: ['query', 'product_name'], msg: 'Field required', type: 'missing' }],
      code: 'invalid_request',
    });
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

describe('browsing the catalogue (issue #21)', () => {
  type Page = {
    items: Json[];
    total: number;
    page: number;
    per_page: number;
    pages: number;
    facets: { categories: string[]; sizes: string[]; colours: string[]; value_names: Record<string, string> };
  };

  async function browse(query: string): Promise<Page> {
    const res = await api.app.request(`/api/products/browse?${query}`);
    expect(res.status).toBe(200);
    return res.json();
  }

  const key = (item: Json) => `${item.id}:${item.variant_info?.variant_id ?? ''}`;

  it('answers the whole array to an empty body, to {} and to a JSON request with no body, as the spec says', async () => {
    const whole = (await list()).map(key);
    for (const init of [
      { body: '{}', headers: { 'Content-Type': 'application/json' } },
      { body: '', headers: { 'Content-Type': 'application/json' } },
    ]) {
      const res = await api.app.request('/api/products/list', { method: 'POST', ...init });
      expect(res.status).toBe(200);
      expect(((await res.json()) as Json[]).map(key)).toEqual(whole);
    }
  });

  it('cuts the list into pages in the same order, the last page shown for a page past it', async () => {
    const whole = (await list()).map(key);
    const first = await browse('per_page=3');
    expect(first).toMatchObject({ total: whole.length, page: 1, per_page: 3, pages: Math.ceil(whole.length / 3) });
    const seen: string[] = [];
    for (let page = 1; page <= first.pages; page++) seen.push(...(await browse(`per_page=3&page=${page}`)).items.map(key));
    expect(seen).toEqual(whole);
    const past = await browse(`per_page=3&page=${first.pages + 5}`);
    expect(past.page).toBe(first.pages);
    expect(past.items.map(key)).toEqual(whole.slice((first.pages - 1) * 3));
    // The same through the spec's call: a body with a page answers that page's array.
    const res = await api.app.request('/api/products/list', {
      method: 'POST',
      body: JSON.stringify({ page: 2, per_page: 3 }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(((await res.json()) as Json[]).map(key)).toEqual(whole.slice(3, 6));
  });

  it('filters by category (any case), offers every category, size and colour of the shop', async () => {
    const page = await browse('category=bottoms&per_page=100');
    expect(page.total).toBeGreaterThan(0);
    expect(page.items.every((item) => item.categories.some((c: Json) => c.name === 'Bottoms'))).toBe(true);
    expect(page.items.some((item) => item.name === 'Jorts' || item.name.includes('Jort'))).toBe(true);
    expect(page.facets.categories).toEqual([...new Set(CATALOGUE.map((p) => p.category))].sort());
    expect(page.facets.sizes).toEqual(['S/M', 'L/XL']);
    expect(page.facets.colours.sort()).toEqual(['BEIGE', 'BLACK', 'GREY', 'RED']);
    // What the filters show for each code: the words of the product page (issue 45, item 6).
    expect(page.facets.value_names).toMatchObject({ RED: 'Signal red', BLACK: 'Ink black', 'S/M': 'Small to medium' });
    expect((await browse('category=Nothing')).total).toBe(0);
  });

  it('filters by a size and colour one variant has, and in stock by that variant’s units', async () => {
    const red = await browse('colour=red&per_page=100');
    const withRed = CATALOGUE.filter((p) => p.colours.includes('RED')).map((p) => p.name);
    expect([...new Set(red.items.map((item) => item.name))].sort()).toEqual([...withRed].sort());
    // A variant listing shows under its own colour only.
    for (const item of red.items.filter((i) => i.is_variant_listing)) {
      expect(item.variant_info.attributes.find((a: Json) => a.attribute_name === 'color').value).toBe('RED');
    }

    // Sell out Tracer Tee in RED S/M: 'in stock' in that size and colour drops it, the colour alone keeps it.
    const { db } = api.deps;
    const tee = await db.selectFrom('products').select('id').where('name', '=', 'Tracer Tee').executeTakeFirstOrThrow();
    const target = await db
      .selectFrom('product_variants as v')
      .innerJoin('variant_attributes as c', (join) =>
        join.onRef('c.variant_id', '=', 'v.id').on('c.attribute_name', '=', 'color').on('c.value', '=', 'RED'),
      )
      .innerJoin('variant_attributes as s', (join) =>
        join.onRef('s.variant_id', '=', 'v.id').on('s.attribute_name', '=', 'size').on('s.value', '=', 'S/M'),
      )
      .select(['v.id', 'v.stock_quantity'])
      .where('v.product_id', '=', tee.id)
      .executeTakeFirstOrThrow();
    const teeIn = (page: Page) => page.items.some((item) => item.name === 'Tracer Tee' && !item.is_variant_listing);
    await db.updateTable('product_variants').set({ stock_quantity: 3 }).where('id', '=', target.id).execute();
    expect(teeIn(await browse('colour=RED&size=S%2FM&in_stock=1&per_page=100'))).toBe(true);
    await db.updateTable('product_variants').set({ stock_quantity: 0 }).where('id', '=', target.id).execute();
    try {
      expect(teeIn(await browse('colour=RED&size=S%2FM&in_stock=1&per_page=100'))).toBe(false);
      expect(teeIn(await browse('colour=RED&size=S%2FM&per_page=100'))).toBe(true);
    } finally {
      await db.updateTable('product_variants').set({ stock_quantity: target.stock_quantity }).where('id', '=', target.id).execute();
    }
    // The hoodie is sold out everywhere: never in stock.
    expect((await browse('in_stock=true&per_page=100')).items.some((item) => item.name.includes('Hoodie'))).toBe(false);
  });

  it('searches names and descriptions by English stems, and as typed in names', async () => {
    const names = async (q: string) =>
      [...new Set((await browse(`q=${encodeURIComponent(q)}&per_page=100`)).items.map((item) => item.name))].sort();
    // Names weigh most: the two tees come before a description that mentions one.
    const tees = (await browse('q=tees&per_page=100')).items.filter((item) => !item.is_variant_listing).map((item) => item.name);
    expect(tees.slice(0, 2).sort()).toEqual(['Padded Tee', 'Tracer Tee']);
    expect(await names('quilting')).toEqual(expect.arrayContaining(['Padded Tee']));
    expect(await names('fleece hoodie')).toEqual(
      CATALOGUE.filter(
        (p) => /fleece/i.test(p.shortDescription + p.longDescription) && /hoodie/i.test(p.name + p.shortDescription + p.longDescription),
      )
        .map((p) => p.name)
        .sort(),
    );
    expect(await names('trac')).toEqual(['Tracer Hoodie', 'Tracer Tee']);
    expect(await names('100% _')).toEqual([]);
    expect(await names('nothing like this')).toEqual([]);
    const none = await browse('q=zzzz');
    expect(none).toMatchObject({ items: [], total: 0, pages: 0, page: 1 });
    // A search and a filter together.
    expect((await browse('q=tee&colour=RED&per_page=100')).items.every((item) => item.name === 'Tracer Tee')).toBe(true);
  });

  it('finds a product by its new words as soon as the owner edits it', async () => {
    const { db } = api.deps;
    const before = await db
      .selectFrom('products')
      .select(['id', 'long_description'])
      .where('name', '=', 'Padded Tee')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('products')
      .set({ long_description: `${before.long_description} Sewn in Carpi.` })
      .where('id', '=', before.id)
      .execute();
    try {
      expect((await browse('q=carpi')).items.map((item) => item.name)).toContain('Padded Tee');
    } finally {
      await db.updateTable('products').set({ long_description: before.long_description }).where('id', '=', before.id).execute();
    }
  });

  it('refuses bad parameters with located errors and changes nothing', async () => {
    for (const [query, loc] of [
      ['per_page=0', 'per_page'],
      ['per_page=101', 'per_page'],
      ['page=abc', 'page'],
      [`q=${'x'.repeat(101)}`, 'q'],
      ['q=a%00b', undefined],
      ['sort=price', undefined],
    ] as const) {
      const res = await api.app.request(`/api/products/browse?${query}`);
      expect(res.status, query).toBe(422);
      const body = (await res.json()) as Json;
      expect(body.code).toBe('invalid_request');
      if (loc) expect(body.detail[0].loc).toEqual(['query', loc]);
    }
    const bad = await api.app.request('/api/products/list', {
      method: 'POST',
      body: '{nope',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ detail: 'The body must be JSON', code: 'bad_request' });
    const wrong = await api.app.request('/api/products/list', {
      method: 'POST',
      body: JSON.stringify({ page: -1 }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as Json).detail[0].loc).toEqual(['body', 'page']);
  });
});
