import { randomUUID } from 'node:crypto';

import { beforeAll, describe, expect, it } from 'vitest';

import { pdfText } from '../../../../tests/support/pdf-text';
import { buyThroughCheckout, setVariant, type Shopper, shopper, stockOf } from '../../../../tests/support/shopper';
import { cliHeaders, staffMember } from '../../../../tests/support/staff';
import { useTestApi } from '../../../../tests/support/use-test-api';
import { readOutbox } from '../../services/mail';

const api = useTestApi();
const key = () => randomUUID();

async function admin(method: string, path: string, body?: unknown, headers: Record<string, string> = cliHeaders) {
  const res = await api.app.request(`/api/admin/${path}`, {
    method,
    headers: { ...headers, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

let buyer: Shopper;
beforeAll(async () => {
  buyer = shopper(api);
  await buyer.register();
});

/** A paid order of 2 × A at €45.00 and 1 × B at €30.00 (free shipping above the threshold). */
async function order() {
  const [a, b] = api.stocked.slice(0, 2);
  await setVariant(api, a.id, { price: 4_500, stock_quantity: 20 });
  await setVariant(api, b.id, { price: 3_000, stock_quantity: 20 });
  const purchaseId = await buyThroughCheckout(api, buyer, [
    { id: a.id, quantity: 2 },
    { id: b.id, quantity: 1 },
  ]);
  const detail = await admin('GET', `orders/${purchaseId}`);
  expect(detail.status).toBe(200);
  const lineOf = (id: string) => detail.body.lines.find((line: { sku: string }) => line.sku === api.stocked.find((v) => v.id === id)?.sku);
  return {
    purchaseId,
    a,
    b,
    detail: detail.body,
    lineA: lineOf(a.id),
    lineB: lineOf(b.id),
    number: detail.body.order_number as string,
    total: detail.body.total as number,
  };
}

async function refundRows(purchaseId: string) {
  return api.database.db.selectFrom('refunds').selectAll().where('purchase_id', '=', purchaseId).execute();
}

describe('refunds', () => {
  it('refund one unit of a line with restock: the money, the units, the stock, the buyer and the log follow', async () => {
    const { purchaseId, a, detail, lineA, number, total } = await order();
    expect(detail.payment).toEqual({
      provider: 'test',
      provider_session_id: expect.any(String),
      captured: total,
      refunded: 0,
      refundable: total,
      can_refund: true,
    });
    expect(lineA).toMatchObject({ quantity: 2, refunded_quantity: 0, unit_price: 4_500, unit_refund: 4_500 });
    const stockBefore = await stockOf(api, a.id);

    const res = await admin('POST', 'orders/refund', {
      order: number,
      idempotency_key: key(),
      lines: [{ item_id: lineA.item_id, quantity: 1 }],
      restock: true,
      reason: 'Too small',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      order_number: number,
      status: 'Processing',
      refunded_total: 4_500,
      replayed: false,
      refund: { kind: 'refund', amount: 4_500, status: 'succeeded', restock: true, provider: 'test', actor: 'cli' },
    });
    expect(res.body.refund.lines).toEqual([{ item_id: lineA.item_id, sku: lineA.sku, name: lineA.name, quantity: 1, amount: 4_500 }]);
    expect(await stockOf(api, a.id)).toBe(stockBefore + 1);

    const after = (await admin('GET', `orders/${number}`)).body;
    expect(after.payment).toMatchObject({ refunded: 4_500, refundable: total - 4_500 });
    expect(after.lines.find((line: { item_id: string }) => line.item_id === lineA.item_id).refunded_quantity).toBe(1);
    expect(after.refunds).toHaveLength(1);
    const listed = (await admin('GET', `orders?q=${number}`)).body[0];
    expect(listed).toMatchObject({ status: 'Processing', refunded: '€45.00' });
    expect((await admin('GET', 'orders?status=Partially%20refunded')).body.map((o: { order_number: string }) => o.order_number)).toContain(
      number,
    );

    const [mail] = await readOutbox(api.database.db, buyer.email!);
    expect(mail.subject).toBe(`Your FILO refund for order ${number}`);
    expect(mail.text).toContain('€45.00');
    // The buyer's order, list, stats and receipt say so.
    const mine = await buyer.get(`/api/user/purchase/${purchaseId}`);
    expect(mine.body).toMatchObject({ status: 'Processing', refunded_total: 4_500 });
    expect(mine.body.items.find((item: { sku: string }) => item.sku === lineA.sku).refunded_quantity).toBe(1);
    const listedForBuyer = (await buyer.get('/api/user/purchases?limit=50')).body.find(
      (p: { purchase_id: string }) => p.purchase_id === purchaseId,
    );
    expect(listedForBuyer.refunded).toBe('€45.00');
    const receipt = await api.app.request(`/api/user/purchase/${purchaseId}/receipt`, {
      headers: { Authorization: `Bearer ${buyer.accessToken}` },
    });
    const text = pdfText(Buffer.from(await receipt.arrayBuffer()));
    expect(text).toContain('Refunded');
    expect(text).toContain('-€45.00');
    expect(text).toContain(`Paid after refunds`);
    expect(text).toContain('1 refunded');
    const audit = (await admin('GET', `audit?subject_type=order&subject_id=${purchaseId}`)).body;
    expect(audit.find((entry: { action: string }) => entry.action === 'order.refund')).toMatchObject({
      actor: 'cli',
      after: { refunded: '€45.00', restocked: 'yes', reason: 'Too small' },
    });
    expect(audit[0]).toMatchObject({
      actor: 'shop',
      action: 'order.email',
      after: { to: buyer.email, subject: `Your FILO refund for order ${number}` },
    });
    // The log of changes leaves the emails out.
    expect((await admin('GET', 'audit?limit=200')).body.some((entry: { action: string }) => entry.action === 'order.email')).toBe(false);
  });

  it('a refund without restock leaves the stock alone; an amount alone refunds shipping or a gesture', async () => {
    const { a, lineA, number } = await order();
    const stockBefore = await stockOf(api, a.id);
    expect(
      (await admin('POST', 'orders/refund', { order: number, idempotency_key: key(), lines: [{ item_id: lineA.item_id, quantity: 2 }] }))
        .body.refunded_total,
    ).toBe(9_000);
    expect(await stockOf(api, a.id)).toBe(stockBefore);
    const spent = (await buyer.get('/api/user/stats')).body.total_spent;
    const gesture = await admin('POST', 'orders/refund', { order: number, idempotency_key: key(), amount: 250 });
    expect(gesture.body).toMatchObject({ refunded_total: 9_250, refund: { amount: 250, lines: [] } });
    // What the buyer spent is net of what came back.
    expect((await buyer.get('/api/user/stats')).body.total_spent).toBe(spent - 250);
  });

  it('never more than was paid or bought, with a clear answer and nothing changed', async () => {
    const { purchaseId, lineA, lineB, number, total } = await order();
    const over = await admin('POST', 'orders/refund', {
      order: number,
      idempotency_key: key(),
      lines: [{ item_id: lineA.item_id, quantity: 3 }],
    });
    expect(over).toEqual({ status: 409, body: { code: 'refund_exceeds_paid', detail: expect.stringContaining('Only 2 of') } });
    const tooMuch = await admin('POST', 'orders/refund', {
      order: number,
      idempotency_key: key(),
      lines: [{ item_id: lineB.item_id, quantity: 1 }],
      amount: total,
    });
    expect(tooMuch).toEqual({ status: 409, body: { code: 'refund_exceeds_paid', detail: expect.stringContaining(`at most €`) } });
    const stranger = await admin('POST', 'orders/refund', {
      order: number,
      idempotency_key: key(),
      lines: [{ item_id: randomUUID(), quantity: 1 }],
    });
    expect(stranger.status).toBe(422);
    const nothing = await admin('POST', 'orders/refund', { order: number, idempotency_key: key() });
    expect(nothing).toMatchObject({ status: 422, body: { code: 'invalid_request' } });
    expect((await admin('POST', 'orders/refund', { order: number, idempotency_key: 'short', amount: 100 })).status).toBe(422);
    expect(await refundRows(purchaseId)).toEqual([]);
    expect((await admin('GET', `orders/${number}`)).body.payment.refunded).toBe(0);
  });

  it('a double post refunds once, also when both arrive at the same moment', async () => {
    const { purchaseId, lineB, number } = await order();
    const body = { order: number, idempotency_key: key(), lines: [{ item_id: lineB.item_id, quantity: 1 }] };
    const answers = await Promise.all([1, 2, 3, 4].map(() => admin('POST', 'orders/refund', body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((a) => !a.body.replayed)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.refund.id)).size).toBe(1);
    expect(await refundRows(purchaseId)).toHaveLength(1);
    const again = await admin('POST', 'orders/refund', body);
    expect(again.body).toMatchObject({ replayed: true, refunded_total: 3_000 });
    expect(
      (await readOutbox(api.database.db, buyer.email!)).filter((m) => m.subject === `Your FILO refund for order ${number}`),
    ).toHaveLength(1);
  });

  it('refunds racing each other with different keys never pass what was paid', async () => {
    const { purchaseId, number, total } = await order();
    const slice = Math.ceil(total / 3);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() => admin('POST', 'orders/refund', { order: number, idempotency_key: key(), amount: slice })),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(2);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'refund_exceeds_paid')).toBe(true);
    const rows = await refundRows(purchaseId);
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(2 * slice);
    const purchase = await api.database.db
      .selectFrom('purchases')
      .select(['refunded_total'])
      .where('id', '=', purchaseId)
      .executeTakeFirstOrThrow();
    expect(purchase.refunded_total).toBe(2 * slice);
  });

  it('a full refund refunds what is left, puts the units back and marks the order Refunded', async () => {
    const { a, b, lineA, number, total } = await order();
    await admin('POST', 'orders/refund', {
      order: number,
      idempotency_key: key(),
      lines: [{ item_id: lineA.item_id, quantity: 1 }],
      restock: true,
    });
    const [stockA, stockB] = [await stockOf(api, a.id), await stockOf(api, b.id)];
    const full = await admin('POST', 'orders/refund', { order: number, idempotency_key: key(), full: true, restock: true });
    expect(full.body).toMatchObject({ status: 'Refunded', refunded_total: total, refund: { amount: total - 4_500 } });
    expect(full.body.refund.lines.map((l: { quantity: number }) => l.quantity).sort()).toEqual([1, 1]);
    expect([await stockOf(api, a.id), await stockOf(api, b.id)]).toEqual([stockA + 1, stockB + 1]);
    expect(await admin('POST', 'orders/refund', { order: number, idempotency_key: key(), amount: 1 })).toMatchObject({
      status: 409,
      body: { code: 'refund_exceeds_paid' },
    });
  });

  it("shares the order's discount out over the units it refunds", async () => {
    const { purchaseId, lineA, number } = await order();
    // 10 % off the €120.00 of items: €12.00, so a €45.00 unit gives back €40.50.
    await api.database.db
      .updateTable('purchases')
      .set({ discount: 1_200, total: 12_000 - 1_200 })
      .where('id', '=', purchaseId)
      .execute();
    const detail = (await admin('GET', `orders/${number}`)).body;
    expect(detail.lines.find((l: { item_id: string }) => l.item_id === lineA.item_id).unit_refund).toBe(4_050);
    const res = await admin('POST', 'orders/refund', {
      order: number,
      idempotency_key: key(),
      lines: [{ item_id: lineA.item_id, quantity: 2 }],
    });
    expect(res.body.refund.amount).toBe(8_100);
    const rest = await admin('POST', 'orders/refund', { order: number, idempotency_key: key(), full: true });
    expect(rest.body).toMatchObject({ status: 'Refunded', refunded_total: 10_800 });
  });
});

describe('cancellations', () => {
  it('cancel an unshipped order: everything refunded, every unit back on sale, the buyer told', async () => {
    const { a, b, number, total } = await order();
    const [stockA, stockB] = [await stockOf(api, a.id), await stockOf(api, b.id)];
    const res = await admin('POST', 'orders/cancel', { order: number, idempotency_key: key(), reason: 'Asked by phone' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'Cancelled',
      refunded_total: total,
      refund: { kind: 'cancellation', amount: total, restock: true },
    });
    expect([await stockOf(api, a.id), await stockOf(api, b.id)]).toEqual([stockA + 2, stockB + 1]);
    const [mail] = await readOutbox(api.database.db, buyer.email!);
    expect(mail.subject).toBe(`Your FILO order ${number} has been cancelled`);
    expect((await admin('POST', 'orders/ship', { order: number, carrier: 'GLS', tracking: 'X1' })).body.code).toBe('order_status_conflict');
    expect((await admin('POST', 'orders/refund', { order: number, idempotency_key: key(), amount: 1 })).status).toBe(409);
    const seen = (await buyer.get('/api/user/purchases?limit=50&status=processing')).body.map(
      (p: { purchase_id: string }) => p.purchase_id,
    );
    const purchaseId = (await admin('GET', `orders/${number}`)).body.purchase_id;
    expect(seen).not.toContain(purchaseId);
    expect((await buyer.get(`/api/user/purchase/${purchaseId}`)).body).toMatchObject({ status: 'Cancelled', refunded_total: total });
  });

  it('a shipped order cannot be cancelled; a cancel racing a shipment leaves exactly one of them', async () => {
    const shipped = await order();
    await admin('POST', 'orders/ship', { order: shipped.number, carrier: 'GLS', tracking: 'RACE1' });
    expect(await admin('POST', 'orders/cancel', { order: shipped.number, idempotency_key: key() })).toMatchObject({
      status: 409,
      body: { code: 'order_status_conflict' },
    });

    const raced = await order();
    const [cancel, ship] = await Promise.all([
      admin('POST', 'orders/cancel', { order: raced.number, idempotency_key: key() }),
      admin('POST', 'orders/ship', { order: raced.number, carrier: 'GLS', tracking: 'RACE2' }),
    ]);
    expect([cancel.status, ship.status].sort()).toEqual([200, 409]);
    const purchase = await api.database.db
      .selectFrom('purchases')
      .select(['status', 'refunded_total', 'tracking_number'])
      .where('id', '=', raced.purchaseId)
      .executeTakeFirstOrThrow();
    if (cancel.status === 200) expect(purchase).toEqual({ status: 'Cancelled', refunded_total: raced.total, tracking_number: null });
    else expect(purchase).toEqual({ status: 'Shipped', refunded_total: 0, tracking_number: 'RACE2' });
  });
});

describe('who may refund', () => {
  it('an owner may; staff may not, and are told so', async () => {
    const { lineB, number } = await order();
    const staff = await staffMember(api, 'staff');
    const asStaff = { Authorization: `Bearer ${staff.token}` };
    const refused = await admin(
      'POST',
      'orders/refund',
      { order: number, idempotency_key: key(), lines: [{ item_id: lineB.item_id, quantity: 1 }] },
      asStaff,
    );
    expect(refused).toEqual({ status: 403, body: { code: 'forbidden', detail: 'Only an owner may do this' } });
    expect((await admin('POST', 'orders/cancel', { order: number, idempotency_key: key() }, asStaff)).status).toBe(403);
    // Staff still see the order and its payment.
    expect((await admin('GET', `orders/${number}`, undefined, asStaff)).body.payment.refunded).toBe(0);

    const owner = await staffMember(api, 'owner');
    const done = await admin(
      'POST',
      'orders/refund',
      { order: number, idempotency_key: key(), lines: [{ item_id: lineB.item_id, quantity: 1 }] },
      { Authorization: `Bearer ${owner.token}` },
    );
    expect(done.body.refund.actor).toBe(owner.email);
  });
});
