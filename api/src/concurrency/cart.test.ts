import { describe, expect, it } from 'vitest';

import { setVariant, shopper } from '../../../tests/support/shopper';
import { useTestApi } from '../../../tests/support/use-test-api';

// A cart line never holds more than the stock nor more than 99, however the adds arrive.
const api = useTestApi();

async function lineOf(s: ReturnType<typeof shopper>, variantId: string): Promise<number> {
  const cart = await s.get('/api/cart/');
  return (
    cart.body.items.find((item: { variant_info: { variant_id: string } }) => item.variant_info.variant_id === variantId)?.quantity ?? 0
  );
}

describe('parallel adds to one line', () => {
  it('stop at the stock', async () => {
    const variant = api.stocked[0];
    await setVariant(api, variant.id, { stock_quantity: 40 });
    const s = shopper(api);
    expect((await s.post('/api/cart/add', { variant_id: variant.id, quantity: 1 })).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 30 }, () => s.post('/api/cart/add', { variant_id: variant.id, quantity: 5 })));
    expect(answers.every((res) => res.status === 200 || res.body.code === 'out_of_stock')).toBe(true);
    expect(answers.filter((res) => res.status === 200)).toHaveLength(7);
    expect(await lineOf(s, variant.id)).toBe(36);
  });

  it('stop at 99', async () => {
    const variant = api.stocked[1];
    await setVariant(api, variant.id, { stock_quantity: 5_000 });
    const s = shopper(api);
    expect((await s.post('/api/cart/add', { variant_id: variant.id, quantity: 9 })).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 30 }, () => s.post('/api/cart/add', { variant_id: variant.id, quantity: 10 })));
    expect(answers.every((res) => res.status === 200 || res.body.code === 'line_quantity_limit')).toBe(true);
    expect(await lineOf(s, variant.id)).toBe(99);
  });
});

describe('merging a cart at sign-in', () => {
  it('adds quantities up to 99, not beyond', async () => {
    const variant = api.stocked[2];
    await setVariant(api, variant.id, { stock_quantity: 5_000 });
    const member = shopper(api);
    const account = await member.register();
    expect((await member.post('/api/cart/add', { variant_id: variant.id, quantity: 99 })).status).toBe(200);

    const visitor = shopper(api);
    expect((await visitor.post('/api/cart/add', { variant_id: variant.id, quantity: 99 })).status).toBe(200);
    await visitor.login(account.user.email);
    expect(await lineOf(visitor, variant.id)).toBe(99);
  });

  it('does not take a line past the stock', async () => {
    const variant = api.stocked[3];
    await setVariant(api, variant.id, { stock_quantity: 10 });
    const member = shopper(api);
    const account = await member.register();
    expect((await member.post('/api/cart/add', { variant_id: variant.id, quantity: 6 })).status).toBe(200);
    const visitor = shopper(api);
    expect((await visitor.post('/api/cart/add', { variant_id: variant.id, quantity: 7 })).status).toBe(200);
    await visitor.login(account.user.email);
    expect(await lineOf(visitor, variant.id)).toBe(10);
  });
});
