import { expectNoSeriousA11yViolations } from '../support/a11y';
import { guestAccount, registerAccount, signInAs } from '../support/e2e-account';
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

test('a guest deletes what the shop holds about their email from /orders, with the email typed again', async ({
  page,
  context,
  baseURL,
}, info) => {
  const guest = await guestAccount(uniqueEmail(info, 'guest-delete'));
  await signInAs(context, baseURL!, guest);
  await page.goto('/orders');
  const panel = page.getByRole('region', { name: 'Your data' });
  await expect(panel.getByRole('heading', { name: 'Delete my data' })).toBeVisible();
  if (hasJavaScript(info)) await expectNoSeriousA11yViolations(page);
  await panel.getByLabel('Type your email to confirm').fill('someone-else@example.com');
  await panel.getByRole('button', { name: 'Delete my data' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Type the email address you bought with, exactly as you gave it, to confirm');
  await expect(panel.getByLabel('Type your email to confirm')).toHaveAttribute('aria-invalid', 'true');

  await panel.getByLabel('Type your email to confirm').fill(guest.email);
  await panel.getByRole('button', { name: 'Delete my data' }).click();
  await expect(page.getByText('Your data has been deleted. Thank you for shopping with us.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' }).first()).toBeAttached();
});
