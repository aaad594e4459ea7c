import { expect, test as base, type Page, type Response } from '@playwright/test';

/** How Chromium words a Content-Security-Policy violation in the console. */
const CSP_VIOLATION = /Content Security Policy|Content-Security-Policy/i;

/**
 * Playwright's `test`, watching every page for Content-Security-Policy violations: a test fails
 * when anything on its pages was blocked by the policy (with JavaScript on, the page's own
 * `securitypolicyviolation` events are reported too).
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (CSP_VIOLATION.test(message.text())) violations.push(message.text());
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${event.documentURI}`);
        });
      });
      await use(violations);
      expect([...new Set(violations)], 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Resolves once React has hydrated the page (its last element carries a fiber) and painted: from then
 * on the page's own handlers answer keys and clicks. Before that, the browser's defaults do.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const last = Array.from(document.body.children).filter((element) => element.tagName !== 'SCRIPT').pop();
    return !!last && Object.keys(last).some((key) => key.startsWith('__reactFiber'));
  });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
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
