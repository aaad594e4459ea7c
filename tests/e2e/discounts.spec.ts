import { readFile } from 'node:fs/promises';

import type { Page } from '@playwright/test';

import { registerAccount, signInAs } from '../support/e2e-account';
import { asStaff, expectAdminAccessible, memberWithPassword } from '../support/e2e-admin';
import { EDGE_HTML } from '../support/e2e-edge';
import { hasJavaScript, uniqueEmail } from '../support/e2e-shop';
import { expect, test } from '../support/e2e-test';
import { payOnTestPage } from '../support/payment';
import { pdfText } from '../support/pdf-text';

// Two Padded Tees at €85.00: €170.00 ships free; 20% off leaves €136.00, under the €150.00 threshold.
// Not the black L/XL: the returns journey counts that variant's stock as it refunds one.
const BLACK_SMALL = '/product/Padded%20Tee?color=BLACK&size=S/M';
const BEIGE_SMALL = '/product/Padded%20Tee?color=BEIGE&size=S/M';
const GREY_LARGE = '/product/Padded%20Tee?color=GREY&size=L/XL';

async function addToCart(page: Page, product: string) {
  await page.goto(product);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to Cart!')).toBeVisible();
}

const summary = (page: Page, id: string) => page.getByTestId(`summary-${id}`);

/** The owner makes a code on /admin/discounts/new. */
async function ownerCreates(page: Page, info: Parameters<typeof memberWithPassword>[0], fill: (page: Page) => Promise<void>) {
  await asStaff(page, await memberWithPassword(info, 'owner'), '/admin/discounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Discount codes' })).toBeVisible();
  await page.getByRole('link', { name: 'New code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New discount code' })).toBeVisible();
  await fill(page);
  await page.getByRole('button', { name: 'Create code' }).click();
}

test.describe('discount codes', () => {
  test('the owner makes a code; a shopper applies it on the cart, pays the discounted total, and sees it on the order, receipt and CSV', async ({
    page,
    browser,
  }, info) => {
    test.slow();
    const baseURL = info.project.use.baseURL!;
    const code = `SPRING${Date.now().toString(36).toUpperCase().slice(-5)}${hasJavaScript(info) ? 'J' : 'N'}`;

    await ownerCreates(page, info, async (form) => {
      await expectAdminAccessible(form, info);
      // A bad percentage is refused, saving nothing.
      await form.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
      await form.getByLabel('Percentage (for a percentage)').fill('150');
      await form.getByRole('button', { name: 'Create code' }).click();
      await expect(form.getByText('Enter a percentage from 1 to 100')).toBeVisible();
      await form.getByLabel('Percentage (for a percentage)').fill('20');
      await form.getByLabel('Minimum cart total in euros (optional)').fill('100');
      await form.getByLabel('Uses per customer (optional)').fill('1');
    });
    await expect(page.getByRole('status')).toHaveText(`The code ${code} was created: 20% off.`);
    await expect(page.getByRole('row', { name: new RegExp(code) })).toContainText('€100.00');
    await expectAdminAccessible(page, info);

    // The shopper, signed in, in a context of their own.
    const shopperContext = await browser.newContext({ baseURL, javaScriptEnabled: hasJavaScript(info) });
    const shop = await shopperContext.newPage();
    try {
      await signInAs(shopperContext, baseURL, await registerAccount(uniqueEmail(info, 'discount')));
      await addToCart(shop, BLACK_SMALL);
      await addToCart(shop, BEIGE_SMALL);
      await shop.goto('/cart');
      await expect(summary(shop, 'shipping')).toHaveText('€0.00');
      await expect(summary(shop, 'total')).toHaveText('€170.00');

      // A mistyped code says so and changes nothing.
      await shop.getByLabel('Discount code').fill('NOPE-CODE');
      await shop.getByRole('button', { name: 'Apply' }).click();
      await expect(shop.getByRole('alert').filter({ hasText: 'The code NOPE-CODE is not valid. Check its spelling.' })).toBeVisible();
      await expect(shop.getByLabel('Discount code')).toHaveAttribute('aria-invalid', 'true');
      await expect(summary(shop, 'total')).toHaveText('€170.00');
      await expectAdminAccessible(shop, info);

      await shop.getByLabel('Discount code').fill(` ${code.toLowerCase()} `);
      await shop.getByRole('button', { name: 'Apply' }).click();
      await expect(summary(shop, 'discount')).toHaveText('-€34.00');
      // €136.00 after the discount: shipping is charged again, VAT is 22/122 of €136.00 = €24.52.
      await expect(summary(shop, 'items')).toHaveText('€170.00');
      await expect(summary(shop, 'subtotal')).toHaveText('€111.48');
      await expect(summary(shop, 'tax')).toHaveText('€24.52');
      await expect(summary(shop, 'shipping')).toHaveText('€20.00');
      await expect(summary(shop, 'total')).toHaveText('€156.00');
      await expect(shop.getByText('Add €14.01 more for free shipping')).toBeVisible();
      await expect(shop.getByRole('button', { name: `Remove code ${code}` })).toBeVisible();
      await expectAdminAccessible(shop, info);

      await shop.getByRole('button', { name: 'Checkout' }).click();
      await expect(shop.getByRole('heading', { name: 'Pay €156.00' })).toBeVisible();
      await expect(shop.getByRole('row', { name: new RegExp(`Discount \\(${code}\\)`) })).toContainText('-€34.00');
      await payOnTestPage(shop);
      await expect(shop.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
      await expect(shop.getByTestId('order-discount')).toHaveText('-€34.00');
      await expect(shop.getByTestId('order-total')).toHaveText('€156.00');

      // The code is spent with the order; it was for one use per customer, so applying it again says so.
      await addToCart(shop, BLACK_SMALL);
      await addToCart(shop, BEIGE_SMALL);
      await shop.goto('/cart');
      await expect(summary(shop, 'discount')).toHaveCount(0);
      await shop.getByLabel('Discount code').fill(code);
      await shop.getByRole('button', { name: 'Apply' }).click();
      await expect(
        shop.getByRole('alert').filter({ hasText: `You have already used the code ${code} as many times as it allows.` }),
      ).toBeVisible();
      await expect(summary(shop, 'total')).toHaveText('€170.00');

      // Receipt and CSV.
      await shop.goto('/orders');
      const downloading = shop.waitForEvent('download');
      await shop.getByRole('link', { name: 'Export to CSV' }).click();
      const csv = await readFile(await (await downloading).path(), 'utf8');
      expect(csv).toContain(`€156.00 (discount ${code} -€34.00)`);
      const purchaseId = await shop.getByTestId('order-card').first().getAttribute('id');
      const receipt = await shop.request.get(`/orders/${purchaseId!.replace(/^order-/, '')}/receipt`);
      expect(receipt.status()).toBe(200);
      const text = pdfText(await receipt.body());
      expect(text).toContain(`Discount (${code})`);
      expect(text).toContain('-€34.00');
    } finally {
      await shopperContext.close();
    }
  });

  test(
    'a /discount/{code} link works before there is a cart, and Remove takes the code away',
    EDGE_HTML,
    async ({ page, browser }, info) => {
      const baseURL = info.project.use.baseURL!;
      const code = `SHIPFREE${Date.now().toString(36).toUpperCase().slice(-5)}${hasJavaScript(info) ? 'J' : 'N'}`;
      await ownerCreates(page, info, async (form) => {
        await form.getByLabel('Code', { exact: true }).fill(code);
        await form.getByLabel('Takes off').selectOption('free_shipping');
      });
      await expect(page.getByRole('status')).toHaveText(`The code ${code} was created: Free shipping.`);

      const context = await browser.newContext({ baseURL, javaScriptEnabled: hasJavaScript(info) });
      const shop = await context.newPage();
      try {
        await shop.goto(`/discount/${code.toLowerCase()}`);
        await expect(shop).toHaveURL(`${baseURL}/`);
        await expect(shop.getByText(`The code ${code} will be applied to your cart.`)).toBeVisible();
        await shop.goto('/discount/NOT-A-CODE');
        await expect(shop.getByText('The code NOT-A-CODE is not valid. Check its spelling.')).toBeVisible();

        await addToCart(shop, GREY_LARGE);
        await shop.goto('/cart');
        // €85.00 would ship for €20.00; the code waives it.
        await expect(summary(shop, 'discount')).toHaveText('Free shipping');
        await expect(summary(shop, 'shipping')).toHaveText('€0.00');
        await expect(summary(shop, 'total')).toHaveText('€85.00');
        await expectAdminAccessible(shop, info);
        await shop.getByRole('button', { name: `Remove code ${code}` }).click();
        await expect(shop.getByText('The discount code was removed.')).toBeVisible();
        await expect(summary(shop, 'shipping')).toHaveText('€20.00');
        await expect(summary(shop, 'total')).toHaveText('€105.00');
        await expect(summary(shop, 'discount')).toHaveCount(0);
      } finally {
        await context.close();
      }
    },
  );
});
