import type { Page } from '@playwright/test';

import { apiUrl } from '../support/e2e';
import { type Account, buy, registerAccount, roomyVariants, signInAs, signInNewMember, type StockedVariant } from '../support/e2e-account';
import { asStaff, expectAdminAccessible, memberWithPassword } from '../support/e2e-admin';
import { adminToken, hasJavaScript, uniqueEmail } from '../support/e2e-shop';
import { expect, test } from '../support/e2e-test';
import { latestMail } from '../support/mailbox';
import { payOnTestPage } from '../support/payment';

// A Padded Tee at €85.00: €105.00 with shipping.
const PRODUCT = '/product/Padded%20Tee?color=GREY&size=L/XL';
const summary = (page: Page, id: string) => page.getByTestId(`summary-${id}`);

async function addToCart(page: Page) {
  await page.goto(PRODUCT);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to Cart!')).toBeVisible();
}

/** An owner's call to the admin API (the back office's own pages have their journeys in admin specs). */
async function asOwner(path: string, body: unknown) {
  const response = await fetch(`${apiUrl}/api/admin/${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminToken()}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  return response.json();
}

/** A call of the shopper's own, through the API with their token. */
async function asShopper(account: Account, method: string, path: string, body?: unknown) {
  const response = await fetch(`${apiUrl}/api/${path}`, {
    method,
    headers: { Authorization: `Bearer ${account.accessToken}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  return response.json();
}

const euro = (cents: number) => `€${(cents / 100).toFixed(2)}`;

test.describe('gift cards', () => {
  test('the owner puts gift cards on sale; a shopper buys one for a friend, who spends it over two orders', async ({
    page,
    browser,
  }, info) => {
    test.slow();
    const baseURL = info.project.use.baseURL!;
    const js = hasJavaScript(info);
    const name = `Gift Card ${Date.now().toString(36)}${js ? 'J' : 'N'}`;

    // The owner's amounts, on sale at /gift-cards.
    await asStaff(page, await memberWithPassword(info, 'owner'), '/admin/gift-cards');
    await expect(page.getByRole('heading', { level: 1, name: 'Gift cards' })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel(/^Amounts in euros/).fill('50 150');
    await page.getByRole('button', { name: 'Put on sale' }).click();
    await expect(page.getByRole('status')).toContainText(`${name} is on sale at /gift-cards`);
    await expectAdminAccessible(page, info);

    // The buyer finds them from the footer and buys €150 for a friend, sent today.
    const friendEmail = uniqueEmail(info, 'friend');
    const buyerContext = await browser.newContext({ baseURL, javaScriptEnabled: js });
    const friendContext = await browser.newContext({ baseURL, javaScriptEnabled: js });
    try {
      const buyer = await buyerContext.newPage();
      await signInAs(buyerContext, baseURL, await registerAccount(uniqueEmail(info, 'giver')));
      await buyer.goto('/about');
      await buyer.getByRole('contentinfo').getByRole('link', { name: 'Gift cards' }).click();
      await expect(buyer.getByRole('heading', { level: 1, name: 'Gift cards' })).toBeVisible();
      await expectAdminAccessible(buyer, info);
      const form = buyer.getByRole('form', { name });
      await form.getByLabel('€150.00').check();
      await form.getByLabel('For someone else').check();
      await form.getByLabel('Their name').fill('Bea');
      await form.getByLabel('Their email').fill(friendEmail);
      await form.getByLabel('Message (optional)').fill('Happy birthday!');
      await form.getByRole('button', { name: 'Buy gift card' }).click();
      await expect(buyer.getByRole('heading', { name: 'Pay €150.00' })).toBeVisible();
      // A gift card ships nowhere: the page asks for the card only.
      await payOnTestPage(buyer, { delivery: false });
      await expect(buyer.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();

      const mail = await latestMail(buyer.request, friendEmail, /gift card for you/);
      expect(mail.text).toContain('Happy birthday!');
      const code = /FILO(-[0-9A-Z]{4}){5}/.exec(mail.text)![0];

      // The friend's first order (€105) is paid by the card alone: no payment page, so the shop asks where it goes.
      const friend = await friendContext.newPage();
      await signInAs(friendContext, baseURL, await registerAccount(friendEmail));
      await addToCart(friend);
      await friend.goto('/cart');
      await friend.getByLabel('Gift card', { exact: true }).fill(code.toLowerCase());
      await friend.getByRole('button', { name: 'Use gift card' }).click();
      await expect(summary(friend, 'gift-card')).toHaveText('-€105.00');
      await expect(summary(friend, 'to-pay')).toHaveText('€0.00');
      await expectAdminAccessible(friend, info);
      await friend.getByRole('button', { name: 'Checkout' }).click();
      await expect(friend.getByRole('heading', { level: 1, name: 'Where should we deliver your order?' })).toBeVisible();
      await expect(friend.getByLabel('Card number')).toHaveCount(0);
      // Checked before anything is placed: what is missing is named beside its field.
      await friend.getByLabel('Full name', { exact: true }).fill('Bea Bianchi');
      await friend.getByRole('button', { name: 'Place order' }).click();
      await expect(friend.getByText('Enter the street and number')).toBeVisible();
      await expect(friend.getByLabel('Address line 1', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expectAdminAccessible(friend, info);
      await friend.getByLabel('Address line 1', { exact: true }).fill('Via Roma 2');
      await friend.getByLabel('Postal code', { exact: true }).fill('10121');
      await friend.getByLabel('City', { exact: true }).fill('Torino');
      await friend.getByLabel('Country').selectOption('IT');
      await friend.getByRole('button', { name: 'Place order' }).click();
      await expect(friend.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
      await expect(friend.getByText('Via Roma 2')).toBeVisible();
      await expect(friend.getByTestId('order-gift-card')).toHaveText('-€105.00');

      // The second order takes the €45 left, and the card pays the rest.
      await addToCart(friend);
      await friend.goto('/cart');
      await friend.getByLabel('Gift card', { exact: true }).fill(code);
      await friend.getByRole('button', { name: 'Use gift card' }).click();
      await expect(summary(friend, 'gift-card')).toHaveText('-€45.00');
      await expect(summary(friend, 'to-pay')).toHaveText('€60.00');
      await friend.getByRole('button', { name: 'Checkout' }).click();
      await expect(friend.getByRole('heading', { name: 'Pay €60.00' })).toBeVisible();
      await expect(friend.getByRole('row', { name: /Gift card/ })).toContainText('-€45.00');
      await payOnTestPage(friend);
      await expect(friend.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();

      // Spent: the balance check says so.
      await friend.goto('/gift-cards');
      await friend.getByLabel('Gift card code').fill(code);
      await friend.getByRole('button', { name: 'Check balance' }).click();
      await expect(friend.getByRole('alert').filter({ hasText: /no balance left/ })).toBeVisible();
    } finally {
      await buyerContext.close();
      await friendContext.close();
    }
  });

  test('a return taken as store credit: the shopper chooses it, the owner refunds it, and it pays at the next checkout', async ({
    page,
  }, info) => {
    test.slow();
    const baseURL = info.project.use.baseURL!;
    // A delivered order, made and delivered through the API: the journey starts at its return.
    const shopperAccount = await signInNewMember(page, uniqueEmail(info, 'credit'));
    const [bought, next] = (await roomyVariants('Padded Jorts', 2)) as StockedVariant[];
    const purchaseId = await buy(shopperAccount, [bought], baseURL);
    await asOwner('orders/ship', { order: purchaseId, carrier: 'BRT', tracking: `BRT ${purchaseId.slice(0, 8)}` });
    await asOwner('orders/deliver', { order: purchaseId });

    // The shopper sends the jorts back and chooses store credit.
    await page.goto(`/orders/${purchaseId}/return`);
    const form = page.getByRole('form', { name: 'Send items back' });
    await form
      .getByRole('group', { name: /^Padded Jorts/ })
      .getByLabel(/^Units to return/)
      .fill('1');
    await form.getByLabel('Reason').selectOption({ label: 'Changed my mind' });
    await form.getByRole('radio', { name: /^Store credit, to spend at FILO/ }).check();
    await form.getByRole('button', { name: 'Request return' }).click();
    const notice = page.getByText(/^Return R-[0-9A-Z]{6} is requested\. We have emailed you the instructions\.$/);
    await expect(notice).toBeVisible();
    const number = /R-[0-9A-Z]{6}/.exec((await notice.textContent())!)![0];

    // The owner receives the parcel and refunds it: as credit, as the shopper chose.
    await asOwner('returns/receive', { return: number });
    await asOwner('returns/refund', { return: number });
    const { balance } = (await asShopper(shopperAccount, 'GET', 'user/store-credit')) as { balance: number };
    expect(balance).toBeGreaterThan(0);
    // The profile shows it, rendered by the server (JavaScript on and off alike).
    await page.goto('/profile');
    await expect(page.getByTestId('store-credit-balance')).toHaveText(`Store credit: ${euro(balance)}`);

    // The next cart, two pairs (free shipping): the credit shows in the summary and pays what it can; the card pays the rest.
    const cart = (await asShopper(shopperAccount, 'POST', 'cart/add', { variant_id: next.id, quantity: 2 })) as { total_price: number };
    const total = cart.total_price;
    expect(total).toBeGreaterThan(Math.max(balance, 15_000));
    await page.goto('/cart');
    await expect(summary(page, 'total')).toHaveText(euro(total));
    await expect(summary(page, 'store-credit')).toHaveText(`-${euro(balance)}`);
    await expect(summary(page, 'to-pay')).toHaveText(euro(total - balance));
    await expectAdminAccessible(page, info);
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page.getByRole('heading', { name: `Pay ${euro(total - balance)}` })).toBeVisible();
    await expect(page.getByRole('row', { name: /Store credit/ })).toContainText(`-${euro(balance)}`);
    await payOnTestPage(page);
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    await expect(page.getByTestId('order-store-credit')).toHaveText(`-${euro(balance)}`);
    expect(await asShopper(shopperAccount, 'GET', 'user/store-credit')).toEqual({ balance: 0 });
  });
});
