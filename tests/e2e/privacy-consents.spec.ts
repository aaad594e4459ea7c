import { expectNoSeriousA11yViolations } from '../support/a11y';
import { registerAccount, signInAs } from '../support/e2e-account';
import { hasJavaScript, uniqueEmail } from '../support/e2e-shop';
import { expect, test } from '../support/e2e-test';

test.describe('consents on the profile', () => {
  test('a signed-in shopper accepts the cookie notice, finds it with the terms on the profile, and withdraws it there', async ({
    page,
    context,
    baseURL,
  }, info) => {
    const account = await registerAccount(uniqueEmail(info, 'consents'));
    await signInAs(context, baseURL!, account);
    await page.goto('/about');
    const notice = page.getByRole('region', { name: 'Cookie notice' });
    await notice.getByRole('button', { name: 'Accept' }).click();
    await expect(notice).toHaveCount(0);

    const panel = page.getByRole('region', { name: 'Your consents' });
    // With JavaScript the record is made in the background: the profile shows it once it has landed.
    await expect(async () => {
      await page.goto('/profile');
      await expect(panel.getByRole('listitem').filter({ hasText: 'Cookies and local storage' })).toContainText('Given');
    }).toPass();
    await expect(panel.getByRole('listitem').filter({ hasText: 'Terms and privacy policy' })).toContainText(
      'Ends when you delete your account.',
    );
    if (hasJavaScript(info)) await expectNoSeriousA11yViolations(page);

    await panel.getByRole('button', { name: /Withdraw/ }).click();
    await expect(page.getByText('Your consent has been withdrawn.')).toBeVisible();
    await expect(panel.getByRole('listitem').filter({ hasText: 'Cookies and local storage' })).toContainText('Withdrawn');
    await expect(panel.getByRole('button', { name: /Withdraw/ })).toHaveCount(0);
    // The cookie is cleared, and with JavaScript its copy in local storage goes on the next page: the
    // notice asks again either way.
    await page.goto('/about');
    await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeVisible();
    if (hasJavaScript(info)) {
      await expect.poll(() => page.evaluate(() => window.localStorage.length)).toBe(0);
      await page.reload();
      await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeVisible();
    }
  });
});
