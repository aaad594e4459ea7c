import { apiUrl } from '../support/e2e';
import { buy, registerAccount, roomyVariants } from '../support/e2e-account';
import { expectAdminAccessible } from '../support/e2e-admin';
import { adminToken, uniqueEmail } from '../support/e2e-shop';
import { expect, test } from '../support/e2e-test';

/** Shipped and delivered through the owner's API: the order's 14-day return window is open. */
async function shipAndDeliver(purchaseId: string) {
  for (const [path, body] of [
    ['orders/ship', { order: purchaseId, carrier: 'BRT', tracking: `BRT ${purchaseId.slice(0, 8)}` }],
    ['orders/deliver', { order: purchaseId }],
  ] as const) {
    const response = await fetch(`${apiUrl}/api/admin/${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${adminToken()}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status, path).toBe(200);
  }
}

// A registered Italian shopper's day in the shop, every page in Italian, with JavaScript on and off
// (issue 38): signing in, browsing from the home page to a product, the cart, the orders and a return.
// The guest's checkout in Italian is in languages.spec.ts.
test.describe('the shop in Italian', () => {
  test('a shopper signs in, browses to a product, puts it in the cart, finds their order and asks for a return', async ({ page }, info) => {
    test.slow();
    const account = await registerAccount(uniqueEmail(info, 'italiano'));
    const [variant] = await roomyVariants('Padded Jorts');
    const purchaseId = await buy(account, [variant], info.project.use.baseURL!);
    await shipAndDeliver(purchaseId);

    // Signing in, on the Italian page.
    await page.goto('/it/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Continua' }).click();
    await page.getByLabel('Password').fill('Sunny-Day-2026');
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expect(page.getByText('Ti portiamo al tuo account...')).toBeVisible();
    await page.getByRole('link', { name: 'Vai subito' }).click();
    await expect(page).toHaveURL(/\/it\/profile$/);
    await expect(page.getByRole('heading', { name: 'Ciao, Ada Rossi!' })).toBeVisible();

    // Browsing: the home page's grid leads to the Italian product page.
    await page.goto('/it');
    await page
      .getByRole('main')
      .getByRole('link', { name: /Tracer Tee/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/it\/product\/Tracer%20Tee/);
    await page.goto('/it/product/Tracer%20Tee?color=GREY&size=L%2FXL');
    await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    // Added before the shopper moves on: with JavaScript a navigation begun while the add is on its way
    // may read the cart before it (the CI run of 2026-11-30 at night found it empty).
    await expect(page.getByText('Aggiunto al carrello!')).toBeVisible();
    await page.locator('.site-header').getByRole('link', { name: 'Carrello' }).click();
    await expect(page).toHaveURL(/\/it\/cart$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Il tuo carrello' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Tracer Tee');
    await expect(page.getByRole('main')).toContainText('€');
    await expectAdminAccessible(page, info);

    // Their orders, and a return of the delivered one.
    await page.goto(`/it/orders?open=${purchaseId}`);
    await expect(page.getByRole('heading', { name: 'Storico ordini' })).toBeVisible();
    await page.getByRole('link', { name: 'Reso o cambio' }).click();
    await expect(page).toHaveURL(new RegExp(`/it/orders/${purchaseId}/return$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Reso o cambio' })).toBeVisible();
    await expect(page.getByText(/^Puoi rendere o cambiare gli articoli fino al \d+ \w+ \d{4}\.$/)).toBeVisible();
    const form = page.getByRole('form', { name: 'Rispedisci gli articoli' });
    await form.getByRole('button', { name: 'Richiedi il reso' }).click();
    await expect(page.getByText('Scegli almeno un articolo da rendere')).toBeVisible();
    await form.getByLabel(/^Pezzi da rendere/).fill('1');
    await form.getByLabel('Motivo').selectOption({ label: 'Troppo piccolo' });
    await form.getByRole('button', { name: 'Richiedi il reso' }).click();
    await expect(page.getByText(/^Il reso R-[0-9A-Z]{6} è stato richiesto\. Ti abbiamo inviato le istruzioni via email\.$/)).toBeVisible();
    await expectAdminAccessible(page, info);
  });
});
