// Returns beside refunds, and returns under concurrency: no unit refunded or sent back twice, no size oversold.
import { randomUUID } from 'node:crypto';

import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';

import { formatEuro } from '@contract/money';

import { setVariant, type Shopper, shopper, stockOf } from '../../../tests/support/shopper';
import { useTestApi } from '../../../tests/support/use-test-api';
import { returnsKit } from './returns.test-support';

const api = useTestApi();
const kit = returnsKit(api);
const { admin, sizePairNumber } = kit;

let buyer: Shopper;
let staffHeaders: Record<string, string>;
let ownerHeaders: Record<string, string>;

const deliveredOrder = (who: Shopper = buyer, pair?: Awaited<ReturnType<typeof sizePairNumber>>) => kit.deliveredOrder(who, pair);

beforeAll(async () => {
  buyer = shopper(api);
  await buyer.register();
  ({ staffHeaders, ownerHeaders } = await kit.team());
});

describe('refunds beside an open return', () => {
  // These check money and units only, so they reuse the first size pair (its stock is set anew per order).
  const reused = () => sizePairNumber(0);

  it("units in an open return are refunded through it, not from the order; the order's other units still are", async () => {
    const { purchaseId, lineBig, lineOther } = await deliveredOrder(buyer, await reused());
    const requested = await buyer.post(`/api/returns/purchase/${purchaseId}`, {
      reason: 'changed_mind',
      lines: [{ item_id: lineBig.item_id, quantity: 1 }],
    });
    expect(requested.status).toBe(201);
    const number: string = requested.body.number;
    const refund = (body: Record<string, unknown>) =>
      admin('POST', 'orders/refund', { order: purchaseId, idempotency_key: randomUUID(), ...body }, ownerHeaders);

    // Two of the line, one of them in the return: one may go from the order, not two.
    expect(await refund({ lines: [{ item_id: lineBig.item_id, quantity: 2 }] })).toEqual({
      status: 409,
      body: {
        code: 'return_status_conflict',
        detail: `1 of ${lineBig.name} (${lineBig.sku}) is in return ${number}: refund it from the return`,
      },
    });
    expect(await refund({ full: true })).toMatchObject({
      status: 409,
      body: { code: 'return_status_conflict', detail: expect.stringContaining(`Return ${number} is open on order`) },
    });
    expect((await admin('GET', `orders/${purchaseId}`)).body.payment.refunded).toBe(0);
    expect(
      (
        await refund({
          lines: [
            { item_id: lineBig.item_id, quantity: 1 },
            { item_id: lineOther.item_id, quantity: 1 },
          ],
        })
      ).status,
    ).toBe(200);
    // An amount on top may take what is left, less the €40.00 the return will give back.
    const room = (await admin('GET', `orders/${purchaseId}`)).body.payment.refundable - 4_000;
    expect(await refund({ amount: room + 100 })).toEqual({
      status: 409,
      body: {
        code: 'refund_exceeds_paid',
        detail: expect.stringMatching(
          new RegExp(`: at most ${formatEuro(room).replace('.', '\\.')}, as return ${number} will give back €40\\.00$`),
        ),
      },
    });
    expect((await refund({ amount: room })).status).toBe(200);

    // The return itself still refunds its unit.
    expect((await admin('POST', 'returns/receive', { return: number }, staffHeaders)).status).toBe(200);
    expect(await admin('POST', 'returns/refund', { return: number }, ownerHeaders)).toMatchObject({
      status: 200,
      body: { status: 'refunded' },
    });
    const detail = (await admin('GET', `orders/${purchaseId}`)).body;
    expect(detail.payment).toMatchObject({ refunded: 4_000 + 3_000 + room + 4_000, refundable: 0 });
    expect(detail.lines.find((line: { item_id: string }) => line.item_id === lineBig.item_id).refunded_quantity).toBe(2);
  });

  it('a return request and a refund of the same last unit, at once: one of them gets it', async () => {
    for (let round = 0; round < 3; round++) {
      const { purchaseId, lineOther } = await deliveredOrder(buyer, await reused());
      const [returned, refunded] = await Promise.all([
        buyer.post(`/api/returns/purchase/${purchaseId}`, { reason: 'changed_mind', lines: [{ item_id: lineOther.item_id, quantity: 1 }] }),
        admin(
          'POST',
          'orders/refund',
          { order: purchaseId, idempotency_key: randomUUID(), lines: [{ item_id: lineOther.item_id, quantity: 1 }] },
          ownerHeaders,
        ),
      ]);
      // Whichever comes second under the order's lock is refused, with its own reason.
      if (returned.status === 201) expect(refunded).toMatchObject({ status: 409, body: { code: 'return_status_conflict' } });
      else expect([returned.status, returned.body.code, refunded.status]).toEqual([409, 'already_returned', 200]);
      const line = await api.database.db
        .selectFrom('purchase_items')
        .select(['refunded_quantity', 'returned_quantity'])
        .where('id', '=', lineOther.item_id)
        .executeTakeFirstOrThrow();
      expect(line.refunded_quantity + line.returned_quantity).toBe(1);
    }
  });
});

describe('returns under concurrency', () => {
  it('requests racing for the same line never return more units than were bought', async () => {
    const { purchaseId, lineBig } = await deliveredOrder();
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        buyer.post(`/api/returns/purchase/${purchaseId}`, { reason: 'changed_mind', lines: [{ item_id: lineBig.item_id, quantity: 1 }] }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.status !== 201).every((a) => a.status === 409 && a.body.code === 'already_returned')).toBe(true);
    const line = await api.database.db
      .selectFrom('purchase_items')
      .select('returned_quantity')
      .where('id', '=', lineBig.item_id)
      .executeTakeFirstOrThrow();
    expect(line.returned_quantity).toBe(2);
    const units = await api.database.db
      .selectFrom('return_items')
      .select('quantity')
      .where('purchase_item_id', '=', lineBig.item_id)
      .execute();
    expect(units.reduce((sum, u) => sum + u.quantity, 0)).toBe(2);
  });

  it('exchanges racing for the last unit of a size never oversell it, and the losers keep their units', async () => {
    // Three orders of one size (separate orders: nothing but the stock row is shared), one unit left of the other size.
    const pair = await sizePairNumber(1); // pair 0 is the one the refunds above reuse
    const orders = [await deliveredOrder(buyer, pair), await deliveredOrder(buyer, pair), await deliveredOrder(buyer, pair)];
    const small = pair[1];
    await setVariant(api, small.id, { stock_quantity: 1 });
    const answers = await Promise.all(
      orders.map((o) =>
        buyer.post(`/api/returns/purchase/${o.purchaseId}`, {
          reason: 'too_big',
          lines: [{ item_id: o.lineBig.item_id, quantity: 1, exchange_variant_id: small.id }],
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 201).every((a) => a.status === 409 && a.body.code === 'exchange_sold_out')).toBe(true);
    expect(await stockOf(api, small.id)).toBe(0);
    const returned = await api.database.db
      .selectFrom('purchase_items')
      .select(sql<number>`sum(returned_quantity)::int`.as('units'))
      .where(
        'id',
        'in',
        orders.map((o) => o.lineBig.item_id),
      )
      .executeTakeFirstOrThrow();
    // Only the winner's unit is claimed: a loser's claim went back with its transaction.
    expect(returned.units).toBe(1);
  });
});
