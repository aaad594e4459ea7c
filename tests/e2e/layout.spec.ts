import type { Page, TestInfo } from '@playwright/test';

import { apiUrl } from '../support/e2e';
import { buy, registerAccount, roomyVariants } from '../support/e2e-account';
import { asStaff, expectAdminAccessible, memberWithPassword } from '../support/e2e-admin';
import { hasJavaScript, uniqueEmail } from '../support/e2e-shop';
import { expect, hydrated, test } from '../support/e2e-test';

/**
 * Layout a shopper and the owner tripped over (issue 45, items 9, 11 and 14), with JavaScript on and
 * off: nothing wider than a 390 px phone, scrolling tables a keyboard reaches, the order page's usual
 * next step first, checkboxes beside their words, the product page in two columns on a desktop, and a
 * field being typed in ringed in ink. Each test attaches a screenshot of what it measured.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** How much wider than the window the page is (0 when nothing sticks out). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A full-page screenshot kept in the test's output folder (test-results/) and attached to its report. */
async function shot(page: Page, info: TestInfo, name: string) {
  const path = info.outputPath(`${name}-js-${hasJavaScript(info) ? 'on' : 'off'}.png`);
  await page.screenshot({ path, fullPage: true });
  await info.attach(name, { path, contentType: 'image/png' });
}

test.describe('at 390 px', () => {
  test.use({ viewport: PHONE });

  test('a long search word wraps instead of widening the page', async ({ page }, info) => {
    // Within the search's 100 characters, and far wider than a phone.
    const word = 'Supercalifragilisticexpialidocious'.repeat(2);
    await page.goto(`/?q=${word}`);
    await expect(page.getByRole('status').filter({ hasText: word })).toBeVisible();
    expect(await overflow(page)).toBe(0);
    await shot(page, info, 'search-long-word-phone');
  });

  test('the back office fits: a long staff note wraps, the stock and revenue tables scroll in a box a keyboard reaches', async ({
    page,
  }, info) => {
    test.slow();
    const buyer = await registerAccount(uniqueEmail(info, 'layout-buyer'));
    const [variant] = await roomyVariants('Tracer Tee');
    const purchaseId = await buy(buyer, [variant], info.project.use.baseURL!);

    await asStaff(page, await memberWithPassword(info, 'owner'), `/admin/orders/${purchaseId}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Notes' })).toBeVisible();
    await page.getByLabel('New note').fill(`Called about parcel ${'X'.repeat(120)} twice.`);
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('Your note is saved.')).toBeVisible();
    expect(await overflow(page)).toBe(0);
    await shot(page, info, 'admin-order-long-note-phone');

    for (const [path, region] of [
      ['/admin/stock', 'Stock'],
      ['/admin', 'Revenue and orders per day'],
    ] as const) {
      await page.goto(path);
      // The table's own box (a page's section may be named as its table is).
      const box = page.locator(`.admin-table-scroll[aria-label="${region}"]`);
      await expect(box).toBeVisible();
      expect(await overflow(page), path).toBe(0);
      // The table is wider than the phone: its box scrolls, and the keyboard can reach it to do so.
      expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth), path).toBe(true);
      await expect(box).toHaveAttribute('tabindex', '0');
      await expectAdminAccessible(page, info);
      await shot(page, info, `admin${path.replace(/\//g, '-')}-phone`);
    }
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test("the order page puts Ship it before cancelling and refunding; a table's panel is no wider than its table", async ({
    page,
  }, info) => {
    const buyer = await registerAccount(uniqueEmail(info, 'layout-ship'));
    const [variant] = await roomyVariants('Tracer Tee');
    const purchaseId = await buy(buyer, [variant], info.project.use.baseURL!);
    await asStaff(page, await memberWithPassword(info, 'owner'), `/admin/orders/${purchaseId}`);
    const ship = page.getByRole('heading', { level: 2, name: 'Ship it' });
    const cancel = page.getByRole('button', { name: 'Cancel order and email the buyer' });
    const refund = page.getByRole('button', { name: 'Refund and email the buyer' });
    await expect(ship).toBeVisible();
    const before = async (a: typeof ship, b: typeof ship) =>
      a.evaluate(
        (first, second) => Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING),
        await b.elementHandle(),
      );
    expect(await before(ship, cancel)).toBe(true);
    expect(await before(ship, refund)).toBe(true);
    const items = page.getByRole('region', { name: 'Items', exact: true });
    const [boxWidth, tableWidth] = await items.evaluate((box) => [box.clientWidth, box.querySelector('table')!.offsetWidth]);
    expect(Math.abs(boxWidth - tableWidth)).toBeLessThanOrEqual(1);
    await shot(page, info, 'admin-order-desktop');
  });

  test("the product page's sections sit side by side; the discount form's checkboxes sit beside their words", async ({ page }, info) => {
    test.slow();
    const details = (await (await fetch(`${apiUrl}/api/products/details?product_name=Tracer%20Tee`)).json()) as { id: string };
    await asStaff(page, await memberWithPassword(info, 'owner'), `/admin/products/${details.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Tracer Tee' })).toBeVisible();
    const [words, pictures] = await page.locator('.admin-product-sections > div').evaluateAll((columns) =>
      columns.map((column) => {
        const { left, top } = column.getBoundingClientRect();
        return { left, top };
      }),
    );
    expect(pictures.left).toBeGreaterThan(words.left + 300);
    expect(Math.abs(pictures.top - words.top)).toBeLessThan(5);
    await shot(page, info, 'admin-product-desktop');

    // The menu's choice on the products list: a checkbox beside each product's name, axe clean.
    await page.goto('/admin/products');
    const featured = page.getByRole('group', { name: 'Featured in the Products menu and the footer' });
    await expect(featured.getByRole('checkbox', { name: 'Tracer Tee', exact: true })).toBeVisible();
    await expectAdminAccessible(page, info);
    await shot(page, info, 'admin-products-menu-desktop');

    await page.goto('/admin/discounts/new');
    const active = page.getByRole('checkbox', { name: 'Active: shoppers may use it' });
    await expect(active).toBeVisible();
    const [box, label] = await active.evaluate((input) => {
      const words = input.closest('label')!.getBoundingClientRect();
      const own = input.getBoundingClientRect();
      return [own, words].map(({ left, top, bottom }) => ({ left, top, bottom }));
    });
    // The box starts the line its words are on, not a line of its own in the middle.
    expect(box.top).toBeGreaterThanOrEqual(label.top - 1);
    expect(box.bottom).toBeLessThanOrEqual(label.bottom + 1);
    expect(box.left - label.left).toBeLessThan(4);
    await shot(page, info, 'admin-discount-new-desktop');
  });

  test('the sign-in modal rings the email box in ink, not the red of an error, before anything is typed', async ({ page }, info) => {
    await page.goto('/about?auth=email');
    if (hasJavaScript(info)) await hydrated(page);
    const email = page.getByRole('dialog').getByLabel('Email');
    // Focused as the modal opens, nothing typed and nothing left yet (leaving it empty says it is required).
    await email.focus();
    await expect(email).toBeFocused();
    await expect(page.getByRole('dialog').getByText('Email is required')).toHaveCount(0);
    const { ring, ink, accent, invalid } = await email.evaluate((input) => {
      const probe = (value: string) => {
        const span = document.createElement('span');
        span.style.color = value;
        document.body.append(span);
        const colour = getComputedStyle(span).color;
        span.remove();
        return colour;
      };
      const style = getComputedStyle(input);
      return {
        ring: style.outlineColor,
        ink: probe('var(--ink)'),
        accent: probe('var(--accent)'),
        invalid: input.getAttribute('aria-invalid'),
      };
    });
    expect(invalid).not.toBe('true');
    expect(ring).toBe(ink);
    expect(ring).not.toBe(accent);
    await shot(page, info, 'sign-in-modal-desktop');
  });
});
