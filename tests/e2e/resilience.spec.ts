import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { BrowserContext } from '@playwright/test';
import { createCookieSessionStorage } from '@remix-run/node';

import { apiUrl } from '../support/e2e';
import { hasJavaScript } from '../support/e2e-shop';
import { type ExtraStorefront, startStorefront } from '../support/e2e-storefront';
import { expect, test } from '../support/e2e-test';
import { type FaultMode, type FaultProxy, startFaultProxy } from '../support/fault-proxy';
import { uniqueEmail } from '../support/mailbox';

/**
 * A second storefront whose API sits behind a fault proxy: the API down, too slow, or failing.
 * Each page shows its spec error state with a gateway status and answers in bounded time; once the
 * API is back the same storefront process serves every page again.
 */
test.describe.configure({ mode: 'serial' });

const TIMEOUT_MS = 1500;
/** The timeout plus generous room for a loaded machine: beyond it the page hung. */
const ANSWER_WITHIN_MS = TIMEOUT_MS + 4000;

const FAILURES: { mode: FaultMode; status: number; message: string }[] = [
  { mode: 'down', status: 503, message: 'Failed to fetch' },
  { mode: 'slow', status: 504, message: 'Request timed out' },
  { mode: 'error', status: 502, message: 'HTTP error! status: 500' },
];

const PAGES: { path: string; error: (message: string) => string; works: string }[] = [
  { path: '/', error: (m) => `Error loading products: ${m}`, works: 'Padded Jorts' },
  { path: '/product/Padded%20Jorts', error: (m) => `Error loading product: ${m}`, works: 'Add to Cart' },
  { path: '/cart', error: (m) => `Error loading cart: ${m}`, works: 'Your cart is empty' },
  // docs/product.md#error-messages: the profile names its own failure, whatever the cause.
  { path: '/profile', error: () => 'Error loading profile: Failed to fetch profile', works: 'Welcome back, Ada Rossi!' },
  { path: '/privacy-policy', error: (m) => `Error loading document: ${m}`, works: '7. Your rights' },
];

let proxy: FaultProxy;
let shop: ExtraStorefront;
let sessionCookie: string;

async function apiPost(path: string, body: unknown) {
  const response = await fetch(`${apiUrl}/api/auth/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A registered shopper made through the API, and the storefront session cookie holding their tokens. */
async function registeredSession(): Promise<string> {
  const email = uniqueEmail('resilience');
  await apiPost('register', { email, guest_checkout: false });
  const [mail] = (await (await fetch(`${apiUrl}/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as { text: string }[];
  await apiPost('verify-email', { email, code: /\b(\d{6})\b/.exec(mail.text)![1] });
  const signedIn = await apiPost('complete-registration', { email, password: 'Sunny-Day-2026', first_name: 'Ada', last_name: 'Rossi' });
  const storage = createCookieSessionStorage({
    cookie: { name: '__session', httpOnly: true, sameSite: 'lax', path: '/', secrets: [process.env.E2E_SESSION_SECRET!] },
  });
  const session = await storage.getSession();
  session.set('accessToken', signedIn.access_token);
  session.set('refreshToken', signedIn.refresh_token);
  session.set('user', { ...signedIn.user, session_expires_at: null });
  return (await storage.commitSession(session)).split(';')[0];
}

async function signInTo(context: BrowserContext) {
  const [name, ...value] = sessionCookie.split('=');
  await context.addCookies([{ name, value: value.join('='), url: shop.url }]);
}

/** Drops the storefront's catalogue cache the way the API does after a restock. */
async function dropCatalogueCache() {
  const token = readFileSync(join(process.env.E2E_DATA_DIR!, 'admin-token'), 'utf8').trim();
  const response = await fetch(`${shop.url}/hooks/catalogue-changed`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
  expect(response.status).toBe(204);
}

test.beforeAll(async () => {
  proxy = await startFaultProxy(apiUrl, { slowMs: 20_000 });
  shop = await startStorefront({
    API_URL: proxy.url,
    STORAGE_URL: proxy.url,
    PUBLIC_API_URL: apiUrl,
    DATA_DIR: process.env.E2E_DATA_DIR!,
    SESSION_SECRET: process.env.E2E_SESSION_SECRET!,
    API_TIMEOUT_MS: String(TIMEOUT_MS),
  });
  sessionCookie = await registeredSession();
});

test.afterAll(async () => {
  await shop?.stop();
  await proxy?.close();
});

test.afterEach(async () => {
  await proxy.setMode('pass');
});

for (const { mode, status, message } of FAILURES) {
  test(`with the API ${mode}, every page answers ${status} with its error state in time, and works again once the API is back`, async ({
    page,
    context,
  }) => {
    await signInTo(context);
    await dropCatalogueCache();
    await proxy.setMode(mode);
    for (const { path, error } of PAGES) {
      const started = Date.now();
      const response = await page.goto(`${shop.url}${path}`);
      expect(Date.now() - started, path).toBeLessThan(ANSWER_WITHIN_MS);
      expect(response?.status(), path).toBe(status);
      await expect(page.getByRole('main')).toContainText(error(message));
      // The brand's chrome stays around the error.
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    }

    await proxy.setMode('pass');
    for (const { path, works } of PAGES) {
      const response = await page.goto(`${shop.url}${path}`);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole('main')).toContainText(works);
    }
  });
}

test('a warm catalogue cache keeps the listing up while the API is down', async ({ page }) => {
  expect((await page.goto(`${shop.url}/`))?.status()).toBe(200);
  await proxy.setMode('down');
  const response = await page.goto(`${shop.url}/`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Padded Jorts', exact: true })).toBeVisible();
});

test('with JavaScript, a navigation while the API is down shows the error in place, and the next one works', async ({ page }, info) => {
  test.skip(!hasJavaScript(info), 'client-side navigation needs JavaScript');
  await page.goto(`${shop.url}/`);
  await dropCatalogueCache();
  await proxy.setMode('down');
  await page
    .getByRole('link', { name: /Padded Jorts/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Error loading product: Failed to fetch');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  await proxy.setMode('pass');
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await page
    .getByRole('link', { name: /Padded Jorts/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Padded Jorts');
});

test('the root error page is the styled brand page, not a bare default', async ({ page }) => {
  const response = await page.goto(`${shop.url}/no-such-page`);
  expect(response?.status()).toBe(404);
  const errorPage = page.locator('.error-page');
  await expect(errorPage.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  // The shop's stylesheet applies to it, inside the header and footer.
  await expect(errorPage).toHaveCSS('text-align', 'center');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(errorPage.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
});
