// One spec on purpose (over 300 lines): the signed-in shopper's profile and orders pages, sharing the accounts and stock set up once.
import { readFile } from 'node:fs/promises';

import type { Locator, Page, TestInfo } from '@playwright/test';

import { expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsWithoutScripts } from '../support/a11y';
import { type Account, buy, buyMany, registerAccount, roomyVariants, signInAs, type StockedVariant } from '../support/e2e-account';
import { EDGE, EDGE_HTML } from '../support/e2e-edge';
import { fulfil, hasJavaScript, uniqueEmail } from '../support/e2e-shop';
import { expect, test } from '../support/e2e-test';

let tees: StockedVariant[];
let paddedTee: StockedVariant;

test.beforeAll(async () => {
  tees = await roomyVariants('Tracer Tee');
  [paddedTee] = await roomyVariants('Padded Tee');
});

/** A new registered shopper, signed in in this page's browser context. */
async function shopperFor(page: Page, info: TestInfo, label: string): Promise<Account> {
  const account = await registerAccount(uniqueEmail(info, label));
  await signInAs(page.context(), info.project.use.baseURL!, account);
  return account;
}

const cards = (page: Page) => page.getByTestId('order-card');
const card = (page: Page, id: string) => page.locator(`#order-${id}`);

/** The expand/collapse control of a card: a button with JavaScript, a link without. */
function toggleOf(cardLocator: Locator, info: TestInfo, name: RegExp = /(View|Hide) Details/) {
  return cardLocator.getByRole(hasJavaScript(info) ? 'button' : 'link', { name });
}

async function expectAccessible(page: Page, info: TestInfo, account: Account, path: string) {
  if (hasJavaScript(info)) return expectNoSeriousA11yViolations(page);
  await expectNoSeriousA11yViolationsWithoutScripts(page.context().browser()!, info.project.use.baseURL!, path, (context) =>
    signInAs(context, info.project.use.baseURL!, account),
  );
}

/** Holds the next client-side data request of a route until the returned function is called. */
async function holdData(page: Page, routeId: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.searchParams.get('_data') === routeId,
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  return release;
}

/** A minimal RFC 4180 reader, so the test checks quoting independently of the code that writes it. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

test.describe('profile', () => {
  test('greets the shopper, shows the account and the empty panels; edit checks, saves and cancels', EDGE, async ({ page }, info) => {
    const account = await shopperFor(page, info, 'profile');
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Ada Rossi!' })).toBeVisible();
    const facts = page.getByTestId('account-information');
    await expect(facts).toContainText(account.email);
    await expect(facts).toContainText('Member Since');
    await expect(facts).not.toContainText('Phone');
    await expect(page.getByText('No purchases yet')).toBeVisible();
    await expect(page.getByText('No cards unlocked yet')).toBeVisible();
    await expect(page.getByText('Make a purchase to unlock cards!')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View All Orders' })).toHaveAttribute('href', '/orders');
    await expectAccessible(page, info, account, '/profile');

    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await expect(page).toHaveURL(/\/profile\?edit=1$/);
    const first = page.getByLabel('First Name');
    await expect(first).toHaveValue('Ada');
    await expect(page.getByLabel('Last Name')).toHaveValue('Rossi');
    if (hasJavaScript(info)) {
      // Characters a name may not hold disappear as they are typed.
      await first.fill('');
      await first.pressSequentially('Zo3ë!');
      await expect(first).toHaveValue('Zoë');
    }

    // Invalid: the messages come back (from the browser's check with JavaScript, from the server without).
    await first.fill('A');
    await page.getByLabel('Phone').fill('12');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('First name must be at least 2 characters')).toBeVisible();
    await expect(page.getByText('Please enter a valid phone number')).toBeVisible();
    await expect(first).toHaveValue('A');
    await expect(first).toHaveAttribute('aria-invalid', 'true');

    await first.fill('Zoë');
    await page.getByLabel('Last Name').fill("D'Arco");
    await page.getByLabel('Phone').fill('+39 010 555 1234');
    await page.getByLabel('Address').fill('Via San Lorenzo 23, Genova');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: "Welcome back, Zoë D'Arco!" })).toBeVisible();
    await expect(facts).toContainText('+39 010 555 1234');
    await expect(facts).toContainText('Via San Lorenzo 23, Genova');

    // Cancel drops the changes; the next edit starts from the saved values.
    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await first.fill('Changed');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: "Welcome back, Zoë D'Arco!" })).toBeVisible();
    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await expect(page.getByLabel('First Name')).toHaveValue('Zoë');
  });

  test('purchase history lists the latest 5 with the count, each opening its order, highlighted', async ({ page }, info) => {
    const account = await shopperFor(page, info, 'history');
    const ids = await buyMany(account, tees, 6, info.project.use.baseURL!);
    await page.goto('/profile');
    const panel = page.getByRole('region', { name: /Purchase History/ });
    await expect(panel.getByRole('heading', { name: 'Purchase History (6)' })).toBeVisible();
    const links = panel.getByRole('listitem').getByRole('link');
    await expect(links).toHaveCount(5);
    const newestFirst = [...ids].reverse().slice(0, 5);
    for (const [index, id] of newestFirst.entries()) {
      await expect(links.nth(index)).toHaveAttribute('href', `/orders?order_id=${id}`);
    }

    // With JavaScript, 'Loading your orders...' shows while the orders come.
    const ordersComing = hasJavaScript(info) ? await holdData(page, 'routes/orders') : null;
    await links.nth(2).click();
    if (ordersComing) {
      await expect(page.getByText('Loading your orders...')).toBeVisible();
      ordersComing();
    }
    const target = newestFirst[2];
    await expect(page).toHaveURL(new RegExp(`/orders\\?order_id=${target}$`));
    await expect(page.getByRole('searchbox', { name: 'Search orders' })).toHaveValue(target);
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, target).getByTestId('full-order-id')).toHaveText(target);
    await expect(card(page, target)).toHaveClass(/order-card--highlight/);
    if (hasJavaScript(info)) {
      await expect(card(page, target)).toBeInViewport();
      // The highlight goes after 3 seconds.
      await expect(card(page, target)).not.toHaveClass(/order-card--highlight/, { timeout: 6000 });

      // And the profile's skeleton while it loads again.
      const profileComing = await holdData(page, 'routes/profile');
      await page.getByRole('link', { name: 'Back to Profile' }).first().click();
      await expect(page.getByTestId('profile-skeleton')).toBeVisible();
      profileComing();
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Ada Rossi!' })).toBeVisible();
      await expect(page.getByTestId('profile-skeleton')).toHaveCount(0);
    }
  });
});

test.describe('orders', () => {
  test('stats, search by item name and by id, clear, each filter, one card open at a time, tracking links', async ({ page }, info) => {
    // Many steps, and four orders fulfilled.
    test.setTimeout(120_000);
    const account = await shopperFor(page, info, 'orders');
    const baseURL = info.project.use.baseURL!;
    const padded = await buy(account, [paddedTee], baseURL);
    const [gls, other, delivered, processing] = await buyMany(account, tees, 4, baseURL);
    await fulfil(gls, { carrier: 'GLS', tracking: 'GLS778899' });
    await fulfil(other, { carrier: 'Acme Express', tracking: 'AX-1' });
    await fulfil(delivered, { carrier: 'DHL', tracking: 'DHL555' });
    await fulfil(delivered, 'delivered');

    await page.goto('/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Order History' })).toBeVisible();
    await expect(page.getByTestId('stat-total-orders')).toContainText('5');
    await expect(page.getByTestId('stat-delivered')).toContainText('1');
    await expect(page.getByTestId('stat-in-transit')).toContainText('2');
    await expect(cards(page)).toHaveCount(5);
    await expect(page.getByRole('link', { name: 'Back to Profile' }).first()).toHaveAttribute('href', '/profile');

    const search = page.getByRole('searchbox', { name: 'Search orders' });
    await expect(search).toHaveAttribute('placeholder', 'Search by order ID or item name...');
    await search.fill('padded');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/[?&]q=padded/);
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, padded)).toBeVisible();

    await search.fill(gls.slice(0, 8).toUpperCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, gls)).toBeVisible();

    await search.fill('no such thing');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'No orders found' })).toBeVisible();
    await expect(page.getByText('Try adjusting your search or filters')).toBeVisible();

    await page.getByRole('link', { name: 'Clear search' }).click();
    await expect(cards(page)).toHaveCount(5);
    await expect(search).toHaveValue('');

    await page.getByText('Filters', { exact: true }).click();
    const filter = (name: string) => page.getByRole('link', { name, exact: true });
    await filter('Delivered').click();
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, delivered)).toContainText('Delivered');
    await expect(filter('Delivered')).toHaveAttribute('aria-current', 'true');
    await filter('In Transit').click();
    await expect(cards(page)).toHaveCount(2);
    await expect(card(page, gls)).toBeVisible();
    await expect(card(page, other)).toBeVisible();
    await filter('Processing').click();
    await expect(cards(page)).toHaveCount(2);
    await expect(card(page, padded)).toBeVisible();
    await expect(card(page, processing)).toBeVisible();
    // A filter and a search together.
    await search.fill('padded');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/status=processing/);
    await expect(cards(page)).toHaveCount(1);
    await page.getByRole('link', { name: 'Clear search' }).click();
    await filter('All Orders').click();
    await expect(cards(page)).toHaveCount(5);

    // GLS links to its own page; an unknown carrier to a web search; a processing order has nothing to track yet.
    await toggleOf(card(page, gls), info).click();
    const glsDetail = card(page, gls);
    await expect(glsDetail.getByTestId('tracking-number')).toHaveText('GLS778899');
    await expect(glsDetail.getByRole('link', { name: /Track Order/ })).toHaveAttribute('href', /^https:\/\/gls-group\.com\/.*GLS778899$/);
    await expect(glsDetail.getByRole('link', { name: 'Download Receipt' })).toHaveAttribute('href', `/orders/${gls}/receipt`);
    await expect(glsDetail.getByRole('link', { name: 'Download Receipt' })).toHaveAttribute('download', `receipt_${gls.slice(0, 8)}.pdf`);
    await expect(glsDetail.getByText('Tax (included)')).toBeVisible();
    await expect(glsDetail.getByText('Discount')).toHaveCount(0);
    await expect(glsDetail.getByText(/^Colour: /)).toBeVisible();
    await expect(glsDetail.getByText('Via Po 1')).toBeVisible();
    await expect(glsDetail.getByText('Credit Card ending in 4242')).toBeVisible();

    await toggleOf(card(page, other), info).click();
    await expect(card(page, other).getByRole('link', { name: /Track Order/ })).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/search\?q=Acme%20Express%20AX-1/,
    );
    // One card open at a time.
    await expect(card(page, gls).getByTestId('full-order-id')).toHaveCount(0);
    await expect(toggleOf(card(page, gls), info, /View Details/)).toBeVisible();

    await toggleOf(card(page, processing), info).click();
    await expect(card(page, processing).getByTestId('tracking-number')).toHaveText('Pending');
    await expect(card(page, processing).getByRole('link', { name: /Track Order/ })).toHaveCount(0);
    await expectAccessible(page, info, account, `/orders?open=${processing}`);

    await toggleOf(card(page, processing), info, /Hide Details/).click();
    await expect(card(page, processing).getByTestId('full-order-id')).toHaveCount(0);
  });

  test('exports the filtered orders to order_history.csv', EDGE_HTML, async ({ page }, info) => {
    const account = await shopperFor(page, info, 'csv');
    const baseURL = info.project.use.baseURL!;
    const [single, pair, shipped] = [
      await buy(account, [tees[0]], baseURL),
      await buy(account, [tees[1], paddedTee], baseURL),
      await buy(account, [tees[2]], baseURL),
    ];
    await fulfil(shipped, { carrier: 'BRT', tracking: '42' });

    await page.goto('/orders?status=processing');
    await expect(cards(page)).toHaveCount(2);
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export to CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('order_history.csv');
    const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(['Order Number', 'Date', 'Items', 'Total', 'Status']);
    expect(rows).toHaveLength(3);
    const byNumber = new Map(rows.slice(1).map((row) => [row[0], row]));
    const numberOf = async (id: string) => (await card(page, id).getByRole('heading', { level: 2 }).textContent())!;
    const pairRow = byNumber.get(await numberOf(pair))!;
    const singleRow = byNumber.get(await numberOf(single))!;
    // Two items in one field: the comma between them is quoted, not a column break.
    expect(pairRow[2].split(', ').sort()).toEqual(['Padded Tee', 'Tracer Tee']);
    expect(pairRow[3]).toMatch(/^€\d+\.\d{2}$/);
    expect(pairRow[4]).toBe('Processing');
    expect(singleRow[1]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(singleRow[2]).toBe('Tracer Tee');
    expect(text).toContain(`"${pairRow[2]}"`);
    await expect(card(page, pair)).toContainText(pairRow[3]);
  });

  for (const count of [10, 11]) {
    test(`Load More Orders with exactly ${count} orders`, async ({ page }, info) => {
      test.slow();
      const account = await shopperFor(page, info, `more${count}`);
      const ids = await buyMany(account, tees, count, info.project.use.baseURL!);
      await page.goto('/orders');
      await expect(cards(page)).toHaveCount(10);
      const more = page.getByRole('link', { name: 'Load More Orders' });
      // The first page came back full: there may be more.
      await expect(more).toBeVisible();
      await more.click();
      await expect(page).toHaveURL(/[?&]page=2/);
      await expect(cards(page)).toHaveCount(count);
      await expect(card(page, ids[0])).toBeVisible();
      await expect(more).toHaveCount(0);
    });
  }

  test('an order whose details fail to load says so in its card, and asks again on the next expand', async ({ page }, info) => {
    test.skip(!hasJavaScript(info), 'without JavaScript the server renders the details with the page');
    const account = await shopperFor(page, info, 'detailfail');
    const id = await buy(account, [tees[0]], info.project.use.baseURL!);
    await page.goto('/orders');
    await page.route(`**/orders/${id}/details`, (route) => route.abort('connectionfailed'), { times: 1 });
    await toggleOf(card(page, id), info).click();
    await expect(card(page, id).getByRole('alert')).toHaveText('Failed to load order details');
    // The rest of the page is still there.
    await expect(page.getByRole('heading', { level: 1, name: 'Order History' })).toBeVisible();
    await toggleOf(card(page, id), info, /Hide Details/).click();
    await toggleOf(card(page, id), info, /View Details/).click();
    await expect(card(page, id).getByTestId('full-order-id')).toHaveText(id);
    await expect(card(page, id).getByRole('alert')).toHaveCount(0);
  });

  test('a shopper without orders is asked to start shopping', async ({ page }, info) => {
    await shopperFor(page, info, 'empty');
    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: 'No orders found' })).toBeVisible();
    await expect(page.getByText('Start shopping to see your orders here')).toBeVisible();
    await expect(page.getByTestId('stat-total-orders')).toContainText('0');
    await expect(page.getByRole('link', { name: 'Load More Orders' })).toHaveCount(0);
  });
});
