import { shopDay } from '../../contract/shop-time';
import { buy, registerAccount, roomyVariants } from '../support/e2e-account';
import { asStaff, expectAdminAccessible, memberWithPassword } from '../support/e2e-admin';
import { uniqueEmail } from '../support/e2e-shop';
import { expect, test } from '../support/e2e-test';

test.describe('back office order list', () => {
  test('staff filter orders by day and export the filtered list to CSV; a wrong day is named', async ({ page }, info) => {
    const baseURL = info.project.use.baseURL!;
    const buyer = await registerAccount(uniqueEmail(info, 'list-buyer'));
    const [variant] = await roomyVariants('Tracer Tee');
    const purchaseId = await buy(buyer, [variant], baseURL);
    // The shop's day: Italy's.
    const today = shopDay(new Date());

    await asStaff(page, await memberWithPassword(info, 'staff'), '/admin/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await page.getByLabel('Order number, email or item').fill(buyer.email);
    await page.getByLabel('From (day, Italian time)').fill(today);
    await page.getByLabel('To (day included, Italian time)').fill(today);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(purchaseId.slice(0, 8).toUpperCase());
    await expectAdminAccessible(page, info);

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export these orders to CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^orders-filtered-\d{4}-\d{2}-\d{2}\.csv$/);
    let text = '';
    for await (const chunk of await download.createReadStream()) text += chunk;
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Order Number,Date (Italian time),Email,Status,Total,Refunded,Discount Code,Discount,Carrier,Tracking Number,Paid by gift card or store credit',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(buyer.email);

    await page.goto(`/admin/orders?q=${encodeURIComponent(buyer.email)}&from=${today}&to=2020-01-01`);
    await expect(page.getByRole('alert')).toHaveText('The dates were not used: to: The first day comes after the last.');
    await expect(page.getByLabel('To (day included, Italian time)')).toHaveAttribute('aria-invalid', 'true');
    await expect(rows).toHaveCount(2);
    await expectAdminAccessible(page, info);
  });
});

test.describe('back office customer notes', () => {
  test('staff keep notes on a customer, checked, in the order written', async ({ page }, info) => {
    const buyer = await registerAccount(uniqueEmail(info, 'noted-customer'));
    const [variant] = await roomyVariants('Tracer Tee');
    await buy(buyer, [variant], info.project.use.baseURL!);
    const staff = await memberWithPassword(info, 'staff');
    await asStaff(page, staff, `/admin/customers?q=${encodeURIComponent(buyer.email)}`);
    await page.getByRole('link', { name: buyer.email }).click();
    await expect(page.getByRole('heading', { level: 1, name: buyer.email })).toBeVisible();
    await expect(page.getByText('No notes yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('Write the note')).toBeVisible();
    await page.getByLabel('New note').fill('Prefers pick-up in the workroom.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('Your note is saved.')).toBeVisible();
    await page.getByLabel('New note').fill('Asked for the L/XL restock.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByRole('list', { name: 'Notes' }).getByRole('listitem')).toHaveText([
      /Prefers pick-up in the workroom\.$/,
      /Asked for the L\/XL restock\.$/,
    ]);
    await expect(page.getByLabel('New note')).toHaveValue('');
    await expectAdminAccessible(page, info);
  });
});

test.describe('back office low-stock threshold', () => {
  test('an owner sets the number of units at which variants are marked Low; staff see it but have no form', async ({
    page,
    browser,
  }, info) => {
    const owner = await memberWithPassword(info, 'owner');
    await asStaff(page, owner, '/admin/stock');
    const form = page.getByRole('form', { name: 'Low stock threshold' });
    await form.getByLabel('Mark as Low at or below (units)').fill('-2');
    await form.getByRole('button', { name: 'Save threshold' }).click();
    await expect(form.getByText('Enter 0 or more units')).toBeVisible();
    // Both projects set the same number, so running side by side they agree.
    await form.getByLabel('Mark as Low at or below (units)').fill('6');
    await form.getByRole('button', { name: 'Save threshold' }).click();
    await expect(page.getByText('Variants at 6 units or fewer are now marked Low.')).toBeVisible();
    await expect(page.getByText(/^\d+ of \d+ variants are at 6 units or fewer \(marked Low\)/)).toBeVisible();
    await expectAdminAccessible(page, info);

    const staffContext = await browser.newContext({
      baseURL: info.project.use.baseURL,
      javaScriptEnabled: info.project.use.javaScriptEnabled,
    });
    try {
      const staffPage = await staffContext.newPage();
      await asStaff(staffPage, await memberWithPassword(info, 'staff'), '/admin/stock');
      await expect(staffPage.getByText(/variants are at 6 units or fewer \(marked Low; an owner sets the number\)/)).toBeVisible();
      await expect(staffPage.getByRole('form', { name: 'Low stock threshold' })).toHaveCount(0);
    } finally {
      await staffContext.close();
    }
  });
});

test.describe('back office staff removal', () => {
  test('an owner removes a member after confirming; the member is signed out at once', async ({ page, browser }, info) => {
    const owner = await memberWithPassword(info, 'owner');
    const member = await memberWithPassword(info, 'staff');
    const memberContext = await browser.newContext({
      baseURL: info.project.use.baseURL,
      javaScriptEnabled: info.project.use.javaScriptEnabled,
    });
    try {
      const memberPage = await memberContext.newPage();
      await asStaff(memberPage, member, '/admin/orders');
      await expect(memberPage.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();

      await asStaff(page, owner, '/admin/staff');
      await expect(page.getByRole('link', { name: `Remove ${owner}` })).toHaveCount(0);
      await page.getByRole('link', { name: `Remove ${member}` }).click();
      await expect(page.getByRole('heading', { name: `Remove ${member}?` })).toBeVisible();
      await expectAdminAccessible(page, info);
      await page.getByRole('button', { name: `Yes, remove ${member}` }).click();
      await expect(page.getByText(`${member} is no longer on the staff; their sessions have ended.`)).toBeVisible();
      await expect(page.getByRole('cell', { name: member, exact: true })).toHaveCount(0);

      await memberPage.reload();
      await expect(memberPage).toHaveURL(/\/admin\/login/);
    } finally {
      await memberContext.close();
    }
  });
});

test.describe('back office dashboard', () => {
  test('the last 30 days as figures, a chart drawn on the server with its table, top sellers, sell-through and demand', async ({
    page,
  }, info) => {
    const buyer = await registerAccount(uniqueEmail(info, 'dashboard-buyer'));
    const [variant] = await roomyVariants('Tracer Tee');
    await buy(buyer, [variant], info.project.use.baseURL!);
    await asStaff(page, await memberWithPassword(info, 'staff'), '/admin');
    await expect(
      page.getByRole('heading', { level: 2, name: /^Last 30 days \(\d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}, Italian time\)$/ }),
    ).toBeVisible();
    await expect(page.getByRole('img', { name: /^Net revenue per day, / })).toBeVisible();
    const perDay = page.getByRole('table', { name: /^Revenue, refunds and orders per day/ });
    await expect(perDay.getByRole('row')).toHaveCount(31);
    const today = perDay.getByRole('row', { name: new RegExp(`^${shopDay(new Date())} `) });
    expect(Number(await today.getByRole('cell').first().textContent())).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole('table', { name: 'Top variants by units sold' })).toContainText('TT-');
    await expect(page.getByRole('heading', { level: 3, name: 'Sell-through per size' })).toBeVisible();
    await expect(page.getByRole('table', { name: /Back-in-stock requests waiting|per size/ }).first()).toBeVisible();
    await expectAdminAccessible(page, info);
  });
});
