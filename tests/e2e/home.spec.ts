import { gzipSync } from 'node:zlib';

import { apiUrl } from '../support/e2e';
import { registerAccount, signInAs } from '../support/e2e-account';
import { EDGE_PLAIN_HTTP, PLAIN_HTTP } from '../support/e2e-edge';
import { uniqueEmail } from '../support/e2e-shop';
import { expect, expectNoZodOn, test } from '../support/e2e-test';

// Motion as most shoppers have it: these tests look at the animations (playwright.config.ts reduces it elsewhere).
test.use({ reducedMotion: 'no-preference' });

const SEEDED = [
  { name: 'Padded Jorts', category: 'Bottoms', price: '€120.00' },
  { name: 'Padded Tee', category: 'T-Shirts', price: '€85.00' },
  { name: 'Tracer Tee', category: 'T-Shirts', price: '€45.00' },
  { name: 'Tracer Hoodie', category: 'Outerwear', price: '€150.00' },
];

test.describe('home page', () => {
  test('lists the seeded catalogue from the API, newest first, server-rendered', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Shop - FILO');
    await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();

    const cards = page.locator('.product-grid > li');
    const names = await cards.getByRole('heading', { level: 2 }).allTextContents();
    const plainNames = [...new Set(names)];
    expect(plainNames).toEqual(['Padded Jorts', 'Padded Tee', 'Tracer Tee', 'Tracer Hoodie']);

    for (const product of SEEDED) {
      const card = cards.filter({ has: page.getByRole('heading', { name: product.name, exact: true }) }).first();
      await expect(card).toContainText(product.price);
      await expect(card.locator('.product-card__category')).toHaveText(product.category);
      await expect(card.getByRole('link')).toHaveAttribute('href', new RegExp(`^/product/${encodeURIComponent(product.name)}(\\?|$)`));
    }
    expect(errors).toEqual([]);
  });

  test('a hero above the grid shows the brand line and the newest piece, and keeps its shape while the art loads', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // Hold the hero's art back: the box must already have its final size.
    await page.route(/padded-jorts\/.*front/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const hero = page.locator('.home-hero');
    await expect(hero.getByRole('heading', { level: 2, name: 'New: Padded Jorts' })).toBeVisible();
    await expect(hero.getByText('Small-batch streetwear, cut and sewn in Italy')).toBeVisible();
    await expect(hero.getByRole('link', { name: 'Discover the Padded Jorts' })).toHaveAttribute('href', '/product/Padded%20Jorts');
    const before = await hero.boundingBox();
    const grid = await page.locator('.product-grid').boundingBox();
    release();
    await expect(hero.locator('img')).toHaveJSProperty('complete', true);
    expect(await hero.boundingBox()).toEqual(before);
    expect(await page.locator('.product-grid').boundingBox()).toEqual(grid);
  });

  test('variant listings link with their options', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('a[href="/product/Tracer%20Tee?color=RED&size=L%2FXL&material=COTTON&treatment=PLAIN"]')).toHaveCount(1);
  });

  test('product images load, with their box reserved and a srcset', async ({ page, request }) => {
    await page.goto('/');
    const images = page.locator('.product-card img');
    await expect(images).toHaveCount(6);
    for (const img of await images.all()) {
      await expect(img).toHaveAttribute('width', '1200');
      await expect(img).toHaveAttribute('height', '1500');
      await expect(img).toHaveAttribute('srcset', /\?width=320 320w/);
      await expect(img).toHaveAttribute('alt', /.+/);
      const src = (await img.getAttribute('src'))!;
      const res = await request.get(src);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('image/webp');
      expect(res.headers()['cache-control']).toContain('max-age=31536000');
    }
    // The browser itself fetched and decoded the first row.
    const firstBox = await images.first().boundingBox();
    expect(firstBox?.width).toBeGreaterThan(100);
    await expect
      .poll(async () => await page.evaluate(() => [...document.images].slice(0, 3).every((i) => i.complete && i.naturalWidth > 0)))
      .toBe(true);
  });

  test('bundles and styles go out as the build compressed them, the same bytes in every encoding', PLAIN_HTTP, async ({ request }) => {
    const html = await (await request.get('/')).text();
    // The bundles come after the styles and the first image (ADR 016): every preload asks for low priority.
    const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(preloads.length).toBeGreaterThan(5);
    for (const tag of preloads) expect(tag).toContain('fetchpriority="low"');
    const assets = [...html.matchAll(/(?:href|src)="(\/build\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(5);
    for (const asset of [assets[0], assets.find((a) => a.endsWith('.css'))!]) {
      const plain = await request.get(asset, { headers: { 'Accept-Encoding': 'identity' } });
      expect(plain.headers()['content-encoding'], asset).toBeUndefined();
      for (const encoding of ['br', 'gzip']) {
        const encoded = await request.get(asset, { headers: { 'Accept-Encoding': encoding } });
        expect(encoded.headers()['content-encoding'], asset).toBe(encoding);
        expect(encoded.headers()['cache-control'], asset).toBe('public, max-age=31536000, immutable');
        expect(encoded.headers()['vary'], asset).toContain('Accept-Encoding');
        // Playwright decodes the body: it must be the file itself.
        expect((await encoded.body()).equals(await plain.body()), `${asset} as ${encoding}`).toBe(true);
      }
    }
  });

  test(
    "a bundle the build does not hold is a short 404, not the shop's not-found page (Node and edge)",
    EDGE_PLAIN_HTTP,
    async ({ request }) => {
      // What a page of an earlier release asks for once a new build has replaced its files.
      for (const asset of ['/build/_shared/chunk-EARLIER0.js', '/build/_assets/app-EARLIER0.css', '/build/']) {
        const response = await request.get(asset);
        expect(response.status(), asset).toBe(404);
        expect(response.headers()['content-type'], asset).toMatch(/^text\/plain/);
        expect(response.headers()['cache-control'] ?? '', asset).not.toContain('immutable');
        expect(response.headers()['x-content-type-options'], asset).toBe('nosniff');
        expect(await response.text(), asset).toBe('Not Found');
      }
    },
  );

  test("the first visit's scripts stay within the client JavaScript budget (120 KB gzip)", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'no scripts run without JavaScript');
    // As `npm run bench` weighs them: every script the page loads until the network is idle, gzip at
    // zlib's default level. A size, not a time: a module that brings zod (14 KB) or a library to `/` shows here.
    const scripts: Promise<Buffer>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.body());
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    const bodies = await Promise.all(scripts);
    expect(bodies.length).toBeGreaterThan(5);
    const gzipBytes = bodies.reduce((sum, body) => sum + gzipSync(body).length, 0);
    expect(gzipBytes).toBeLessThanOrEqual(120 * 1024);
  });

  test('pages with no checks in the browser load no zod: /, a product page, /cart, /orders, the unsubscribe page', async ({
    page,
    javaScriptEnabled,
  }, info) => {
    test.skip(!javaScriptEnabled, 'no scripts run without JavaScript');
    // Schemas only a loader or action reads live in .server modules.
    await signInAs(page.context(), info.project.use.baseURL!, await registerAccount(uniqueEmail(info, 'no-zod')));
    await expectNoZodOn(page, ['/', '/product/Padded%20Jorts', '/cart', '/orders', '/wishlist/unsubscribe?token=not-a-token']);
  });

  test('a page no cache holds goes out compressed in one piece, with its length, in the encoding asked for', async ({ request }) => {
    for (const encoding of ['br', 'gzip']) {
      const response = await request.get('/cart', { headers: { 'Accept-Encoding': `${encoding}, identity` } });
      expect(response.status()).toBe(200);
      expect(response.headers()['content-encoding'], encoding).toBe(encoding);
      expect(Number(response.headers()['content-length']), encoding).toBeGreaterThan(1000);
      expect(response.headers()['vary'], encoding).toContain('Accept-Encoding');
      // Playwright decodes the body: it is the whole page.
      const html = await response.text();
      expect(html, encoding).toContain('<title>Cart - FILO</title>');
      expect(html.trimEnd().endsWith('</html>'), encoding).toBe(true);
    }
    const plain = await request.get('/cart', { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    expect(await plain.text()).toContain('<title>Cart - FILO</title>');
  });

  test('shows three columns on a desktop and one on a phone', async ({ page }) => {
    // Without the staggered fade-in, card boxes sit where the layout puts them.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const tops = async () => {
      const boxes = await Promise.all((await page.locator('.product-grid > li').all()).slice(0, 3).map((card) => card.boundingBox()));
      return boxes.map((box) => Math.round(box!.y));
    };
    const desktop = await tops();
    expect(new Set(desktop).size).toBe(1);
    await page.setViewportSize({ width: 390, height: 844 });
    const phone = await tops();
    expect(new Set(phone).size).toBe(3);
  });

  test('an unknown page answers 404 with a way home', async ({ page }) => {
    const response = await page.goto('/orders-debug');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('Page not found - FILO');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
  });

  test("a product card's link prefetches on hover and opens the page in the app; a modified click is left to the browser", async ({
    page,
    context,
    javaScriptEnabled,
  }) => {
    await page.goto('/');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const card = page.locator('.product-card__link[href="/product/Tracer%20Tee"]');
    await expect(card).toContainText('Tracer Tee');
    // Plain links: no router attributes reach the markup.
    await expect(card).not.toHaveAttribute('to');
    await expect(card).not.toHaveAttribute('prefetch');
    if (javaScriptEnabled) {
      // Ctrl-click opens a new tab and leaves this page where it was.
      const [opened] = await Promise.all([context.waitForEvent('page'), card.click({ modifiers: ['ControlOrMeta'] })]);
      await opened.waitForURL('**/product/Tracer%20Tee');
      await opened.close();
      expect(new URL(page.url()).pathname).toBe('/');
      // Resting on the card loads the product page's data before the click.
      await card.hover();
      await expect(page.locator('link[rel="prefetch"][href*="/product/Tracer%20Tee?_data="]')).toHaveCount(1);
    }
    await card.click();
    await expect(page).toHaveURL(/\/product\/Tracer%20Tee$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tracer Tee' })).toBeVisible();
    // With JavaScript the page changes in the app (the window stays); without, the browser loads it.
    const marker = await page.evaluate(() => (window as unknown as { marker?: number }).marker);
    expect(marker).toBe(javaScriptEnabled ? 1 : undefined);
    // Back returns to the grid.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
  });
});

test.describe('health and mailbox', () => {
  test('both servers answer their health checks', PLAIN_HTTP, async ({ request }) => {
    expect((await request.get('/healthz')).status()).toBe(200);
    const api = await request.get(`${apiUrl}/healthz`);
    expect(api.status()).toBe(200);
    expect(await api.json()).toEqual({ status: 'ok' });
  });

  test('the dev mailbox is readable while mail goes to the outbox', PLAIN_HTTP, async ({ request }) => {
    const json = await request.get(`${apiUrl}/dev/mailbox.json?to=nobody@example.com`);
    expect(json.status()).toBe(200);
    expect(await json.json()).toEqual([]);
    const html = await request.get(`${apiUrl}/dev/mailbox`);
    expect(html.headers()['content-type']).toContain('text/html');
  });

  test('the API lists products with the fields of the spec', PLAIN_HTTP, async ({ request }) => {
    const res = await request.post(`${apiUrl}/api/products/list`);
    const items = await res.json();
    expect(items.length).toBe(6);
    expect(items[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        name: expect.any(String),
        price: expect.any(Number),
        in_stock: expect.any(Boolean),
      }),
    );
  });
});

test.describe('compressed answers', () => {
  test('pages and bundles say they vary by encoding, on Node and on the edge', EDGE_PLAIN_HTTP, async ({ request }) => {
    // A shared cache in front must keep one copy per encoding, whoever compressed the answer.
    const html = await (await request.get('/')).text();
    const bundle = html.match(/(?:href|src)="(\/build\/[^"]+\.js)"/)?.[1];
    expect(bundle).toBeTruthy();
    for (const path of ['/', '/cart', '/product/Padded%20Jorts', bundle!]) {
      const response = await request.get(path, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(response.status(), path).toBe(200);
      expect(response.headers()['vary'] ?? '', path).toMatch(/Accept-Encoding/i);
    }
  });
});
