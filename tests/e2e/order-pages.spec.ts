import { expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsWithoutScripts } from '../support/a11y';
import { hasJavaScript, signIn } from '../support/e2e-shop';
import { expect, test } from '../support/e2e-test';

test.describe('order pages', () => {
  test('/order-failed shows the sample error to a registered shopper, and Contact Support preselects the order reason', async ({
    page,
    context,
    browser,
    baseURL,
  }, info) => {
    const visitor = await page.goto('/order-failed');
    expect(new URL(visitor!.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/order-failed');

    await signIn(context, baseURL!, 'order-failed@example.com');
    await page.goto('/order-failed');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Failed' })).toBeVisible();
    await expect(page.getByText('Error code:')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Cart & Retry' })).toHaveAttribute('href', '/cart');
    await expect(page.getByRole('link', { name: 'Back to Shopping' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('heading', { name: 'Common reasons a payment fails' })).toBeVisible();
    await expect(page.getByText('Average response time: Under 2 hours')).toBeVisible();
    if (hasJavaScript(info)) await expectNoSeriousA11yViolations(page);
    else
      await expectNoSeriousA11yViolationsWithoutScripts(browser, baseURL!, '/order-failed', (checked) =>
        signIn(checked, baseURL!, 'order-failed@example.com'),
      );

    await page.getByRole('link', { name: 'Contact Support' }).click();
    await expect(page).toHaveURL(/\/contact\?reason=purchase_error$/);
    await expect(page.getByLabel('Reason for contact')).toHaveValue('order');
  });

  test('/payment-result renders the login screen with Back to Shop', async ({ page }) => {
    await page.goto('/payment-result');
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    await expect(page.locator('.page-bar').getByRole('link', { name: 'Back to Shop' })).toHaveAttribute('href', '/');
    await expect(page).toHaveTitle(/^Payment Result - /);
  });

  test('/order-details shows the fixed sample confirmation', async ({ page }) => {
    await page.goto('/order-details');
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    await expect(page.getByTestId('order-number')).toHaveText('ORD-2026-03-14-5F3A9C21');
    await expect(page.getByRole('cell', { name: /Tracer Tee/ })).toBeVisible();
    await expect(page.getByRole('cell', { name: /Padded Jorts/ })).toBeVisible();
    await expect(page.getByTestId('order-total')).toHaveText('€165.00');
    await expect(page.getByTestId('order-shipping')).toHaveText('€0.00');
    await expect(page.locator('.page-bar').getByRole('link', { name: 'View Order History' })).toHaveAttribute('href', '/orders');
  });
});
