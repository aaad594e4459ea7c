// How the storefront action fuzzer (app/routes/actions-fuzz.test.ts) judges an answer: below 500,
// redirects to the shop or the payment page only, and every message one a shopper may be shown.
import { expect } from 'vitest';

import { AUTH_MESSAGES, CART_MESSAGES, GUEST_ACCOUNT_MESSAGES, MESSAGES } from '~/lib/messages';

import { sessionFor } from './route-context';

/** The spec's messages (docs/product.md#routes, docs/product.md#validation, docs/product.md#error-messages) and the storefront's own, which a shopper may be shown. */
const SPEC_FIELD_MESSAGES = new Set<string>([
  'Email is required',
  'Please enter a valid email address',
  'Email address is too long',
  'Password is required',
  'Password must be at least 8 characters',
  'Password is too long',
  'Password must contain at least one uppercase letter',
  'Password must contain at least one lowercase letter',
  'Password must contain at least one number',
  'First name is required',
  'First name must be at least 2 characters',
  'First name is too long',
  'First name contains invalid characters',
  'Last name is required',
  'Last name must be at least 2 characters',
  'Last name is too long',
  'Last name contains invalid characters',
  'Verification code is required',
  'Verification code must be 6 digits',
  'Reset code is required',
  'Reset code must be 6 digits',
  'Passwords do not match',
  'You must accept the privacy policy and terms',
  ...[MESSAGES, AUTH_MESSAGES, CART_MESSAGES, GUEST_ACCOUNT_MESSAGES].flatMap((group) =>
    Object.values(group).filter((v): v is string => typeof v === 'string'),
  ),
]);
/** Messages built from another one (the API's detail, a wait time). */
const TEMPLATES = [/^Failed to add item to cart: (.+)$/, /^Failed to create checkout session: (.+)$/, /^Checkout error: (.+)$/];
const API_WAIT = /^(Too many requests\. Please try again in \d+ seconds\.|Please wait \d+ seconds? before .+)$/;
/** What must never reach a shopper: runtime and library texts. */
const RAW =
  /undefined|NaN|\[object |Error:|\n\s+at |Expected [a-z]+, received|Invalid (input|enum value|type)|^Required$|String must contain|Number must be|TypeError|SyntaxError|ZodError|Internal server error/;

function expectShopperMessage(message: unknown, where: string) {
  expect(typeof message, `${where}: message ${JSON.stringify(message)}`).toBe('string');
  const text = message as string;
  expect(text.trim(), `${where}: empty message`).not.toBe('');
  expect(text, `${where}: raw text shown to the shopper`).not.toMatch(RAW);
  if (SPEC_FIELD_MESSAGES.has(text) || API_WAIT.test(text)) return;
  const inner = TEMPLATES.map((t) => t.exec(text)?.[1]).find(Boolean);
  if (inner) return;
  // Anything else is the API's own detail, which docs/product.md#error-messages shows as it is: it must read like one.
  expect(text, `${where}: unexpected message`).toMatch(/^[A-Z][^\n]{2,300}$/);
}

/** Every message in a submission reply or a flash: form and field errors, notices, details. */
function messagesOf(value: unknown): unknown[] {
  if (!value || typeof value !== 'object') return [];
  const found: unknown[] = [];
  const record = value as Record<string, unknown>;
  for (const key of ['detail', 'message', 'notice']) if (key in record && typeof record[key] !== 'object') found.push(record[key]);
  if (record.error && typeof record.error === 'object') {
    for (const list of Object.values(record.error as Record<string, unknown>)) if (Array.isArray(list)) found.push(...list);
  }
  for (const key of ['result', 'lastResult', 'flash', 'authResult']) found.push(...messagesOf(record[key]));
  return found;
}

/** Checks one answer; `paymentOrigin` is the API's public origin, the one other site a shopper may be sent to. */
export async function checkAnswer(response: Response, where: string, paymentOrigin: string) {
  expect(response.status, `${where} answered ${response.status}`).toBeLessThan(500);
  const location = response.headers.get('Location');
  if (location && !/^https?:\/\//.test(location)) {
    expect(location.startsWith('/') && !location.startsWith('//') && !location.startsWith('/\\'), `${where}: redirect to ${location}`).toBe(
      true,
    );
  }
  if (location && /^https?:\/\//.test(location)) {
    // Only the API's payment page is another origin the storefront sends shoppers to.
    expect(new URL(location).origin, `${where}: redirect to ${location}`).toBe(paymentOrigin);
  }
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('json')) for (const message of messagesOf(await response.json())) expectShopperMessage(message, where);
  const cookie = response.headers.get('Set-Cookie');
  if (cookie?.startsWith('__session=')) {
    const session = await sessionFor(new Request('http://shop.test/', { headers: { Cookie: cookie.split(';')[0] } }));
    for (const message of messagesOf({ flash: session.get('flash'), authResult: session.get('authResult') }))
      expectShopperMessage(message, where);
  }
}
