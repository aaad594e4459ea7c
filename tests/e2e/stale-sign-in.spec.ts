import type { Page } from '@playwright/test';

import { guestAccount, registerAccount, signInAs, staleSignIn } from '../support/e2e-account';
import { EDGE, EDGE_HTML } from '../support/e2e-edge';
import { uniqueEmail } from '../support/e2e-shop';
import { expect, test } from '../support/e2e-test';

// A sign-in whose refresh token is spent (another tab rotated it and signed out) and whose access token
// has run out: the first page signs the shopper out on that very answer (issue #35 item 6). The loader
// tests (app/routes/stale-sign-in.test.ts) check the data and the cookie; these check what the shopper
// sees: the header's Login on that page, and the next page still signed out.

const header = (page: Page) => page.getByRole('banner');

test.describe('a stale sign-in', () => {
  test("an account holder's cart shows the header signed out on that page, and stays so", EDGE, async ({ page }, info) => {
    const account = await staleSignIn(await registerAccount(uniqueEmail(info, 'stale')));
    await signInAs(page.context(), info.project.use.baseURL!, account);

    const response = await page.goto('/cart');
    expect(response?.status()).toBe(200);
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Logout' })).toHaveCount(0);
    await expect(page.getByText('No refresh token available')).toHaveCount(0);
    await expect(page.getByText(/Error loading cart/)).toHaveCount(0);

    // The cookie was cleared on that answer: the next page is anonymous from the start.
    await page.goto('/about');
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('an account holder opening their orders is sent to sign in, with the header signed out', EDGE_HTML, async ({ page }, info) => {
    const account = await staleSignIn(await registerAccount(uniqueEmail(info, 'stale-orders')));
    await signInAs(page.context(), info.project.use.baseURL!, account);

    await page.goto('/orders');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Forders/);
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Logout' })).toHaveCount(0);
  });

  test("a guest's cart says 'Guest session expired' on that page, signed out", async ({ page }, info) => {
    const account = await staleSignIn(await guestAccount(uniqueEmail(info, 'stale-guest')));
    await signInAs(page.context(), info.project.use.baseURL!, account);

    const response = await page.goto('/cart');
    expect(response?.status()).toBe(200);
    await expect(page.getByText('Guest session expired')).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Logout' })).toHaveCount(0);
  });
});
