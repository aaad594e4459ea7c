import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import { expect, type Page } from '@playwright/test';

import { ROUTE_TABLE_PAGES } from '../support/a11y';
import { type Account, buyInSession, registerAccount, signInAs, variantBySku } from '../support/e2e-account';
import { hydrated, test } from '../support/e2e-test';

/**
 * Layout regressions: every page of the route table, on a 390 px phone and a 1280 px desktop, with
 * JavaScript on and off, compared with the committed baselines in tests/e2e/__screenshots__.
 *
 * These run in the `visual` project, on a shop of their own (playwright.config.ts) where no other
 * test buys, wishes for or restocks anything, so the catalogue is as seeded. What still differs from run to run (the account's email,
 * order numbers and dates) is written over with fixed text. Motion is reduced, CSS animations are stopped, and the shop's
 * typefaces are pinned to DejaVu Sans from the dejavu-fonts-ttf package, so a machine with other
 * system fonts draws the same letters. After a deliberate layout change:
 * `npx playwright test --project=visual --update-snapshots`, then look at the new images.
 */

const require = createRequire(import.meta.url);
const FONTS = {
  regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
  bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
};
const FAMILIES = ['Helvetica Neue', 'Helvetica', 'Arial', 'system-ui', 'sans-serif'];
const PINNED_FONTS = FAMILIES.flatMap((family) => [
  `@font-face { font-family: "${family}"; src: url(/__pinned-font/regular.ttf); font-weight: 100 500; }`,
  `@font-face { font-family: "${family}"; src: url(/__pinned-font/bold.ttf); font-weight: 600 900; }`,
]).join('\n');

const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
};

/** Pages that show a registered shopper's own data; they are shot signed in, with one purchase made. */
const SIGNED_IN = new Set(['/profile', '/orders', '/order-success', '/order-failed']);

/**
 * What differs between runs on a signed-in page (who the shopper is, when they bought, the order
 * number and the card's serial) is written over with fixed text of the same kind before the shot, so
 * the layout around it is compared too.
 */
const VARYING_TEXT: [RegExp, string][] = [
  [/ORD-\d{4}-\d{2}-\d{2}-[0-9A-F]{8}/g, 'ORD-2026-01-01-0A1B2C3D'],
  [/\b\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\b/g, '1 January 2026'],
  [/\b\d{1,2} (Gennaio|Febbraio|Marzo|Aprile|Maggio|Giugno|Luglio|Agosto|Settembre|Ottobre|Novembre|Dicembre) \d{4}\b/g, '1 Gennaio 2026'],
  [/visual-\d+@example\.com/g, 'visual-shopper@example.com'],
  [/\b[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{1,4}-?/g, '0A1B2C3D-0A1B-0A1B'],
];

let shopper: { account: Account; sessionId: string } | undefined;

/** One registered shopper per worker, with one purchase of a black S/M Tracer Tee (the baselines show it). */
async function signedInShopper(baseURL: string) {
  if (!shopper) {
    const account = await registerAccount(`visual-${Date.now()}${test.info().workerIndex}@example.com`);
    const variant = await variantBySku('Tracer Tee', 'TT-BLK-SM');
    const { sessionId } = await buyInSession(account, [variant], baseURL);
    shopper = { account, sessionId };
  }
  return shopper;
}

/**
 * The route table, the order confirmation as it shows a real order (with its card), and the Italian
 * home, product page and cart (issue 38), whose longer words must fit the same layout.
 */
const PAGES = [...ROUTE_TABLE_PAGES, '/order-success?session_id=', '/it', '/it/product/Tracer%20Tee', '/it/cart'];

async function settle(page: Page, javaScriptEnabled: boolean) {
  // With JavaScript, React must have hydrated the page first: hydration would undo the writing below.
  if (javaScriptEnabled) await hydrated(page);
  await page.evaluate(
    async ({ css, varying }) => {
      const style = document.createElement('style');
      style.textContent = css;
      document.head.append(style);
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        let text = node.nodeValue ?? '';
        for (const [source, flags, replacement] of varying) text = text.replace(new RegExp(source, flags), replacement);
        if (text !== node.nodeValue) node.nodeValue = text;
      }
      // Lazy images below the fold load too: a full-page shot shows them.
      for (const image of Array.from(document.images)) image.loading = 'eager';
      await Promise.all(
        Array.from(document.images).map((image) =>
          image.complete
            ? undefined
            : new Promise<void>((resolve) => {
                image.addEventListener('load', () => resolve(), { once: true });
                image.addEventListener('error', () => resolve(), { once: true });
              }),
        ),
      );
      // Decoded in full before the shot: a busy browser may paint an image still decoding at a lower quality.
      await Promise.all(Array.from(document.images).map((image) => image.decode().catch(() => undefined)));
      await document.fonts.ready;
    },
    { css: PINNED_FONTS, varying: VARYING_TEXT.map(([pattern, replacement]) => [pattern.source, pattern.flags, replacement] as const) },
  );
}

const nameOf = (path: string) =>
  path === '/'
    ? 'home'
    : decodeURIComponent(path.slice(1))
        .replace(/[^a-z0-9]+/gi, '-')
        .replace(/-$/, '')
        .toLowerCase();

// The pinned typefaces come from the test, once for the page each worker keeps (ADR 079).
test.use({
  preparePage: {
    run: async (page) => {
      await page.route('**/__pinned-font/*.ttf', (route) =>
        route.fulfill({ contentType: 'font/ttf', body: route.request().url().endsWith('bold.ttf') ? FONTS.bold : FONTS.regular }),
      );
    },
  },
});

for (const javaScriptEnabled of [true, false]) {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    test.describe(`${device}, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
      test.use({ javaScriptEnabled, viewport, reducedMotion: 'reduce' });

      for (const path of PAGES) {
        test(`${path} looks as it did`, async ({ page, context, baseURL }) => {
          const signedIn = SIGNED_IN.has(path.split('?')[0]) ? await signedInShopper(baseURL!) : undefined;
          if (signedIn) await signInAs(context, baseURL!, signedIn.account);
          await page.goto(path.endsWith('session_id=') ? `${path}${signedIn!.sessionId}` : path);
          await settle(page, javaScriptEnabled);
          await expect(page).toHaveScreenshot(`${nameOf(path)}-${device}-js-${javaScriptEnabled ? 'on' : 'off'}.png`, {
            fullPage: true,
            animations: 'disabled',
            // The listing's dot grid draws a still frame of a moving pattern: it differs every time.
            mask: [page.getByTestId('dot-grid')],
          });
        });
      }
    });
  }
}
