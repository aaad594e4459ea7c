import { expectNoSeriousA11yViolations } from '../support/a11y';
import { hasJavaScript, mailboxOf, signIn, uniqueEmail, wishlistOf } from '../support/e2e-shop';
import { expect, test } from '../support/e2e-test';

// Motion as most shoppers have it: these tests look at the animations (playwright.config.ts reduces it elsewhere).
test.use({ reducedMotion: 'no-preference' });

const hoodieCard = (page: import('@playwright/test').Page) =>
  page.locator('.product-grid > li').filter({ has: page.getByRole('heading', { name: 'Tracer Hoodie', exact: true }) });

test.describe('listing cards', () => {
  test("in stock: 'View Product' appears on hover and on keyboard focus", async ({ page }) => {
    await page.goto('/');
    const card = page.locator('.product-grid > li').filter({ has: page.getByRole('heading', { name: 'Padded Jorts', exact: true }) });
    const cta = card.getByText('View Product');
    await expect(cta).toHaveCSS('opacity', '0');
    await card.getByRole('link').hover();
    await expect(cta).toHaveCSS('opacity', '1');
    await page.mouse.move(0, 0);
    await expect(cta).toHaveCSS('opacity', '0');
    await card.getByRole('link').focus();
    await expect(cta).toHaveCSS('opacity', '1');
  });

  test('cards fade in 100 ms apart, and not at all under reduced motion', async ({ page }) => {
    await page.goto('/');
    const cards = page.locator('.product-grid > li');
    await expect(cards.nth(1)).toHaveCSS('animation-delay', '0.1s');
    await expect(cards.nth(3)).toHaveCSS('animation-delay', '0.3s');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(cards.nth(1)).toHaveCSS('animation-name', 'none');
  });

  test("out of stock: 'Be notified when available' and Notify Me puts an anonymous shopper on the wishlist", async ({ page }, info) => {
    const email = uniqueEmail(info, 'listing');
    await page.goto('/');
    const card = hoodieCard(page);
    await expect(card.getByText('Be notified when available')).toBeVisible();
    const button = card.getByRole('button', { name: 'Notify Me' });
    const field = card.getByLabel('Email for Tracer Hoodie');
    if (hasJavaScript(info)) {
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') posts.push(request.url());
      });
      await expect(button).toBeDisabled();
      await field.fill('not-an-email@x');
      await expect(button).toBeEnabled();
      await field.press('Enter');
      await expect(card.getByText('Please enter a valid email address')).toBeVisible();
      // Refused in the browser, by the schema fetched when the field was first used.
      expect(posts).toHaveLength(0);
      await field.fill('still-not-an-email');
      await expect(card.getByText('Please enter a valid email address')).toBeVisible();
      await field.fill(email);
      await expect(card.getByText('Please enter a valid email address')).toHaveCount(0);
    }
    await field.fill(email);
    await field.press('Enter');
    await expect(card.getByText("You'll be notified")).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: "You'll be notified" }).first()).toBeVisible();
    const entries = await wishlistOf(email);
    expect(entries).toHaveLength(1);
    expect(entries[0].product_variant_id).toBeNull();

    if (hasJavaScript(info)) {
      // Pressing it again: 'Already in your wishlist!' for 2 seconds, and the success toast leaves after 3.
      await card.getByRole('button', { name: "You'll be notified" }).click();
      await expect(card.getByText('Already in your wishlist!')).toBeVisible();
      await expect(card.getByText('Already in your wishlist!')).toBeHidden();
      await expect(page.locator('.toast')).toHaveCount(0);
    }
  });

  test('a signed-in shopper is added with their own email, without a prompt', async ({ page, context, baseURL }, info) => {
    const email = uniqueEmail(info, 'member');
    await signIn(context, baseURL!, email);
    await page.goto('/');
    const card = hoodieCard(page);
    await expect(card.getByRole('textbox')).toHaveCount(0);
    await card.getByRole('button', { name: 'Notify Me' }).click();
    await expect(card.getByText("You'll be notified")).toBeVisible();
    expect(await wishlistOf(email)).toHaveLength(1);
    // Known on the next visit too, from the API.
    await page.goto('/');
    await expect(hoodieCard(page).getByText("You'll be notified")).toBeVisible();
    if (!hasJavaScript(info)) {
      await hoodieCard(page).getByRole('button', { name: "You'll be notified" }).click();
      await expect(page.getByText('Already in your wishlist!')).toBeVisible();
    }
  });
});

test.describe('listing with JavaScript', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'client-only effects');

  test("a broken image shows the 'Image Error' placeholder", async ({ page }) => {
    await page.route('**/product-images/padded-jorts/**', (route) => route.abort());
    await page.goto('/');
    const card = page.locator('.product-grid > li').filter({ has: page.getByRole('heading', { name: 'Padded Jorts', exact: true }) });
    await expect(card.getByRole('img', { name: 'Image Error' })).toBeVisible();
  });

  test('the dot grid is a canvas behind the grid, drawn after load', async ({ page }) => {
    await page.goto('/');
    const canvas = page.getByTestId('dot-grid');
    await expect(canvas).toHaveCount(1);
    await expect(canvas).toHaveCSS('pointer-events', 'none');
    await expect.poll(() => canvas.evaluate((c: HTMLCanvasElement) => c.width)).toBeGreaterThan(0);
  });
});

test.describe('listing without JavaScript', () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, 'server-rendered page only');
  test('has no dot grid and every card is a plain link', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('dot-grid')).toHaveCount(0);
    await expect(page.locator('.product-grid > li a.product-card__link')).toHaveCount(6);
  });
});

test.describe('listing on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'the active card follows scrolling with JavaScript');

  test("the card nearest the screen centre is active and shows 'View Product'", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const second = page.locator('.product-grid > li').nth(1);
    await second.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expect(second).toHaveClass(/is-active/);
    await expect(second.getByText('View Product')).toHaveCSS('opacity', '1');
    await expect(page.locator('.product-grid > li.is-active')).toHaveCount(1);
  });
});

test.describe('Notify Me confirmation', () => {
  test('the shopper is emailed a confirmation whose link stops the back-in-stock email, without signing in', async ({ page }, info) => {
    const email = uniqueEmail(info, 'notify-stop');
    await page.goto('/');
    const card = hoodieCard(page);
    await card.getByLabel('Email for Tracer Hoodie').fill(email);
    await card.getByRole('button', { name: 'Notify Me' }).click();
    await expect(card.getByText("You'll be notified")).toBeVisible();
    await expect.poll(async () => (await wishlistOf(email)).length).toBe(1);

    const [mail] = await mailboxOf(email);
    expect(mail.subject).toBe("We'll email you when Tracer Hoodie is back");
    const link = /Stop this back-in-stock email: (\S+)/.exec(mail.text)![1];
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByText('We will email you once when Tracer Hoodie is back in stock. Stop that email?')).toBeVisible();
    if (hasJavaScript(info)) await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Stop this email' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText("Done: we won't email you about Tracer Hoodie.");
    expect(await wishlistOf(email)).toEqual([]);

    // Used once, the link says so; a forged one too.
    const again = await page.goto(link);
    expect(again?.status()).toBe(404);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'This link is no longer valid: the request was already removed, or the link is incomplete.',
    );
    expect((await page.goto(`${link.slice(0, -3)}abc`))?.status()).toBe(404);
  });
});
