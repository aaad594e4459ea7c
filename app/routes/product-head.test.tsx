import { createRemixStub } from '@remix-run/testing';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { callRoute } from '../../tests/support/route-context';
import { withStorefrontApi } from '../../tests/support/storefront-api';
import { ErrorBoundary, loader, meta } from './product.$productName';

/** What the product page puts in the document's head, and its not-found page, rendered without a browser. */

withStorefrontApi();

async function loadProduct(path: string) {
  const url = new URL(path, 'http://shop.test');
  const response = await callRoute(loader, new Request(url), { productName: decodeURIComponent(url.pathname.split('/').pop()!) });
  return { response, data: await response.json() };
}

describe('the product page without a browser', () => {
  it("puts the canonical URL, the Open Graph image and a JSON-LD offer in euros per variant in the page's head", async () => {
    const { data } = await loadProduct('/product/Padded%20Jorts?color=GREY');
    const location = { pathname: '/product/Padded%20Jorts', search: '?color=GREY', hash: '', state: null, key: 'default' };
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the descriptors are a union of shapes
    const tags = meta({ data, error: undefined, location, matches: [], params: {} } as never) as any[];
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'http://shop.test/product/Padded%20Jorts' });
    expect(tags.find((tag) => tag.property === 'og:image').content).toMatch(/padded-jorts\/grey-front\.webp/);
    expect(tags.find((tag) => tag.name === 'description').content).toMatch(/quilted shorts/);
    const ld = tags.find((tag) => 'script:ld+json' in tag)['script:ld+json'];
    expect(ld).toMatchObject({ '@type': 'ProductGroup', name: 'Padded Jorts' });
    expect(ld.hasVariant.length).toBeGreaterThan(1);
    for (const variant of ld.hasVariant)
      expect(variant).toMatchObject({ '@type': 'Product', offers: { '@type': 'Offer', priceCurrency: 'EUR', price: '120.00' } });
  });

  it("shows an unknown product as 'Product not found' with Back to Home, titled so and kept out of search engines", async () => {
    const thrown = (await loadProduct('/product/No%20Such%20Thing').catch((error: unknown) => error)) as Response;
    const body = await thrown.json();
    const Stub = createRemixStub([
      {
        path: '/product/:productName',
        Component: () => null,
        ErrorBoundary,
        loader: () => {
          throw new Response(JSON.stringify(body), { status: thrown.status, headers: { 'Content-Type': 'application/json' } });
        },
      },
    ]);
    const html = renderToStaticMarkup(
      <Stub
        initialEntries={['/product/No%20Such%20Thing']}
        hydrationData={
          { errors: { '0': { status: 404, statusText: 'Not Found', internal: false, data: body, __type: 'RouteErrorResponse' } } } as never
        }
      />,
    );
    expect(html).toContain('<h1>Product not found</h1>');
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Back to Home<\/a>/);
  });
});
