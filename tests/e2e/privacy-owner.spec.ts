import { readFile } from 'node:fs/promises';

import { openDataArchive } from '../support/data-archive';
import { registerAccount } from '../support/e2e-account';
import { asStaff, expectAdminAccessible, memberWithPassword } from '../support/e2e-admin';
import { uniqueEmail } from '../support/e2e-shop';
import { expect, test } from '../support/e2e-test';

test.describe("the owner's side of privacy", () => {
  test('an owner downloads a customer’s data, erases them at their request, and finds both in the privacy log', async ({ page }, info) => {
    test.slow();
    const customer = await registerAccount(uniqueEmail(info, 'privacy-customer'));
    const customerId = String((customer.user as { id: string }).id);
    const owner = await memberWithPassword(info, 'owner');
    await asStaff(page, owner, `/admin/login?redirectTo=${encodeURIComponent(`/admin/customers/${customerId}`)}`);
    await expect(page.getByRole('heading', { level: 1, name: customer.email })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Privacy requests' })).toBeVisible();
    await expectAdminAccessible(page, info);

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^filo-customer-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const { data } = openDataArchive(await readFile((await download.path())!));
    expect(data.account).toMatchObject({ id: customerId, email: customer.email });

    await page.getByLabel("Type the customer's email to confirm").fill('someone@else.example');
    await page.getByRole('button', { name: 'Erase customer' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: "Type the customer's email address exactly as it is on their account to confirm" }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: customer.email })).toBeVisible();
    await page.getByLabel("Type the customer's email to confirm").fill(customer.email);
    await page.getByRole('button', { name: 'Erase customer' }).click();
    await expect(page.getByText('The customer has been erased.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Customer erased' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Erase customer' })).toHaveCount(0);

    await page.getByRole('navigation', { name: 'Back office', exact: true }).getByRole('link', { name: 'Privacy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
    const rows = page.getByRole('row').filter({ hasText: owner });
    await expect(rows.filter({ hasText: 'Erasure' }).filter({ hasText: 'Customer erased' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Data export' }).filter({ hasText: 'Customer erased' })).toHaveCount(1);
    await expectAdminAccessible(page, info);

    // The periods: the orders' is the law's and read-only; a period below its bound is refused and nothing is saved.
    await expect(page.getByText('10 years, fixed by law')).toBeVisible();
    const unpaid = page.getByLabel('Checkouts that were never paid (days)');
    const kept = await unpaid.inputValue();
    await unpaid.fill('5');
    await page.getByRole('button', { name: 'Save periods' }).click();
    await expect(page.getByText('Enter at least 30 days')).toBeVisible();
    await unpaid.fill(kept);
    await page.getByRole('button', { name: 'Save periods' }).click();
    await expect(page.getByText('The retention periods are saved.', { exact: false })).toBeVisible();
    await expect(page.getByLabel('Checkouts that were never paid (days)')).toHaveValue(kept);
  });

  test('staff see no privacy controls and are refused the privacy page', async ({ page }, info) => {
    const customer = await registerAccount(uniqueEmail(info, 'privacy-kept'));
    const staff = await memberWithPassword(info, 'staff');
    await asStaff(
      page,
      staff,
      `/admin/login?redirectTo=${encodeURIComponent(`/admin/customers/${String((customer.user as { id: string }).id)}`)}`,
    );
    await expect(page.getByRole('heading', { level: 1, name: customer.email })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Export data' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Erase customer' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Back office', exact: true }).getByRole('link', { name: 'Privacy' })).toHaveCount(0);
    await page.goto('/admin/privacy');
    await expect(page.getByText('Only an owner may see the privacy log and change the retention periods.')).toBeVisible();
  });
});
