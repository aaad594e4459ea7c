import { expect, type Page, type Response, test as playwrightTest } from '@playwright/test';

import { useShop } from './e2e';
import { type SharedPages, sharedPages } from './e2e-shared-page';
import type { ShopName } from './e2e-shops';

/** How Chromium words a Content-Security-Policy violation in the console. */
const CSP_VIOLATION = /Content Security Policy|Content-Security-Policy/i;

/**
 * Playwright's `test` on the shop of the worker's project (`use: { shop }` in playwright.config.ts,
 * `main` unless a project names its own): the helpers' API address and data folder follow it.
 */
export const shopTest = playwrightTest.extend<object, { shop: ShopName; shopInUse: void }>({
  shop: ['main', { option: true, scope: 'worker' }],
  shopInUse: [
    async ({ shop }, use) => {
      useShop(shop);
      await use();
    },
    { scope: 'worker', auto: true },
  ],
});

/**
 * `shopTest`, watching every page for Content-Security-Policy violations: a test fails
 * when anything on its pages was blocked by the policy (with JavaScript on, the page's own
 * `securitypolicyviolation` events are reported too).
 */
export const test = shopTest.extend<
  { cspViolations: string[] },
  { sharedPages: SharedPages; preparePage: { run(page: Page): Promise<void> } | null }
>({
  // What a spec needs of every page it is given, done once on the kept page (the screenshots' pinned fonts);
  // an object, as a function here would be taken for a fixture.
  preparePage: [null, { option: true, scope: 'worker' }],
  sharedPages: [
    async ({ browser }, use) => {
      const pages = sharedPages(browser);
      await use(pages);
      await pages.close();
    },
    { scope: 'worker' },
  ],
  // The worker's kept context and page (tests/support/e2e-shared-page.ts, ADR 079), made with the
  // test's options: a test that asks for others (`test.use`) gets a context of its own.
  context: async (
    {
      sharedPages,
      preparePage,
      javaScriptEnabled,
      baseURL,
      viewport,
      reducedMotion,
      hasTouch,
      isMobile,
      userAgent,
      deviceScaleFactor,
      colorScheme,
      locale,
      timezoneId,
      acceptDownloads,
      contextOptions,
    },
    use,
    testInfo,
  ) => {
    const options = {
      ...contextOptions,
      ...{ javaScriptEnabled, baseURL, viewport, reducedMotion, hasTouch, isMobile, userAgent, deviceScaleFactor },
      ...{ colorScheme, locale, timezoneId, acceptDownloads },
    };
    const { context } = await sharedPages.take(options, async (page) => {
      await prepare(page, javaScriptEnabled);
      await preparePage?.run(page);
    });
    await use(context);
    await sharedPages.release(testInfo);
  },
  page: async ({ context }, use) => {
    await use(context.pages()[0] ?? (await context.newPage()));
  },
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (CSP_VIOLATION.test(message.text())) violations.push(message.text());
      });
      await use(violations);
      expect([...new Set(violations)], 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * A kept page, made once: it reports Content-Security-Policy violations to its console (`cspViolations`
 * reads them), and with JavaScript, a page reached with goto or reload is also hydrated before the
 * test goes on, as a shopper's page is by the time they act: a key or click sent before that meets the
 * browser's defaults, then the page's own code starting up. A test that asks for an earlier point
 * (`waitUntil: 'domcontentloaded'` or `'commit'`) gets that instead.
 */
async function prepare(page: Page, javaScriptEnabled: boolean) {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${event.documentURI}`,
      );
    });
  });
  if (javaScriptEnabled === false) return;
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const settles = (waitUntil?: string) => !waitUntil || waitUntil === 'load' || waitUntil === 'networkidle';
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (settles(options?.waitUntil)) await hydratedIfRemix(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (settles(options?.waitUntil)) await hydratedIfRemix(page);
    return response;
  };
}

export { expect };

/**
 * Resolves once React has hydrated the page (its last element carries a fiber) and painted: from then
 * on the page's own handlers answer keys and clicks. Before that, the browser's defaults do.
 */
export async function hydrated(page: Page, options?: { timeout?: number }) {
  await page.waitForFunction(
    () => {
      const last = Array.from(document.body.children)
        .filter((element) => element.tagName !== 'SCRIPT')
        .pop();
      return !!last && Object.keys(last).some((key) => key.startsWith('__reactFiber'));
    },
    null,
    options,
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * `hydrated` for the shop's own pages (those Remix draws); anything else (a PDF, the API's pages, a
 * page whose scripts a test holds back) is left as it is. It never fails a test itself: a page that
 * does not hydrate in time fails on what the test then expects of it.
 */
async function hydratedIfRemix(page: Page) {
  try {
    if (!(await page.evaluate(() => '__remixContext' in window))) return;
    await hydrated(page, { timeout: 10_000 });
  } catch {
    // Closed, navigated away, or not hydrated in time: the test's own expectations decide.
  }
}

/**
 * The scripts a page loads, read as it loads them. zod (14 KB gzip) comes with a schema imported by a
 * route module, even one only its loader or action reads; its error class names itself in every build.
 */
export async function expectNoZodOn(page: Page, paths: string[]) {
  for (const path of paths) {
    const scripts: Promise<string>[] = [];
    const listen = (response: Response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text());
    };
    page.on('response', listen);
    await page.goto(path, { waitUntil: 'networkidle' });
    page.off('response', listen);
    const bodies = await Promise.all(scripts);
    expect(bodies.length, path).toBeGreaterThan(0);
    expect(bodies.filter((body) => body.includes('"ZodError"')).length, path).toBe(0);
  }
}
