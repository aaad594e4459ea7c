import { hasJavaScript } from '../support/e2e-shop';
import { expect, test } from '../support/e2e-test';

/**
 * The page cache (ADR 015): a page every visitor without a session sees alike is drawn once and
 * then sent from memory. Such a page must work like a fresh one, and nobody with a session may get it.
 */
test.describe('page cache', () => {
  test('a visitor without a session gets the shop page from memory, and it works', async ({ page, request }, info) => {
    // A catalogue change made by a test running beside this one (a restock, an edit) empties the cache
    // at any moment: each read is tried again until it meets a stored page.
    await expect(async () => {
      await request.get('/');
      const stored = await request.get('/');
      expect(stored.headers()['age'], 'the second anonymous read comes from the page cache').toMatch(/^\d+$/);
      expect(stored.headers()['storefront-cache-control']).toBeUndefined();
      // Browsers ask again each time: the header and the cart badge follow the session.
      expect(stored.headers()['cache-control']).toBe('no-cache');
    }).toPass({ timeout: 20_000 });

    await expect(async () => {
      const response = await page.goto('/');
      expect(response!.headers()['age']).toMatch(/^\d+$/);
      expect(response!.headers()['content-encoding']).toBe('gzip');
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
    await expect(page.getByRole('main').locator('a[href="/product/Padded%20Jorts"]').first()).toBeVisible();
    if (hasJavaScript(info)) {
      // Its inline scripts ran under the hash policy and the app took over: client navigation works.
      await expect
        .poll(() => page.evaluate(() => Boolean((window as unknown as { __remixRouteModules?: object }).__remixRouteModules)))
        .toBe(true);
    }
    await page.getByRole('main').locator('a[href="/product/Padded%20Jorts"]').first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Padded Jorts' })).toBeVisible();
  });

  test('once a shopper has a session, every page is drawn for them: the cart badge is right at once', async ({ page, request }) => {
    const product = '/product/Tracer%20Tee?color=BLACK&size=S/M';
    for (const path of ['/', '/', product, product]) await request.get(path);

    await page.goto(product);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Added to Cart!')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();

    await page.getByRole('link', { name: /home$/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();

    // A whole new document load, with the session cookie: drawn for this shopper, not from memory.
    const reloaded = await page.goto('/');
    expect(reloaded!.headers()['age']).toBeUndefined();
    expect(reloaded!.headers()['content-security-policy']).toMatch(/'nonce-[^']+'/);
    await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();
  });
});
