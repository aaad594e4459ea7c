import type { Page, TestInfo } from '@playwright/test';
import { createCookieSessionStorage } from '@remix-run/node';

import { expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsWithoutScripts } from './a11y';
import { apiUrl } from './e2e';
import { adminPost, hasJavaScript, mailboxOf, uniqueEmail } from './e2e-shop';
import { expect } from './e2e-test';

/** Back-office helpers for the e2e suites. */
export const STAFF_PASSWORD = 'Back-Office-2026';

export async function mailedStaffCode(email: string): Promise<string> {
  await expect.poll(async () => (await mailboxOf(email)).length).toBeGreaterThan(0);
  const [newest] = await mailboxOf(email);
  return /\b(\d{6})\b/.exec(newest.subject)![1];
}

/**
 * A member added as the owner's CLI adds them (the API's `POST /api/admin/staff` with the admin token,
 * the call `npm run shop -- staff add` makes: the CLI itself has its own tests in owner-cli.spec.ts and
 * admin.spec.ts), who has chosen their password through the API (the set-password page has its own test).
 */
export async function memberWithPassword(info: TestInfo, role: 'owner' | 'staff'): Promise<string> {
  const email = uniqueEmail(info, `admin-${role}`);
  const added = await adminPost('staff', { email, role });
  expect(added.status, await added.clone().text()).toBeLessThan(300);
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

/**
 * Opens `path` in the back office as a member already signed in: their API session (`POST
 * /api/staff/login`) in the back office's own cookie, signed with the e2e secret as the storefront signs
 * it. The sign-in page is a journey of its own (admin.spec.ts); the other journeys start past it.
 */
export async function asStaff(page: Page, email: string, path: string, password = STAFF_PASSWORD) {
  const response = await fetch(`${apiUrl}/api/staff/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  const signedIn = (await response.json()) as { token: string; expires_at: string; staff: { email: string; role: string; locale: string } };
  const storage = createCookieSessionStorage({
    cookie: { name: '__staff', httpOnly: true, sameSite: 'strict', path: '/admin', secrets: [process.env.E2E_SESSION_SECRET!] },
  });
  const session = await storage.getSession();
  session.set('token', signedIn.token);
  session.set('email', signedIn.staff.email);
  session.set('role', signedIn.staff.role);
  session.set('expiresAt', Date.parse(signedIn.expires_at));
  session.set('locale', signedIn.staff.locale);
  const [pair] = (await storage.commitSession(session)).split(';');
  const [name, ...value] = pair.split('=');
  // Every e2e storefront listens on 127.0.0.1 (cookies do not tell ports apart).
  await page
    .context()
    .addCookies([{ name, value: value.join('='), domain: '127.0.0.1', path: '/admin', httpOnly: true, sameSite: 'Strict' }]);
  await page.goto(path);
}

/** Fills and sends the sign-in form the page shows. */
export async function staffSignIn(page: Page, email: string, password = STAFF_PASSWORD) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
