import { mkdirSync, renameSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';

import { expect, test } from '../support/e2e-test';

test.describe('about page', () => {
  test('tells the brand story and lists the team with drawn portraits', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Small batches, cut and sewn in Italy');
    await expect(page.getByRole('heading', { level: 2, name: 'From a Milan bedroom to a Genoa studio' })).toBeVisible();
    const team = page.locator('.team-list > li');
    await expect(team).toHaveCount(4);
    await expect(team.getByRole('heading', { level: 3 })).toHaveText(['Giulia Ferraro', 'Marco Bellini', 'Amina Diallo', 'Luca Moretti']);
    await expect(team.first()).toContainText('Founder and creative director');
    await expect(team.getByRole('img', { name: /^Illustrated portrait of / })).toHaveCount(4);
    await Promise.all([page.waitForURL('**/contact'), page.getByRole('main').getByRole('link', { name: 'Contact us' }).click()]);
  });
});

test.describe('policy pages', () => {
  test("the return policy's links lead to the contact form with the order reason", async ({ page }) => {
    await page.goto('/return-policy');
    await Promise.all([page.waitForURL('**/contact?reason=order'), page.getByRole('link', { name: 'contact form' }).click()]);
    await expect(page.getByLabel('Reason for contact')).toHaveValue('order');
  });

  test("shows 'Error loading document:' and why when storage fails", async ({ page, request, baseURL }) => {
    const dataDir = process.env.E2E_DATA_DIR!;
    const file = join(dataDir, 'storage', 'documents', 'policies', 'website-use-agreement.md');
    // Both projects break the same document; a lock folder keeps them from overlapping.
    const lock = join(dataDir, 'website-use-agreement.lock');
    const tryLock = () => {
      try {
        mkdirSync(lock);
        return true;
      } catch {
        return false;
      }
    };
    await expect.poll(tryLock, { timeout: 25_000 }).toBe(true);
    // A visitor without a session has it from the page cache, kept while storage is down.
    await request.get('/website-use-agreement');
    // The shopper here has a cookie, so the page is drawn for them and shows the failure.
    await page.context().addCookies([{ name: 'cookieConsent', value: 'accepted', url: baseURL! }]);
    renameSync(file, `${file}.away`);
    try {
      const stored = await request.get('/website-use-agreement');
      expect(stored.status()).toBe(200);
      expect(stored.headers()['age']).toMatch(/^\d+$/);
      expect(await stored.text()).toContain('2. Acceptable use');
      const response = await page.goto('/website-use-agreement');
      expect(response?.status()).toBe(502);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Website Use Agreement');
      await expect(page.getByRole('alert')).toHaveText('Error loading document: HTTP error! status: 404');
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    } finally {
      renameSync(`${file}.away`, file);
      rmdirSync(lock);
    }
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: '2. Acceptable use' })).toBeVisible();
  });
});
