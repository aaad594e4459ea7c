import { readFile } from 'node:fs/promises';

import type { Page } from '@playwright/test';

import { expectNoSeriousA11yViolations } from '../support/a11y';
import { signInNewMember } from '../support/e2e-account';
import { hasJavaScript } from '../support/e2e-shop';
import { expect, test } from '../support/e2e-test';
import { uniqueEmail } from '../support/mailbox';
import { payOnTestPage } from '../support/payment';
import { verifyAsGuestInModal } from '../support/sign-in';

/** Pays on the built-in test payment page. */
async function pay(page: Page, card?: string) {
  await payOnTestPage(page, { card });
}

test.describe('quick purchase', () => {
  test('a visitor signs in as a guest in the modal, then goes on to the payment page and the order', async ({ page, request }, info) => {
    await page.goto('/product/Tracer%20Tee?color=BEIGE&size=S/M');
    const price = (await page.locator('.product-page__price').textContent())!;
    expect(price).toBe('€45');
    await page.getByRole('button', { name: 'Quick Purchase' }).click();
    await expect(page).toHaveURL(/\/product\/Tracer%20Tee\?.*purchase=resume&auth=email$/);

    const email = uniqueEmail('quick-guest');
    const dialog = await verifyAsGuestInModal(page, request, email);

    if (hasJavaScript(info)) {
      // Hold the purchase the page resumes on its own, to see its status text while it works.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/product\/Tracer%20Tee\?.*_data=/, async (route) => {
        if (route.request().method() === 'POST') await held;
        await route.continue();
      });
      await dialog.getByRole('link', { name: 'Redirect now' }).click();
      await expect(page.getByTestId('quick-purchase-status')).toHaveText('Creating checkout session...');
      await expect(page.getByRole('button', { name: 'Quick Purchase' })).toBeDisabled();
      release();
    } else {
      // Without JavaScript the product page hands on to /checkout/quick by a refresh, which goes to the payment page.
      await dialog.getByRole('link', { name: 'Redirect now' }).click();
    }
    await expect(page.getByRole('button', { name: 'Pay €65.00' })).toBeVisible();
    await pay(page);

    await expect(page).toHaveURL(/\/order-success\?session_id=/);
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    await expect(page.getByRole('cell', { name: /Tracer Tee/ })).toContainText('SKU: TT-BEI-SM');
    await expect(page.getByTestId('order-subtotal')).toHaveText('€45.00');
    await expect(page.getByTestId('order-shipping')).toHaveText('€20.00');
    await expect(page.getByTestId('order-total')).toHaveText('€65.00');
    await expect(page.getByText(`A confirmation email has been sent to ${email}.`)).toBeVisible();
    // A guest: no order history or receipt, but the Create Account prompt.
    await expect(page.getByRole('link', { name: 'Download Receipt' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'View Order History' })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/register');
  });

  test('a declined card comes back to the product page', async ({ page }) => {
    await signInNewMember(page, uniqueEmail('quick-declined'));
    await page.goto('/product/Padded%20Tee?color=GREY&size=S/M');
    await page.getByRole('button', { name: 'Quick Purchase' }).click();
    await pay(page, '4000 0000 0000 0002');
    await expect(page.getByText('Your card was declined. No payment was taken.')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel and return to the shop' }).click();
    await expect(page).toHaveURL(/\/product\/Padded%20Tee\?color=GREY/);
    await expect(page.getByRole('heading', { level: 1, name: 'Padded Tee' })).toBeVisible();
  });
});

test.describe('receipt', () => {
  test('a registered buyer downloads the PDF receipt from the order success page; nobody else can', async ({
    page,
    browser,
    baseURL,
  }, info) => {
    const email = uniqueEmail('receipt-owner');
    await signInNewMember(page, email);
    // Signed in: Quick Purchase goes straight to the payment page.
    await page.goto('/product/Padded%20Jorts?color=BLACK&size=L/XL');
    await page.getByRole('button', { name: 'Quick Purchase' }).click();
    await pay(page);
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Order History' })).toHaveAttribute('href', '/orders');
    const link = page.getByRole('link', { name: 'Download Receipt' });
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/orders\/[0-9a-f-]{36}\/receipt$/);
    const prefix = href.split('/')[2].slice(0, 8);
    if (hasJavaScript(info)) await expectNoSeriousA11yViolations(page);

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`receipt_${prefix}.pdf`);
    const file = await readFile((await download.path())!);
    expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const answer = await page.request.get(href);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    expect(answer.headers()['content-disposition']).toBe(`attachment; filename="receipt_${prefix}.pdf"`);
    expect((await answer.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Another registered shopper gets a 404; a visitor is sent to sign in.
    const other = await browser.newContext({ baseURL });
    try {
      const otherPage = await other.newPage();
      await signInNewMember(otherPage, uniqueEmail('receipt-other'));
      const refused = await other.request.get(href, { maxRedirects: 0 });
      expect(refused.status()).toBe(404);
      expect(refused.headers()['content-type']).not.toContain('pdf');
    } finally {
      await other.close();
    }
    const visitor = await browser.newContext({ baseURL });
    try {
      const refused = await visitor.request.get(href, { maxRedirects: 0 });
      expect(refused.status()).toBe(302);
      expect(refused.headers().location).toBe(`/login?redirectTo=${encodeURIComponent(href)}&reason=login`);
    } finally {
      await visitor.close();
    }
  });
});
