import { readFile } from 'node:fs/promises';

import { buy, registerAccount, roomyVariants } from '../support/e2e-account';
import { asStaff, expectAdminAccessible, memberWithPassword } from '../support/e2e-admin';
import { mailboxOf, uniqueEmail } from '../support/e2e-shop';
import { expect, test } from '../support/e2e-test';

test.describe('back office: a day of shipping', () => {
  test('staff tick an order for its packing slip, download the PDF, then ship it from a CSV; the buyer is emailed', async ({
    page,
  }, info) => {
    test.slow();
    const buyer = await registerAccount(uniqueEmail(info, 'slips-buyer'));
    const [variant] = await roomyVariants('Tracer Tee');
    await buy(buyer, [variant], info.project.use.baseURL!);
    const staff = await memberWithPassword(info, 'staff');

    await asStaff(page, staff, `/admin/orders?q=${encodeURIComponent(buyer.email)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    const box = page.getByRole('checkbox', { name: /^Choose ORD-/ });
    await expect(box).toHaveCount(1);
    const orderNumber = (await box.getAttribute('value'))!;
    await expectAdminAccessible(page, info);

    await box.check();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download packing slips for the ticked orders' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^packing-slips-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect((await readFile((await file.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

    await page.getByRole('link', { name: 'Ship orders from a CSV' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ship orders from a CSV' })).toBeVisible();
    await page.getByLabel('CSV file of shipments').setInputFiles({
      name: 'shipments.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`order,carrier,tracking\n${orderNumber},GLS,GLS 777\n`),
    });
    await page.getByRole('button', { name: 'Mark these orders shipped and email the buyers' }).click();
    await expect(
      page.getByRole('heading', { name: '1 order is marked shipped. The buyers were emailed the tracking link.' }),
    ).toBeVisible();
    await expectAdminAccessible(page, info);
    await expect
      .poll(async () => (await mailboxOf(buyer.email)).some((m) => m.subject.includes(`order ${orderNumber} has shipped`)))
      .toBe(true);
  });
});
