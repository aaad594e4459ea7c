import { type APIRequestContext, expect, type Page } from '@playwright/test';

import { latestCode } from './mailbox';

export const PASSWORD = 'Sunny-Day-2026';

/** Types an email into the flow's first step and continues. */
export async function startWithEmail(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Registers through /register with the code from the dev mailbox; ends on the success step. */
export async function registerThroughPage(
  page: Page,
  request: APIRequestContext,
  email: string,
  password = PASSWORD,
  options: { marketing?: boolean } = {},
) {
  await page.goto('/register');
  await startWithEmail(page, email);
  await page.getByRole('button', { name: 'Verify Email to Create Account' }).click();
  await expect(page.getByLabel('Verification code')).toBeVisible();
  await page.getByLabel('Verification code').fill(await latestCode(request, email, /verification code/i));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Rossi');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel(/I accept the/).check();
  // The marketing opt-in is off until the shopper ticks it (issue 41).
  const marketing = page.getByLabel('Keep me posted about my cart, new drops and offers');
  await expect(marketing).not.toBeChecked();
  if (options.marketing) await marketing.check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Bringing you to your account...')).toBeVisible();
}

/** In the open sign-in modal: continue as a guest with `email`, verified by the code from the mailbox. */
export async function verifyAsGuestInModal(page: Page, request: APIRequestContext, email: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Verify Email to Continue as Guest' }).click();
  await dialog.getByLabel('Verification code').fill(await latestCode(request, email, /verification code/i));
  await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
  return dialog;
}
