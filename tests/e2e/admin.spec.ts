import { buy, registerAccount, roomyVariants, signInAs } from '../support/e2e-account';
import { asStaff, expectAdminAccessible, mailedStaffCode, memberWithPassword, STAFF_PASSWORD, staffSignIn } from '../support/e2e-admin';
import { EDGE_HTML } from '../support/e2e-edge';
import { hasJavaScript, mailboxOf, shopCli, uniqueEmail } from '../support/e2e-shop';
import { expect, expectNoZodOn, test } from '../support/e2e-test';

test.describe('back office', () => {
  test('the first owner, added with the CLI, chooses a password with the mailed code, signs in, adds staff and signs out', async ({
    page,
  }, info) => {
    test.slow();
    const owner = uniqueEmail(info, 'first-owner');
    shopCli('staff', 'add', owner, '--role', 'owner');
    const [mail] = await mailboxOf(owner);
    const link = /https?:\/\/\S+\/admin\/login\?email=\S+/.exec(mail.text)![0];
    expect(new URL(link).searchParams.get('email')).toBe(owner);

    await page.goto(`/admin/login?step=code&email=${encodeURIComponent(owner)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your back-office password' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Cart', exact: true })).toHaveCount(0);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(owner);
    await expectAdminAccessible(page, info);
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText('Verification code is required')).toBeVisible();
    await page.getByLabel('Code from your email').fill(await mailedStaffCode(owner));
    await page.getByLabel('New password', { exact: true }).fill(STAFF_PASSWORD);
    await page.getByLabel('Confirm new password').fill('Something-Else-1');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(STAFF_PASSWORD);
    await page.getByLabel('Confirm new password').fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();

    await expect(page.getByText('Your password is set. Sign in with it now.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login\?done=password-set/);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(owner);
    await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Back office', exact: true })).toBeVisible();
    await expect(page.getByText(`Signed in as ${owner}, an owner.`)).toBeVisible();
    await expectAdminAccessible(page, info);

    await page.getByRole('navigation', { name: 'Back office', exact: true }).getByRole('link', { name: 'Staff' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`${owner} owner Chosen`) })).toBeVisible();
    await page.getByRole('button', { name: 'Add to the staff' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Choose a role: owner or staff')).toBeVisible();
    const helper = uniqueEmail(info, 'helper');
    await page.getByLabel('Email', { exact: true }).fill(helper);
    await page.getByLabel('Role').selectOption('staff');
    await page.getByRole('button', { name: 'Add to the staff' }).click();
    await expect(page.getByText(`${helper} was added as staff. They have been mailed a code to choose a password.`)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`${helper} staff Not chosen yet`) })).toBeVisible();
    expect((await mailboxOf(helper))[0].subject).toMatch(/^Your FILO back office code: \d{6}$/);
    await expectAdminAccessible(page, info);
    // The same address again is refused, with the API's reason, and nothing changes.
    await page.getByLabel('Email', { exact: true }).fill(helper);
    await page.getByLabel('Role').selectOption('owner');
    await page.getByRole('button', { name: 'Add to the staff' }).click();
    await expect(page.getByRole('alert').filter({ hasText: `${helper} is already on the staff` })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(helper) })).toHaveCount(1);

    await page.getByRole('navigation', { name: 'Back office', exact: true }).getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`${owner} staff.add staff ${helper}`) })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`cli staff.add staff ${owner}`) })).toBeVisible();
    await expectAdminAccessible(page, info);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('You have signed out of the back office.')).toBeVisible();
    await page.goto('/admin/staff');
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fstaff$/);
  });

  test('staff sign in to the page they asked for, see no Staff section and are refused it; a wrong password is refused', async ({
    page,
  }, info) => {
    const staff = await memberWithPassword(info, 'staff');
    await page.goto('/admin/audit');
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Faudit$/);
    await expectAdminAccessible(page, info);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await staffSignIn(page, staff, 'Not-The-Password-1');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await staffSignIn(page, staff);
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Back office', exact: true });
    await expect(nav.getByRole('link', { name: 'Audit log' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
    const refused = await page.goto('/admin/staff');
    expect(refused!.status()).toBe(403);
    await expect(page.getByRole('alert')).toHaveText('Only an owner may manage staff.');
    await expect(page.getByRole('table')).toHaveCount(0);

    // An unknown order stays inside the back office, says what was not found and leads back.
    const missing = await page.goto('/admin/orders/ORD-2020-01-01-DEADBEEF');
    expect(missing!.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
    await expect(page.getByText('No order ORD-2020-01-01-DEADBEEF')).toBeVisible();
    await expectAdminAccessible(page, info);
    await page.getByRole('link', { name: 'Back to the back office' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Back office', exact: true })).toBeVisible();
  });

  test(
    'the back-office cookie is its own: HttpOnly, SameSite=Strict, sent only to /admin, and gone at sign-out',
    EDGE_HTML,
    async ({ page, context, baseURL }, info) => {
      const owner = await memberWithPassword(info, 'owner');
      await page.goto('/admin/login');
      await staffSignIn(page, owner);
      await expect(page.getByRole('heading', { level: 1, name: 'Back office', exact: true })).toBeVisible();
      const cookie = (await context.cookies()).find((c) => c.name === '__staff')!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/admin' });
      // It lasts as long as the API's session (8 hours), not for ever and not only for the browser session.
      expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(7.9 * 3600_000);
      expect(cookie.expires * 1000 - Date.now()).toBeLessThanOrEqual(8 * 3600_000);
      // The shop itself does not see the back-office sign-in.
      await page.goto('/profile');
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile/);
      // Signed in, the sign-in page leads on to the back office.
      await page.goto('/admin/login');
      await expect(page).toHaveURL(new RegExp(`^${baseURL}/admin$`));
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(/\/admin\/login\?done=signed-out$/);
      expect((await context.cookies()).find((c) => c.name === '__staff')).toBeUndefined();
    },
  );

  test('the lists, which check nothing in the browser, load no zod', async ({ page }, info) => {
    test.skip(!hasJavaScript(info), 'no scripts run without JavaScript');
    await asStaff(page, await memberWithPassword(info, 'owner'), '/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Back office', exact: true })).toBeVisible();
    await expectNoZodOn(page, [
      '/admin',
      '/admin/orders',
      '/admin/customers',
      '/admin/products',
      '/admin/discounts',
      '/admin/returns',
      '/admin/audit',
    ]);
    // The search still reads the address bar on the server: a wrong day is named.
    await page.goto('/admin/orders?from=2026-02-30');
    await expect(page.getByText('No such date', { exact: true })).toBeVisible();
  });
});

test.describe('back office orders', () => {
  test('a shopper buys; staff find the order, ship it and mark it delivered; the buyer is emailed and sees the tracking', async ({
    page,
    browser,
  }, info) => {
    test.slow();
    const baseURL = info.project.use.baseURL!;
    const buyer = await registerAccount(uniqueEmail(info, 'admin-buyer'));
    const [variant] = await roomyVariants('Tracer Tee');
    const purchaseId = await buy(buyer, [variant], baseURL);
    const staff = await memberWithPassword(info, 'staff');

    await asStaff(page, staff, '/admin/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await page.getByLabel('Order number, email or item').fill(buyer.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders\\?q=${encodeURIComponent(buyer.email).replace(/\./g, '\\.')}`));
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('Processing');
    await expectAdminAccessible(page, info);
    await rows.nth(1).getByRole('link').click();

    await expect(page.getByRole('heading', { level: 1, name: /^Order ORD-\d{4}-\d{2}-\d{2}-[0-9A-F]{8}$/ })).toBeVisible();
    const orderNumber = (await page.getByRole('heading', { level: 1 }).textContent())!.replace('Order ', '');
    expect(orderNumber.slice(-8).toLowerCase()).toBe(purchaseId.slice(0, 8));
    await expect(page.getByRole('row', { name: new RegExp(`Tracer Tee .* ${variant.sku} 1`) })).toBeVisible();
    await expect(page.locator('address')).toContainText('Via Po 1');
    await expectAdminAccessible(page, info);

    await page.getByRole('button', { name: 'Mark shipped and email the buyer' }).click();
    await expect(page.getByText('Choose the carrier', { exact: true }).last()).toBeVisible();
    await expect(page.getByText('Enter the tracking number')).toBeVisible();
    await page.getByLabel('Carrier').selectOption('GLS');
    await page.getByLabel('Tracking number').fill('GLS 1234567');
    await page.getByRole('button', { name: 'Mark shipped and email the buyer' }).click();
    await expect(page.getByText(`Order ${orderNumber} is marked shipped with GLS. The buyer was emailed the tracking link.`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'GLS GLS 1234567' })).toHaveAttribute('href', /gls-group\.com/);
    await expect(page.getByRole('listitem').filter({ hasText: `${staff}: order.ship` })).toBeVisible();
    await expect
      .poll(async () => (await mailboxOf(buyer.email)).some((m) => m.subject.includes(`order ${orderNumber} has shipped`)))
      .toBe(true);

    // The buyer sees the tracking on their order history.
    const buyerContext = await browser.newContext({ baseURL, javaScriptEnabled: hasJavaScript(info) });
    try {
      await signInAs(buyerContext, baseURL, buyer);
      const buyerPage = await buyerContext.newPage();
      await buyerPage.goto(`/orders?open=${purchaseId}`);
      await expect(buyerPage.getByRole('link', { name: /Track Order/ }).first()).toHaveAttribute('href', /gls-group\.com/);
    } finally {
      await buyerContext.close();
    }

    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('Write the note')).toBeVisible();
    await page.getByLabel('New note').fill('Buyer asked to leave it with the porter.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('Your note is saved.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Notes' }).getByRole('listitem')).toHaveText([
      new RegExp(`^${staff.replace(/[.+]/g, '\\$&')}, .*Buyer asked to leave it with the porter\\.$`),
    ]);
    await expect(page.getByLabel('New note')).toHaveValue('');

    await page.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(page.getByText(`Order ${orderNumber} is marked delivered. The buyer was emailed.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark delivered' })).toHaveCount(0);
    await page.goto(`/admin/orders?q=${encodeURIComponent(buyer.email)}&status=Delivered`);
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
    await page.goto(`/admin/orders?q=${encodeURIComponent(buyer.email)}&status=Processing`);
    await expect(page.getByText('No orders match this search.')).toBeVisible();
  });
});

test.describe('back office stock', () => {
  test('staff see every variant with its figures, sold-out ones marked, and restock in place', async ({ page }, info) => {
    const staff = await memberWithPassword(info, 'staff');
    await asStaff(page, staff, '/admin/stock');
    await expect(page.getByRole('heading', { level: 1, name: 'Stock' })).toBeVisible();
    await expect(page.getByRole('row', { name: /^TT-RED-SM Tracer Tee/ })).toContainText('Sold out');
    await expectAdminAccessible(page, info);

    const row = page.getByRole('row', { name: /^TT-GRY-LXL Tracer Tee/ });
    const before = Number((await row.getByRole('cell').nth(2).textContent())!.replace(/\D+$/, ''));
    await row.getByLabel('Units to add to TT-GRY-LXL').fill('0');
    await row.getByRole('button', { name: 'Add to TT-GRY-LXL' }).click();
    await expect(page.getByRole('row', { name: /^TT-GRY-LXL Tracer Tee/ }).getByRole('alert')).toHaveText('Add at least 1 unit');
    await page
      .getByRole('row', { name: /^TT-GRY-LXL Tracer Tee/ })
      .getByLabel('Units to add to TT-GRY-LXL')
      .fill('2');
    await page
      .getByRole('row', { name: /^TT-GRY-LXL Tracer Tee/ })
      .getByRole('button', { name: 'Add to TT-GRY-LXL' })
      .click();
    await expect(page.getByRole('status')).toContainText(/^TT-GRY-LXL \(Tracer Tee\): \d+ → \d+\.$/);
    const [from, to] = (await page.getByRole('status').textContent())!.match(/\d+/g)!.map(Number);
    expect(to - from).toBe(2);
    expect(from).toBeGreaterThanOrEqual(before - 5);

    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit log' }).click();
    await expect(
      page.getByRole('row', { name: new RegExp(`${staff.replace(/[.+]/g, '\\$&')} stock.restock variant TT-GRY-LXL`) }).first(),
    ).toBeVisible();
  });
});

test.describe('back office customers', () => {
  test('staff find a buyer by email and see their orders, last delivery address and cards', async ({ page }, info) => {
    const buyer = await registerAccount(uniqueEmail(info, 'admin-customer'));
    const [variant] = await roomyVariants('Tracer Tee');
    const purchaseId = await buy(buyer, [variant], info.project.use.baseURL!);
    const staff = await memberWithPassword(info, 'staff');

    await asStaff(page, staff, '/admin/customers');
    await page.getByLabel('Email or name').fill(buyer.email);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row', { name: new RegExp(`^${buyer.email.replace(/[.+]/g, '\\$&')} Ada Rossi Registered 1 €`) });
    await expect(row).toBeVisible();
    await expectAdminAccessible(page, info);
    await row.getByRole('link', { name: buyer.email }).click();

    await expect(page.getByRole('heading', { level: 1, name: buyer.email })).toBeVisible();
    await expect(page.locator('address')).toContainText('Via Po 1');
    const order = page.getByRole('table').getByRole('link', { name: /^ORD-/ });
    await expect(order).toHaveCount(1);
    expect((await order.textContent())!.slice(-8).toLowerCase()).toBe(purchaseId.slice(0, 8));
    await expect(page.getByRole('heading', { level: 2, name: 'Cards unlocked' })).toBeVisible();
    await expectAdminAccessible(page, info);
    await order.click();
    await expect(page.getByRole('heading', { level: 1, name: /^Order ORD-/ })).toBeVisible();
  });
});
