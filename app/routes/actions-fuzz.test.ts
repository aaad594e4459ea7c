/// <reference types="vite/client" />
import { UNSAFE_flatRoutes } from '@remix-run/dev';
import type { ActionFunction } from '@remix-run/node';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';

import { CHANGEABLE_RETENTION_KINDS, RETENTION_DAYS } from '@contract/retention';

import { signIn } from '~/lib/auth.server';
import { getHoneypot } from '~/lib/honeypot.server';
import { commitSession } from '~/lib/session.server';

import remixConfig from '../../remix.config.js';
import { checkAnswer } from '../../tests/support/action-fuzz-answers';
import { bodyFor, FUZZ_FIELDS, INTENTS, mutated } from '../../tests/support/action-fuzz-forms';
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
const FIELDS = [...FUZZ_FIELDS, honeypot.nameFieldName, honeypot.validFromFieldName!];
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
  'routes/orders': [
    { intent: 'keep-guest-as-account', password: 'Sunny-Day-2026' },
    { intent: 'withdraw-consent', kind: 'marketing' },
  ],
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
  'routes/admin.orders.packing-slips': [{ scope: 'selected', order: 'ORD-2026-01-01-DEADBEEF' }, { scope: 'all' }],
  'routes/admin.carriers': [
    { intent: 'add', name: 'SDA', tracking_url_template: 'https://sda.example/{number}' },
    { intent: 'remove', id: '00000000-0000-4000-8000-000000000000' },
  ],
  'routes/admin.navigation': [
    { intent: 'add-link', group_id: '00000000-0000-4000-8000-000000000000', kind: 'path', address: '/about', label_en: 'About' },
    {
      intent: 'change-link',
      id: '00000000-0000-4000-8000-000000000000',
      version: '1',
      kind: 'url',
      address: 'https://x.example',
      label_en: 'X',
    },
    { intent: 'link-up', id: '00000000-0000-4000-8000-000000000000' },
    { intent: 'add-column', heading_en: 'Guides', heading_it: '' },
    { intent: 'remove-column', id: '00000000-0000-4000-8000-000000000000' },
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

function formFor(routeId: string): fc.Arbitrary<[string, string][]> {
  const examples = EXAMPLES[routeId];
  if (!examples) return form;
  return fc.oneof(
    { weight: 3, arbitrary: fc.oneof(...examples.map((example) => mutated(example, fieldValue, pair))) },
    { weight: 1, arbitrary: form },
  );
}

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
            await checkAnswer(answer as Response, where, new URL(api.deps.config.publicApiUrl).origin);
          },
        ),
        { numRuns: RUNS },
      );
    },
    120_000,
  );
});
