import type { Page } from '@playwright/test';

import { apiUrl } from '../support/e2e';
import { expect, test } from '../support/e2e-test';

const THANK_YOU = "Thank you for your message! We'll get back to you within one working day.";

// Each test writes from an address of its own, so the API's per-IP limit of one never touches another.
test.beforeEach(async ({ page }, testInfo) => {
  const n = (testInfo.workerIndex * 97 + testInfo.testId.charCodeAt(0) + Date.now()) % 250;
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `198.18.${testInfo.project.name === 'javascript' ? 1 : 2}.${n + 1}` });
});

function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

const form = (page: Page) => page.locator('form#contact-form');
const errors = (page: Page) => form(page).locator('.field__error:not(:empty)');
const send = (page: Page) => form(page).getByRole('button', { name: 'Send Message' }).click();

async function fill(page: Page, values: Partial<Record<'Name' | 'Email' | 'Subject' | 'Message', string>> & { reason?: string }) {
  const f = form(page);
  for (const label of ['Name', 'Email', 'Subject', 'Message'] as const) {
    if (values[label] !== undefined) await f.getByLabel(label, { exact: true }).fill(values[label]!);
  }
  if (values.reason !== undefined) await f.getByLabel('Reason for contact').selectOption(values.reason);
}

async function mailbox(request: import('@playwright/test').APIRequestContext, to: string) {
  const res = await request.get(`${apiUrl}/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { subject: string; text: string }[];
}

test.describe('contact page', () => {
  test('shows the form, company info, business hours, the Genoa address and social links', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us');
    const info = page.getByRole('complementary', { name: 'Company info' });
    await expect(info.locator('address')).toContainText('Via San Lorenzo 23');
    await expect(info.locator('address')).toContainText('16123 Genova');
    const hours = info.getByRole('table', { name: 'Business hours' });
    await expect(hours.getByRole('row')).toHaveText([/Mon-Fri\s*10:00-18:00/, /Sat\s*10:00-14:00/, /Sun\s*closed/]);
    await expect(info.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', /instagram\.com/);
    await expect(form(page).getByLabel('Reason for contact').locator('option')).toHaveText([
      'Select a reason',
      'General question',
      'Order or purchase problem',
      'Collaboration',
      'Press',
      'Wholesale',
      'Customer service',
      'Other',
    ]);
  });

  test('?reason=purchase_error preselects the order reason', async ({ page }) => {
    await page.goto('/contact?reason=purchase_error');
    await expect(form(page).getByLabel('Reason for contact')).toHaveValue('order');
  });

  test('checks the fields in the order of the spec, with its messages', async ({ page }) => {
    await page.goto('/contact');
    await send(page);
    await expect(errors(page)).toHaveText([
      'Please enter your name',
      'Please enter your email',
      'Please select a reason for contact',
      'Please enter a subject',
      'Please enter your message',
    ]);
    // Blank is empty: values are trimmed.
    await fill(page, { Name: '   ' });
    await send(page);
    await expect(errors(page).first()).toHaveText('Please enter your name');

    await fill(page, { Name: 'Ada Rossi', Email: 'ada-at-example' });
    await send(page);
    await expect(errors(page)).toHaveText([
      'Please enter a valid email address',
      'Please select a reason for contact',
      'Please enter a subject',
      'Please enter your message',
    ]);
    await fill(page, { Email: 'ada@example.com', reason: 'press' });
    await send(page);
    await expect(errors(page)).toHaveText(['Please enter a subject', 'Please enter your message']);
    await fill(page, { Subject: 'Interview' });
    await send(page);
    await expect(errors(page)).toHaveText(['Please enter your message']);
    await expect(form(page).getByLabel('Message', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    // What was typed stays in the form, with or without JavaScript.
    await expect(form(page).getByLabel('Subject')).toHaveValue('Interview');
  });

  test('an error clears as soon as its field is edited (with JavaScript)', async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'without JavaScript errors change only when the form is sent again');
    await page.goto('/contact');
    await send(page);
    await expect(errors(page)).toHaveCount(5);
    await form(page).getByLabel('Name').pressSequentially('A');
    await expect(errors(page)).toHaveCount(4);
    await expect(errors(page).first()).toHaveText('Please enter your email');
    await form(page).getByLabel('Email').pressSequentially('x');
    await expect(errors(page).first()).toHaveText('Please select a reason for contact');
  });

  test('sends the message: thank-you, then an acknowledgement in the mailbox', async ({ page, request, javaScriptEnabled }) => {
    const email = uniqueEmail('contact');
    await page.goto('/contact');
    await fill(page, {
      Name: 'Ada Rossi',
      Email: email,
      reason: 'wholesale',
      Subject: 'Stockists in Turin',
      Message: 'Do you work with shops in Turin?',
    });

    if (javaScriptEnabled) {
      // Hold the submission to see the sending state.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/contact\?_data=/, async (route) => {
        if (route.request().method() === 'POST') await held;
        await route.continue();
      });
      await send(page);
      await expect(form(page).getByRole('button', { name: 'Sending...' })).toBeDisabled();
      await expect(form(page).getByLabel('Name')).toBeDisabled();
      release();
      await expect(form(page).getByRole('status')).toHaveText(THANK_YOU);
      await expect(page).toHaveURL(/\/contact$/);
      // Five seconds later the thank-you goes and the form is empty again.
      await expect(form(page).locator('.contact-form__status')).toHaveText('', { timeout: 15_000 });
      await expect(form(page).getByLabel('Name')).toHaveValue('');
      await expect(form(page).getByLabel('Name')).toBeEnabled();
    } else {
      await send(page);
      await expect(page).toHaveURL(/\/contact$/);
      await expect(form(page).getByRole('status')).toHaveText(THANK_YOU);
      await expect(form(page).getByLabel('Name')).toHaveValue('');
      // The thank-you was for that one answer only.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us');
      await expect(form(page).locator('.contact-form__status')).toHaveText('');
    }

    await expect.poll(async () => (await mailbox(request, email)).map((m) => m.subject)).toEqual(['We received your message']);
    const [ack] = await mailbox(request, email);
    expect(ack.text).toContain('Thank you for writing to FILO');
    expect(ack.text).not.toContain('Stockists in Turin');
  });

  test("shows the server's answer in a red box when it refuses the message", async ({ page, request }) => {
    const email = uniqueEmail('limited');
    // Spend this sender's budget directly on the API.
    for (let i = 0; i < 3; i += 1) {
      const res = await request.post(`${apiUrl}/api/contact/submit`, {
        data: { name: 'Ada', email, reason: 'other', subject: `Hello ${i}`, message: 'Hi' },
        headers: { 'X-Forwarded-For': `198.19.0.${i + 1}` },
      });
      expect(res.status()).toBe(201);
    }
    await page.goto('/contact');
    await fill(page, { Name: 'Ada', Email: email, reason: 'other', Subject: 'Once more', Message: 'Hi again' });
    await send(page);
    const alert = form(page).getByRole('alert');
    await expect(alert).toHaveText('Too many messages from this email address. Please try again later.');
    await expect(alert).toHaveClass(/notice--error/);
    await expect(form(page).getByLabel('Subject')).toHaveValue('Once more');
  });
});
