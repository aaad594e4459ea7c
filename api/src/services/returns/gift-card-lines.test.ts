import { describe, expect, it } from 'vitest';

import { PAID_CARD, shopper } from '../../../../tests/support/shopper';
import { cliHeaders } from '../../../../tests/support/staff';
import { useTestApi } from '../../../../tests/support/use-test-api';
import { purchaseDetail } from '../orders';
import { returnOptions, sizesFor } from './read';
import { requestReturn } from './request';

/**
 * A gift card is a code sent by email (ADR 064): it is never sent back in a return, and its other
 * amounts are no "sizes" to exchange it for. Its order is made delivered here by hand, as an owner's
 * mistaken "delivered" would make it, to show that even then the self-service return refuses it.
 */
const api = useTestApi();

const urls = {
  success_url: 'http://shop.test/order-success?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://shop.test/',
  metadata: {},
};

async function deliveredGiftCardOrder() {
  const created = await api.app.request('/api/admin/gift-cards/products', {
    method: 'POST',
    headers: { ...cliHeaders, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: `Returned Gift Card ${Math.random().toString(36).slice(2, 8)}`, amounts: [2_500, 5_000, 10_000] }),
  });
  expect(created.status).toBe(201);
  const { id: productId } = (await created.json()) as { id: string };
  const buyer = shopper(api);
  await buyer.register();
  const products = (await buyer.get('/api/gift-cards/products')).body.products as { id: string; amounts: { variant_id: string }[] }[];
  const product = products.find((p) => p.id === productId)!;
  const opened = await buyer.post('/api/checkout/gift-card', { ...urls, product_variant_id: product.amounts[0].variant_id });
  expect(opened.status, opened.text).toBe(200);
  const paid = await buyer.request('POST', new URL(opened.body.checkout_url).pathname, undefined, { form: PAID_CARD });
  expect(paid.status).toBe(303);
  const order = await api.database.db
    .selectFrom('purchases')
    .select(['id', 'user_id'])
    .where('email', '=', buyer.email!)
    .executeTakeFirstOrThrow();
  await api.database.db
    .updateTable('purchases')
    .set({ status: 'Delivered', delivered_at: api.clock.now() })
    .where('id', '=', order.id)
    .execute();
  const line = await api.database.db.selectFrom('purchase_items').selectAll().where('purchase_id', '=', order.id).executeTakeFirstOrThrow();
  return { orderId: order.id, userId: order.user_id!, line };
}

describe('gift-card lines in returns and exchanges', () => {
  it('offers no other amount as a size, and no unit to send back: the order has nothing to return', async () => {
    const { orderId, line } = await deliveredGiftCardOrder();
    // Other amounts of the same card exist, and are available (their stock is not counted), yet are no sizes.
    expect((await sizesFor(api.database.db, [line]))(line)).toEqual([]);
    const options = await returnOptions(api.deps, orderId);
    expect(options.lines).toEqual([expect.objectContaining({ item_id: line.id, returnable: 0, sizes: [] })]);
    expect(options.closed).toBe('nothing_left');
  });

  it('refuses a return, an exchange and a withdrawal of the whole order, and claims nothing', async () => {
    const { orderId, userId, line } = await deliveredGiftCardOrder();
    const other = await api.database.db
      .selectFrom('product_variants')
      .select('id')
      .where('product_id', '=', line.product_id!)
      .where('id', '!=', line.variant_id!)
      .executeTakeFirstOrThrow();
    const base = { reason: 'changed_mind' as const, comment: '', refund_to: 'payment' as const, whole_order: false };
    await expect(
      requestReturn(api.deps, orderId, { ...base, lines: [{ item_id: line.id, quantity: 1, exchange_variant_id: null }] }),
    ).rejects.toMatchObject({ code: 'invalid_request', detail: expect.stringContaining('is a gift card') });
    await expect(
      requestReturn(api.deps, orderId, { ...base, lines: [{ item_id: line.id, quantity: 1, exchange_variant_id: other.id }] }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(
      requestReturn(api.deps, orderId, {
        ...base,
        refund_to: 'store_credit',
        lines: [{ item_id: line.id, quantity: 1, exchange_variant_id: null }],
      }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(requestReturn(api.deps, orderId, { ...base, whole_order: true, lines: [] })).rejects.toMatchObject({
      code: 'already_returned',
    });
    const claimed = await api.database.db
      .selectFrom('purchase_items')
      .select('returned_quantity')
      .where('id', '=', line.id)
      .executeTakeFirstOrThrow();
    expect(claimed.returned_quantity).toBe(0);
    expect(await api.database.db.selectFrom('returns').select('id').where('purchase_id', '=', orderId).execute()).toEqual([]);
    // The order's page offers no return either.
    expect((await purchaseDetail(api.deps, userId, orderId))?.return_window_ends_at).toBeNull();
  });
});
