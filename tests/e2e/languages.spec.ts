import { expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsWithoutScripts } from '../support/a11y';
import { expect, test } from '../support/e2e-test';

// The shop in English and Italian (ADR 046): the switcher in the header and the footer is a plain
// link to the same page, product and variant in the other language; it works without JavaScript and
// the choice is remembered.

test.describe('languages', () => {
  test('the switcher keeps the product and its variant, sets <html lang>, and is remembered', async ({
    page,
    context,
    javaScriptEnabled,
  }) => {
    await page.goto('/product/Tracer%20Tee?color=RED&size=L%2FXL');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
    await expect(page.locator('link[rel="alternate"][hreflang="it"]')).toHaveAttribute(
      'href',
      /\/it\/product\/Tracer%20Tee\?color=RED&size=L%2FXL$/,
    );

    await page.locator('.site-header').getByRole('link', { name: 'Italiano' }).click();
    await expect(page).toHaveURL(/\/it\/product\/Tracer%20Tee\?color=RED&size=L%2FXL$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page.getByRole('button', { name: 'Aggiungi al carrello' })).toBeVisible();
    await expect(page.locator('[data-option="color:RED"]')).toHaveAttribute('aria-current', 'true');
    await expect(page.locator('[data-option="size:L/XL"]')).toHaveAttribute('aria-current', 'true');
    await expect(page.locator('.product-page__price')).toHaveText('€45');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/it\/product\/Tracer%20Tee$/);
    // Links of an Italian page stay Italian.
    await expect(page.locator('.site-header').getByRole('link', { name: 'Carrello' })).toHaveAttribute('href', '/it/cart');
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'lang')?.value).toBe('it');
    // Remembered: the shop's front door now opens in Italian.
    await page.goto('/');
    await expect(page).toHaveURL(/\/it$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Negozio' })).toBeVisible();
    if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);

    await page.locator('.site-footer').getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
  });

  test('a first visit of / from an Italian browser opens the Italian shop', async ({ browser, baseURL, javaScriptEnabled }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled, locale: 'it-IT' });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await expect(page).toHaveURL(/\/it$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'it');
      await expect(page.getByRole('link', { name: 'Vai al contenuto' })).toHaveCount(1);
    } finally {
      await context.close();
    }
  });

  for (const path of ['/it', '/it/product/Tracer%20Tee', '/it/cart']) {
    test(`${path} has no serious or critical axe violations`, async ({ page, browser, baseURL, javaScriptEnabled }) => {
      if (!javaScriptEnabled) return expectNoSeriousA11yViolationsWithoutScripts(browser, baseURL!, path);
      await page.goto(path);
      await expectNoSeriousA11yViolations(page);
    });
  }
});
