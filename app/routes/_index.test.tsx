import { renderToStaticMarkup } from 'react-dom/server';
import { createRemixStub } from '@remix-run/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../../tests/support/test-api';
import { CATALOGUE } from '../../api/src/seed/catalogue-data';
import Home, { loader } from './_index';

type Api = Awaited<ReturnType<typeof startTestApi>>;
type HomeData = Awaited<ReturnType<Awaited<ReturnType<typeof loader>>['json']>>;

async function loadHome(apiUrl: string) {
  process.env.API_URL = apiUrl;
  process.env.STORAGE_URL = 'http://images.test';
  const response = await loader({ request: new Request('http://shop.test/'), params: {}, context: {} });
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
    expect(jorts.image!.src).toMatch(/^http:\/\/images\.test\/storage\/v1\/object\/public\/product-images\/padded-jorts\/black-front\.webp\?width=\d+$/);
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
