import { readFile } from 'node:fs/promises';

import type { Browser, Page } from '@playwright/test';

import { expectNoSeriousA11yViolations } from '../support/a11y';
import { buyInSession, signInNewMember, variantBySku } from '../support/e2e-account';
import { EDGE_HTML } from '../support/e2e-edge';
import { hasJavaScript } from '../support/e2e-shop';
import { expect, test } from '../support/e2e-test';
import { uniqueEmail } from '../support/mailbox';
import { payOnTestPage } from '../support/payment';

// Motion as most shoppers have it: these tests look at the animations (playwright.config.ts reduces it elsewhere).
test.use({ reducedMotion: 'no-preference' });

const TRACER_TEE = '/product/Tracer%20Tee?color=BLACK&size=S/M';
const PADDED_TEE = '/product/Padded%20Tee?color=BLACK&size=S/M';

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function addToCart(page: Page, product: string) {
  await page.goto(product);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to Cart!')).toBeVisible();
}

/** A registered shopper (signed in on `page`) buys `products` through the cart and the test payment page. */
async function buy(page: Page, products: string[]) {
  for (const product of products) await addToCart(page, product);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await payOnTestPage(page);
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
}

/**
 * A new member who has bought one product through the API, on the order's confirmation page with its
 * unlocked card (buying through the cart and the payment page is this spec's first journey).
 */
async function boughtOne(page: Page, label: string, product: 'Tracer Tee' | 'Padded Tee') {
  const account = await signInNewMember(page, uniqueEmail(label));
  const variant = await variantBySku(product, product === 'Tracer Tee' ? 'TT-BLK-SM' : 'PT-BLK-SM');
  const { sessionId } = await buyInSession(account, [variant], test.info().project.use.baseURL!);
  await page.goto(`/order-success?session_id=${sessionId}`);
  await expect(unlocked(page).getByRole('heading', { name: 'Card Unlocked!' })).toBeVisible();
}

async function newMember(browser: Browser, baseURL: string, label: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await signInNewMember(page, uniqueEmail(label));
  return { context, page };
}

const unlocked = (page: Page) => page.getByRole('region', { name: 'Card Unlocked!' });
const slides = (page: Page) => unlocked(page).locator('.card-carousel__slide');
/** Which slide the strip shows, from its scroll position (1-based). */
const shownSlide = (page: Page) =>
  unlocked(page)
    .locator('.card-carousel__viewport')
    .evaluate((viewport) => Math.round(viewport.scrollLeft / viewport.clientWidth) + 1);
const dot = (page: Page, n: number) => unlocked(page).getByRole('link', { name: new RegExp(`^Show card ${n}:`) });

test.describe('collectible cards', () => {
  test.slow();

  test(
    'a first purchase unlocks its cards on the order page, in a carousel; buying again unlocks nothing',
    EDGE_HTML,
    async ({ page }, info) => {
      const account = await signInNewMember(page, uniqueEmail('cards'));
      await buy(page, [TRACER_TEE, PADDED_TEE]);

      await expect(unlocked(page).getByRole('heading', { name: 'Card Unlocked!' })).toBeVisible();
      await expect(slides(page)).toHaveCount(2);
      const names = (await slides(page).locator('.collectible-card__name').allTextContents()).sort();
      expect(names).toEqual(['Padded Tee', 'Tracer Tee']);
      const first = unlocked(page).getByTestId('collectible-card').first();
      await expect(first.locator('.collectible-card__label')).toHaveText(/^(COMMON|RARE)$/);
      await expect(first.locator('.collectible-card__owner')).toHaveText('Ada Rossi');
      // The card's own serial (unique per card), its first 19 characters without a hyphen left hanging.
      await expect(first.locator('.collectible-card__code')).toHaveText(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}$/);
      await expect(first.locator('.collectible-card__footer')).toContainText('FILO · Made in Italy');
      await expect(first.locator('time')).toHaveText(
        /^\d{1,2} (Gennaio|Febbraio|Marzo|Aprile|Maggio|Giugno|Luglio|Agosto|Settembre|Ottobre|Novembre|Dicembre) \d{4}$/,
      );

      if (hasJavaScript(info)) {
        await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');
        await unlocked(page).getByRole('button', { name: 'Next card' }).click();
        await expect(dot(page, 2)).toHaveAttribute('aria-current', 'true');
        await expect.poll(() => shownSlide(page)).toBe(2);
        // Past the last card it wraps to the first, and back.
        await unlocked(page).getByRole('button', { name: 'Next card' }).click();
        await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');
        await expect.poll(() => shownSlide(page)).toBe(1);
        await unlocked(page).getByRole('button', { name: 'Previous card' }).click();
        await expect(dot(page, 2)).toHaveAttribute('aria-current', 'true');
        await expect.poll(() => shownSlide(page)).toBe(2);
        await dot(page, 1).click();
        await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');
        await expect.poll(() => shownSlide(page)).toBe(1);
        // The arrow keys move the strip too.
        await unlocked(page).getByRole('group', { name: 'Cards' }).press('ArrowLeft');
        await expect(dot(page, 2)).toHaveAttribute('aria-current', 'true');
        await expectNoSeriousA11yViolations(page);
      } else {
        await expect(unlocked(page).getByRole('button', { name: /card$/ })).toHaveCount(0);
        const href = await dot(page, 2).getAttribute('href');
        expect(href).toMatch(/^#unlocked-[0-9a-f-]{36}$/);
        await expect(page.locator(href!)).toHaveCount(1);
        await dot(page, 2).click();
        await expect(page).toHaveURL(new RegExp(`${href}$`));
        await expect.poll(() => shownSlide(page)).toBe(2);
        // The static image, and Share Card as a link to the server-rendered face.
        await expect(first.locator('img')).toHaveAttribute('src', /\/storage\/v1\/object\/public\/cards\/.+\/static\.webp$/);
        await expect(first.getByRole('link', { name: 'Share Card' })).toHaveAttribute('href', /^\/cards\/[0-9a-f-]{36}\.png\?share=/);
      }

      // A second purchase (through the API: buying through the pages is the journey above) unlocks nothing.
      const again = await buyInSession(account, [await variantBySku('Tracer Tee', 'TT-BLK-SM')], info.project.use.baseURL!);
      await page.goto(`/order-success?session_id=${again.sessionId}`);
      await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Card Unlocked!' })).toHaveCount(0);

      // The profile's Your Cards panel holds both, out of every card there is to collect.
      // One card per product of the seeded catalogue (four products).
      const total = 4;
      await page.goto('/profile');
      const yours = page.getByTestId('your-cards');
      await expect(yours.getByTestId('cards-count')).toHaveText(`2 out of ${total}`);
      await expect(yours.getByTestId('collectible-card')).toHaveCount(2);
      await expect(yours.getByText('No cards unlocked yet')).toHaveCount(0);
      if (hasJavaScript(info)) {
        await yours.getByRole('button', { name: 'Next card' }).click();
        await yours.getByRole('button', { name: 'Next card' }).click();
        await expect(yours.getByRole('link', { name: /^Show card 1:/ })).toHaveAttribute('aria-current', 'true');
      } else {
        await expect(yours.getByRole('link', { name: /^Show card 2:/ })).toHaveAttribute('href', /^#profile-card-[0-9a-f-]{36}$/);
      }
    },
  );

  test('Share Card saves the card face as a 600 x 800 PNG', async ({ page }, info) => {
    await boughtOne(page, 'cards-share', 'Padded Tee');
    const card = unlocked(page).getByTestId('collectible-card');

    if (hasJavaScript(info)) {
      // Frames load, then play: the image cycles through frame files.
      await expect(card).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
      await expect(card.locator('img')).toHaveAttribute('src', /frame_\d{4}\.webp$/);
      const before = await card.locator('img').getAttribute('src');
      await expect.poll(() => card.locator('img').getAttribute('src')).not.toBe(before);

      const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Share Card' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^product-card-padded-tee-\d{13}\.png$/);
      const bytes = await readFile((await download.path())!);
      expect(pngSize(bytes)).toEqual({ width: 600, height: 800 });
      // The button is back once the export is done.
      await expect(card.getByRole('button', { name: 'Share Card' })).toBeVisible();
    } else {
      const link = card.getByRole('link', { name: 'Share Card' });
      const response = await page.request.get((await link.getAttribute('href'))!);
      expect(response.headers()['content-type']).toBe('image/png');
      expect(pngSize(await response.body())).toEqual({ width: 600, height: 800 });
    }
  });

  test('the card tilts toward the pointer, at most 40 degrees, and keeps still under reduced motion', async ({ page }, info) => {
    test.skip(!hasJavaScript(info), 'pointer tilt and animation need JavaScript');
    await boughtOne(page, 'cards-tilt', 'Tracer Tee');
    const card = unlocked(page).getByTestId('collectible-card');
    await expect(card).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
    const face = card.locator('.collectible-card');
    const box = (await face.boundingBox())!;
    await page.mouse.move(box.x + box.width - 1, box.y + 1);
    const transform = await face.evaluate((element) => (element as HTMLElement).style.transform);
    const [, x, y] = /rotateX\((-?[\d.]+)deg\) rotateY\((-?[\d.]+)deg\)/.exec(transform) ?? [];
    expect(Number(x)).toBeGreaterThan(30);
    expect(Number(x)).toBeLessThanOrEqual(40);
    expect(Number(y)).toBeGreaterThan(30);
    expect(Number(y)).toBeLessThanOrEqual(40);
    // On the Share button the face holds still, so the button stays under the pointer.
    // The face turns over 0.2 s: the button is measured where it comes to rest, not halfway.
    await face.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
    const button = (await card.getByRole('button', { name: 'Share Card' }).boundingBox())!;
    await page.mouse.move(button.x + button.width / 2, button.y + button.height / 2);
    expect(await face.evaluate((element) => (element as HTMLElement).style.transform)).toBe(transform);
    await page.mouse.move(0, 0);
    await expect.poll(() => face.evaluate((element) => (element as HTMLElement).style.transform)).toBe('');

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await expect(card).toHaveAttribute('data-state', 'static');
    await expect(card.getByRole('button', { name: 'Share Card' })).toBeVisible();
    await expect(card.locator('img')).toHaveAttribute('src', /static\.webp$/);
  });

  test(
    '/cards/{id}.png answers its owner and a signed link, and refuses anyone else',
    EDGE_HTML,
    async ({ page, request, browser, baseURL }) => {
      await boughtOne(page, 'cards-owner', 'Tracer Tee');
      // The page streams: the noscript element can be in the DOM before its link is, so wait for the link.
      const noscript = unlocked(page).getByTestId('collectible-card').locator('noscript');
      let share = '';
      await expect
        .poll(async () => {
          share = /href="([^"]+)"/.exec(await noscript.innerHTML())?.[1].replace(/&amp;/g, '&') ?? '';
          return share;
        })
        .toMatch(/^\/cards\/[0-9a-f-]{36}\.png\?share=/);
      const plain = share.split('?')[0];
      expect(plain).toMatch(/^\/cards\/[0-9a-f-]{36}\.png$/);

      const own = await page.request.get(plain);
      expect(own.status()).toBe(200);
      expect(own.headers()['content-type']).toBe('image/png');
      expect(own.headers()['cache-control']).toBe('private, no-store');
      expect(pngSize(await own.body())).toEqual({ width: 600, height: 800 });

      const other = await newMember(browser, baseURL!, 'cards-other');
      try {
        const refused = await other.page.request.get(plain);
        expect(refused.status()).toBe(404);
        expect(refused.headers()['content-type']).not.toContain('image/png');
        // The signed link works for anyone, and only for the card it was made for.
        const shared = await other.page.request.get(share);
        expect(shared.status()).toBe(200);
        expect(pngSize(await shared.body())).toEqual({ width: 600, height: 800 });
        const forged = share.replace(/\.png\?share=([A-Za-z0-9_-]+)\./, (_, payload: string) => `.png?share=${payload.slice(0, -2)}AA.`);
        expect((await other.page.request.get(forged)).status()).toBe(404);
      } finally {
        await other.context.close();
      }
      const anonymous = await request.get(plain);
      expect(anonymous.status()).toBe(404);
    },
  );

  test('every frame of an unlocked card is served, with a long cache', async ({ page, request }) => {
    await boughtOne(page, 'cards-frames', 'Padded Tee');
    const card = unlocked(page).getByTestId('collectible-card');
    const prefix = (await card.getAttribute('data-frame-prefix'))!;
    const format = (await card.getAttribute('data-frame-format'))!;
    const count = Number(await card.getAttribute('data-frame-count'));
    expect(count).toBe(148);
    const statuses = await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const response = await request.head(`${prefix}${String(i).padStart(4, '0')}.${format}`);
        return [response.status(), response.headers()['content-type'], response.headers()['cache-control']].join(' ');
      }),
    );
    expect(new Set(statuses)).toEqual(new Set(['200 image/webp public, max-age=31536000, immutable']));
    expect((await request.head(`${prefix}${String(count).padStart(4, '0')}.${format}`)).status()).toBe(404);
  });
});
