import { randomUUID } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { shopper } from '../../../tests/support/shopper';
import { cliHeaders } from '../../../tests/support/staff';
import { GENEROUS_LIMITS } from '../../../tests/support/test-api';
import { useTestApi } from '../../../tests/support/use-test-api';

// Codes cannot be found by guessing (ADR 043): refused codes are limited per client address and per
// shopper, a code that works costs nothing, and to someone not signed in a code that exists but does
// not apply reads exactly like one that does not exist.
const api = useTestApi({ limits: { ...GENEROUS_LIMITS, 'code-ip': 8, 'code-shopper': 4 } });

async function newCode(rules: Record<string, unknown>) {
  const code = `GUESS${randomUUID().slice(0, 6).toUpperCase()}`;
  const res = await api.app.request('/api/admin/discounts', {
    method: 'POST',
    headers: { ...cliHeaders, 'Content-Type': 'application/json' },
    body: JSON.stringify({ code, kind: 'percent', value: 10, ...rules }),
  });
  expect(res.status).toBe(201);
  return code;
}

/** A shopper at their own client address, as the storefront reports it. */
function from(address: string) {
  const s = shopper(api);
  const quote = (code: string) =>
    api.app.request('/api/cart/discount', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Forwarded-For': address,
        ...(s.cartCookie ? { Cookie: `cart_token=${s.cartCookie}` } : {}),
      },
      body: JSON.stringify({ code }),
    });
  return { s, quote };
}

describe('guessing discount codes', () => {
  it('an unknown code and a real one that does not apply answer alike to an anonymous guesser; one that applies answers', async () => {
    const usedUp = await newCode({ max_uses: 1 });
    await api.database.db.updateTable('discount_codes').set({ uses: 1 }).where('code', '=', usedUp).execute();
    const later = await newCode({ starts_at: new Date(api.clock.now().getTime() + 86_400_000).toISOString() });
    const good = await newCode({});
    const guesser = from('203.0.113.10');
    await guesser.s.post('/api/cart/add', { variant_id: api.stocked[0].id, quantity: 1 });
    for (const code of ['NOSUCHCODE', usedUp, later]) {
      const res = await guesser.quote(code);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 'discount_invalid', detail: `The code ${code} is not valid. Check its spelling.` });
    }
    expect((await guesser.quote(good)).status).toBe(200);
    // The link check before any cart says no more.
    const check = await api.app.request(`/api/discounts/${later}`, { headers: { 'X-Forwarded-For': '203.0.113.10' } });
    expect(check.status).toBe(404);
    expect(((await check.json()) as { code: string }).code).toBe('discount_invalid');

    // A signed-in shopper is told why.
    const member = shopper(api);
    await member.register();
    await member.post('/api/cart/add', { variant_id: api.stocked[0].id, quantity: 1 });
    expect((await member.post('/api/cart/discount', { code: usedUp })).body.code).toBe('discount_used_up');
  });

  it('refused codes are limited per shopper and per client address; codes that work are not counted', async () => {
    const good = await newCode({});
    const first = from('203.0.113.20');
    await first.s.post('/api/cart/add', { variant_id: api.stocked[0].id, quantity: 1 });
    for (let i = 0; i < 4; i += 1) expect((await first.quote(`WRONG${i}`)).status).toBe(404);
    // The cart's own budget is spent: even a good code waits now.
    const limited = await first.quote(good);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await limited.json()) as { code: string }).code).toBe('rate_limited');

    // A fresh cart from the same address meets the address's budget of 8 after 4 more.
    const second = from('203.0.113.20');
    await second.s.post('/api/cart/add', { variant_id: api.stocked[0].id, quantity: 1 });
    for (let i = 0; i < 10; i += 1) expect((await second.quote(good)).status).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await second.quote(`AGAIN${i}`)).status).toBe(404);
    expect((await second.quote('ONEMORE')).status).toBe(429);
    // Another shopper elsewhere is not held up.
    const elsewhere = from('198.51.100.7');
    await elsewhere.s.post('/api/cart/add', { variant_id: api.stocked[0].id, quantity: 1 });
    expect((await elsewhere.quote(good)).status).toBe(200);
  });

  it('a quick purchase that carries a code it leaves out counts as a guess', async () => {
    const member = shopper(api);
    await member.register();
    const quick = (code: string) =>
      member.post('/api/checkout/quick', {
        product_variant_id: api.stocked[1].id,
        quantity: 1,
        discount_code: code,
        success_url: 'http://shop.test/s?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://shop.test/c',
        metadata: {},
      });
    for (let i = 0; i < 4; i += 1) expect((await quick(`PROBE${i}`)).status).toBe(200);
    expect((await quick('PROBE5')).status).toBe(429);
  });
});
