import type { Page } from '@playwright/test';

import { expectNoSeriousA11yViolations } from '../support/a11y';
import { registerAccount } from '../support/e2e-account';
import { EDGE, EDGE_HTML } from '../support/e2e-edge';
import { hasJavaScript } from '../support/e2e-shop';
import { expect, test } from '../support/e2e-test';
import { uniqueEmail } from '../support/mailbox';
import { payOnTestPage } from '../support/payment';
import { PASSWORD, verifyAsGuestInModal } from '../support/sign-in';

const PRODUCT = '/product/Tracer%20Tee?color=BLACK&size=S/M';

async function addFromProductPage(page: Page) {
  await page.goto(PRODUCT);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to Cart!')).toBeVisible();
}

const badge = (page: Page) => page.getByTestId('cart-badge');
const quantity = (page: Page) => page.getByTestId('cart-line-quantity');

test.describe('cart', () => {
  test('the badge reads the same on the cart page, which counts from its own cart, and after leaving it', async ({ page }) => {
    await addFromProductPage(page);
    await page.getByRole('link', { name: 'Cart, 1 items' }).click();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(badge(page)).toHaveText('1');
    await page.getByRole('button', { name: 'Increase quantity of Tracer Tee' }).click();
    await expect(quantity(page)).toHaveText('2');
    await expect(badge(page)).toHaveText('2');
    await page.getByRole('link', { name: /home$/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
    await expect(badge(page)).toHaveText('2');
  });

  test('an anonymous shopper adds, changes quantities, removes and clears; the badge follows', EDGE, async ({ page }, info) => {
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(page.getByText('Add some products to get started')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/');

    await addFromProductPage(page);
    await expect(badge(page)).toHaveText('1');

    await page.goto('/cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Tracer Tee' })).toBeVisible();
    await expect(page.getByText(/SKU: /)).toBeVisible();
    await expect(page.getByText(/^Add €\d+\.\d{2} more for free shipping$/)).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
      'href',
      '/terms-and-conditions',
    );
    await expect(page.getByRole('main').getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    await expect(page.getByRole('button', { name: 'Decrease quantity of Tracer Tee' })).toBeDisabled();
    // axe runs as script in the page: checked in the JavaScript project.
    if (hasJavaScript(info)) await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Increase quantity of Tracer Tee' }).click();
    await expect(quantity(page)).toHaveText('2');
    await expect(badge(page)).toHaveText('2');
    await page.getByRole('button', { name: 'Decrease quantity of Tracer Tee' }).click();
    await expect(quantity(page)).toHaveText('1');
    await expect(badge(page)).toHaveText('1');

    await page.getByRole('button', { name: 'Remove Tracer Tee' }).click();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(badge(page)).toHaveCount(0);

    await addFromProductPage(page);
    await page.goto('/cart');
    if (hasJavaScript(info)) {
      page.once('dialog', (dialog) => {
        expect(dialog.message()).toBe('Are you sure you want to clear your entire cart?');
        void dialog.accept();
      });
      await page.getByRole('link', { name: 'Clear cart' }).click();
    } else {
      await page.getByRole('link', { name: 'Clear cart' }).click();
      await expect(page.getByText('Are you sure you want to clear your entire cart?')).toBeVisible();
      await page.getByRole('button', { name: 'Yes, clear cart' }).click();
    }
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(badge(page)).toHaveCount(0);
  });

  test('a visitor checks out as a guest, is declined once, then pays and sees the order', EDGE, async ({ page, request }, info) => {
    // Sign-in, a declined payment and a paid one: two visits to the payment page.
    test.slow();
    await addFromProductPage(page);
    await page.goto('/cart');
    const total = (await page.getByTestId('summary-total').textContent())!;

    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/cart\?checkout=resume&auth=email$/);
    const email = uniqueEmail('cart-guest');
    const dialog = await verifyAsGuestInModal(page, request, email);
    await dialog.getByRole('link', { name: 'Redirect now' }).click();

    const pay = (card: string) => payOnTestPage(page, { card, name: 'Ada Guest' });

    if (!hasJavaScript(info)) {
      // Without JavaScript the cart (now the guest's) asks for Checkout once more.
      await expect(page).toHaveURL(/\/cart\?checkout=resume$/);
      await expect(page.getByTestId('cart-line')).toHaveCount(1);
      await page.getByRole('button', { name: 'Checkout' }).click();
    }
    // With JavaScript the checkout resumes on its own.
    await pay('4000 0000 0000 0002');
    await expect(page.getByText('Your card was declined. No payment was taken.')).toBeVisible();
    // The same payment session takes another card; everything typed before but the card is still there.
    await page.getByRole('button', { name: 'Try another card' }).click();
    await expect(page.getByLabel('Name on card')).toHaveValue('Ada Guest');
    await expect(page.getByLabel('Address line 1')).not.toHaveValue('');
    await expect(page.getByLabel('Card number')).toHaveValue('');
    await pay('4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/checkout\/success\?session_id=/);
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    await expect(page.getByTestId('order-number')).toHaveText(/^ORD-\d{4}-\d{2}-\d{2}-[0-9A-F]{8}$/);
    await expect(page.getByTestId('order-total')).toHaveText(total);
    await expect(page.getByRole('heading', { name: 'Payment Method' })).toBeVisible();
    // axe runs as script in the page: checked in the JavaScript project.
    if (hasJavaScript(info)) await expectNoSeriousA11yViolations(page);
    await expect(badge(page)).toHaveCount(0);
  });

  test('two variants: quantities change, one goes, the guest pays and the order has the right totals', async ({ page, request }, info) => {
    // The longest walk through the shop: a dozen page changes, the sign-in and the payment page.
    test.slow();
    const line = (sku: string) => page.getByTestId('cart-line').filter({ hasText: `SKU: ${sku}` });
    const change = async (sku: string, button: 'Increase' | 'Decrease', expected: string) => {
      await line(sku)
        .getByRole('button', { name: `${button} quantity of Tracer Tee` })
        .click();
      await expect(line(sku).getByTestId('cart-line-quantity')).toHaveText(expected);
    };
    for (const options of ['color=BLACK&size=S/M', 'color=GREY&size=L/XL']) {
      await page.goto(`/product/Tracer%20Tee?${options}`);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(page.getByText('Added to Cart!')).toBeVisible();
    }
    await expect(badge(page)).toHaveText('2');
    await page.goto('/cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(2);

    // 3 + 1 Tracer Tees at €45: €180, over the free-shipping line.
    await change('TT-BLK-SM', 'Increase', '2');
    await change('TT-BLK-SM', 'Increase', '3');
    await expect(page.getByTestId('summary-shipping')).toHaveText('€0.00');
    await expect(page.getByTestId('summary-total')).toHaveText('€180.00');
    await expect(badge(page)).toHaveText('4');
    // Back under it: €20 shipping and the hint (remaining plus one cent).
    await change('TT-BLK-SM', 'Decrease', '2');
    await page.getByRole('listitem').filter({ hasText: 'SKU: TT-GRY-LXL' }).getByRole('button', { name: 'Remove Tracer Tee' }).click();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(badge(page)).toHaveText('2');
    await expect(page.getByTestId('summary-shipping')).toHaveText('€20.00');
    await expect(page.getByTestId('summary-tax')).toHaveText('€16.23');
    await expect(page.getByTestId('summary-total')).toHaveText('€110.00');
    await expect(page.getByText('Add €60.01 more for free shipping')).toBeVisible();

    await page.getByRole('button', { name: 'Checkout' }).click();
    const email = uniqueEmail('cart-two-variants');
    const dialog = await verifyAsGuestInModal(page, request, email);
    await dialog.getByRole('link', { name: 'Redirect now' }).click();
    if (!hasJavaScript(info)) await page.getByRole('button', { name: 'Checkout' }).click();

    await expect(page.getByRole('button', { name: 'Pay €110.00' })).toBeVisible();
    await payOnTestPage(page, { name: 'Ada Guest', submit: 'Pay €110.00' });

    await expect(page).toHaveURL(/\/checkout\/success\?session_id=/);
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    const rows = page.getByRole('main').locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('SKU: TT-BLK-SM');
    await expect(rows.first().getByRole('cell').nth(1)).toHaveText('2');
    await expect(page.getByTestId('order-subtotal')).toHaveText('€90.00');
    await expect(page.getByTestId('order-shipping')).toHaveText('€20.00');
    await expect(page.getByTestId('order-total')).toHaveText('€110.00');
    await expect(badge(page)).toHaveCount(0);
  });

  test("a registered shopper's anonymous cart joins their account at login", EDGE_HTML, async ({ page }) => {
    const email = uniqueEmail('cart-member');
    const password = PASSWORD;
    await registerAccount(email, password);

    await addFromProductPage(page);
    await page.goto('/cart?auth=email');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Log In' }).click();
    await dialog.getByRole('link', { name: 'Redirect now' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(badge(page)).toHaveText('1');

    // The cart now lives in the account: a fresh browser that logs in finds it.
    await page.context().clearCookies();
    await page.goto('/cart?auth=email');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Log In' }).click();
    await dialog.getByRole('link', { name: 'Redirect now' }).click();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
  });

  test('an error message stays until the shopper dismisses it', async ({ page, javaScriptEnabled }) => {
    if (javaScriptEnabled) await page.clock.install();
    await page.goto('/cart?add=00000000-0000-4000-8000-000000000000');
    const toast = page.locator('.toast');
    await expect(toast).toContainText('Failed to add item to cart');
    await expect(toast).toHaveClass(/toast--error/);
    if (!javaScriptEnabled) {
      // Without JavaScript the message is part of the page the redirect led to: nothing to dismiss.
      await expect(page.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);
      return;
    }
    // Long past the 3 seconds a success stays, the error is still there, until the shopper dismisses it.
    await page.clock.runFor(10_000);
    await expect(toast).toBeVisible();
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(toast).toHaveCount(0);
  });

  test('the order pages explain a missing or unknown order', async ({ page }) => {
    await page.goto('/order-success');
    await expect(page.getByRole('heading', { name: 'No order ID provided' })).toBeVisible();
    await page.goto('/checkout/success?session_id=nope');
    await expect(page.getByRole('heading', { name: 'Unable to Load Order' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  test('shows a skeleton while the cart loads after a click (JavaScript)', async ({ page }, info) => {
    test.skip(!hasJavaScript(info), 'only a client-side navigation has a loading state');
    await page.goto('/about');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/_data=routes%2Fcart/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('banner').getByRole('link', { name: /^Cart/ }).first().click();
    await expect(page.getByTestId('cart-skeleton')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(page.getByTestId('cart-skeleton')).toHaveCount(0);
  });
});
