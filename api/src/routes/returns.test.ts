import { randomUUID } from 'node:crypto';

import { beforeAll, describe, expect, it } from 'vitest';

import { RETURN_WINDOW_DAYS } from '@contract/api/returns';
import { shopDay } from '@contract/shop-time';

import { buyThroughCheckout, setVariant, type Shopper, shopper, stockOf } from '../../../tests/support/shopper';
import { useTestApi } from '../../../tests/support/use-test-api';
import { readOutbox } from '../services/mail';
import { returnsKit } from './returns.test-support';

const api = useTestApi();
const DAY = 24 * 60 * 60_000;
const kit = returnsKit(api);
const { admin } = kit;

let buyer: Shopper;
let staffHeaders: Record<string, string>;
let ownerHeaders: Record<string, string>;
let ownerEmail: string;

const deliveredOrder = (who: Shopper = buyer, pair?: Parameters<typeof kit.deliveredOrder>[1]) => kit.deliveredOrder(who, pair);

/** A staff member and an owner, signed in now (again after the clock has moved past their sessions). */
async function signInTeam() {
  ({ staffHeaders, ownerHeaders, ownerEmail } = await kit.team());
}

beforeAll(async () => {
  buyer = shopper(api);
  await buyer.register();
  await signInTeam();
});

describe('returns', () => {
  it('a delivered order offers its lines and other sizes for 14 days, and the delivery email links to the return page', async () => {
    const { purchaseId, options, lineBig, small } = await deliveredOrder();
    expect(RETURN_WINDOW_DAYS).toBe(14);
    expect(options).toMatchObject({ purchase_id: purchaseId, guest: false, closed: null, returns: [] });
    expect(Date.parse(options.window_ends_at) - Date.parse(options.delivered_at)).toBe(14 * DAY);
    expect(lineBig).toMatchObject({ quantity: 2, returnable: 2 });
    expect(lineBig.sizes).toContainEqual(expect.objectContaining({ variant_id: small.id, in_stock: true }));
    const delivered = (await readOutbox(api.database.db, buyer.email!)).find((m) => m.subject.includes('has been delivered'))!;
    expect(delivered.text).toContain(`Return or exchange: http://shop.test/orders/${purchaseId}/return`);
    // The order page says the window is open.
    const detail = await buyer.get(`/api/user/purchase/${purchaseId}`);
    expect(detail.body).toMatchObject({ return_window_ends_at: options.window_ends_at, returns: [] });
  });

  it('refund: requested, received by staff, refunded by the owner with the units back on sale; mailed and logged at each step', async () => {
    const { purchaseId, other, lineOther } = await deliveredOrder();
    const requested = await buyer.post(`/api/returns/purchase/${purchaseId}`, {
      reason: 'changed_mind',
      lines: [{ item_id: lineOther.item_id, quantity: 1 }],
    });
    expect(requested.status).toBe(201);
    expect(requested.body).toMatchObject({
      kind: 'refund',
      status: 'requested',
      reason: 'changed_mind',
      lines: [{ item_id: lineOther.item_id, quantity: 1, exchange: null }],
    });
    const number: string = requested.body.number;
    expect(number).toMatch(/^R-[0-9A-Z]{6}$/);
    const [mail] = await readOutbox(api.database.db, buyer.email!);
    expect(mail.subject).toBe(`Your FILO return ${number} for order ${requested.body.order_number}`);
    expect(mail.text).toContain(`write ${number} on the parcel`);
    expect((await buyer.get(`/api/user/purchase/${purchaseId}`)).body.returns).toMatchObject([{ number, status: 'requested' }]);

    // Staff may not refund; they mark it received.
    expect(await admin('POST', 'returns/refund', { return: number }, staffHeaders)).toMatchObject({
      status: 403,
      body: { code: 'forbidden' },
    });
    expect(await admin('POST', 'returns/refund', { return: number }, ownerHeaders)).toMatchObject({
      status: 409,
      body: { code: 'return_status_conflict' },
    });
    const received = await admin('POST', 'returns/receive', { return: number }, staffHeaders);
    expect(received).toMatchObject({ status: 200, body: { status: 'received' } });
    expect((await readOutbox(api.database.db, buyer.email!))[0].subject).toBe(`We have received your FILO return ${number}`);
    expect((await admin('POST', 'returns/receive', { return: number }, staffHeaders)).body.code).toBe('return_status_conflict');

    const stockBefore = await stockOf(api, other.id);
    const refunded = await admin('POST', 'returns/refund', { return: number }, ownerHeaders);
    expect(refunded).toMatchObject({ status: 200, body: { status: 'refunded' } });
    expect(await stockOf(api, other.id)).toBe(stockBefore + 1);
    const detail = (await admin('GET', `orders/${purchaseId}`)).body;
    expect(detail.payment.refunded).toBe(3_000);
    expect(detail.refunds).toMatchObject([
      { amount: 3_000, restock: true, reason: `Return ${number}`, status: 'succeeded', actor: ownerEmail },
    ]);
    expect((await readOutbox(api.database.db, buyer.email!))[0].subject).toMatch(/^Your FILO refund for order/);
    // Posted again: nothing more is refunded.
    expect((await admin('POST', 'returns/refund', { return: number }, ownerHeaders)).body.code).toBe('return_status_conflict');
    expect((await admin('GET', `orders/${purchaseId}`)).body.payment.refunded).toBe(3_000);

    const actions = (await admin('GET', `audit?subject_type=order&subject_id=${purchaseId}`)).body.map(
      (entry: { action: string }) => entry.action,
    );
    for (const action of ['return.request', 'return.receive', 'order.refund', 'return.refund']) expect(actions).toContain(action);
    expect((await buyer.get(`/api/user/purchase/${purchaseId}`)).body.returns).toMatchObject([{ number, status: 'refunded' }]);
    // The refunded unit cannot be returned again.
    const again = await buyer.post(`/api/returns/purchase/${purchaseId}`, {
      reason: 'other',
      lines: [{ item_id: lineOther.item_id, quantity: 1 }],
    });
    expect(again).toMatchObject({ status: 409, body: { code: 'already_returned' } });
  });

  it('exchange: the new size is taken from stock at once and ships as a second parcel of the same order, without a second payment', async () => {
    const { purchaseId, big, small, lineBig } = await deliveredOrder();
    const smallBefore = await stockOf(api, small.id);
    const bigBefore = await stockOf(api, big.id);
    const requested = await buyer.post(`/api/returns/purchase/${purchaseId}`, {
      reason: 'too_big',
      lines: [{ item_id: lineBig.item_id, quantity: 1, exchange_variant_id: small.id }],
    });
    expect(requested.status).toBe(201);
    expect(requested.body).toMatchObject({
      kind: 'exchange',
      lines: [{ quantity: 1, exchange: { variant_id: small.id, sku: small.sku } }],
    });
    expect(await stockOf(api, small.id)).toBe(smallBefore - 1);
    const number = requested.body.number;

    expect((await admin('POST', 'returns/ship', { return: number, carrier: 'GLS', tracking: 'GLS 1' }, ownerHeaders)).body.code).toBe(
      'return_status_conflict',
    );
    await admin('POST', 'returns/receive', { return: number }, staffHeaders);
    expect((await admin('POST', 'returns/refund', { return: number }, ownerHeaders)).body.code).toBe('return_status_conflict');
    expect((await admin('POST', 'returns/ship', { return: number, carrier: 'GLS', tracking: 'GLS 77' }, staffHeaders)).status).toBe(403);
    // The owner's own template for the carrier: the email and every page give the same link.
    const gls = api.database.db.updateTable('carriers').where('name', '=', 'GLS');
    const { tracking_url_template: glsTemplate } = await gls
      .set({ tracking_url_template: 'https://gls.example/t/{number}' })
      .returning('tracking_url_template')
      .executeTakeFirstOrThrow();
    const shipped = await admin('POST', 'returns/ship', { return: number, carrier: 'GLS', tracking: 'GLS 77' }, ownerHeaders);
    await gls.set({ tracking_url_template: glsTemplate }).execute();
    expect(shipped).toMatchObject({
      status: 200,
      body: { status: 'exchanged', carrier: 'GLS', tracking_number: 'GLS 77', tracking_url: 'https://gls.example/t/GLS%2077' },
    });
    // The returned size is back on sale; the new one stays sold; nothing was refunded.
    expect(await stockOf(api, big.id)).toBe(bigBefore + 1);
    expect(await stockOf(api, small.id)).toBe(smallBefore - 1);
    const detail = (await admin('GET', `orders/${purchaseId}`)).body;
    expect(detail.payment.refunded).toBe(0);
    expect(detail.tracking_number).toBe(`BRT ${purchaseId.slice(0, 6)}`);
    const mine = (await buyer.get(`/api/user/purchase/${purchaseId}`)).body;
    expect(mine.status).toBe('Delivered');
    expect(mine.returns).toMatchObject([{ number, status: 'exchanged', carrier: 'GLS', tracking_number: 'GLS 77' }]);
    const [mail] = await readOutbox(api.database.db, buyer.email!);
    expect(mail.subject).toBe(`Your FILO exchange ${number} has shipped`);
    expect(mail.text).toContain('Tracking number: GLS 77.');
    expect(mail.text).toContain('https://gls.example/t/GLS%2077');
    expect(
      (await admin('GET', `audit?subject_type=order&subject_id=${purchaseId}`)).body.find(
        (e: { action: string }) => e.action === 'return.exchange',
      ),
    ).toMatchObject({ actor: ownerEmail, after: { tracking_number: 'GLS 77' } });
  });

  it('refuses with a code of its own and changes nothing: window passed, not delivered, too many units, sold-out size, mixed or misplaced exchanges', async () => {
    const { purchaseId, small, lineBig, lineOther } = await deliveredOrder();
    const ask = (body: unknown) => buyer.post(`/api/returns/purchase/${purchaseId}`, body);
    expect(await ask({ reason: 'other', lines: [{ item_id: lineBig.item_id, quantity: 3 }] })).toMatchObject({
      status: 409,
      body: { code: 'already_returned', detail: expect.stringContaining('Only 2 of') },
    });
    expect(
      (await ask({ reason: 'changed_mind', lines: [{ item_id: lineBig.item_id, quantity: 1, exchange_variant_id: small.id }] })).status,
    ).toBe(422);
    expect(
      (
        await ask({
          reason: 'too_big',
          lines: [
            { item_id: lineBig.item_id, quantity: 1, exchange_variant_id: small.id },
            { item_id: lineOther.item_id, quantity: 1 },
          ],
        })
      ).status,
    ).toBe(422);
    expect(
      (await ask({ reason: 'too_big', lines: [{ item_id: lineOther.item_id, quantity: 1, exchange_variant_id: small.id }] })).body.code,
    ).toBe('invalid_request');
    expect((await ask({ reason: 'too_big', lines: [{ item_id: randomUUID(), quantity: 1 }] })).body.code).toBe('invalid_request');
    expect((await ask({ reason: 'sideways', lines: [{ item_id: lineBig.item_id, quantity: 1 }] })).status).toBe(422);
    expect((await ask({ reason: 'other', lines: [] })).status).toBe(422);

    await setVariant(api, small.id, { stock_quantity: 0 });
    const soldOut = await ask({ reason: 'too_big', lines: [{ item_id: lineBig.item_id, quantity: 1, exchange_variant_id: small.id }] });
    expect(soldOut).toMatchObject({
      status: 409,
      body: { code: 'exchange_sold_out', detail: expect.stringContaining('ask for a refund instead') },
    });
    expect(
      (await buyer.get(`/api/returns/purchase/${purchaseId}`)).body.lines.find((l: { item_id: string }) => l.item_id === lineBig.item_id),
    ).toMatchObject({
      returnable: 2,
      sizes: [expect.objectContaining({ variant_id: small.id, in_stock: false })],
    });
    expect(await stockOf(api, small.id)).toBe(0);

    // Another buyer's order is not found; nor is a forged guest link.
    const stranger = shopper(api);
    await stranger.register();
    expect(
      (await stranger.post(`/api/returns/purchase/${purchaseId}`, { reason: 'other', lines: [{ item_id: lineBig.item_id, quantity: 1 }] }))
        .status,
    ).toBe(404);
    expect((await api.app.request(`/api/returns/guest/${purchaseId}.forged-signature`)).status).toBe(404);

    // A day before the end it is open; at the end it is closed.
    api.clock.advance((RETURN_WINDOW_DAYS - 1) * DAY);
    await buyer.login(buyer.email!);
    await signInTeam();
    expect((await buyer.get(`/api/returns/purchase/${purchaseId}`)).body.closed).toBeNull();
    api.clock.advance(DAY);
    await buyer.login(buyer.email!);
    await signInTeam();
    const late = await ask({ reason: 'other', lines: [{ item_id: lineBig.item_id, quantity: 1 }] });
    expect(late).toMatchObject({
      status: 409,
      body: { code: 'return_window_passed', detail: expect.stringContaining('14-day return window') },
    });
    // The day it closed is the shop's (Italy's), not UTC's: a parcel delivered just after midnight there counts from that day.
    const { delivered_at } = await api.database.db
      .selectFrom('purchases')
      .select('delivered_at')
      .where('id', '=', purchaseId)
      .executeTakeFirstOrThrow();
    expect(late.body.detail).toContain(`closed on ${shopDay(new Date(delivered_at!.getTime() + RETURN_WINDOW_DAYS * DAY))}`);
    expect((await buyer.get(`/api/returns/purchase/${purchaseId}`)).body.closed).toBe('window_passed');
    expect((await buyer.get(`/api/user/purchase/${purchaseId}`)).body.return_window_ends_at).toBeNull();
    expect(await api.database.db.selectFrom('returns').select('id').where('purchase_id', '=', purchaseId).execute()).toEqual([]);

    // An order not delivered yet cannot be returned.
    const [fresh] = await kit.nextPair();
    await setVariant(api, fresh.id, { stock_quantity: 5 });
    const processing = await buyThroughCheckout(api, buyer, [{ id: fresh.id }]);
    const item = (await buyer.get(`/api/returns/purchase/${processing}`)).body;
    expect(item.closed).toBe('not_delivered');
    expect(
      (
        await buyer.post(`/api/returns/purchase/${processing}`, {
          reason: 'other',
          lines: [{ item_id: item.lines[0].item_id, quantity: 1 }],
        })
      ).body.code,
    ).toBe('order_status_conflict');
  });

  it('an order refunded in full has nothing left to return', async () => {
    const { purchaseId, lineOther } = await deliveredOrder();
    expect((await admin('POST', 'orders/refund', { order: purchaseId, idempotency_key: randomUUID(), full: true })).body.status).toBe(
      'Refunded',
    );
    expect((await buyer.get(`/api/returns/purchase/${purchaseId}`)).body.closed).toBe('nothing_left');
    const refused = await buyer.post(`/api/returns/purchase/${purchaseId}`, {
      reason: 'other',
      lines: [{ item_id: lineOther.item_id, quantity: 1 }],
    });
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'already_returned', detail: expect.stringContaining('nothing left to return') },
    });
  });

  it('a guest returns through the signed link of the delivery email, for that order only', async () => {
    const guest = shopper(api);
    await guest.signInAsGuest();
    const { purchaseId, lineOther } = await deliveredOrder(guest);
    const mail = (await readOutbox(api.database.db, guest.email!)).find((m) => m.subject.includes('has been delivered'))!;
    const link = /Return or exchange: (\S+)/.exec(mail.text)![1];
    expect(link).toMatch(/^http:\/\/shop\.test\/returns\//);
    const token = decodeURIComponent(new URL(link).pathname.split('/').pop()!);
    const anonymous = shopper(api);
    const options = await anonymous.get(`/api/returns/guest/${token}`);
    expect(options.body).toMatchObject({ purchase_id: purchaseId, guest: true, closed: null });
    const made = await anonymous.post(`/api/returns/guest/${token}`, {
      reason: 'damaged',
      comment: 'Seam open',
      lines: [{ item_id: lineOther.item_id, quantity: 1 }],
    });
    expect(made).toMatchObject({ status: 201, body: { status: 'requested', comment: 'Seam open' } });
    expect((await readOutbox(api.database.db, guest.email!))[0].subject).toBe(
      `Your FILO return ${made.body.number} for order ${made.body.order_number}`,
    );
    // The same signature does not open another order.
    const other = await deliveredOrder();
    const signature = token.split('.')[1];
    expect((await anonymous.get(`/api/returns/guest/${other.purchaseId}.${signature}`)).status).toBe(404);
  });

  it('cancelling an open return frees its units and puts the exchange size back on sale', async () => {
    const { purchaseId, small, lineBig } = await deliveredOrder();
    const before = await stockOf(api, small.id);
    const made = await buyer.post(`/api/returns/purchase/${purchaseId}`, {
      reason: 'too_big',
      lines: [{ item_id: lineBig.item_id, quantity: 2, exchange_variant_id: small.id }],
    });
    expect(await stockOf(api, small.id)).toBe(before - 2);
    expect((await admin('POST', 'returns/cancel', { return: made.body.number }, staffHeaders)).status).toBe(403);
    expect(await admin('POST', 'returns/cancel', { return: made.body.number }, ownerHeaders)).toMatchObject({
      status: 200,
      body: { status: 'cancelled' },
    });
    expect(await stockOf(api, small.id)).toBe(before);
    expect(
      (await buyer.get(`/api/returns/purchase/${purchaseId}`)).body.lines.find((l: { item_id: string }) => l.item_id === lineBig.item_id)
        .returnable,
    ).toBe(2);
    expect((await admin('POST', 'returns/cancel', { return: made.body.number }, ownerHeaders)).body.code).toBe('return_status_conflict');
    expect((await admin('GET', 'returns/R-NOPE00')).status).toBe(404);
    expect((await admin('GET', 'returns/not-a-number')).status).toBe(422);
    expect((await admin('GET', `returns?order=${purchaseId}`)).body).toMatchObject([{ number: made.body.number, email: buyer.email }]);
  });
});
