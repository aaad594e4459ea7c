import sharp from 'sharp';

import { toShopWallTime } from '../../contract/shop-time';
import { expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsWithoutScripts } from '../support/a11y';
import { apiUrl } from '../support/e2e';
import { registerAccount, signInAs } from '../support/e2e-account';
import { asStaff, expectAdminAccessible, memberWithPassword } from '../support/e2e-admin';
import { hasJavaScript, mailboxOf, uniqueEmail } from '../support/e2e-shop';
import { expect, test } from '../support/e2e-test';
import { payOnTestPage } from '../support/payment';

/** The API's clock (DEV_CLOCK=1): read, or moved forward with the jobs that fall due run before it answers. */
async function apiClock(advanceMs?: number): Promise<Date> {
  const response = await fetch(
    `${apiUrl}/dev/clock`,
    advanceMs === undefined
      ? {}
      : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ advance_ms: advanceMs }) },
  );
  expect(response.status).toBe(200);
  return new Date((await response.json()).now);
}

// These tests move the shop's clock forward: they run on a shop of their own (playwright.config.ts).
test.describe('a drop', () => {
  test('the owner schedules a product; a shopper waits on its launch list, is mailed at the launch, buys one and no more until the owner cancels that order', async ({
    page,
    browser,
  }, info) => {
    test.slow();
    const baseURL = info.project.use.baseURL!;
    const stamp = Date.now().toString(36).toUpperCase();
    const name = `Nightshift Hoodie ${stamp}`;

    // The owner creates it: two colours, three sizes, launching two minutes ahead of the shop's clock.
    const now = await apiClock();
    const launch = new Date(Math.ceil(now.getTime() / 60_000) * 60_000 + 2 * 60_000);
    await asStaff(page, await memberWithPassword(info, 'owner'), '/admin/products');
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    await expectAdminAccessible(page, info);
    await page.getByRole('link', { name: 'New product' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
    await expectAdminAccessible(page, info);
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Category').fill('Hoodies');
    await page.getByLabel('Short description').fill('Heavy fleece for late shifts.');
    await page.getByLabel('Long description (Markdown)').fill('## Fabric\n480 gsm brushed fleece.');
    await page.getByLabel('Price in euros').fill('89.50');
    await page.getByLabel('Launch (Europe/Rome time)').fill(toShopWallTime(launch));
    await page.getByLabel('Limit per customer (units)').fill('1');
    await page.getByLabel('Colours').fill('Black, Sand');
    await page.getByLabel('Sizes').fill('S, M, L');
    await page.getByLabel('SKU prefix').fill(`N${stamp.slice(-6)}`);
    await page.getByLabel('Stock of each variant (units)').fill('10');
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(`${name} was created with 6 variants.`);
    await expect(page.getByRole('form', { name: /^Variant / })).toHaveCount(6);

    // A photo from a phone: uploaded with its description, shown back as a thumbnail.
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2b2b2b' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    await page
      .getByLabel('Image file (JPEG, PNG or WebP, at most 10 MB)')
      .setInputFiles({ name: 'hoodie-front.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByLabel('Description (alt text)').last().fill('The Nightshift Hoodie, black, from the front');
    await page.getByLabel('Focal point across (%)').last().fill('40');
    await page.getByRole('button', { name: 'Upload image' }).click();
    await expect(page.getByRole('status')).toHaveText('The image was uploaded.');
    await expect(page.getByRole('form', { name: 'Image 1: The Nightshift Hoodie, black, from the front' })).toBeVisible();
    // The upload form is empty again for the next image (with JavaScript too, where the page is not loaded anew).
    const upload = page.getByRole('form', { name: 'Upload an image' });
    await expect(upload.getByLabel('Image file (JPEG, PNG or WebP, at most 10 MB)')).toHaveValue('');
    await expect(upload.getByLabel('Description (alt text)')).toHaveValue('');
    await expect(upload.getByLabel('Focal point across (%)')).toHaveValue('50');
    await expectAdminAccessible(page, info);

    // One more variant, and one sold out by hand: each variant has its own form.
    const addForm = page.getByRole('form', { name: 'Add a variant' });
    await addForm.getByLabel('Colour', { exact: true }).fill('Olive');
    await addForm.getByLabel('Size', { exact: true }).fill('XL');
    await addForm.getByLabel('SKU', { exact: true }).fill(`N${stamp.slice(-6)}-OLIVE-XL`);
    await addForm.getByLabel('Stock (units)').fill('2');
    await addForm.getByRole('button', { name: 'Add variant' }).click();
    await expect(page.getByRole('status')).toHaveText('Olive, XL was added.');
    const olive = page.getByRole('form', { name: 'Variant Olive, XL' });
    await olive.getByLabel('Units to add (or take away, e.g. -2)').fill('-3');
    await olive.getByRole('button', { name: 'Save Olive, XL' }).click();
    await expect(page.getByRole('form', { name: 'Variant Olive, XL' }).getByRole('alert')).toHaveText(
      'Only 2 in stock: 3 cannot be taken away',
    );
    await page.getByRole('form', { name: 'Variant Olive, XL' }).getByLabel('Units to add (or take away, e.g. -2)').fill('-2');
    await page.getByRole('form', { name: 'Variant Olive, XL' }).getByRole('button', { name: 'Save Olive, XL' }).click();
    await expect(page.getByRole('status')).toHaveText('Olive, XL was saved.');
    await expect(page.getByRole('form', { name: 'Variant Olive, XL' })).toContainText('0 in stock');
    // Its options are edited in place too; another variant's options are refused.
    await page.getByRole('form', { name: 'Variant Olive, XL' }).getByLabel('Size', { exact: true }).fill('L');
    await page.getByRole('form', { name: 'Variant Olive, XL' }).getByLabel('Colour', { exact: true }).fill('Sand');
    await page.getByRole('form', { name: 'Variant Olive, XL' }).getByRole('button', { name: 'Save Olive, XL' }).click();
    await expect(page.getByRole('form', { name: 'Variant Olive, XL' }).getByRole('alert')).toHaveText(
      'The product already has a variant with these options',
    );
    await page.getByRole('form', { name: 'Variant Olive, XL' }).getByLabel('Colour', { exact: true }).fill('Olive');
    await page.getByRole('form', { name: 'Variant Olive, XL' }).getByLabel('Size', { exact: true }).fill('L');
    await page.getByRole('form', { name: 'Variant Olive, XL' }).getByRole('button', { name: 'Save Olive, XL' }).click();
    await expect(page.getByRole('status')).toHaveText('Olive, L was saved.');

    // The size chart, as rows: name the measurements, the table follows, fill it in.
    const chart = page.getByRole('form', { name: 'Size chart' });
    await chart.getByLabel('Fit').fill('Boxy, dropped shoulder.');
    await chart.getByLabel('Measurements').fill('Chest width, Body length');
    await chart.getByRole('button', { name: 'Save size chart' }).click();
    await expect(page.getByRole('form', { name: 'Size chart' }).getByRole('status')).toHaveText(
      'The table has the new measurements: fill them in for each size, then save.',
    );
    for (const [size, chest, length] of [
      ['S', '56', '68'],
      ['M', '59', '70'],
      ['L', '62', '72.5'],
    ]) {
      await page.getByLabel(`Chest width, size ${size} (cm)`).fill(chest);
      await page.getByLabel(`Body length, size ${size} (cm)`).fill(length);
    }
    await page.getByRole('form', { name: 'Size chart' }).getByRole('button', { name: 'Save size chart' }).click();
    await expect(page.getByRole('status').first()).toHaveText('The size chart was saved.');
    await expect(page.getByLabel('Body length, size L (cm)')).toHaveValue('72.5');

    // A bad edit is named and changes nothing.
    const details = page.getByRole('form', { name: 'Product details' });
    await details.getByLabel('Price in euros').fill('lots');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Enter a price in euros, e.g. 45 or 45.50')).toBeVisible();
    await page.goto(page.url());
    await expect(page.getByRole('form', { name: 'Product details' }).getByLabel('Price in euros')).toHaveValue('89.50');

    // A shopper sees it coming, without a way to buy it yet, and joins its launch list.
    const fan = await registerAccount(uniqueEmail(info, 'drop-fan'));
    const shopperContext = await browser.newContext({ baseURL, javaScriptEnabled: hasJavaScript(info) });
    await signInAs(shopperContext, baseURL, fan);
    const shopperPage = await shopperContext.newPage();
    await shopperPage.goto(`/product/${encodeURIComponent(name)}`);
    await expect(shopperPage.getByText('Coming soon', { exact: true })).toBeVisible();
    const gallery = shopperPage.getByRole('img', { name: 'The Nightshift Hoodie, black, from the front' });
    await expect(gallery).toHaveAttribute('style', /object-position: ?40% 50%/);
    await expect(gallery).toHaveAttribute('width', '800');
    const when = shopperPage.locator('.drop-launch__time time');
    await expect(when).toHaveAttribute('datetime', launch.toISOString());
    // Without JavaScript in the shop's zone; with it in the shopper's own (the test browser's).
    await expect(when).toContainText(hasJavaScript(info) ? /\d{2}:\d{2}/ : /CET|CEST/);
    if (hasJavaScript(info)) await expect(shopperPage.getByRole('timer')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
    await expect(shopperPage.getByText('Chest width').first()).toBeAttached();
    await expect(shopperPage.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
    await expect(shopperPage.getByRole('button', { name: 'Quick Purchase' })).toHaveCount(0);
    await expect(shopperPage.getByText('Notify me at launch')).toBeVisible();
    await shopperPage.getByRole('button', { name: 'Notify Me' }).click();
    await expect(shopperPage.getByText("You'll be notified").first()).toBeVisible();
    if (hasJavaScript(info)) await expectNoSeriousA11yViolations(shopperPage);
    else
      await expectNoSeriousA11yViolationsWithoutScripts(browser, baseURL, `/product/${encodeURIComponent(name)}`, (context) =>
        signInAs(context, baseURL, fan),
      );

    // The home grid says so too.
    await shopperPage.goto('/');
    const card = shopperPage.locator('.product-card', { hasText: name });
    await expect(card.getByText('Coming soon', { exact: true })).toBeVisible();

    // The clock passes the launch: the launch email arrives, once, with the way to the product.
    await apiClock(launch.getTime() - (await apiClock()).getTime() + 1000);
    await expect.poll(async () => (await mailboxOf(fan.email)).filter((mail) => mail.subject === `Live now: ${name}`).length).toBe(1);
    const [mail] = (await mailboxOf(fan.email)).filter((m) => m.subject === `Live now: ${name}`);
    const link = /https?:\/\/\S+\/product\/\S+/.exec(mail.text)![0];
    expect(decodeURIComponent(new URL(link).pathname)).toBe(`/product/${name}`);

    // The shopper follows it and buys one.
    await shopperPage.goto(`${new URL(link).pathname}?color=BLACK&size=M`);
    await expect(shopperPage.getByText('Coming soon', { exact: true })).toHaveCount(0);
    await expect(shopperPage.getByText('Limit 1 per customer')).toBeVisible();
    await shopperPage.getByRole('button', { name: 'Quick Purchase' }).click();
    await payOnTestPage(shopperPage);
    await expect(shopperPage.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();

    // A second unit, of another size, is refused with the limit's words.
    await shopperPage.goto(`/product/${encodeURIComponent(name)}?color=SAND&size=L`);
    await shopperPage.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(
      shopperPage.getByText(`Failed to add item to cart: ${name} is limited to 1 per customer; you already have 1`),
    ).toBeVisible();

    // The owner cancels that order: its unit is the shopper's to buy again.
    await page.goto(`/admin/orders?q=${encodeURIComponent(fan.email)}`);
    await page.getByRole('table').getByRole('link', { name: /^ORD-/ }).click();
    const cancel = page.getByRole('form', { name: 'Cancel the order' });
    await cancel.getByLabel(/^Yes, cancel it and refund €\d+\.\d\d$/).check();
    await cancel.getByRole('button', { name: 'Cancel order and email the buyer' }).click();
    await expect(page.getByRole('definition').filter({ hasText: /^Cancelled$/ })).toBeVisible();
    await shopperPage.goto(`/product/${encodeURIComponent(name)}?color=SAND&size=L`);
    await shopperPage.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(shopperPage.getByTestId('cart-badge')).toHaveText('1');
    await expect(shopperPage.getByText(/is limited to 1 per customer/)).toHaveCount(0);
    await shopperContext.close();
  });
});

test.describe('the waiting room', () => {
  test('says why the shopper waits, is accessible, and takes them back on its own once there is room', async ({ page, browser }, info) => {
    // The first test of its project, run as the shops have just started: the accessibility check of a
    // cold page outlasted 60 s once on a loaded machine.
    test.slow();
    const next = '/product/Tracer%20Tee?color=BLACK';
    // The page's own retry is held until the checks below are done: on a busy machine the accessibility
    // check can outlast the 5 s countdown, and the page must not leave while it is being read.
    let release = () => {};
    const checked = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/waiting-room' && url.searchParams.has('try'),
      async (route) => {
        await checked;
        await route.continue();
      },
    );
    await page.goto(`/waiting-room?next=${encodeURIComponent(next)}`);
    await expect(page.getByRole('heading', { level: 1, name: "High demand: you're in line" })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(hasJavaScript(info) ? /Trying again/ : 'This page tries again every 5 seconds.');
    if (hasJavaScript(info)) await expectNoSeriousA11yViolations(page);
    else
      await expectNoSeriousA11yViolationsWithoutScripts(
        browser,
        info.project.use.baseURL!,
        `/waiting-room?next=${encodeURIComponent(next)}`,
      );
    release();
    // The page reloads itself (a countdown with JavaScript, a refresh without) and, with room, goes back.
    await page.waitForURL((url) => url.pathname === '/product/Tracer%20Tee', { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Tracer Tee' })).toBeVisible();
  });
});
