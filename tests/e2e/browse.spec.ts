import type { Page } from '@playwright/test';

import { expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsWithoutScripts } from '../support/a11y';
import { hasJavaScript } from '../support/e2e-shop';
import { expect, test } from '../support/e2e-test';

const names = async (page: Page) => [
  ...new Set(await page.locator('.product-grid > li').getByRole('heading', { level: 2 }).allTextContents()),
];
const filters = (page: Page) => page.getByRole('search', { name: 'Search and filter products' });

// The shop's grid narrowed by a search and filters (issue #21): one GET form, with JavaScript on and off.
test.describe('search and filters', () => {
  test('a shopper searches, narrows by category, colour, size and stock, and clears it all @edge', async ({ page, browser }, info) => {
    await page.goto('/');
    const form = filters(page);
    await expect(form.getByLabel('Search products')).toHaveValue('');

    // A word of two names, by its English stem: results only, the hero gone, the count said.
    await form.getByLabel('Search products').fill('tees');
    await form.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/[?&]q=tees(&|$)/);
    await expect(page.getByRole('status').filter({ hasText: 'found for “tees”' })).toBeVisible();
    expect(await names(page)).toEqual(expect.arrayContaining(['Tracer Tee', 'Padded Tee']));
    expect(await names(page)).not.toContain('Tracer Hoodie');
    await expect(page.locator('.home-hero')).toHaveCount(0);
    await expect(page).toHaveTitle('Search: tees - FILO');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');

    // A category on its own: a page search engines may keep.
    await page.goto('/');
    await filters(page).getByLabel('Category').selectOption('Bottoms');
    await filters(page).getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/category=Bottoms/);
    await expect(page.getByRole('status').filter({ hasText: '1 product found' })).toBeVisible();
    expect(await names(page)).toEqual(['Padded Jorts']);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/\?category=Bottoms$/);

    // Red in S/M is sold out as seeded: 'In stock only' leaves nothing, and says how to go on.
    await page.goto('/');
    await filters(page).getByLabel('Colour').selectOption('RED');
    await filters(page).getByLabel('Size').selectOption('S/M');
    await filters(page).getByLabel('In stock only').check();
    await filters(page).getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/in_stock=1/);
    await expect(page.getByText('No products available')).toBeVisible();
    await expect(filters(page).getByLabel('Colour')).toHaveValue('RED');
    await expect(filters(page).getByLabel('In stock only')).toBeChecked();
    if (hasJavaScript(info)) await expectNoSeriousA11yViolations(page);
    else
      await expectNoSeriousA11yViolationsWithoutScripts(
        browser,
        info.project.use.baseURL!,
        new URL(page.url()).pathname + new URL(page.url()).search,
      );

    // In L/XL it is in stock, with its own red listing.
    await filters(page).getByLabel('Size').selectOption('L/XL');
    await filters(page).getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('status').filter({ hasText: '2 products found' })).toBeVisible();
    expect(await names(page)).toEqual(['Tracer Tee']);

    // One link back to the whole shop.
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(filters(page).getByLabel('Colour')).toHaveValue('');
    expect(await names(page)).toEqual(['Padded Jorts', 'Padded Tee', 'Tracer Tee', 'Tracer Hoodie']);
  });

  test('a search that finds nothing shows the empty state and a way back; one too long is refused with a message', async ({ page }) => {
    await page.goto('/?q=velvet%20cape');
    await expect(page.getByText('No products available')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '0 products found for “velvet cape”' })).toBeVisible();
    await page.getByRole('link', { name: 'see every product' }).click();
    await expect(page.locator('.product-grid > li').first()).toBeVisible();

    await page.goto(`/?q=${'x'.repeat(101)}`);
    await expect(page.getByRole('alert').filter({ hasText: 'Search must be at most 100 characters' })).toBeVisible();
    await expect(filters(page).getByLabel('Search products')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('.product-grid > li').first()).toBeVisible();
  });
});
