import { expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsWithoutScripts } from '../support/a11y';
import { apiUrl } from '../support/e2e';
import { adminToken, hasJavaScript } from '../support/e2e-shop';
import { expect, test } from '../support/e2e-test';

/**
 * 'Load more' needs more than a page of listings, so this runs with the drops, on a shop of their
 * own (playwright.config.ts): the owner adds 30 older products, which no other test expects.
 */
const ARCHIVE = Array.from({ length: 30 }, (_, i) => `Archive Tee ${String(i + 1).padStart(2, '0')}`);

async function listingCount(): Promise<{ total: number; names: string[] }> {
  const items = (await (await fetch(`${apiUrl}/api/products/list`, { method: 'POST' })).json()) as { name: string }[];
  return { total: items.length, names: items.map((item) => item.name) };
}

test.beforeAll(async () => {
  const { names } = await listingCount();
  for (const [i, name] of ARCHIVE.entries()) {
    if (names.includes(name)) continue;
    const response = await fetch(`${apiUrl}/api/admin/products`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${adminToken()}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name,
        category: 'Archive',
        short_description: 'From an earlier season.',
        long_description: '',
        price: 3000,
        launch_date: new Date(Date.UTC(2020, 0, i + 1)).toISOString(),
        purchase_limit: null,
        sku_prefix: `ARC${i + 1}`,
        colours: ['BLACK'],
        sizes: ['M'],
        stock_per_variant: 5,
      }),
    });
    expect(response.status, await response.text()).toBe(201);
  }
});

test('the grid shows 24 listings and Load more brings the next ones, with JavaScript in place and without it as a page', async ({
  page,
  browser,
}, info) => {
  const before = (await listingCount()).total;
  expect(before).toBeGreaterThan(24);
  await page.goto('/');
  const cards = page.locator('.product-grid > li');
  await expect(cards).toHaveCount(24);
  const pages = page.getByRole('navigation', { name: 'Product pages' });
  const status = pages.getByRole('status');
  // The drops run beside this test and add products: each count is read from the page it is on.
  const shown = async (first: number) => {
    await expect(status).toHaveText(new RegExp(`^Showing ${first}–\\d+ of \\d+ products$`));
    const [, last, total] = /–(\d+) of (\d+)/.exec((await status.textContent()) ?? '')!.map(Number);
    expect(total).toBeGreaterThanOrEqual(before);
    return { last, total };
  };
  expect((await shown(1)).last).toBe(24);
  const more = pages.getByRole('link', { name: 'Load more' });
  await expect(more).toHaveAttribute('href', '/?page=2');
  if (hasJavaScript(info)) await expectNoSeriousA11yViolations(page);
  else await expectNoSeriousA11yViolationsWithoutScripts(browser, info.project.use.baseURL!, '/');

  await more.click();
  let all = false;
  if (hasJavaScript(info)) {
    // In place: the first 24 stay, the next join them, focus goes to the first new card.
    await expect(cards.nth(24)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const { last, total } = await shown(1);
    expect(last).toBe(Math.min(48, total));
    await expect(cards).toHaveCount(last);
    await expect(cards.nth(24).getByRole('link').first()).toBeFocused();
    all = last === total;
  } else {
    // A page of its own, with a way back.
    await expect(page).toHaveURL(/\?page=2$/);
    const { last, total } = await shown(25);
    expect(last).toBe(Math.min(48, total));
    await expect(cards).toHaveCount(last - 24);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/\?page=2$/);
    await pages.getByRole('link', { name: 'Previous page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(cards).toHaveCount(24);
  }
  // Every listing appears once; the oldest is last.
  if (all) {
    await expect(pages.getByRole('link', { name: 'Load more' })).toHaveCount(0);
    await expect(cards.last().getByRole('heading', { level: 2 })).toHaveText('Archive Tee 01');
  }

  // A filtered grid pages with its filter kept.
  await page.goto('/?category=Archive');
  await expect(cards).toHaveCount(24);
  await expect(pages.getByRole('link', { name: 'Load more' })).toHaveAttribute('href', '/?category=Archive&page=2');
});
