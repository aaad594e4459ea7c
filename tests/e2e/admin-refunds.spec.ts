import { shopDay } from '../../contract/shop-time';
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

// Each test of each project (they run side by side) buys its own variant, which no other suite buys,
// so the stock it checks is its own.
const JORTS = {
  journey: { javascript: 'PJ-GRY-SM', 'no-javascript': 'PJ-BEI-SM' },
  cancel: { javascript: 'PJ-BLK-SM', 'no-javascript': 'PJ-BEI-LXL' },
} as const;

test.describe('back office refunds', () => {
  test('a guest buys; staff ship and the guest gets the tracking; the owner refunds one unit of a line with restock; stock and the order follow', async ({
    page,
  }, info) => {
    test.slow();
    const baseURL = info.project.use.baseURL!;
    const sku = JORTS.journey[hasJavaScript(info) ? 'javascript' : 'no-javascript'];
    const jorts = await variantBySku('Padded Jorts', sku);
    const guest = await guestAccount(uniqueEmail(info, 'refund-guest'));
    // Two units of the jorts on one line.
    const purchaseId = await buy(guest, [jorts, jorts], baseURL);

    // Staff ship it; the guest is mailed the tracking link.
    const staff = await memberWithPassword(info, 'staff');
    await asStaff(page, staff, `/admin/orders/${purchaseId}`);
    await expect(page.getByRole('heading', { level: 1, name: /^Order ORD-/ })).toBeVisible();
    const orderNumber = (await page.getByRole('heading', { level: 1 }).textContent())!.replace('Order ', '');
    // Staff see the payment, not the money forms.
    await expect(page.getByText('Only an owner can cancel or refund an order.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refund and email the buyer' })).toHaveCount(0);
    await page.getByLabel('Carrier').selectOption('BRT');
    await page.getByLabel('Tracking number').fill('BRT 555 0101');
    await page.getByRole('button', { name: 'Mark shipped and email the buyer' }).click();
    await expect(page.getByText(`Order ${orderNumber} is marked shipped with BRT.`, { exact: false })).toBeVisible();
    await expect
      .poll(async () => (await mailboxOf(guest.email)).find((m) => m.subject.includes(`order ${orderNumber} has shipped`))?.text ?? '')
      .toContain('brt.it/vas/sped_det_show.hsm?Nspediz=BRT%20555%200101');
    await page.getByRole('button', { name: 'Sign out' }).click();

    // The owner refunds one of the two units and puts it back on sale.
    const owner = await memberWithPassword(info, 'owner');
    await asStaff(page, owner, `/admin/orders/${purchaseId}`);
    const payment = page.getByRole('region', { name: 'Payment' });
    await expect(payment.getByText('Test payment page')).toBeVisible();
    await expectAdminAccessible(page, info);
    const form = page.getByRole('form', { name: 'Refund part of it' });
    await form.getByRole('button', { name: 'Refund and email the buyer' }).click();
    await expect(form.getByText('Choose units to refund or enter an amount')).toBeVisible();

    const refundedToday = async () => {
      const response = await fetch(`${apiUrl}/api/admin/figures`, { headers: { Authorization: `Bearer ${adminToken()}` } });
      const figures = (await response.json()) as { days: { refunds: number }[] };
      return figures.days[figures.days.length - 1].refunds;
    };
    const refundsBefore = await refundedToday();
    const stockBefore = await stockOf('Padded Jorts', sku);
    await form.getByLabel(/^Units of Padded Jorts .* to refund$/).fill('1');
    await form.getByLabel('Put the refunded units back on sale').check();
    await form.getByLabel('Reason (optional, kept in the history)').fill('Too big');
    await form.getByRole('button', { name: 'Refund and email the buyer' }).click();
    await expect(
      page.getByText(/^€120\.00 was refunded on order ORD-\S+ and the units are back on sale\. The buyer was emailed\.$/),
    ).toBeVisible();
    expect(await stockOf('Padded Jorts', sku)).toBe(stockBefore + 1);
    const refunds = payment.getByRole('table', { name: 'Refunds' });
    await expect(refunds.getByRole('row')).toHaveCount(2);
    await expect(refunds.getByRole('row').nth(1)).toContainText(`Refund: 1 × ${sku}, back on sale (Too big)`);
    await expect(refunds.getByRole('row').nth(1)).toContainText('Refunded');
    await expect(payment.getByText(/^Up to €\d+\.\d\d can still be refunded\.$/)).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: `${owner}: order.refund` })).toBeVisible();
    await expectAdminAccessible(page, info);
    await expect
      .poll(async () => (await mailboxOf(guest.email)).some((m) => m.subject === `Your FILO refund for order ${orderNumber}`))
      .toBe(true);

    // The dashboard counts it today (other suites may refund at the same moment, so at least).
    expect(await refundedToday()).toBeGreaterThanOrEqual(refundsBefore + 12_000);
    await page.goto('/admin');
    const today = page.getByRole('row', { name: new RegExp(`^${shopDay(new Date())} `) });
    await expect(today.getByRole('cell').nth(2)).toHaveText(/^-€[\d,]+\.\d\d$/);

    // The order list shows it among the partly refunded ones.
    await page.goto(`/admin/orders?q=${encodeURIComponent(guest.email)}&status=Partially+refunded`);
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
    // The stock page shows the unit back.
    await page.goto('/admin/stock');
    await expect(
      page
        .getByRole('row', { name: new RegExp(`^${sku} Padded Jorts`) })
        .getByRole('cell')
        .nth(2),
    ).toContainText(String(stockBefore + 1));
  });

  test('the owner cancels an order not shipped yet: the tick is asked for, everything is refunded and back on sale, the buyer is told', async ({
    page,
  }, info) => {
    const baseURL = info.project.use.baseURL!;
    const sku = JORTS.cancel[hasJavaScript(info) ? 'javascript' : 'no-javascript'];
    const jorts = await variantBySku('Padded Jorts', sku);
    const guest = await guestAccount(uniqueEmail(info, 'cancel-guest'));
    const purchaseId = await buy(guest, [jorts], baseURL);
    const owner = await memberWithPassword(info, 'owner');
    await asStaff(page, owner, `/admin/orders/${purchaseId}`);
    await expect(page.getByRole('heading', { level: 1, name: /^Order ORD-/ })).toBeVisible();
    const orderNumber = (await page.getByRole('heading', { level: 1 }).textContent())!.replace('Order ', '');

    const form = page.getByRole('form', { name: 'Cancel the order' });
    await form.getByRole('button', { name: 'Cancel order and email the buyer' }).click();
    await expect(form.getByText('Tick the box to confirm')).toBeVisible();
    const stockBefore = await stockOf('Padded Jorts', sku);
    await form.getByLabel(/^Yes, cancel it and refund €\d+\.\d\d$/).check();
    await form.getByRole('button', { name: 'Cancel order and email the buyer' }).click();
    await expect(page.getByText(new RegExp(`^Order ${orderNumber} is cancelled: €\\d+\\.\\d\\d was refunded`))).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /^Cancelled$/ })).toBeVisible();
    expect(await stockOf('Padded Jorts', sku)).toBe(stockBefore + 1);
    // Nothing is left to ship or refund.
    await expect(page.getByRole('button', { name: 'Mark shipped and email the buyer' })).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Refund part of it' })).toHaveCount(0);
    await expectAdminAccessible(page, info);
    await expect
      .poll(async () => (await mailboxOf(guest.email)).some((m) => m.subject === `Your FILO order ${orderNumber} has been cancelled`))
      .toBe(true);
  });

  test('the buyer sees a partial refund on their order, its total and the CSV', async ({ page, context }, info) => {
    const baseURL = info.project.use.baseURL!;
    const [tee] = await roomyVariants('Tracer Tee');
    const buyer = await registerAccount(uniqueEmail(info, 'refund-buyer'));
    const purchaseId = await buy(buyer, [tee, tee], baseURL);
    const order = await (
      await fetch(`${apiUrl}/api/admin/orders/${purchaseId}`, { headers: { Authorization: `Bearer ${adminToken()}` } })
    ).json();
    const refunded = await fetch(`${apiUrl}/api/admin/orders/refund`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${adminToken()}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        order: purchaseId,
        idempotency_key: crypto.randomUUID(),
        lines: [{ item_id: order.lines[0].item_id, quantity: 1 }],
      }),
    });
    expect(refunded.status).toBe(200);
    const amount = `€${(order.lines[0].unit_refund / 100).toFixed(2)}`;

    await signInAs(context, baseURL, buyer);
    await page.goto(`/orders?open=${purchaseId}`);
    const card = page.getByTestId('order-card').filter({ hasText: order.order_number });
    await expect(card.getByText(`Refunded ${amount}`)).toBeVisible();
    const totals = card.getByTestId('order-totals');
    await expect(totals).toContainText('Refunded');
    await expect(totals).toContainText(`-${amount}`);
    await expect(totals).toContainText('Paid after refunds');
    await expectAdminAccessible(page, info);

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export to CSV' }).click();
    const text = await (await downloading).createReadStream().then(async (stream) => {
      let body = '';
      for await (const chunk of stream) body += chunk;
      return body;
    });
    expect(text).toContain(`${order.order_number},`);
    expect(text).toContain(`Processing (refunded ${amount})`);
  });
});
