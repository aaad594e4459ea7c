import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';

/**
 * axe, minified: 0.6 MB where AxeBuilder's own copy is the 1.3 MB `axe.js`. Sending it to the page
 * and parsing it there is most of what injecting costs (about 150 ms against 225 on a quiet machine).
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Every page of the route table of docs/product.md#routes, plus an unrouted title (the 404 page). */
export const ROUTE_TABLE_PAGES = [
  '/',
  '/product/Tracer%20Tee',
  '/cart',
  '/payment-result',
  '/order-details',
  '/about',
  '/contact',
  '/privacy-policy',
  '/return-policy',
  '/terms-and-conditions',
  '/website-use-agreement',
  '/login',
  '/register',
  '/profile',
  '/orders',
  '/order-success',
  '/order-failed',
  '/orders-debug',
];

/** Runs axe (WCAG 2.1 A and AA) on the page as it is and expects no serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // Colours are judged as they settle, not halfway through a fade-in.
  // An animation cancelled on the way (a carousel or card replaced mid-run) counts as settled.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  // In the page itself (axe's `run`): the default opens a blank page for every check to merge the
  // frames' results, which doubled each check's time (2 s against 1), and the shop's pages have no frames.
  // axe goes into the document once. AxeBuilder, given a source, sends it twice a check in this mode
  // (to look at the page, then to inject it); it gets an empty script instead, and finds axe there.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await new AxeBuilder({ page, axeSource: ';' })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode()
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ rule: violation.id, help: violation.help, targets: violation.nodes.map((node) => node.target.join(' ')) }));
  expect(serious, `${page.url()}`).toEqual([]);
}

/** A page with script on for the no-JavaScript checks: one per browser and shop, kept for the worker. */
const pagesWithoutScripts = new WeakMap<Browser, Map<string, Promise<Page>>>();

function pageWithoutScripts(browser: Browser, baseURL: string): Promise<Page> {
  let pages = pagesWithoutScripts.get(browser);
  if (!pages) pagesWithoutScripts.set(browser, (pages = new Map()));
  let page = pages.get(baseURL);
  if (!page) {
    page = (async () => {
      const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
      const opened = await context.newPage();
      // Only the shop's own pages pass through the test (stylesheets, scripts and images go straight to
      // the browser): each request routed is a round trip to this process.
      const origin = new URL(baseURL).origin;
      await opened.route(
        (url) => url.origin === origin && !url.pathname.startsWith('/build/'),
        async (route) => {
          if (route.request().resourceType() !== 'document') return route.continue();
          const response = await route.fetch();
          const html = (await response.text())
            .replace(/<script\b[\s\S]*?<\/script>/gi, '')
            .replace(/<link rel="modulepreload"[^>]*>/gi, '');
          await route.fulfill({ response, body: html });
        },
      );
      return opened;
    })();
    pages.set(baseURL, page);
  }
  return page;
}

/**
 * axe needs script in the page, so the no-JavaScript project checks a page of its own with script
 * on but every script tag of the server's HTML removed: the page the shopper without JavaScript sees.
 * That page and its context are made once per worker and shop (a new context and page for every check
 * cost half a second), and start each check with no cookies.
 */
export async function expectNoSeriousA11yViolationsWithoutScripts(
  browser: Browser,
  baseURL: string,
  path: string,
  /** Sets the context up first (a signed-in session for a guarded page). */
  prepare?: (context: BrowserContext) => Promise<void>,
) {
  const page = await pageWithoutScripts(browser, baseURL);
  const context = page.context();
  await context.clearCookies();
  try {
    await prepare?.(context);
    await page.goto(path);
    expect(await page.evaluate(() => document.scripts.length)).toBe(0);
    await expectNoSeriousA11yViolations(page);
  } finally {
    // Nothing of the check stays behind: a page that refreshes itself (the waiting room) would go on asking.
    await page.goto('about:blank');
    await context.clearCookies();
  }
}
