import sharp from 'sharp';

import { toShopWallTime } from '../../contract/shop-time';
import { apiUrl } from '../support/e2e';
import { asStaff, expectAdminAccessible, memberWithPassword } from '../support/e2e-admin';
import { hasJavaScript } from '../support/e2e-shop';
import { expect, test } from '../support/e2e-test';

/** The API's clock (DEV_CLOCK=1): read, or moved forward with the jobs that fall due run before it answers. */
async function apiClock(advanceMs?: number): Promise<Date> {
  const response = await fetch(
    `${apiUrl}/dev/clock`,
    advanceMs === undefined
      ? {}
      : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ advance_ms: advanceMs }) },
  );
  expect(response.status).toBe(200);
  return new Date((await response.json()).now);
}

// These tests change the home page and the contact page every shopper sees, and move the shop's clock:
// they run on a shop of their own in each JavaScript mode (playwright.config.ts).
test.describe('the home and contact pages as the owner writes them (ADR 073)', () => {
  test('the owner changes the contact hours, sets the home hero with an image and schedules the next one; a shopper sees each', async ({
    page,
    browser,
  }, info) => {
    test.slow();
    const owner = await memberWithPassword(info, 'owner');
    const shopper = await browser.newPage({ javaScriptEnabled: hasJavaScript(info) });
    try {
      // The contact page's hours: a form of rows, not Markdown.
      await asStaff(page, owner, '/admin/pages');
      await page.getByRole('link', { name: 'Contact us' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
      await page.getByLabel('Days (English), row 1').fill('Tue-Sat');
      await page.getByLabel('Hours (English), row 1').fill('11:00-19:00');
      await page.getByLabel('Days (Italian), row 1').fill('Mar-Sab');
      await page.getByLabel('Hours (Italian), row 1').fill('');
      await page.getByRole('button', { name: 'Save and publish' }).click();
      await expect(page.getByText('shoppers see it at /contact now')).toBeVisible();
      await expectAdminAccessible(page, info);

      await shopper.goto('/contact');
      const hours = shopper.getByRole('table', { name: 'Business hours' });
      await expect(hours.getByRole('row')).toHaveText([/Tue-Sat\s*11:00-19:00/, /Sat\s*10:00-14:00/, /Sun\s*closed/]);
      // Italian left empty reads in English.
      await shopper.goto('/it/contact');
      await expect(shopper.getByRole('table', { name: 'Orari' }).getByRole('row').first()).toHaveText(/Mar-Sab\s*11:00-19:00/);

      // The home page's hero: an image uploaded with the form, words, and a button to a category.
      await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Home page' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Home page' })).toBeVisible();
      const now = page.getByRole('form', { name: 'The hero shown now' });
      await now.getByLabel('Headline (English)').fill('Cut in Genoa, worn everywhere');
      await now.getByLabel('Text (English)').fill('Numbered batches of heavy cotton.');
      await now.getByLabel("Button's words (English)").fill('Shop the tees');
      await now.getByLabel("Button's words (Italian)").fill('Scopri le t-shirt');
      await now.getByLabel('The button leads to').selectOption({ label: 'T-Shirts' });
      const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#b3261e' } })
        .jpeg()
        .toBuffer();
      await now.getByLabel('Image (optional)').setInputFiles({ name: 'hero.jpg', mimeType: 'image/jpeg', buffer: photo });
      await now.getByRole('button', { name: 'Save the hero' }).click();
      await expect(page.getByText('The hero is saved: shoppers see it on the home page now.')).toBeVisible();
      await expectAdminAccessible(page, info);

      await shopper.goto('/');
      const hero = shopper.locator('.home-hero');
      await expect(hero.getByRole('heading', { level: 2 })).toHaveText('Cut in Genoa, worn everywhere');
      await expect(hero.getByText('Numbered batches of heavy cotton.')).toBeVisible();
      await expect(hero.getByRole('link', { name: 'Shop the tees' })).toHaveAttribute('href', '/?category=T-Shirts');
      await expect(hero.locator('img')).toHaveAttribute('src', /\/product-images\/home\//);
      await shopper.goto('/it');
      await expect(shopper.locator('.home-hero').getByRole('link', { name: 'Scopri le t-shirt' })).toHaveAttribute(
        'href',
        '/it?category=T-Shirts',
      );

      // The next hero, for a launch two minutes ahead of the shop's clock: the scheduled jobs switch to it.
      const start = new Date(Math.ceil((await apiClock()).getTime() / 60_000) * 60_000 + 2 * 60_000);
      const next = page.getByRole('form', { name: 'The next hero' });
      await next.getByLabel('Starts at (Italian time)').fill(toShopWallTime(start));
      await next.getByLabel('Headline (English)').fill('Launch night');
      await next.getByLabel("Button's words (English)").fill('See what is new');
      await next.getByLabel('The button leads to').selectOption({ label: 'Bottoms' });
      await next.getByRole('button', { name: 'Schedule the hero' }).click();
      await expect(page.getByText('The next hero is scheduled')).toBeVisible();
      await shopper.goto('/');
      await expect(shopper.locator('.home-hero').getByRole('heading', { level: 2 })).toHaveText('Cut in Genoa, worn everywhere');
      await apiClock(3 * 60_000);
      await expect(async () => {
        await shopper.goto('/');
        await expect(shopper.locator('.home-hero').getByRole('heading', { level: 2 })).toHaveText('Launch night', { timeout: 1_000 });
      }).toPass();
      await expect(shopper.locator('.home-hero').getByRole('link', { name: 'See what is new' })).toHaveAttribute(
        'href',
        '/?category=Bottoms',
      );

      // Taken away, the newest product leads again.
      await page.reload();
      await page.getByRole('form', { name: 'The hero shown now' }).getByRole('button', { name: 'Remove the hero' }).click();
      await expect(page.getByText('The hero is removed')).toBeVisible();
      await shopper.goto('/');
      await expect(shopper.locator('.home-hero').getByRole('heading', { level: 2 })).toHaveText(/^New: /);
    } finally {
      await shopper.close();
    }
  });
});
