import type { Page, TestInfo } from '@playwright/test';

import { expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsWithoutScripts } from './a11y';
import { apiUrl } from './e2e';
import { hasJavaScript, mailboxOf, shopCli, uniqueEmail } from './e2e-shop';
import { expect } from './e2e-test';

/** Back-office helpers for the e2e suites. */
export const STAFF_PASSWORD = 'Back-Office-2026';

export async function mailedStaffCode(email: string): Promise<string> {
  await expect.poll(async () => (await mailboxOf(email)).length).toBeGreaterThan(0);
  const [newest] = await mailboxOf(email);
  return /\b(\d{6})\b/.exec(newest.subject)![1];
}

/** A member added with the CLI who has chosen their password through the API (the set-password page has its own test). */
export async function memberWithPassword(info: TestInfo, role: 'owner' | 'staff'): Promise<string> {
  const email = uniqueEmail(info, `admin-${role}`);
  shopCli('staff', 'add', email, '--role', role);
  const res = await fetch(`${apiUrl}/api/staff/set-password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, code: await mailedStaffCode(email), password: STAFF_PASSWORD }),
  });
  expect(res.status).toBe(204);
  return email;
}

/** Axe on the page as it is; without JavaScript, on the same page drawn without its scripts, with the back-office cookie. */
export async function expectAdminAccessible(page: Page, info: TestInfo) {
  if (hasJavaScript(info)) return expectNoSeriousA11yViolations(page);
  const cookies = await page.context().cookies();
  const url = new URL(page.url());
  await expectNoSeriousA11yViolationsWithoutScripts(
    page.context().browser()!,
    info.project.use.baseURL!,
    url.pathname + url.search,
    (context) => context.addCookies(cookies),
  );
}

/** Fills and sends the sign-in form the page shows. */
export async function staffSignIn(page: Page, email: string, password = STAFF_PASSWORD) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
