import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { BrowserContext, TestInfo } from '@playwright/test';
import { createCookieSessionStorage } from '@remix-run/node';

import { apiUrl } from './e2e';

/** A unique address per test and project, so parallel tests never share a wishlist. */
export function uniqueEmail(info: TestInfo, label: string): string {
  return `${label}-${info.project.name}-${info.workerIndex}-${Date.now()}-${info.retry}@example.com`.toLowerCase();
}

export const hasJavaScript = (info: TestInfo) => info.project.use.javaScriptEnabled !== false;

/** Signs the shopper in the way the storefront remembers it: a session cookie signed with the e2e secret. */
export async function signIn(context: BrowserContext, baseURL: string, email: string) {
  const storage = createCookieSessionStorage({
    cookie: { name: '__session', httpOnly: true, sameSite: 'lax', path: '/', secrets: [process.env.E2E_SESSION_SECRET!] },
  });
  const session = await storage.getSession();
  session.set('accessToken', 'e2e-token');
  session.set('user', {
    id: 'e2e-user',
    email,
    user_type: 'registered',
    first_name: 'Ada',
    last_name: 'Lovelace',
    session_expires_at: null,
  });
  const [pair] = (await storage.commitSession(session)).split(';');
  const [name, ...value] = pair.split('=');
  await context.addCookies([{ name, value: value.join('='), url: baseURL }]);
}

/** The owner's CLI against the end-to-end shop (it finds the running API through the lock file). */
export function shopCli(...args: string[]): string {
  return execFileSync(process.execPath, ['build/api/shop.mjs', ...args], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: 'utf8',
  });
}

/**
 * Ships an order (`carrier` and `tracking` given) or marks it delivered through the admin route the
 * owner's CLI calls (api/src/shop-cli/backend.ts): for journeys where the CLI is not what is tested,
 * without a Node process started for each step (tests/e2e/owner-cli.spec.ts tests the CLI itself).
 */
export async function fulfil(order: string, step: { carrier: string; tracking: string } | 'delivered'): Promise<void> {
  const [path, body] = step === 'delivered' ? ['deliver', { order }] : ['ship', { order, ...step }];
  const response = await adminPost(`orders/${path}`, body);
  if (!response.ok) throw new Error(`${path} ${order}: ${response.status} ${await response.text()}`);
}

/** A post to the API's admin routes with the owner's admin token, as the CLI makes it. */
export function adminPost(path: string, body: unknown): Promise<Response> {
  return fetch(`${apiUrl}/api/admin/${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminToken()}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The owner's admin token the end-to-end API keeps in its data folder (what the CLI uses). */
export function adminToken(): string {
  return readFileSync(join(process.env.E2E_DATA_DIR!, 'admin-token'), 'utf8').trim();
}

export async function wishlistOf(email: string): Promise<{ product_id: string | null; product_variant_id: string | null }[]> {
  const response = await fetch(`${apiUrl}/api/products/wishlist?email=${encodeURIComponent(email)}`);
  return response.json();
}

export async function mailboxOf(email: string): Promise<{ subject: string; text: string; html: string }[]> {
  const response = await fetch(`${apiUrl}/dev/mailbox.json?to=${encodeURIComponent(email)}`);
  return response.json();
}
