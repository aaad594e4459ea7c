import { apiUrl } from '../support/e2e';
import { asStaff, expectAdminAccessible, memberWithPassword } from '../support/e2e-admin';
import { adminToken, hasJavaScript } from '../support/e2e-shop';
import { expect, test } from '../support/e2e-test';

/**
 * The owner edits the shop's navigation (ADR 071) and a shopper sees it on every page. It changes the
 * chrome every other test reads, so it runs on the late shops, one per JavaScript mode (playwright.config.ts).
 */
test.describe('navigation', () => {
  test('an owner renames a header link and adds their page to the footer; the shop shows both on every page', async ({
    page,
    browser,
  }, info) => {
    const slug = `size-guide-${Date.now()}`;
    const headers = { Authorization: `Bearer ${adminToken()}`, 'Content-Type': 'application/json' };
    const made = await fetch(`${apiUrl}/api/admin/pages`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ slug, title_en: 'Size guide', body_en: '## Tops\n\nTrue to size.' }),
    });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    expect((await fetch(`${apiUrl}/api/admin/pages/${id}/publish`, { method: 'POST', headers, body: '{"version":1}' })).status).toBe(200);

    const owner = await memberWithPassword(info, 'owner');
    await asStaff(page, owner, '/admin/navigation');
    await expect(page.getByRole('heading', { level: 1, name: 'Navigation' })).toBeVisible();
    await expectAdminAccessible(page, info);

    const header = page.getByRole('region', { name: 'Header menu “Products”' });
    await header.getByRole('link', { name: 'Change: All products' }).click();
    const edit = page.getByRole('form', { name: 'Change the link “All products”' });
    await edit.getByLabel('Label (English)').fill('Shop everything');
    await edit.getByRole('button', { name: 'Save the link' }).click();
    await expect(page.getByText('The link is saved; shoppers see it on their next page.')).toBeVisible();
    await expect(header.getByText('Shop everything', { exact: true })).toBeVisible();

    const add = page.getByRole('form', { name: 'Add a link' });
    await add.getByLabel('Menu or column').selectOption({ label: 'Footer column “Support”' });
    await add.getByLabel('Links to').selectOption({ label: 'One of your pages' });
    await add.getByLabel('Your page').selectOption({ label: `Size guide (/pages/${slug})` });
    await add.getByRole('button', { name: 'Add the link' }).click();
    await expect(page.getByText('The link is added; shoppers see it on their next page.')).toBeVisible();

    // A column goes with its links, so only once its box is ticked: the browser asks for it first.
    const heading = `Guides ${slug.slice(-6)}`;
    const columns = page.getByRole('form', { name: 'Add a footer column' });
    await columns.getByLabel('Heading (English)').fill(heading);
    await columns.getByRole('button', { name: 'Add the column' }).click();
    await expect(page.getByText('The column is added at the end of the footer.')).toBeVisible();
    const column = page.getByRole('region', { name: `Footer column “${heading}”` });
    const remove = column.getByRole('button', { name: `Remove column and its links: ${heading}` });
    await remove.click();
    await expect(column.locator('input[name="confirm"]:invalid')).toHaveCount(1);
    await expect(column).toBeVisible();
    await expect(page.getByText('The column is removed with its links.')).toHaveCount(0);
    await expectAdminAccessible(page, info);
    await column.getByLabel(`Yes, remove “${heading}” and its links`).check();
    await remove.click();
    await expect(page.getByText('The column is removed with its links.')).toBeVisible();
    await expect(column).toHaveCount(0);

    const shopper = await browser.newPage({ javaScriptEnabled: hasJavaScript(info) });
    try {
      for (const path of ['/about', '/cart', '/contact']) {
        await shopper.goto(path);
        const menu = shopper.getByRole('navigation', { name: 'Main' }).locator('details');
        await menu.locator('summary').click();
        await expect(menu.getByRole('link', { name: 'Shop everything', exact: true }), path).toHaveAttribute('href', '/');
        await expect(menu.getByRole('link', { name: 'All products', exact: true })).toHaveCount(0);
        const support = shopper.getByRole('contentinfo').getByRole('navigation', { name: 'Support' });
        await expect(support.getByRole('link').last(), path).toHaveText('Size guide');
      }
      await shopper.getByRole('contentinfo').getByRole('link', { name: 'Size guide' }).click();
      await expect(shopper).toHaveURL(new RegExp(`/pages/${slug}$`));
      await expect(shopper.getByRole('heading', { level: 1 })).toHaveText('Size guide');
    } finally {
      await shopper.close();
    }
  });
});
