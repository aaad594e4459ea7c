import { describe, expect, it } from 'vitest';

import { shopper } from '../../tests/support/shopper';
import { useTestApi } from '../../tests/support/use-test-api';
import { DEPTH_MESSAGE, NUL_MESSAGE } from './http-errors';

/** Bugs the API fuzzer (fuzz.test.ts) found, each pinned down. */
const api = useTestApi();

const json = (path: string, body: unknown, method = 'POST') =>
  api.app.request(path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('a NUL character, which PostgreSQL text cannot hold, is refused with 422 instead of failing with 500', () => {
  it.each([
    ['a query value', '/api/products/details?product_name=Tracer%00Tee', 'query'],
    ['a query value of the dev mailbox', '/dev/mailbox?to=%00', 'query'],
    ['an email in the query', '/api/products/wishlist?email=a%00b@example.com', 'query'],
    ['a path parameter', '/pay/a%00b', 'path'],
    ['a path parameter of a form post', '/pay/a%00b/cancel', 'path'],
  ])('in %s', async (_, path, where) => {
    const res = await api.app.request(path, { method: path.endsWith('/cancel') ? 'POST' : 'GET' });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ detail: [{ loc: [where], msg: NUL_MESSAGE, type: 'value_error' }], code: 'invalid_request' });
  });

  it('in a JSON body, naming the field', async () => {
    const before = await api.database.db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const res = await json('/api/contact/submit', {
      name: 'Ada',
      email: 'ada@example.com',
      reason: 'general',
      subject: 'Hi',
      message: 'a\u0000b',
    });
    expect(res.status).toBe(422);
    expect((await res.json()).detail).toEqual([{ loc: ['body', 'message'], msg: NUL_MESSAGE, type: 'custom' }]);
    const after = await api.database.db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
    const wishlist = await json('/api/products/wishlist', { email: 'fan\u0000@example.com', product_variant_id: api.stocked[0].id });
    expect(wishlist.status).toBe(422);
  });
});

it('an object path with broken percent-encoding is not found, not a 500', async () => {
  for (const path of ['%', '%E0%A4%A', 'images/%zz.png']) {
    const res = await api.app.request(`/storage/v1/object/public/product-images/${path}`);
    expect(res.status, path).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Object not found', code: 'not_found' });
  }
});

describe('an add to cart refused for stock', () => {
  const carts = async () =>
    Number(
      (
        await api.database.db
          .selectFrom('carts')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('makes no cart and sets no cookie for a visitor', async () => {
    const before = await carts();
    const res = await json('/api/cart/add', { variant_id: api.stocked[0].id, quantity: api.stocked[0].stock_quantity + 1 });
    expect(res.status).toBe(409);
    expect(res.headers.get('Set-Cookie')).toBeNull();
    expect(await carts()).toBe(before);
  });

  it('makes no cart for a signed-in shopper', async () => {
    const member = shopper(api);
    await member.register();
    const before = await carts();
    const res = await member.post('/api/cart/add', { variant_id: api.stocked[0].id, quantity: api.stocked[0].stock_quantity + 1 });
    expect(res.status).toBe(409);
    expect(await carts()).toBe(before);
    // The next add that goes through still makes the cart.
    expect((await member.post('/api/cart/add', { variant_id: api.stocked[0].id })).body.total_items).toBe(1);
    expect(await carts()).toBe(before + 1);
  });
});

it('a request body over 1 MB is refused with 413 before it is read', async () => {
  const res = await json('/api/contact/submit', { message: 'x'.repeat(1024 * 1024) });
  expect(res.status).toBe(413);
  expect(await res.json()).toEqual({ detail: 'Request body is too large', code: 'payload_too_large' });
});

describe('deeply nested JSON is refused with 422 instead of overflowing the stack', () => {
  const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
  const deepObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

  it.each([['/api/contact/submit'], ['/api/auth/login'], ['/api/cart/add'], ['/api/products/wishlist'], ['/api/auth/register']])(
    'at %s',
    async (path) => {
      for (const body of [deep(2_000), deepObject(2_000), `{"email":${deep(5_000)}}`]) {
        const res = await api.app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
        expect(res.status, `${path} ${body.slice(0, 12)}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(await res.json()).toMatchObject({ code: expect.any(String) });
      }
    },
  );

  it('names where the nesting went too deep', async () => {
    const res = await json('/api/contact/submit', JSON.parse(deepObject(100)));
    expect(res.status).toBe(422);
    expect((await res.json()).detail).toEqual([{ loc: ['body', ...Array(32).fill('a')], msg: DEPTH_MESSAGE, type: 'custom' }]);
  });
});
