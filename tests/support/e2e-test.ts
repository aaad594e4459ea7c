import { expect, test as base } from '@playwright/test';

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
