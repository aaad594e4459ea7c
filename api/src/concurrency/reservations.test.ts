import { describe, expect, it } from 'vitest';

import { setVariant, shopper, stockOf } from '../../../tests/support/shopper';
import { useTestApi } from '../../../tests/support/use-test-api';

// One shopper holds at most one open checkout session: reservations cannot be piled up.
const api = useTestApi();

const quick = (s: ReturnType<typeof shopper>, variantId: string, quantity: number) =>
  s.post('/api/checkout/quick', {
    product_variant_id: variantId,
    quantity,
    success_url: 'http://shop.test/checkout/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://shop.test/cart',
  });

describe('quick checkouts by one guest', () => {
  it('hold one session at a time, one after another', async () => {
    const variant = api.stocked[0];
    await setVariant(api, variant.id, { stock_quantity: 300 });
    const s = shopper(api);
    await s.signInAsGuest();
    for (let i = 0; i < 3; i += 1) expect((await quick(s, variant.id, 99)).status).toBe(200);
    expect(await stockOf(api, variant.id)).toBe(201);
  });

  it('hold one session at a time when 17 arrive at once', async () => {
    const variant = api.stocked[1];
    await setVariant(api, variant.id, { stock_quantity: 500 });
    const s = shopper(api);
    await s.signInAsGuest();
    const answers = await Promise.all(Array.from({ length: 17 }, () => quick(s, variant.id, 99)));
    expect(answers.some((res) => res.status === 200)).toBe(true);
    const open = await api.database.db
      .selectFrom('checkout_sessions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', '=', 'open')
      .where('email', '=', s.email!)
      .executeTakeFirstOrThrow();
    expect(Number(open.n)).toBe(1);
    expect(await stockOf(api, variant.id)).toBe(401);
  });

  it('leave other shoppers their own sessions', async () => {
    const variant = api.stocked[2];
    await setVariant(api, variant.id, { stock_quantity: 10 });
    const [a, b] = [shopper(api), shopper(api)];
    await a.signInAsGuest();
    await b.signInAsGuest();
    expect((await quick(a, variant.id, 4)).status).toBe(200);
    expect((await quick(b, variant.id, 4)).status).toBe(200);
    expect(await stockOf(api, variant.id)).toBe(2);
  });
});
