/// <reference types="vite/client" />
import { UNSAFE_flatRoutes } from '@remix-run/dev';
import type { ActionFunction } from '@remix-run/node';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';

import { CHANGEABLE_RETENTION_KINDS, RETENTION_DAYS } from '@contract/retention';

import { signIn } from '~/lib/auth.server';
import { getHoneypot } from '~/lib/honeypot.server';
import { AUTH_MESSAGES, CART_MESSAGES, GUEST_ACCOUNT_MESSAGES, MESSAGES } from '~/lib/messages';
import { commitSession } from '~/lib/session.server';

import remixConfig from '../../remix.config.js';
import { hostileNumber, hostileText } from '../../tests/support/hostile';
import { callRoute, contextFor, sessionFor } from '../../tests/support/route-context';
import { shopper, variants } from '../../tests/support/shopper';
import { startTestApi } from '../../tests/support/test-api';

/**
 * Every route action of the storefront (found the way the Remix build finds routes, so a new one is
 * fuzzed without being named here) is called as a plain function, against the real API, with
 * hostile form posts from every kind of shopper. Whatever arrives: no 5xx (a thrown 4xx Response
 * is fine), no exception escaping, and every message shown is the spec's wording, never a raw
 * validation or runtime text. FUZZ_RUNS raises the runs per action.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

const api = await startTestApi();
process.env.API_URL = api.url;
afterAll(() => api.cleanup());

const stocked = await variants(api);
const member = shopper(api);
const memberSignIn = await member.register();
await member.post('/api/cart/add', { variant_id: stocked[0].id });
const memberItem = (await member.get('/api/cart/')).body.items[0].id as string;
const guest = shopper(api);
const guestSignIn = await guest.signInAsGuest();
const visitor = shopper(api);
await visitor.post('/api/cart/add', { variant_id: stocked[1].id });

async function sessionCookie(fill: (request: Request) => Promise<string>): Promise<string> {
  return (await fill(new Request('http://shop.test/'))).split(';')[0];
}
const signedIn = (answer: typeof memberSignIn) =>
  sessionCookie(async (request) => {
    const session = await sessionFor(request);
    session.set('apiCartCookie', `cart_token=${member.cartCookie}`);
    return signIn(contextFor(request), session, answer as Parameters<typeof signIn>[2]);
  });
const COOKIES = [
  undefined,
  await signedIn(memberSignIn),
  await signedIn(guestSignIn),
  await sessionCookie(async (request) => {
    const session = await sessionFor(request);
    session.set('apiCartCookie', `cart_token=${visitor.cartCookie}`);
    session.set('authFlow', { email: member.email!, intent: 'register', codeSentAt: Date.now() });
    return commitSession(contextFor(request), session);
  }),
  await sessionCookie(async (request) => {
    const session = await sessionFor(request);
    session.set('accessToken', 'not-a-token');
    session.set('refreshToken', 'not-a-token');
    session.set('user', {
      id: 'x',
      email: 'gone@example.com',
      user_type: 'registered',
      first_name: null,
      last_name: null,
      session_expires_at: null,
    });
    return commitSession(contextFor(request), session);
  }),
  '__session=forged-value; cookieConsent=accepted',
];

const honeypot = getHoneypot().getInputProps();
const REAL_VALUES = [
  member.email!,
  guest.email!,
  'new-shopper@example.com',
  'Sunny-Day-2026',
  '123456',
  'Ada',
  'Rossi',
  'on',
  stocked[0].id,
  stocked[2].id,
  stocked[0].product_id,
  memberItem,
  '1',
  '2',
  '/cart',
  '/product/Tracer%20Tee?color=BLACK',
  'general',
  'notify-product',
  'in-place',
  'modal',
  'login',
  'register',
  honeypot.encryptedValidFrom,
];
const INTENTS = [
  'notify',
  'add-to-cart',
  'quick-purchase',
  'increment',
  'decrement',
  'remove',
  'clear',
  'checkout',
  'email',
  'send-code-register',
  'send-code-guest',
  'resend-code',
  'verify',
  'register',
  'login',
  'forgot-password',
  'resend-reset',
  'reset-code',
  'new-password',
  'success',
  'reset-success',
  'verify-or-guest',
  'set-password',
  'add',
  'resend',
  'ship',
  'deliver',
  'note',
  'keep-guest-as-account',
  'erase',
  'withdraw-consent',
  'apply-gift-card',
  'remove-gift-card',
  'buy',
  'check-balance',
  'issue',
  'product',
  'bonus',
];
const FIELDS = [
  'intent',
  'email',
  'password',
  'confirmPassword',
  'name',
  'surname',
  'verificationCode',
  'acceptedTerms',
  'marketing',
  'resetCode',
  'newPassword',
  'confirmNewPassword',
  'formKey',
  'productId',
  'variantId',
  'returnTo',
  'redirectTo',
  'itemId',
  'quantity',
  'reason',
  'subject',
  'message',
  'delivery',
  'context',
  'code',
  'confirm',
  'role',
  'carrier',
  'tracking',
  'note',
  'sku',
  'idempotency_key',
  'amount',
  'restock',
  'low_stock_threshold',
  'lines[0].item_id',
  'lines[0].quantity',
  'confirm_email',
  'kind',
  'gift_card_code',
  'variant_id',
  'for',
  'recipient_name',
  'recipient_email',
  'send_on',
  'refund_to',
  'line1',
  'line2',
  'postal_code',
  'city',
  'state',
  'country',
  'percent',
  'amounts',
  'expires_on',
  'direction',
  ...CHANGEABLE_RETENTION_KINDS,
  honeypot.nameFieldName,
  honeypot.validFromFieldName!,
];

const text = hostileText(REAL_VALUES);
const fieldValue = fc.oneof(
  { weight: 6, arbitrary: text },
  { weight: 2, arbitrary: hostileNumber.map(String) },
  { weight: 1, arbitrary: fc.constantFrom(...INTENTS) },
);
const pair = fc.oneof(
  { weight: 1, arbitrary: fc.tuple(fc.constant('intent'), fc.constantFrom(...INTENTS)) },
  { weight: 5, arbitrary: fc.tuple(fc.constantFrom(...FIELDS), fieldValue) },
  { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 8 }), fieldValue) },
);
const form = fc.array(pair, { maxLength: 12 });

const trap = { [honeypot.nameFieldName]: '', [honeypot.validFromFieldName!]: honeypot.encryptedValidFrom };
/**
 * Forms the pages really post, per route; the fuzzer mutates them (fields swapped for hostile
 * values, dropped, sent twice, extras added) to get past the first checks and reach the API.
 */
const EXAMPLES: Record<string, Record<string, string>[]> = {
  'routes/contact': [
    { ...trap, name: 'Ada', email: 'ada@example.com', reason: 'general', subject: 'Sizes', message: 'Hello', delivery: 'in-place' },
  ],
  'routes/_index': [
    {
      ...trap,
      intent: 'notify',
      formKey: 'notify-card',
      email: 'fan@example.com',
      productId: stocked[0].product_id,
      variantId: stocked[0].id,
      returnTo: '/',
    },
  ],
  'routes/product.$productName': [
    {
      ...trap,
      intent: 'notify',
      formKey: 'notify-product',
      email: 'fan@example.com',
      productId: stocked[0].product_id,
      returnTo: '/product/Tracer%20Tee',
    },
    { intent: 'add-to-cart', variantId: stocked[2].id },
    { intent: 'quick-purchase', variantId: stocked[2].id },
  ],
  'routes/cart': [
    { intent: 'increment', itemId: memberItem, quantity: '1' },
    { intent: 'decrement', itemId: memberItem, quantity: '2' },
    { intent: 'remove', itemId: memberItem },
    { intent: 'checkout' },
    { intent: 'clear' },
    { intent: 'apply-gift-card', gift_card_code: 'FILO-0000-0000-0000-0000-0000' },
    { intent: 'remove-gift-card' },
  ],
  'routes/checkout.address': [
    { name: 'Bea Bianchi', line1: 'Via Roma 2', line2: '', postal_code: '10121', city: 'Torino', state: '', country: 'IT' },
  ],
  'routes/gift-cards': [
    {
      intent: 'buy',
      variant_id: stocked[0].id,
      for: 'someone',
      recipient_name: 'Bea',
      recipient_email: 'bea@example.com',
      message: 'Happy birthday',
      send_on: '2030-01-01',
    },
    { intent: 'check-balance', code: 'FILO-0000-0000-0000-0000-0000' },
  ],
  'routes/admin.gift-cards._index': [
    { intent: 'issue', amount: '25', expires_on: '' },
    { intent: 'product', name: 'Gift Card', amounts: '25 50' },
    { intent: 'bonus', percent: '10' },
  ],
  'routes/admin.customers.$id_.store-credit': [{ direction: 'add', amount: '5', reason: 'Late parcel' }],
  'routes/auth': [
    { ...trap, intent: 'email', email: member.email!, returnTo: '/login', context: 'login' },
    { ...trap, intent: 'login', password: 'Sunny-Day-2026', returnTo: '/login?redirectTo=/profile', context: 'login' },
    { ...trap, intent: 'send-code-guest', returnTo: '/cart?checkout=resume', context: 'modal' },
    { ...trap, intent: 'verify', verificationCode: '123456', returnTo: '/register', context: 'register' },
    {
      ...trap,
      intent: 'register',
      name: 'Ada',
      surname: 'Rossi',
      password: 'Sunny-Day-2026',
      confirmPassword: 'Sunny-Day-2026',
      acceptedTerms: 'on',
      returnTo: '/register',
      context: 'register',
    },
    { ...trap, intent: 'forgot-password', email: member.email!, returnTo: '/login', context: 'login' },
    { ...trap, intent: 'reset-code', resetCode: '123456', returnTo: '/login', context: 'login' },
    {
      ...trap,
      intent: 'new-password',
      newPassword: 'Sunny-Day-2027',
      confirmNewPassword: 'Sunny-Day-2027',
      returnTo: '/login',
      context: 'login',
    },
    { ...trap, intent: 'resend-code', returnTo: '/register', context: 'register' },
  ],
  'routes/cookie-consent': [{ redirectTo: '/about?x=1' }, { redirectTo: '/', delivery: 'in-place' }],
  'routes/profile': [{ intent: 'withdraw-consent', kind: 'cookies' }],
  'routes/orders': [{ intent: 'keep-guest-as-account', password: 'Sunny-Day-2026' }],
  'routes/admin.login': [
    { intent: 'login', email: 'owner@brand.example', password: 'Back-Office-2026', redirectTo: '/admin/staff' },
    { intent: 'set-password', email: 'owner@brand.example', code: '123456', password: 'Back-Office-2026', confirm: 'Back-Office-2026' },
  ],
  'routes/admin.orders.$order': [
    { intent: 'ship', carrier: 'GLS', tracking: '123' },
    { intent: 'deliver' },
    { intent: 'note', note: 'Left at the door' },
    {
      intent: 'refund',
      idempotency_key: 'fuzz-refund-key-0002',
      'lines[0].item_id': '00000000-0000-4000-8000-000000000000',
      'lines[0].quantity': '1',
      amount: '2.50',
      restock: 'on',
    },
    { intent: 'refund-all', idempotency_key: 'fuzz-refund-key-0003', restock: 'on', confirm: 'on' },
    { intent: 'cancel', idempotency_key: 'fuzz-cancel-key-0004', reason: 'Fuzz', confirm: 'on' },
  ],
  'routes/admin.stock': [
    { sku: 'TT-BLK-SM', quantity: '3' },
    { intent: 'threshold', low_stock_threshold: '4' },
  ],
  'routes/admin.customers.$id': [
    { intent: 'note', note: 'Prefers pick-up' },
    { intent: 'erase', confirm_email: 'ada@example.com' },
  ],
  'routes/admin.privacy': [Object.fromEntries(CHANGEABLE_RETENTION_KINDS.map((kind) => [kind, String(RETENTION_DAYS[kind])]))],
  'routes/admin.staff': [
    { intent: 'add', email: 'helper@brand.example', role: 'staff' },
    { intent: 'resend', email: 'helper@brand.example' },
    { intent: 'remove', email: 'helper@brand.example' },
  ],
};

/** A real form with each field kept, swapped for a hostile value, sent twice or dropped, plus a few extras. */
function mutated(example: Record<string, string>) {
  const fields = Object.entries(example).map(([name, original]) =>
    fc.oneof(
      { weight: 5, arbitrary: fc.constant([[name, original]]) },
      { weight: 2, arbitrary: fieldValue.map((v) => [[name, v]]) },
      {
        weight: 1,
        arbitrary: fieldValue.map((v) => [
          [name, original],
          [name, v],
        ]),
      },
      { weight: 1, arbitrary: fc.constant([]) },
    ),
  );
  return fc
    .tuple(fc.tuple(...fields), fc.array(pair, { maxLength: 2 }))
    .map(([kept, extra]) => [...kept.flat(), ...extra] as [string, string][]);
}

function formFor(routeId: string): fc.Arbitrary<[string, string][]> {
  const examples = EXAMPLES[routeId];
  if (!examples) return form;
  return fc.oneof({ weight: 3, arbitrary: fc.oneof(...examples.map(mutated)) }, { weight: 1, arbitrary: form });
}

type Body = { contentType?: string; payload: BodyInit | null };
const bodyFor = (form: fc.Arbitrary<[string, string][]>): fc.Arbitrary<Body> =>
  fc.oneof(
    {
      weight: 8,
      arbitrary: form.map((pairs) => ({
        contentType: 'application/x-www-form-urlencoded',
        payload: new URLSearchParams(pairs).toString(),
      })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(form, fc.boolean()).map(([pairs, withFile]) => {
        const data = new FormData();
        for (const [name, value] of pairs) data.append(name, value);
        if (withFile) data.append(pairs[0]?.[0] ?? 'email', new Blob(['not text'], { type: 'application/octet-stream' }), 'upload.bin');
        return { payload: data };
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        contentType: fc.constantFrom(
          'application/json',
          'text/plain',
          'multipart/form-data',
          'multipart/form-data; boundary=x',
          'application/x-www-form-urlencoded',
          undefined,
        ),
        payload: fc.constantFrom(
          '{"intent":"clear"}',
          '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nclear',
          'a=%zz&b=%E0%A4%A',
          '%',
          '',
          '\u0000',
        ),
      }),
    },
  );
const search = fc.array(fc.tuple(fc.constantFrom('auth', 'redirectTo', 'checkout', 'index', 'color', 'reason'), text), { maxLength: 3 });

interface ActionRoute {
  id: string;
  path: string;
  index: boolean;
  action: ActionFunction;
}

/** Every route file the Remix build uses, with its action if it has one. */
const routeModules = import.meta.glob<{ action?: ActionFunction }>('./**/*.{ts,tsx}');
const manifest = UNSAFE_flatRoutes('app', remixConfig.ignoredRouteFiles);
const ROUTES: ActionRoute[] = [];
for (const route of Object.values(manifest)) {
  const load = routeModules[`./${route.file.replace(/^routes\//, '')}`];
  if (!load) throw new Error(`route module ${route.file} not found`);
  const { action } = await load();
  if (action) ROUTES.push({ id: route.id, path: route.path ?? '', index: Boolean(route.index), action });
}

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

async function checkAnswer(response: Response, where: string) {
  expect(response.status, `${where} answered ${response.status}`).toBeLessThan(500);
  const location = response.headers.get('Location');
  if (location && !/^https?:\/\//.test(location)) {
    expect(location.startsWith('/') && !location.startsWith('//') && !location.startsWith('/\\'), `${where}: redirect to ${location}`).toBe(
      true,
    );
  }
  if (location && /^https?:\/\//.test(location)) {
    // Only the API's payment page is another origin the storefront sends shoppers to.
    expect(new URL(location).origin, `${where}: redirect to ${location}`).toBe(new URL(api.deps.config.publicApiUrl).origin);
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

describe('storefront action fuzzing', () => {
  it('finds every action of the route table', () => {
    expect(ROUTES.map((r) => r.id)).toEqual(
      expect.arrayContaining(['routes/cart', 'routes/auth', 'routes/contact', 'routes/_index', 'routes/product.$productName']),
    );
    for (const id of Object.keys(EXAMPLES)) expect(ROUTES.map((r) => r.id)).toContain(id);
  });

  it.each(ROUTES.map((r) => [r.id, r] as const))(
    '%s',
    async (_, route) => {
      const param = fc.oneof(
        fc.constantFrom('Tracer Tee', 'Padded Jorts', 'Nope'),
        text.map((t) => t.slice(0, 200)),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            body: bodyFor(formFor(route.id)),
            search,
            param,
            cookie: fc.constantFrom(...COOKIES),
            forwardedFor: fc.option(fc.constantFrom('203.0.113.9', 'not-an-ip', '::1'), { nil: undefined }),
            method: fc.constantFrom('POST', 'POST', 'POST', 'PUT', 'DELETE'),
          }),
          async (input) => {
            const path = route.path.replace(/:[A-Za-z]+/g, () => encodeURIComponent(input.param.replace(/[\uD800-\uDFFF]/g, '')));
            const url = new URL(`http://shop.test/${path}`);
            if (route.index) url.searchParams.set('index', '');
            for (const [key, value] of input.search) url.searchParams.append(key, value);
            const headers: Record<string, string> = {};
            if (input.body.contentType) headers['Content-Type'] = input.body.contentType;
            if (input.cookie) headers.Cookie = input.cookie;
            if (input.forwardedFor) headers['X-Forwarded-For'] = input.forwardedFor;
            const request = new Request(url, { method: input.method, headers, body: input.body.payload });
            const where = `${input.method} ${route.id}`;
            let answer: unknown;
            try {
              answer = await callRoute(route.action, request, { productName: input.param });
            } catch (thrown) {
              if (!(thrown instanceof Response))
                throw new Error(`${where} threw ${thrown instanceof Error ? thrown.stack : String(thrown)}`);
              answer = thrown;
            }
            expect(answer, `${where} answered no Response`).toBeInstanceOf(Response);
            await checkAnswer(answer as Response, where);
          },
        ),
        { numRuns: RUNS },
      );
    },
    120_000,
  );
});
