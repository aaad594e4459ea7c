import { asStaff, expectAdminAccessible, memberWithPassword, STAFF_PASSWORD } from '../support/e2e-admin';
import { expect, test } from '../support/e2e-test';

/** The back office in the member's own language (ADR 072), chosen in its frame, with JavaScript on and off. */
test.describe('the back office in Italian', () => {
  test('a member switches to Italian on the page they are on, keeps it after signing out and in, and switches back', async ({
    page,
  }, info) => {
    const owner = await memberWithPassword(info, 'owner');
    await asStaff(page, owner, '/admin/orders?status=paid');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();

    const language = page.getByRole('form', { name: 'Language' });
    await language.getByRole('button', { name: 'Italiano' }).click();
    // The same page and filter, in Italian: the frame, the page's words, its title and the page's language.
    await expect(page).toHaveURL(/\/admin\/orders\?status=paid$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ordini' })).toBeVisible();
    await expect(page).toHaveTitle('Ordini - FILO');
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByRole('link', { name: 'Clienti' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Lingua' }).getByRole('button', { name: 'Italiano' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expectAdminAccessible(page, info);

    await nav.getByRole('link', { name: 'Clienti' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Clienti' })).toBeVisible();

    // Signing out says goodbye in Italian; signing in again, the member's choice is theirs.
    await page.getByRole('button', { name: 'Esci' }).click();
    await expect(page.getByText('Sei uscito dal back office.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Accedi al back office' })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(owner);
    await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Ordini' })).toBeVisible();

    await page.getByRole('form', { name: 'Lingua' }).getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Orders' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
