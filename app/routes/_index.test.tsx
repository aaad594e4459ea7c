import { createRemixStub } from '@remix-run/testing';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CATALOGUE } from '../../api/src/seed/catalogue-data';
import { callRoute } from '../../tests/support/route-context';
import { shopper } from '../../tests/support/shopper';
import { shopperCookie, storefrontGet } from '../../tests/support/storefront-session';
import { startTestApi } from '../../tests/support/test-api';
import { TEST_ADMIN_TOKEN } from '../../tests/support/test-api';
import { catalogueCache } from '../lib/cache.server';
import Home, { loader, meta } from './_index';

type Api = Awaited<ReturnType<typeof startTestApi>>;
type HomeData = Awaited<ReturnType<Awaited<ReturnType<typeof loader>>['json']>>;

async function loadHome(apiUrl: string, path = '/', cookie?: string) {
  process.env.API_URL = apiUrl;
  process.env.STORAGE_URL = 'http://images.test';
  const response = await callRoute(loader, storefrontGet(path, cookie));
  return { response, data: (await response.json()) as HomeData };
}

/** The home page as the server renders it for this loader data. */
function render(data: HomeData) {
  const Stub = createRemixStub([{ path: '/', Component: Home, loader: () => data }]);
  return renderToStaticMarkup(<Stub hydrationData={{ loaderData: { '0': data } }} />);
}

describe('home loader against the real API', () => {
  let api: Api;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.cleanup());

  it('lists the seeded catalogue, newest launch first, with prices, categories, links and images', async () => {
    const { response, data } = await loadHome(api.url);
    expect(response.status).toBe(200);
    // The same for every visitor without a session: the page cache may keep it, browsers revalidate.
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(response.headers.get('Storefront-Cache-Control')).toBe('max-age=10');
    const plain = data.products.filter((p) => !p.href.includes('?'));
    const expectedOrder = [...CATALOGUE].sort((a, b) => Date.parse(b.launchDate) - Date.parse(a.launchDate)).map((p) => p.name);
    expect(plain.map((p) => p.name)).toEqual(expectedOrder);

    const jorts = data.products.find((p) => p.name === 'Padded Jorts')!;
    expect(jorts).toMatchObject({ category: 'Bottoms', price: 12000, inStock: true, href: '/product/Padded%20Jorts' });
    expect(jorts.image).toMatchObject({ width: 1200, height: 1500 });
    expect(jorts.image!.src).toMatch(
      /^http:\/\/images\.test\/storage\/v1\/object\/public\/product-images\/padded-jorts\/black-front\.webp\?width=\d+$/,
    );
    expect(jorts.image!.srcSet).toContain('?width=320 320w');

    const html = render(data);
    for (const name of CATALOGUE.map((p) => p.name)) expect(html).toContain(name);
    expect(html).toContain('€120.00');
    expect(html).toContain('width="1200" height="1500"');
  });

  it('links variant listings with the options from their short description', async () => {
    const { data } = await loadHome(api.url);
    const red = data.products.find((p) => p.href.startsWith('/product/Tracer%20Tee?'))!;
    const query = new URL(red.href, 'http://shop.test').searchParams;
    expect(Object.fromEntries(query)).toEqual({ color: 'RED', size: 'L/XL', material: 'COTTON', treatment: 'PLAIN' });
  });

  it('renders each card as a link with its image box reserved', async () => {
    const { data } = await loadHome(api.url);
    const html = render(data);
    expect(html).toMatch(/<a [^>]*href="\/product\/Tracer%20Hoodie"/);
    expect(html).toMatch(/<img [^>]*width="1200" height="1500"/);
  });
});

describe('home loader when the API is empty or down', () => {
  it("shows 'No products available' for an empty catalogue", async () => {
    const empty = await startTestApi({ seed: false });
    try {
      const { response, data } = await loadHome(empty.url);
      expect(response.status).toBe(200);
      expect(data.products).toEqual([]);
      expect(render(data)).toContain('No products available');
    } finally {
      await empty.cleanup();
    }
  });

  it("shows 'Error loading products: {message}' when the API cannot be reached", async () => {
    const gone = await startTestApi({ seed: false });
    const url = gone.url;
    await gone.cleanup();
    const { response, data } = await loadHome(url);
    expect(response.status).toBe(503);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(render(data)).toContain('Error loading products: Failed to fetch');
  });
});

/** The page's meta tags for this loader data (title, robots, canonical). */
function metaOf(data: HomeData) {
  return meta({ data, params: {}, location: {} as never, matches: [] as never }) as Record<string, string>[];
}
const canonicalOf = (data: HomeData) => metaOf(data).find((tag) => tag.rel === 'canonical')?.href;
const robotsOf = (data: HomeData) => metaOf(data).find((tag) => tag.name === 'robots')?.content;

describe('home loader: search and filters (issue #21)', () => {
  let api: Api;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.cleanup());

  it('marks the sold-out cards a signed-in shopper waits for, and asks for their wishlist only when a card can show it', async () => {
    const s = shopper(api);
    await s.register();
    const cookie = await shopperCookie(s);
    const { data: before } = await loadHome(api.url, '/', cookie);
    const card = before.products.find((product) => !product.variantId)!;
    expect((await s.post('/api/products/wishlist', { email: s.email, product_id: card.productId })).status).toBe(201);
    const stock = await api.database.db
      .selectFrom('product_variants')
      .select(['id', 'stock_quantity'])
      .where('product_id', '=', card.productId)
      .execute();
    try {
      // Sold out: the card offers Notify Me, and shows that the shopper already waits.
      await api.database.db.updateTable('product_variants').set({ stock_quantity: 0 }).where('product_id', '=', card.productId).execute();
      catalogueCache.invalidate();
      const { data: soldOut } = await loadHome(api.url, '/', cookie);
      expect(soldOut.products.find((product) => product.key === card.key)?.inStock).toBe(false);
      expect(soldOut.wishlisted).toContain(card.productId);
      expect(render(soldOut)).toContain('You&#x27;ll be notified');
    } finally {
      for (const row of stock)
        await api.database.db
          .updateTable('product_variants')
          .set({ stock_quantity: row.stock_quantity })
          .where('id', '=', row.id)
          .execute();
      catalogueCache.invalidate();
    }
    // A page where every card is in stock: no card asks, so the wishlist is not read (the entry is still there).
    const { data: inStock } = await loadHome(api.url, '/?in_stock=1', cookie);
    expect(inStock.products.map((product) => product.key)).toContain(card.key);
    expect(inStock.products.every((product) => product.inStock || product.comingSoon)).toBe(true);
    expect(inStock.wishlisted).toEqual([]);
    expect(await (await fetch(`${api.url}/api/products/wishlist?email=${encodeURIComponent(s.email!)}`)).json()).toHaveLength(1);
  });

  it('searches names and descriptions: results only, no hero, never shared by caches, not indexed', async () => {
    const { response, data } = await loadHome(api.url, '/?q=tees&category=&size=&colour=');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const names = new Set(data.products.map((p) => p.name));
    expect(names).toContain('Tracer Tee');
    expect(names).toContain('Padded Tee');
    expect(names).not.toContain('Tracer Hoodie');
    expect(data.hero).toBeNull();
    expect(data.page!.total).toBe(data.products.length);
    expect(robotsOf(data)).toBe('noindex, follow');
    expect(canonicalOf(data)).toBe('http://shop.test/');
    const html = render(data);
    expect(html).toContain(`${data.page!.total} products found for “tees”`);
    expect(html).toMatch(/<input[^>]*name="q"[^>]*value="tees"/);
    expect(html).toContain('Clear filters');
  });

  it('filters by category as a page of its own, shared by caches and indexed', async () => {
    const { response, data } = await loadHome(api.url, '/?category=Bottoms');
    expect(response.headers.get('Storefront-Cache-Control')).toBe('max-age=10');
    expect(new Set(data.products.map((p) => p.name))).toEqual(new Set(['Padded Jorts']));
    expect(canonicalOf(data)).toBe('http://shop.test/?category=Bottoms');
    expect(robotsOf(data)).toBeUndefined();
    const html = render(data);
    expect(html).toMatch(/<option value="Bottoms" selected="">Bottoms<\/option>/);
    expect(html).toContain('1 product found');
  });

  it('a colour, a size and in stock narrow to the variants that have them', async () => {
    // Red S/M is sold out as seeded; red L/XL is not (and has a listing of its own).
    expect((await loadHome(api.url, '/?colour=RED&size=S%2FM&in_stock=1')).data.products).toEqual([]);
    expect((await loadHome(api.url, '/?colour=RED&size=S%2FM')).data.products.map((p) => p.name)).toEqual(['Tracer Tee']);
    const { data } = await loadHome(api.url, '/?colour=RED&size=L%2FXL&in_stock=1');
    expect(data.products.map((p) => p.name)).toEqual(['Tracer Tee', 'Tracer Tee']);
    expect(canonicalOf(data)).toBe('http://shop.test/');
    expect(render(data)).toMatch(/<option value="RED" selected="">Signal red<\/option>/);
  });

  it("shows the spec's empty state and a way back when nothing matches", async () => {
    const { response, data } = await loadHome(api.url, '/?q=zzzz');
    expect(response.status).toBe(200);
    expect(data.products).toEqual([]);
    const html = render(data);
    expect(html).toContain('No products available');
    expect(html).toContain('0 products found for “zzzz”');
    expect(html).toMatch(/see every product/);
  });

  it('refuses a search longer than 100 characters with a message, and shows the whole shop', async () => {
    const { data } = await loadHome(api.url, `/?q=${'x'.repeat(101)}`);
    expect(data.searchError).toBe('Search must be at most 100 characters');
    expect(data.products.length).toBeGreaterThan(0);
    const html = render(data);
    expect(html).toContain('Search must be at most 100 characters');
    expect(html).toMatch(/<input[^>]*aria-invalid="true"/);
  });
});

describe('home loader: pages of 24 (issue #21)', () => {
  let api: Api;
  let total = 0;
  beforeAll(async () => {
    api = await startTestApi();
    // 30 more products, launched before the seeded ones: the grid needs a second page.
    for (let i = 1; i <= 30; i++) {
      const response = await fetch(`${api.url}/api/admin/products`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: `Archive Tee ${String(i).padStart(2, '0')}`,
          category: 'Archive',
          short_description: 'From an earlier season.',
          long_description: '',
          price: 3000,
          launch_date: new Date(Date.UTC(2020, 0, i)).toISOString(),
          purchase_limit: null,
          sku_prefix: `AR${i}`,
          colours: ['BLACK'],
          sizes: ['M'],
          stock_per_variant: 5,
        }),
      });
      expect(response.status).toBe(201);
    }
    catalogueCache.invalidate();
    total = (await (await fetch(`${api.url}/api/products/list`, { method: 'POST' })).json()).length;
  });
  afterAll(() => api.cleanup());

  it('shows the newest 24 with a Load more link to the next page, then the rest with a way back', async () => {
    const first = await loadHome(api.url);
    expect(first.data.products).toHaveLength(24);
    expect(first.data.page).toMatchObject({ page: 1, pages: 2, total });
    expect(first.data.hero).not.toBeNull();
    expect(canonicalOf(first.data)).toBe('http://shop.test/');
    const html = render(first.data);
    expect(html).toMatch(/<a[^>]*href="\/\?page=2"[^>]*>Load more<\/a>/);
    expect(html).toContain(`Showing 1–24 of ${total} products`);

    const second = await loadHome(api.url, '/?page=2');
    expect(second.data.products).toHaveLength(total - 24);
    expect(second.data.hero).toBeNull();
    expect(second.data.products.at(-1)!.name).toBe('Archive Tee 01');
    expect(canonicalOf(second.data)).toBe('http://shop.test/?page=2');
    const secondHtml = render(second.data);
    expect(secondHtml).toMatch(/<a[^>]*href="\/"[^>]*>Previous page<\/a>/);
    expect(secondHtml).not.toContain('Load more');
    expect(secondHtml).toContain(`Showing 25–${total} of ${total} products`);
    // Every listing once, across the two pages.
    const keys = [...first.data.products, ...second.data.products].map((p) => p.key);
    expect(new Set(keys).size).toBe(total);
  });

  it('reads a page that is not a whole number as the first, and one past the end as the last', async () => {
    expect((await loadHome(api.url, '/?page=abc')).data.page!.page).toBe(1);
    expect((await loadHome(api.url, '/?page=-3')).data.page!.page).toBe(1);
    const past = await loadHome(api.url, '/?page=99');
    expect(past.data.page!.page).toBe(2);
    expect(past.data.products).toHaveLength(total - 24);
  });

  it('pages a filtered grid with its filters kept in the links', async () => {
    const { data } = await loadHome(api.url, '/?category=Archive');
    expect(data.page).toMatchObject({ total: 30, pages: 2 });
    expect(render(data)).toMatch(/href="\/\?category=Archive&amp;page=2"/);
  });
});
