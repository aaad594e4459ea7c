import { describe, expect, it } from 'vitest';

import { callRoute } from '../../tests/support/route-context';
import { withStorefrontApi } from '../../tests/support/storefront-api';
import { TEST_ADMIN_TOKEN } from '../../tests/support/test-api';
import { loader as homeLoader } from './_index';
import { loader as productLoader } from './product.$productName';

// The catalogue's texts on the Italian pages (issue 38): the product page, its structured data, the
// home page and search; a text without its Italian reads in English; English pages are unchanged.

const api = withStorefrontApi();

async function loadProduct(path: string) {
  const url = new URL(path, 'http://shop.test');
  const name = decodeURIComponent(url.pathname.split('/').pop()!);
  const response = await callRoute(productLoader, new Request(url), { productName: name });
  expect(response.status).toBe(200);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads whatever the loader sent
  return (await response.json()) as any;
}

async function loadHome(path: string) {
  const response = await callRoute(homeLoader, new Request(new URL(path, 'http://shop.test')));
  expect(response.status).toBe(200);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads whatever the loader sent
  return (await response.json()) as any;
}

describe('catalogue texts in Italian', () => {
  it('shows the product page in Italian: descriptions, category, size chart, and its structured data', async () => {
    const data = await loadProduct('/it/product/Padded%20Jorts');
    const { product } = data.page;
    expect(product.name).toBe('Padded Jorts');
    expect(product.category).toBe('Pantaloni');
    expect(product.shortDescription).toBe('Bermuda larghi e trapuntati in twill di cotone pesante.');
    expect(product.longDescriptionHtml).toContain('Cinque tasche');
    expect(data.page.sizeChart).toMatchObject({
      productDescription: 'Bermuda trapuntati a gamba ampia in twill di cotone da 12 oz.',
      fitDescription: 'Vita alta, gamba ampia, arrivano appena sopra il ginocchio.',
      modelInfo: [{ modelDescription: 'Marco è alto 183 cm, ha 82 cm di vita e indossa la L/XL.' }],
      specialFeatures: [
        expect.objectContaining({ name: 'Pannelli davanti trapuntati' }),
        expect.objectContaining({ name: 'Cinque tasche' }),
      ],
    });
    expect(data.page.sizeChart.sizeChart.measurementPoints).toEqual([
      { code: 'A', name: 'Vita' },
      { code: 'B', name: 'Fianchi' },
      { code: 'C', name: 'Cavallo interno' },
      { code: 'D', name: 'Lunghezza esterna' },
    ]);
    expect(data.canonical).toBe('http://shop.test/it/product/Padded%20Jorts');
    expect(data.jsonLd).toMatchObject({
      name: 'Padded Jorts',
      description: 'Bermuda larghi e trapuntati in twill di cotone pesante.',
      category: 'Pantaloni',
      url: 'http://shop.test/it/product/Padded%20Jorts',
    });
    for (const variant of data.jsonLd.hasVariant) expect(variant.offers.url).toMatch(/^http:\/\/shop\.test\/it\/product\/Padded%20Jorts\?/);
  });

  it('keeps the English page as it was', async () => {
    const data = await loadProduct('/product/Padded%20Jorts');
    expect(data.page.product.category).toBe('Bottoms');
    expect(data.page.product.shortDescription).toBe('Wide-leg quilted shorts in heavy cotton twill.');
    expect(data.page.sizeChart.sizeChart.measurementPoints[0]).toEqual({ code: 'A', name: 'Waist' });
    expect(data.jsonLd).toMatchObject({ description: 'Wide-leg quilted shorts in heavy cotton twill.', category: 'Bottoms' });
    expect(data.jsonLd.url).toBe('http://shop.test/product/Padded%20Jorts');
  });

  it('shows the Italian categories and lines on the home page, and finds products by Italian words', async () => {
    const home = await loadHome('/it');
    const categories = Object.fromEntries(home.products.map((card: { name: string; category: string }) => [card.name, card.category]));
    expect(categories).toMatchObject({ 'Tracer Tee': 'T-shirt', 'Padded Jorts': 'Pantaloni', 'Tracer Hoodie': 'Capispalla' });
    expect(home.hero.line).toMatch(/^Bermuda larghi/);
    // The category filter names them in Italian; its values stay the English (the address's).
    expect(home.page.facets.categories).toContain('Bottoms');
    expect(home.page.facets.categoryLabels).toMatchObject({ Bottoms: 'Pantaloni', 'T-Shirts': 'T-shirt', Outerwear: 'Capispalla' });
    const english = await loadHome('/');
    expect(english.hero.line).toBe('Wide-leg quilted shorts in heavy cotton twill.');
    expect(english.page.facets.categoryLabels).toBeUndefined();
    const search = await loadHome('/it?q=felpa%20cappuccio');
    expect(search.products.map((card: { name: string }) => card.name)).toEqual(['Tracer Hoodie']);
    expect(search.products[0].category).toBe('Capispalla');
  });

  it('falls back to English where the Italian is not written', async () => {
    const made = await fetch(`${api.current.url}/api/admin/products`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Linen Shirt',
        category: 'Shirts',
        short_description: 'A linen shirt.',
        long_description: 'Cut loose, in washed linen.',
        price: 6_000,
        launch_date: null,
        purchase_limit: null,
        sku_prefix: 'LIN',
        colours: ['White'],
        sizes: ['M'],
        stock_per_variant: 3,
      }),
    });
    expect(made.status).toBe(201);
    const data = await loadProduct('/it/product/Linen%20Shirt');
    expect(data.page.product).toMatchObject({ category: 'Shirts', shortDescription: 'A linen shirt.' });
    expect(data.page.product.longDescriptionHtml).toContain('Cut loose');
    expect(data.jsonLd.description).toBe('A linen shirt.');
  });
});
