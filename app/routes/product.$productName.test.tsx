import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { catalogueCache } from '~/lib/cache.server';
import { getHoneypot } from '~/lib/honeypot.server';
import { commitSession } from '~/lib/session.server';

import { callRoute, contextFor, sessionFor } from '../../tests/support/route-context';
import { storefrontTestApi } from '../../tests/support/storefront-api';
import { startTestApi, TEST_ADMIN_TOKEN } from '../../tests/support/test-api';
import { action as homeAction, loader as homeLoader } from './_index';
import { action as hookAction } from './hooks.catalogue-changed';
import { action, loader } from './product.$productName';
import { loader as legacyLoader } from './products.$productName';
import { loader as sitemapLoader } from './sitemap[.]xml';

const api = storefrontTestApi({ storage: 'placeholder', dataDir: true });

async function loadProduct(path: string, headers: HeadersInit = {}) {
  const url = new URL(path, 'http://shop.test');
  const name = decodeURIComponent(url.pathname.split('/').pop()!);
  const response = await callRoute(loader, new Request(url, { headers }), { productName: name });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads whatever the loader sent
  return { response, data: (await response.json()) as any };
}

function honeypotFields(): Record<string, string> {
  const props = getHoneypot().getInputProps({ validFromTimestamp: Date.now() - 10_000 });
  return { [props.nameFieldName]: '', [props.validFromFieldName!]: props.encryptedValidFrom! };
}

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(new URL(path, 'http://shop.test'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ ...honeypotFields(), ...fields }),
  });
}

async function signedInCookie(email: string) {
  const request = new Request('http://shop.test/');
  const session = await sessionFor(request);
  session.set('accessToken', 'token');
  session.set('user', { id: 'u1', email, user_type: 'registered', first_name: 'Ada', last_name: 'Lovelace', session_expires_at: null });
  return (await commitSession(contextFor(request), session, 86_400)).split(';')[0];
}

describe('product loader against the real API', () => {
  it('preselects from upper-cased URL parameters and answers a page the page cache may share, with SEO data', async () => {
    const { response, data } = await loadProduct('/product/Tracer%20Tee?color=red&size=l/xl');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(response.headers.get('Storefront-Cache-Control')).toBe('max-age=10');
    expect(data.page.selection).toEqual({ color: 'RED', treatment: 'PLAIN', material: 'COTTON', size: 'L/XL' });
    const variant = data.page.variants.find((v: { id: string }) => v.id === data.page.variantId);
    expect(variant.sku).toBe('TT-RED-LXL');
    expect(data.page.galleries[variant.id][0].src).toContain('/tracer-tee/red-front.webp');
    expect(data.page.productBackground.src).toContain('background.webp');
    expect(data.page.galleries[variant.id].every((i: { src: string }) => !i.src.includes('background'))).toBe(true);
    expect(data.canonical).toBe('http://shop.test/product/Tracer%20Tee');
    // The whole product, every variant with its own offer: one chosen on the page says nothing of the others' stock.
    expect(data.jsonLd).toMatchObject({
      '@type': 'ProductGroup',
      name: 'Tracer Tee',
      url: 'http://shop.test/product/Tracer%20Tee',
      variesBy: ['https://schema.org/color', 'https://schema.org/size'],
      image: expect.stringContaining('/tracer-tee/'),
    });
    const offerOf = (sku: string) => data.jsonLd.hasVariant.find((v: { sku: string }) => v.sku === sku);
    expect(data.jsonLd.hasVariant).toHaveLength(data.page.variants.length);
    expect(offerOf('TT-RED-LXL')).toMatchObject({
      '@type': 'Product',
      name: 'Tracer Tee (Signal red, Large to extra large)',
      color: 'Signal red',
      size: 'Large to extra large',
      offers: {
        '@type': 'Offer',
        url: 'http://shop.test/product/Tracer%20Tee?color=RED&treatment=PLAIN&material=COTTON&size=L%2FXL',
        price: '45.00',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
      },
    });
    // RED S/M is sold out (the seed): its own offer says so, the page's chosen variant notwithstanding.
    expect(offerOf('TT-RED-SM').offers.availability).toBe('https://schema.org/OutOfStock');
    expect(data.page.sizeChart.sizeChart.sizes.map((s: { sizeName: string }) => s.sizeName)).toEqual(['S/M', 'L/XL']);
  });

  it('falls back to the first in-stock values for invalid parameters', async () => {
    const { data } = await loadProduct('/product/Tracer%20Tee?color=PURPLE&size=XXL&image=99');
    expect(data.page.selection).toMatchObject({ color: 'BLACK', size: 'S/M' });
    expect(data.page.imageIndex).toBe(0);
  });

  it('marks an out-of-stock variant and its offer', async () => {
    const { data } = await loadProduct('/product/Tracer%20Hoodie');
    expect(data.page.product.inStock).toBe(false);
    expect(
      data.jsonLd.hasVariant.every((v: { offers: { availability: string } }) => v.offers.availability === 'https://schema.org/OutOfStock'),
    ).toBe(true);
  });

  it('gives a product without pictures the placeholder in its structured data', async () => {
    const made = await api.app.request('/api/admin/products', {
      method: 'POST',
      headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Bare Cap',
        category: 'Caps',
        short_description: 'No photos yet.',
        price: 2_500,
        purchase_limit: null,
        sku_prefix: 'BC',
        colours: ['Black'],
        sizes: ['One size'],
        stock_per_variant: 2,
      }),
    });
    expect(made.status).toBe(201);
    const { data } = await loadProduct('/product/Bare%20Cap');
    expect(data.jsonLd.image).toBe('http://shop.test/no-image.svg');
    expect(data.jsonLd.hasVariant[0]).toMatchObject({ name: 'Bare Cap', image: 'http://shop.test/no-image.svg' });
  });

  it('renders a long description written in Markdown, and never the raw HTML typed into it', async () => {
    const made = await api.app.request('/api/admin/products', {
      method: 'POST',
      headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Marked Cap',
        category: 'Caps',
        short_description: 'Six panels.',
        long_description: '**Bold** cap.\n\n## Care\n\n- Wash cold\n- Dry flat\n\n<script>alert(1)</script><img src=x onerror=alert(1)>',
        price: 3_190,
        purchase_limit: null,
        sku_prefix: 'MC',
        colours: ['Black'],
        sizes: ['One size'],
        stock_per_variant: 2,
      }),
    });
    expect(made.status).toBe(201);
    const { data } = await loadProduct('/product/Marked%20Cap');
    const html: string = data.page.product.longDescriptionHtml;
    expect(html).toContain('<p><strong>Bold</strong> cap.</p>');
    expect(html).toContain('<h3>Care</h3>');
    expect(html).toContain('<li>Wash cold</li>');
    expect(html).not.toMatch(/<script|<img|onerror/);
  });

  it('throws a real 404 for an unknown product', async () => {
    const thrown = await loadProduct('/product/Nope').catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
    expect(await (thrown as Response).json()).toEqual({ message: 'Product not found' });
  });

  it.each([
    ['a name longer than any product has', `/product/${'x'.repeat(8_000)}`],
    ['a name with a NUL character', '/product/a%00b'],
    ['a name of spaces', '/product/%20%20'],
  ])('answers 404, not an upstream error, for %s', async (_, path) => {
    const thrown = await loadProduct(path).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
    expect(await (thrown as Response).json()).toEqual({ message: 'Product not found' });
  });

  it("throws 'Error loading product' data with the API's status text when the API is down", async () => {
    const gone = await startTestApi({ seed: false });
    await gone.cleanup();
    process.env.API_URL = gone.url;
    try {
      const thrown = await loadProduct('/product/Some%20Other%20Tee').catch((error: unknown) => error);
      expect((thrown as Response).status).toBe(503);
      expect(await (thrown as Response).json()).toEqual({ message: 'Failed to fetch' });
    } finally {
      process.env.API_URL = api.url;
    }
  });

  it('redirects /products/{name} permanently, keeping the options', async () => {
    const response = await callRoute(legacyLoader, new Request('http://shop.test/products/Tracer%20Tee?color=RED'), {
      productName: 'Tracer Tee',
    });
    expect(response.status).toBe(301);
    expect(response.headers.get('Location')).toBe('/product/Tracer%20Tee?color=RED');
  });

  it('lists every product page in the sitemap', async () => {
    const response = await callRoute(sitemapLoader, new Request('http://shop.test/sitemap.xml'));
    const xml = await response.text();
    for (const name of ['Tracer Tee', 'Padded Tee', 'Padded Jorts', 'Tracer Hoodie']) {
      expect(xml).toContain(`<loc>http://shop.test/product/${encodeURIComponent(name)}</loc>`);
    }
  });
});

describe('product action', () => {
  it('asks for a selected variant before adding to the cart or buying at once', async () => {
    const add = await callRoute(action, post('/product/Tracer%20Tee', { intent: 'add-to-cart' }));
    expect(add.status).toBe(400);
    expect(JSON.stringify(await add.json())).toContain('No variant selected. Please select all product options.');
    const quick = await callRoute(action, post('/product/Tracer%20Tee', { intent: 'quick-purchase' }));
    expect(quick.status).toBe(400);
    expect(JSON.stringify(await quick.json())).toContain('Please select product options');
  });

  it('adds the selected variant to the cart through the API and comes back with a flash', async () => {
    const { data } = await loadProduct('/product/Tracer%20Tee');
    const variant = data.page.variants.find((v: { in_stock: boolean }) => v.in_stock);
    const path = '/product/Tracer%20Tee?color=BLACK';
    const response = await callRoute(action, post(path, { intent: 'add-to-cart', variantId: variant.id }));
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(path);
    const cookie = response.headers.get('Set-Cookie')!.split(';')[0];
    const after = await loadProduct(path, { Cookie: cookie });
    expect(after.data.flash).toEqual({ kind: 'success', message: 'Added to Cart!' });
    const session = await sessionFor(new Request('http://shop.test/', { headers: { Cookie: cookie } }));
    const cart = await (await fetch(`${api.url}/api/cart/`, { headers: { Cookie: session.get('apiCartCookie')! } })).json();
    expect(cart.items).toEqual([expect.objectContaining({ quantity: 1 })]);
  });

  it('shows why an add failed', async () => {
    const response = await callRoute(
      action,
      post('/product/Tracer%20Tee', { intent: 'add-to-cart', variantId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(response.status).toBe(303);
    const after = await loadProduct(response.headers.get('Location')!, { Cookie: response.headers.get('Set-Cookie')!.split(';')[0] });
    expect(after.data.flash).toEqual({ kind: 'error', message: 'Failed to add item to cart: Product variant not found' });
  });

  it('adds an anonymous shopper to the wishlist for the variant and redirects back with a flash', async () => {
    const { data } = await loadProduct('/product/Tracer%20Hoodie');
    const fields = {
      intent: 'notify',
      formKey: 'notify-product',
      email: ' Grace@Example.com ',
      productId: data.page.product.id,
      variantId: data.page.variantId,
      returnTo: '/product/Tracer%20Hoodie?color=BLACK&size=S%2FM',
    };
    const response = await callRoute(action, post('/product/Tracer%20Hoodie', fields));
    expect(response.status).toBe(303);
    const location = response.headers.get('Location')!;
    expect(location).toBe(`/product/Tracer%20Hoodie?color=BLACK&size=S%2FM&notified=${data.page.variantId}#notify-product`);
    const cookie = response.headers.get('Set-Cookie')!.split(';')[0];
    const after = await loadProduct(location.split('#')[0], { Cookie: cookie });
    expect(after.data.flash).toEqual({ kind: 'success', message: "You'll be notified" });
    expect(after.data.wishlisted).toContain(data.page.variantId);
    expect(after.response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(after.response.headers.has('Storefront-Cache-Control')).toBe(false);

    const entries = await (await fetch(`${api.url}/api/products/wishlist?email=grace@example.com`)).json();
    expect(entries).toEqual([expect.objectContaining({ product_id: null, product_variant_id: data.page.variantId })]);

    const again = await callRoute(action, post('/product/Tracer%20Hoodie', fields));
    const again2 = await loadProduct(again.headers.get('Location')!.split('#')[0], {
      Cookie: again.headers.get('Set-Cookie')!.split(';')[0],
    });
    expect(again2.data.flash.message).toBe('Already in your wishlist!');
  });

  it('never redirects to another site', async () => {
    const { data } = await loadProduct('/product/Tracer%20Hoodie');
    const response = await callRoute(
      action,
      post('/product/Tracer%20Hoodie', {
        intent: 'notify',
        formKey: 'k',
        email: 'x@example.com',
        productId: data.page.product.id,
        returnTo: '//evil.example/',
      }),
    );
    expect(response.headers.get('Location')).toMatch(/^\/product\/Tracer%20Hoodie\?notified=/);
  });

  it("rejects a bad email with the spec's message, and reports an API failure", async () => {
    const { data } = await loadProduct('/product/Tracer%20Hoodie');
    const bad = await callRoute(
      action,
      post('/product/Tracer%20Hoodie', { intent: 'notify', formKey: 'k', email: 'nope', productId: data.page.product.id }),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ formKey: 'k', result: { error: { email: ['Please enter a valid email address'] } } });

    const unknown = await callRoute(
      action,
      post('/product/Tracer%20Hoodie', {
        intent: 'notify',
        formKey: 'k',
        email: 'a@example.com',
        productId: '00000000-0000-4000-8000-000000000000',
      }),
    );
    // The API refused the shopper's input: a 400, not a gateway failure.
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(await unknown.json())).toContain('Failed to add to wishlist. Please try again.');
  });

  it('adds a signed-in shopper with their own email, whatever the form says', async () => {
    const cookie = await signedInCookie('member@example.com');
    const { data } = await loadProduct('/product/Tracer%20Hoodie');
    const response = await callRoute(
      action,
      post(
        '/product/Tracer%20Hoodie',
        { intent: 'notify', formKey: 'k', email: 'someone-else@example.com', productId: data.page.product.id },
        { Cookie: cookie },
      ),
    );
    expect(response.status).toBe(303);
    const entries = await (await fetch(`${api.url}/api/products/wishlist?email=member@example.com`)).json();
    expect(entries).toEqual([expect.objectContaining({ product_id: data.page.product.id })]);
    // The product page knows it from the API on every later visit.
    const later = await loadProduct('/product/Tracer%20Hoodie', { Cookie: cookie });
    expect(later.data.wishlisted).toContain(data.page.product.id);
    expect(later.data.userEmail).toBe('member@example.com');
  });
  it('reads what a signed-in shopper waits for only where a Notify form can show: not on a product in stock throughout', async () => {
    const cookie = await signedInCookie('waiting@example.com');
    const home = (await (await callRoute(homeLoader, new Request('http://shop.test/'))).json()) as { products: { name: string }[] };
    const pages = await Promise.all(home.products.map((p) => loadProduct(`/product/${encodeURIComponent(p.name)}`)));
    const stocked = pages.find(
      ({ data }) => !data.page.product.comingSoon && data.page.variants.every((v: { in_stock: boolean }) => v.in_stock),
    );
    const soldOut = pages.find(({ data }) => data.page.variants.some((v: { in_stock: boolean }) => !v.in_stock));
    expect(stocked && soldOut).toBeTruthy();
    for (const { data } of [stocked!, soldOut!]) {
      const added = await fetch(`${api.url}/api/products/wishlist`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'waiting@example.com', product_id: data.page.product.id }),
      });
      expect(added.ok).toBe(true);
    }
    const onStocked = await loadProduct(`/product/${encodeURIComponent(stocked!.data.page.product.name)}`, { Cookie: cookie });
    expect(onStocked.data.wishlisted).toEqual([]);
    const onSoldOut = await loadProduct(`/product/${encodeURIComponent(soldOut!.data.page.product.name)}`, { Cookie: cookie });
    expect(onSoldOut.data.wishlisted).toContain(soldOut!.data.page.product.id);
  });
});

describe('listing wishlist and cache', () => {
  it('takes Notify Me posts on the home page and shows the card as wishlisted after the redirect', async () => {
    const home = (await (await callRoute(homeLoader, new Request('http://shop.test/'))).json()) as {
      products: { name: string; inStock: boolean; productId: string }[];
    };
    const hoodie = home.products.find((p) => p.name === 'Tracer Hoodie')!;
    expect(hoodie.inStock).toBe(false);
    const response = await callRoute(
      homeAction,
      post('/?index', { intent: 'notify', formKey: 'notify-x', email: 'listing@example.com', productId: hoodie.productId, returnTo: '/' }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(`/?notified=${hoodie.productId}#notify-x`);
    const after = await (await callRoute(homeLoader, new Request(`http://shop.test/?notified=${hoodie.productId}`))).json();
    expect(after.wishlisted).toEqual([hoodie.productId]);
  });

  it('drops the cached catalogue when the API reports a restock with its admin token', async () => {
    writeFileSync(join(api.dataDir, 'admin-token'), TEST_ADMIN_TOKEN);
    const before = await loadProduct('/product/Padded%20Tee?color=BEIGE&size=L/XL');
    expect(before.data.page.variants.find((v: { sku: string }) => v.sku === 'PT-BEI-LXL').in_stock).toBe(false);
    const restocked = await fetch(`${api.url}/api/admin/restock`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ sku: 'PT-BEI-LXL', quantity: 3 }),
    });
    expect(restocked.status).toBe(200);
    // Still the cached answer until the hook arrives.
    const cached = await loadProduct('/product/Padded%20Tee?color=BEIGE&size=L/XL');
    expect(cached.data.page.variants.find((v: { sku: string }) => v.sku === 'PT-BEI-LXL').in_stock).toBe(false);

    const refused = await callRoute(
      hookAction,
      new Request('http://shop.test/hooks/catalogue-changed', { method: 'POST', headers: { Authorization: 'Bearer nope' } }),
    );
    expect(refused.status).toBe(401);
    const hook = await callRoute(
      hookAction,
      new Request('http://shop.test/hooks/catalogue-changed', { method: 'POST', headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` } }),
    );
    expect(hook.status).toBe(204);
    const fresh = await loadProduct('/product/Padded%20Tee?color=BEIGE&size=L/XL');
    expect(fresh.data.page.variants.find((v: { sku: string }) => v.sku === 'PT-BEI-LXL').in_stock).toBe(true);
    catalogueCache.invalidate();
  });
});
