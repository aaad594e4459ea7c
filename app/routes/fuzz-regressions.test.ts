import type { ActionFunction } from '@remix-run/node';
import { beforeAll, describe, expect, it } from 'vitest';

import { getHoneypot } from '~/lib/honeypot.server';
import { MESSAGES } from '~/lib/messages';

import { callRoute, sessionFor } from '../../tests/support/route-context';
import { shopper } from '../../tests/support/shopper';
import { storefrontTestApi } from '../../tests/support/storefront-api';
import { shopperCookie } from '../../tests/support/storefront-session';
import { action as homeAction } from './_index';
import { action as authAction } from './auth';
import { action as cartAction } from './cart';
import { action as contactAction } from './contact';
import { action as cookieConsentAction } from './cookie-consent';
import { loader as loginLoader } from './login';
import { action as productAction } from './product.$productName';
import { action as profileAction } from './profile';

/** Bugs the storefront action fuzzer (actions-fuzz.test.ts) and the redirect tests found, each pinned down. */
const api = storefrontTestApi();
let variantId: string;
let productId: string;
beforeAll(async () => {
  const variant = await api.database.db
    .selectFrom('product_variants')
    .select(['id', 'product_id'])
    .where('stock_quantity', '>', 0)
    .executeTakeFirstOrThrow();
  variantId = variant.id;
  productId = variant.product_id;
});

const form = (fields: [string, string][] | Record<string, string>) =>
  new URLSearchParams(Array.isArray(fields) ? fields : Object.entries(fields));

/** The action's answer, returned or thrown; anything else thrown would have been a 500. */
async function run(action: ActionFunction, path: string, body: BodyInit, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request(`http://shop.test${path}`, { method: 'POST', body, headers });
  try {
    return (await callRoute(action, request, { productName: 'Tracer Tee' })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe('a post that is no form', () => {
  it.each([
    ['home', homeAction, '/?index'],
    ['product', productAction, '/product/Tracer%20Tee'],
    ['cart', cartAction, '/cart'],
    ['contact', contactAction, '/contact'],
    ['sign-in flow', authAction, '/auth'],
    ['cookie notice', cookieConsentAction, '/cookie-consent'],
  ])('is refused with 400 by the %s action (it was a 500)', async (_, action, path) => {
    for (const [type, body] of [
      ['application/json', '{"intent":"clear"}'],
      ['text/plain', 'intent=clear'],
      ['multipart/form-data', '--x\r\nbroken'],
    ]) {
      const res = await run(action as ActionFunction, path, body, { 'Content-Type': type });
      expect(res.status, type).toBe(400);
      expect(await res.json()).toEqual({ detail: MESSAGES.formNotAccepted });
    }
  });

  it("is refused with 400 by the profile's Save Changes (it was a 500)", async () => {
    const member = shopper(api);
    await member.register();
    const cookie = await shopperCookie(member);
    for (const [type, body] of [
      ['application/json', '{"intent":"clear"}'],
      ['multipart/form-data', '--x\r\nbroken'],
    ]) {
      const res = await run(profileAction as ActionFunction, '/profile', body, { 'Content-Type': type, Cookie: cookie });
      expect(res.status, type).toBe(400);
      expect(await res.json()).toEqual({ detail: MESSAGES.formNotAccepted });
    }
    const profile = await member.get('/api/user/profile');
    expect(profile.body).toMatchObject({ first_name: 'Ada', last_name: 'Rossi' });
  });
});

it('a honeypot timestamp that does not decrypt is refused with 400 (it was a 500)', async () => {
  const { nameFieldName, validFromFieldName } = getHoneypot().getInputProps();
  const res = await run(
    contactAction,
    '/contact',
    form({
      [nameFieldName]: '',
      [validFromFieldName!]: 'AAAA',
      name: 'Ada',
      email: 'ada@example.com',
      reason: 'general',
      subject: 'Hi',
      message: 'Hello',
    }),
  );
  expect(res.status).toBe(400);
});

it('a sign-in step with a very long value still fits its cookie and says what is wrong (it was a 500)', async () => {
  const res = await run(
    authAction,
    '/auth',
    form({
      intent: 'email',
      email: `${'a'.repeat(6000)}@example.com`,
      returnTo: '/login',
      context: 'login',
      [`x${'y'.repeat(3000)}`]: 'z'.repeat(3000),
    }),
  );
  expect(res.status).toBe(303);
  const cookie = res.headers.get('Set-Cookie')!;
  expect(cookie.length).toBeLessThan(4096);
  const session = await sessionFor(new Request('http://shop.test/', { headers: { Cookie: cookie.split(';')[0] } }));
  expect(session.get('authResult')?.lastResult?.error).toEqual({ email: ['Email address is too long'] });
});

describe("messages are the spec's, never a validation library's", () => {
  it('a contact field sent twice reads as missing', async () => {
    const res = await run(
      contactAction,
      '/contact',
      form([
        ['name', 'Ada'],
        ['name', 'Bea'],
        ['email', 'ada@example.com'],
        ['reason', 'general'],
        ['subject', 'Hi'],
        ['message', 'Hello'],
      ]),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).result.error).toEqual({ name: [MESSAGES.contactNameRequired] });
  });

  it('a Notify Me post with its hidden fields missing or tampered with fails as the spec says', async () => {
    const posts: Record<string, string>[] = [
      { intent: 'notify', email: 'fan@example.com', productId },
      { intent: 'notify', formKey: 'k\r\nSet-Cookie: x=1', email: 'fan@example.com', productId },
    ];
    for (const fields of posts) {
      const res = await run(homeAction, '/?index', form(fields));
      expect(res.status).toBe(400);
      expect((await res.json()).result.error).toEqual({ formKey: [MESSAGES.wishlistFailed] });
    }
  });

  it('a product post without a known intent is an unknown action', async () => {
    for (const fields of [
      [['variantId', variantId]],
      [
        ['intent', 'add-to-cart'],
        ['intent', 'quick-purchase'],
        ['variantId', variantId],
      ],
    ] as [string, string][][]) {
      const res = await run(productAction, '/product/Tracer%20Tee', form(fields));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ detail: 'Unknown action' });
    }
  });
});

it('a Notify Me post for a product the API does not know is a 400, not a gateway failure', async () => {
  const res = await run(
    homeAction,
    '/?index',
    form({ intent: 'notify', formKey: 'k', email: 'fan@example.com', productId: '00000000-0000-4000-8000-000000000000' }),
  );
  expect(res.status).toBe(400);
  expect((await res.json()).result.error).toEqual({ '': [MESSAGES.wishlistFailed] });
});

it('a cart post with a line or quantity the page never sends does not reach the API', async () => {
  const posts: Record<string, string>[] = [
    { intent: 'increment', itemId: '00000000-0000-4000-8000-000000000000', quantity: 'abc' },
    { intent: 'increment', itemId: '../../admin/restock', quantity: '1' },
    { intent: 'remove', itemId: '' },
    { intent: 'explode' },
  ];
  for (const fields of posts) {
    const res = await run(cartAction, '/cart', form(fields));
    expect(res.status, JSON.stringify(fields)).toBe(400);
    expect(await res.json()).toEqual({ detail: MESSAGES.formNotAccepted });
  }
});

describe('open redirects', () => {
  it.each(['/\t/evil.example', '/\n/evil.example', '//evil.example', '/\\evil.example', 'https://evil.example', '/.//evil.example'])(
    'the cookie notice goes back to the shop, not to %j',
    async (redirectTo) => {
      const res = await run(cookieConsentAction, '/cookie-consent', form({ redirectTo }));
      const location = res.headers.get('Location')!;
      expect(new URL(location, 'https://shop.test').origin).toBe('https://shop.test');
    },
  );

  it.each(['/.//evil.example', '/%2e//evil.example', '/\t/evil.example', '/\\evil.example'])(
    'the sign-in flow stays on the shop for returnTo %j',
    async (returnTo) => {
      const res = await run(authAction, '/auth', form({ intent: 'nothing', returnTo, context: 'modal' }));
      expect(res.status).toBe(303);
      const location = res.headers.get('Location')!;
      expect(location.startsWith('//')).toBe(false);
      expect(new URL(location, 'https://shop.test').origin).toBe('https://shop.test');
    },
  );
});

describe('names that are keys of every object', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('intent=%s is no sign-in step (it was a 500)', async (intent) => {
    const res = await run(authAction, '/auth', form({ intent, email: 'ada@example.com', returnTo: '/register', context: 'register' }), {
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toMatch(/^\/register\?auth=email$|^\/register$/);
  });

  it.each(['toString', '__proto__', 'constructor'])('/login?reason=%s shows no guard message', async (reason) => {
    const res = (await callRoute(loginLoader, new Request(`http://shop.test/login?reason=${reason}`))) as Response;
    expect(res.status).toBe(200);
    expect((await res.json()).guardMessage).toBeNull();
  });
});

describe('a product name that cannot be written in a URL', () => {
  it('Quick Purchase on it answers a redirect, not a 500 (a lone surrogate made encodeURIComponent throw)', async () => {
    const request = new Request('http://shop.test/product/x', { method: 'POST', body: form({ intent: 'quick-purchase', variantId }) });
    let answer: Response;
    try {
      answer = (await callRoute(productAction, request, { productName: '\ud800' })) as Response;
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      answer = thrown;
    }
    expect(answer.status).toBeLessThan(500);
    expect(answer.headers.get('Location') ?? '').not.toContain('%ED');
  });
});
