import type { Page } from '@playwright/test';

import { apiUrl } from '../support/e2e';
import { buy, guestAccount, registerAccount, roomyVariants, signInAs, variantBySku } from '../support/e2e-account';
import { asStaff, expectAdminAccessible, memberWithPassword } from '../support/e2e-admin';
import { adminToken, hasJavaScript, mailboxOf, uniqueEmail } from '../support/e2e-shop';
import { expect, test } from '../support/e2e-test';

/** What can be sold of one variant now, as the shop's API says. */
async function stockOf(product: string, sku: string): Promise<number> {
  const response = await fetch(`${apiUrl}/api/products/details?product_name=${encodeURIComponent(product)}`);
  const { variants } = (await response.json()) as { variants: { sku: string; stock_quantity: number }[] };
  return variants.find((variant) => variant.sku === sku)!.stock_quantity;
}

async function adminPost(path: string, body: unknown) {
  const response = await fetch(`${apiUrl}/api/admin/${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminToken()}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  return response.json();
}

/** Shipped with BRT and delivered now: the 14-day window is open. */
async function shipAndDeliver(purchaseId: string) {
  await adminPost('orders/ship', { order: purchaseId, carrier: 'BRT', tracking: `BRT ${purchaseId.slice(0, 8)}` });
  await adminPost('orders/deliver', { order: purchaseId });
}

// Each project buys its own variants, in stock as seeded and bought by no other suite (the small sizes
// are only opened by page tests, which need them in stock), so the stock it checks is its own: a large
// size to be exchanged for the small one of its colour, and another product's variant to be refunded.
const SKUS = {
  javascript: { exchanged: 'Tracer Tee', large: 'TT-BEI-LXL', small: 'TT-BEI-SM', refunded: 'Padded Tee', refundedSku: 'PT-BLK-LXL' },
  'no-javascript': { exchanged: 'Padded Tee', large: 'PT-GRY-LXL', small: 'PT-GRY-SM', refunded: 'Tracer Tee', refundedSku: 'TT-RED-LXL' },
} as const;

/** Sends the return form for one line of the page. */
async function requestReturn(page: Page, line: RegExp, options: { units: string; size?: string; reason: string }) {
  const form = page.getByRole('form', { name: 'Send items back' });
  const group = form.getByRole('group', { name: line });
  await group.getByLabel(/^Units to return/).fill(options.units);
  if (options.size) await group.getByLabel('Exchange for another size').selectOption({ label: options.size });
  await form.getByLabel('Reason').selectOption({ label: options.reason });
  const before = await page.getByTestId('order-return').count();
  await form.getByRole('button', { name: 'Request return' }).click();
  // The new return is listed (the notice of an earlier one may still be on the page until then).
  await expect(page.getByTestId('order-return')).toHaveCount(before + 1);
  const notice = page.getByText(/^Return R-[0-9A-Z]{6} is requested\. We have emailed you the instructions\.$/);
  await expect(notice).toBeVisible();
  return /R-[0-9A-Z]{6}/.exec((await notice.textContent())!)![0];
}

async function openReturnAsStaff(page: Page, number: string, email: string, signIn: boolean) {
  if (signIn) await asStaff(page, email, `/admin/returns/${number}`);
  else await page.goto(`/admin/returns/${number}`);
  await expect(page.getByRole('heading', { level: 1, name: `Return ${number}` })).toBeVisible();
}

test.describe('returns and exchanges', () => {
  test('a delivered order: one line exchanged for a smaller size and shipped, another line refunded and back on sale; mailed and shown at each step', async ({
    page,
    context,
  }, info) => {
    test.slow();
    const baseURL = info.project.use.baseURL!;
    const skus = SKUS[hasJavaScript(info) ? 'javascript' : 'no-javascript'];
    const [large, refunded] = await Promise.all([variantBySku(skus.exchanged, skus.large), variantBySku(skus.refunded, skus.refundedSku)]);
    const buyer = await registerAccount(uniqueEmail(info, 'returns-buyer'));
    const purchaseId = await buy(buyer, [large, refunded], baseURL);
    await shipAndDeliver(purchaseId);
    await expect
      .poll(async () => (await mailboxOf(buyer.email)).find((m) => m.subject.includes('has been delivered'))?.text ?? '')
      .toContain(`/orders/${purchaseId}/return`);

    // The order card offers the return while the window is open.
    await signInAs(context, baseURL, buyer);
    await page.goto(`/orders?open=${purchaseId}`);
    await page.getByRole('link', { name: 'Return or exchange' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Return or exchange' })).toBeVisible();
    await expect(page.getByText(/^You can return or exchange items until \d+ \w+ \d{4}\.$/)).toBeVisible();

    // Nothing chosen: the form says so and nothing is asked of the shop.
    await page.getByRole('form', { name: 'Send items back' }).getByRole('button', { name: 'Request return' }).click();
    await expect(page.getByText('Choose at least one item to return')).toBeVisible();
    await expectAdminAccessible(page, info);

    // Too big: the small size of the same colour instead, taken from stock at once.
    const smallBefore = await stockOf(skus.exchanged, skus.small);
    const exchange = await requestReturn(page, new RegExp(`^${skus.exchanged}`), { units: '1', size: 'S/M', reason: 'Too big' });
    expect(await stockOf(skus.exchanged, skus.small)).toBe(smallBefore - 1);
    const returns = page.getByRole('region', { name: 'Returns' });
    await expect(returns.getByTestId('order-return').filter({ hasText: exchange })).toContainText('Return requested');
    await expect(returns.getByTestId('order-return').filter({ hasText: exchange })).toContainText('exchanged for');
    // Changed my mind about the other one: a refund.
    const refund = await requestReturn(page, new RegExp(`^${skus.refunded}`), { units: '1', reason: 'Changed my mind' });
    await expect(returns.getByTestId('order-return')).toHaveCount(2);
    // Every unit is in a return now: the form is gone.
    await expect(page.getByText('Every item of this order has been returned already.')).toBeVisible();
    await expectAdminAccessible(page, info);
    await expect
      .poll(async () => (await mailboxOf(buyer.email)).filter((m) => m.subject.startsWith('Your FILO return ')).map((m) => m.text))
      .toEqual(
        expect.arrayContaining([
          expect.stringContaining(`write ${exchange} on the parcel`),
          expect.stringContaining(`write ${refund} on the parcel`),
        ]),
      );
    // The order card shows them too.
    await page.goto(`/orders?open=${purchaseId}`);
    await expect(page.getByTestId('order-return')).toHaveCount(2);
    await expect(page.getByTestId('order-return').first()).toContainText('Return requested');

    // Staff mark both parcels received; the money and the exchange are not theirs to send.
    const staff = await memberWithPassword(info, 'staff');
    await asStaff(page, staff, '/admin/returns');
    await expect(page.getByRole('table', { name: 'Return requested' }).getByRole('link', { name: exchange })).toBeVisible();
    await expectAdminAccessible(page, info);
    // The number written on the parcel opens its return.
    await page.getByLabel('Return number on the parcel').fill(exchange.toLowerCase());
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Return ${exchange}` })).toBeVisible();
    await page.getByRole('button', { name: 'Mark the parcel received and email the buyer' }).click();
    await expect(page.getByText(`Return ${exchange} is marked received. The buyer was emailed.`)).toBeVisible();
    await expect(page.getByText('Only an owner can refund a return or ship an exchange.')).toBeVisible();
    await expectAdminAccessible(page, info);
    await openReturnAsStaff(page, refund, staff, false);
    await page.getByRole('button', { name: 'Mark the parcel received and email the buyer' }).click();
    await expect(page.getByText(`Return ${refund} is marked received. The buyer was emailed.`)).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();

    // The owner ships the exchange, a second parcel on the same order, with its own tracking.
    const owner = await memberWithPassword(info, 'owner');
    await openReturnAsStaff(page, exchange, owner, true);
    const ship = page.getByRole('form', { name: 'Ship the exchange' });
    await ship.getByRole('button', { name: 'Mark the exchange shipped and email the buyer' }).click();
    await expect(ship.locator('.field__error').filter({ hasText: 'Choose the carrier' })).toBeVisible();
    await ship.getByLabel('Carrier').selectOption('GLS');
    await ship.getByLabel('Tracking number').fill('GLS 4400 7788');
    await ship.getByRole('button', { name: 'Mark the exchange shipped and email the buyer' }).click();
    await expect(
      page.getByText(`The exchange of return ${exchange} is marked shipped with GLS. The buyer was emailed the tracking link.`),
    ).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /^Exchange shipped$/ })).toBeVisible();
    await expectAdminAccessible(page, info);

    // While the other return is open, the order's own refund form leaves its unit to it.
    await openReturnAsStaff(page, refund, owner, false);
    await page.getByRole('link', { name: /^Order ORD-/ }).click();
    await expect(page.getByRole('form', { name: 'Refund part of it' })).toContainText(
      'Units in an open return are refunded from the return, once it is received.',
    );
    await expectAdminAccessible(page, info);

    // ... and refunds the other return, its unit back on sale.
    const refundedBefore = await stockOf(skus.refunded, skus.refundedSku);
    await openReturnAsStaff(page, refund, owner, false);
    await page.getByRole('button', { name: 'Refund the returned items (back on sale) and email the buyer' }).click();
    await expect(page.getByText(`Return ${refund} is refunded and its units are back on sale. The buyer was emailed.`)).toBeVisible();
    expect(await stockOf(skus.refunded, skus.refundedSku)).toBe(refundedBefore + 1);

    // The order's page in the back office: both returns, both parcels, every step in its history.
    await page.getByRole('link', { name: /^Order ORD-/ }).click();
    await expect(page.getByRole('region', { name: 'Returns' })).toContainText(`${exchange}: Exchange shipped`);
    await expect(page.getByRole('region', { name: 'Returns' })).toContainText('exchange parcel GLS GLS 4400 7788');
    await expect(page.getByRole('definition').filter({ hasText: `BRT ${purchaseId.slice(0, 8)}` })).toBeVisible();
    for (const step of ['return.request', 'return.receive', 'return.exchange', 'order.refund', 'return.refund']) {
      await expect(
        page
          .getByRole('listitem')
          .filter({ hasText: `: ${step}` })
          .first(),
      ).toBeVisible();
    }

    // The buyer was told each step, and sees both parcels on the order.
    await expect
      .poll(async () => (await mailboxOf(buyer.email)).map((m) => m.subject))
      .toEqual(
        expect.arrayContaining([
          `We have received your FILO return ${exchange}`,
          `We have received your FILO return ${refund}`,
          `Your FILO exchange ${exchange} has shipped`,
          expect.stringMatching(/^Your FILO refund for order ORD-/),
        ]),
      );
    await page.goto(`/orders?open=${purchaseId}`);
    const card = page.getByTestId('order-return');
    await expect(card.filter({ hasText: exchange })).toContainText('Exchange shipped');
    await expect(card.filter({ hasText: exchange })).toContainText('Exchange parcel: GLS GLS 4400 7788');
    await expect(card.filter({ hasText: refund })).toContainText('Return refunded');
    await expect(page.getByTestId('tracking-number')).toHaveText(`BRT ${purchaseId.slice(0, 8)}`);
  });

  test('a guest returns through the link of the delivery email, without signing in, for that order only, then withdraws from the rest in one step', async ({
    page,
  }, info) => {
    const baseURL = info.project.use.baseURL!;
    const [jorts] = await roomyVariants('Padded Jorts');
    // A variant no suite counts the stock of.
    const tee = await variantBySku('Tracer Tee', 'TT-BLK-LXL');
    const guest = await guestAccount(uniqueEmail(info, 'returns-guest'));
    const purchaseId = await buy(guest, [jorts, tee], baseURL);
    await shipAndDeliver(purchaseId);
    let link = '';
    await expect
      .poll(async () => {
        link =
          /Return or exchange: (\S+)/.exec(
            (await mailboxOf(guest.email)).find((m) => m.subject.includes('has been delivered'))?.text ?? '',
          )?.[1] ?? '';
        return link;
      })
      .toContain('/returns/');
    const path = new URL(link).pathname;
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Return or exchange' })).toBeVisible();
    // Styled as the account pages are (issue 45, item 11): the form a card, each line a bordered group.
    const form = page.locator('.return-form').first();
    await expect(form).toHaveCSS('border-top-style', 'solid');
    expect(await form.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    await expect(page.locator('.return-line').first()).toHaveCSS('border-top-style', 'solid');
    const shot = info.outputPath(`return-page-js-${info.project.use.javaScriptEnabled === false ? 'off' : 'on'}.png`);
    await page.screenshot({ path: shot, fullPage: true });
    await info.attach('return page', { path: shot, contentType: 'image/png' });
    const number = await requestReturn(page, /^Padded Jorts/, { units: '1', reason: 'Damaged' });
    await expect(page.getByTestId('order-return').filter({ hasText: number })).toContainText('Return requested');
    await expect
      .poll(async () => (await mailboxOf(guest.email)).some((m) => m.subject.startsWith(`Your FILO return ${number}`)))
      .toBe(true);
    // The right of withdrawal: one button returns everything still with the buyer (the tee).
    const withdraw = page.getByRole('form', { name: 'Withdraw from the whole order' });
    await withdraw.getByRole('button', { name: 'Withdraw from the whole order' }).click();
    await expect(page.getByText(/^You have withdrawn from order ORD-\S+: return R-[0-9A-Z]{6} is requested\./)).toBeVisible();
    await expect(page.getByTestId('order-return')).toHaveCount(2);
    await expect(page.getByText('Every item of this order has been returned already.')).toBeVisible();
    // A link whose signature is not the shop's opens nothing.
    await page.goto(`${path.slice(0, path.lastIndexOf('.'))}.not-the-signature`);
    await expect(page.getByText('This return link is not valid. Use the link in your delivery email.')).toBeVisible();
  });
});
