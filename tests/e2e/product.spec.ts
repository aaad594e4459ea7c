import type { Page } from '@playwright/test';

import { PLAIN_HTTP } from '../support/e2e-edge';
import { hasJavaScript, mailboxOf, shopCli, signIn, uniqueEmail, wishlistOf } from '../support/e2e-shop';
import { expect, test } from '../support/e2e-test';

const chosen = (page: Page, option: string) => page.locator(`[data-option="${option}"]`);
const mainImage = (page: Page) => page.locator('.gallery__main img');

test.describe('product page', () => {
  test('preselects options from upper-cased URL parameters and shows the product', async ({ page }) => {
    const response = await page.goto('/product/Tracer%20Tee?color=red&size=l/xl');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Tracer Tee - FILO');
    await expect(page.getByRole('heading', { level: 1, name: 'Tracer Tee' })).toBeVisible();
    await expect(page.locator('.product-page__category')).toHaveText('T-Shirts');
    await expect(page.locator('.product-page__price')).toHaveText('€45');
    await expect(chosen(page, 'color:RED')).toHaveAttribute('aria-current', 'true');
    await expect(chosen(page, 'size:L/XL')).toHaveAttribute('aria-current', 'true');
    await expect(page.getByText('Out of stock', { exact: true })).toHaveCount(0);
    await expect(mainImage(page)).toHaveAttribute('src', /tracer-tee\/red-front\.webp/);
    await expect(mainImage(page)).toHaveAttribute('loading', 'eager');
    // Attribute display order: colour, treatment, material, size.
    await expect(page.locator('.options__label')).toHaveText([/^Colour/, /^Treatment/, /^Material/, /^Size/]);
  });

  test('changing an option updates the page and the address', async ({ page }, info) => {
    await page.goto('/product/Tracer%20Tee');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await chosen(page, 'color:GREY').click();
    await expect(page).toHaveURL(/color=GREY/);
    await expect(chosen(page, 'color:GREY')).toHaveAttribute('aria-current', 'true');
    await expect(mainImage(page)).toHaveAttribute('src', /tracer-tee\/grey-front\.webp/);
    const marker = await page.evaluate(() => (window as unknown as { marker?: number }).marker);
    // With JavaScript the address is rewritten in place; without, the page reloads with the new parameters.
    expect(marker).toBe(hasJavaScript(info) ? 1 : undefined);
  });

  test('a value is offered while any variant in stock has it; choosing it moves the other options to one in stock', async ({ page }) => {
    // The default is BLACK S/M. RED S/M is sold out but RED L/XL is not, so RED can be chosen.
    await page.goto('/product/Tracer%20Tee');
    await expect(chosen(page, 'size:S/M')).toHaveAttribute('aria-current', 'true');
    await expect(chosen(page, 'color:RED')).not.toHaveAttribute('aria-disabled', 'true');
    await expect(chosen(page, 'color:RED')).toHaveText('Signal red');
    await chosen(page, 'color:RED').click();
    await expect(page).toHaveURL(/color=RED.*size=L%2FXL/);
    await expect(chosen(page, 'color:RED')).toHaveAttribute('aria-current', 'true');
    await expect(chosen(page, 'size:L/XL')).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    // A single value is said, not offered as a choice.
    await expect(page.locator('.options__label').filter({ hasText: 'Material' })).toHaveText('Material: 100% cotton');
    await expect(page.locator('[data-option^="material:"]')).toHaveCount(0);
    // Sold out everywhere: disabled, and said so to a screen reader.
    await page.goto('/product/Tracer%20Hoodie');
    await expect(page.locator('[data-option^="color:"]').first()).toHaveAttribute('aria-disabled', 'true');
    await expect(page.locator('[data-option^="color:"]').first()).toContainText('(out of stock)');
  });

  test('an out-of-stock variant offers the wishlist with its id', async ({ page }, info) => {
    const email = uniqueEmail(info, 'variant');
    await page.goto('/product/Tracer%20Tee?color=RED&size=S/M');
    await expect(page.getByText('Out of stock', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    await expect(page.getByText('Notify when available')).toBeVisible();
    await page.getByLabel('Email for Tracer Tee').fill(email);
    await page.getByRole('button', { name: 'Notify Me' }).click();
    await expect(page.locator('.notify').getByText("You'll be notified")).toBeVisible();
    const [entry] = await wishlistOf(email);
    expect(entry.product_id).toBeNull();
    expect(entry.product_variant_id).toEqual(expect.any(String));
  });

  test('gallery thumbnails switch the main image', async ({ page }) => {
    await page.goto('/product/Padded%20Tee?color=BLACK&size=S/M');
    await expect(page.locator('.gallery__thumb')).toHaveCount(3);
    await page.locator('.gallery__thumb').nth(1).click();
    await expect(mainImage(page)).toHaveAttribute('src', /padded-tee\/black-back\.webp/);
    await expect(page.locator('.gallery__thumb').nth(1)).toHaveAttribute('aria-current', 'true');
    // The background image is the page background, never in the gallery.
    await expect(page.locator('.gallery img[src*="background"]')).toHaveCount(0);
    await expect(page.locator('.product-page__backdrop img')).toHaveAttribute('src', /background\.webp/);
  });

  test('the size chart opens with all of its parts', async ({ page }) => {
    await page.goto('/product/Padded%20Jorts');
    const chart = page.locator('details.size-chart');
    await expect(chart.getByRole('table').first()).toBeHidden();
    await chart.locator('summary').click();
    await expect(chart.getByRole('table', { name: 'Measurements in cm (inches)' })).toBeVisible();
    await expect(chart.getByRole('table', { name: 'Measurements in cm (inches)' })).toContainText('78 cm (30.7 in)');
    await expect(chart.getByRole('table', { name: 'Size conversion' })).toContainText('44, 46, 48');
    for (const part of ['Measurement points', 'Sizing tips', 'Model info', 'Special features'])
      await expect(chart.getByRole('heading', { name: part })).toBeVisible();
    await expect(chart.getByRole('img', { name: /Measurement guide/ })).toBeVisible();
  });

  test('the long description collapses on a narrow screen and opens on request', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/product/Tracer%20Tee');
    const text = page.locator('#long-desc-text');
    const collapsed = (await text.boundingBox())!.height;
    await page.getByText('Read more').click();
    await expect.poll(async () => (await text.boundingBox())!.height).toBeGreaterThan(collapsed + 20);
    await expect(page.getByText('Show less')).toBeVisible();
  });

  test('the long description is a side card on a large screen', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto('/product/Tracer%20Tee');
    await expect(page.getByText('Read more')).toBeHidden();
    const info = (await page.locator('.product-page__info').boundingBox())!;
    const aside = (await page.locator('.long-desc').boundingBox())!;
    expect(aside.x).toBeGreaterThan(info.x + info.width - 1);
  });

  test('share: copy the link where there is no native share; without JavaScript a visible link', async ({
    page,
    context,
    baseURL,
  }, info) => {
    if (hasJavaScript(info)) {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
      await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    }
    await page.goto('/product/Tracer%20Tee?color=BEIGE');
    if (hasJavaScript(info)) {
      await page.getByRole('button', { name: 'Share' }).click();
      await expect(page.getByText('Link copied!')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('/product/Tracer%20Tee?color=BEIGE');
      await expect(page.getByText('Link copied!')).toBeHidden();
    } else {
      await expect(page.locator('.share a')).toHaveAttribute('href', /\/product\/Tracer%20Tee\?color=BEIGE/);
    }
  });

  test('Add to Cart adds the selected variant and stays on the page; View Cart and policy links are there', async ({ page }) => {
    await page.goto('/product/Tracer%20Tee?color=BLACK&size=S/M');
    await expect(page.getByRole('link', { name: 'View Cart' })).toHaveAttribute('href', '/cart');
    await expect(page.getByRole('link', { name: 'Privacy', exact: true })).toHaveAttribute('href', '/privacy');
    await expect(page.getByRole('link', { name: 'Terms', exact: true })).toHaveAttribute('href', '/terms');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Added to Cart!')).toBeVisible();
    await expect(page).toHaveURL(/\/product\/Tracer%20Tee\?color=BLACK&size=S/);
  });

  test('a signed-in shopper asks for a sold-out product without typing an email', async ({ page, context, baseURL }, info) => {
    const email = uniqueEmail(info, 'pdp-member');
    await signIn(context, baseURL!, email);
    await page.goto('/product/Tracer%20Hoodie');
    await expect(page.locator('.notify').getByRole('textbox')).toHaveCount(0);
    await page.getByRole('button', { name: 'Notify Me' }).click();
    await expect(page.locator('.notify').getByText("You'll be notified")).toBeVisible();
    expect(await wishlistOf(email)).toEqual([expect.objectContaining({ product_variant_id: expect.any(String) })]);
  });

  test('sitemap and robots.txt', PLAIN_HTTP, async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain('/product/Tracer%20Hoodie</loc>');
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/Sitemap: http.*\/sitemap\.xml/);
  });
});

test.describe('broken images', () => {
  test("a product image that cannot load becomes the grey 'No Image' placeholder, on the product page and in the cart", async ({
    page,
  }, info) => {
    test.skip(!hasJavaScript(info), 'swapping a failed image needs JavaScript; without it the browser shows the alt text');
    await page.route(/\/storage\/v1\/object\/public\/.*\.webp/, (route) => route.abort());
    await page.goto('/product/Tracer%20Tee');
    await expect(page.locator('.gallery__main').getByRole('img', { name: 'No Image' })).toBeVisible();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Added to Cart!')).toBeVisible();
    await page.goto('/cart');
    await expect(page.getByTestId('cart-line').getByRole('img', { name: 'No Image' })).toBeVisible();
  });
});

test.describe('back in stock', () => {
  test('restocking from the CLI emails the waiting shopper a link to the product page', async ({ page, request }, info) => {
    // Each project restocks its own sold-out variant, so the two runs never meet.
    const [path, sku, query] = hasJavaScript(info)
      ? ['/product/Padded%20Jorts', 'PJ-GRY-LXL', 'color=GREY&size=L/XL']
      : ['/product/Padded%20Tee', 'PT-BEI-LXL', 'color=BEIGE&size=L/XL'];
    const email = uniqueEmail(info, 'restock');
    await page.goto(`${path}?${query}`);
    await expect(page.getByText('Out of stock', { exact: true })).toBeVisible();
    // A visitor without a session reads the page from the page cache.
    await request.get(`${path}?${query}`);
    const stored = await request.get(`${path}?${query}`);
    expect(stored.headers()['age']).toMatch(/^\d+$/);
    expect(await stored.text()).toContain('badge--sold-out');
    await page.getByLabel(/^Email for/).fill(email);
    await page.getByRole('button', { name: 'Notify Me' }).click();
    await expect(page.locator('.notify').getByText("You'll be notified")).toBeVisible();

    expect(shopCli('stock')).toMatch(new RegExp(`${sku}\\s+.*\\s+0\\n`));
    const output = shopCli('restock', sku, '4');
    expect(output).toContain(email);

    const [mail] = await mailboxOf(email);
    expect(mail.subject).toMatch(/^Back in stock: /);
    const link = /View product: (\S+)/.exec(mail.text)![1];
    await page.goto(link);
    // The storefront dropped its cached catalogue: the variant is in stock at once.
    await expect(page.getByText('Out of stock', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    // So does the visitor without a session: the stored page went with the cached catalogue.
    const fresh = await request.get(`${path}?${query}`);
    expect(fresh.headers()['age']).toBeUndefined();
    expect(await fresh.text()).not.toContain('badge--sold-out');
  });
});

test.describe('client navigation', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'only a client-side navigation has a loading state');

  test("shows 'Loading product...' while the product's data is on its way", async ({ page }) => {
    await page.goto('/');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/_data=routes%2Fproduct/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('main').locator('a[href="/product/Padded%20Jorts"]').first().click();
    await expect(page.getByText('Loading product...')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Padded Jorts' })).toBeVisible();
    await expect(page.getByText('Loading product...')).toHaveCount(0);
  });
});
