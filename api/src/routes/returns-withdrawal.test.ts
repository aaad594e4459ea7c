import { beforeAll, describe, expect, it } from 'vitest';

import { buyThroughCheckout, setVariant, type Shopper, shopper } from '../../../tests/support/shopper';
import { cliHeaders } from '../../../tests/support/staff';
import { useTestApi } from '../../../tests/support/use-test-api';
import { readOutbox } from '../services/mail';

// The right of withdrawal (EU directive 2011/83) in one step: `whole_order` returns every unit still
// returnable, counted by the API under the order's lock, for a refund.

const api = useTestApi();
let buyer: Shopper;

const admin = async (path: string, body: unknown) =>
  (
    await api.app.request(`/api/admin/${path}`, {
      method: 'POST',
      headers: { ...cliHeaders, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).status;

/** A delivered order of 2 × one variant and 1 × another, with its return options. */
let next = 0;
async function deliveredOrder() {
  const [a, b] = [api.stocked[next * 2], api.stocked[next * 2 + 1]];
  next++;
  await setVariant(api, a.id, { stock_quantity: 20 });
  await setVariant(api, b.id, { stock_quantity: 20 });
  const purchaseId = await buyThroughCheckout(api, buyer, [
    { id: a.id, quantity: 2 },
    { id: b.id, quantity: 1 },
  ]);
  expect(await admin('orders/ship', { order: purchaseId, carrier: 'BRT', tracking: `BRT ${purchaseId.slice(0, 6)}` })).toBe(200);
  expect(await admin('orders/deliver', { order: purchaseId })).toBe(200);
  const options = (await buyer.get(`/api/returns/purchase/${purchaseId}`)).body;
  return { purchaseId, options, a, b };
}

const withdraw = (purchaseId: string, body: Record<string, unknown> = {}) =>
  buyer.post(`/api/returns/purchase/${purchaseId}`, { reason: 'changed_mind', whole_order: true, ...body });

beforeAll(async () => {
  buyer = shopper(api);
  await buyer.register();
});

describe('withdrawal from the whole order', () => {
  it('returns every unit of every line for a refund, mailed like any return', async () => {
    const { purchaseId, a, b } = await deliveredOrder();
    const answer = await withdraw(purchaseId);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ kind: 'refund', status: 'requested', reason: 'changed_mind' });
    const units = Object.fromEntries(answer.body.lines.map((line: { sku: string; quantity: number }) => [line.sku, line.quantity]));
    expect(units).toEqual({ [a.sku]: 2, [b.sku]: 1 });
    const options = (await buyer.get(`/api/returns/purchase/${purchaseId}`)).body;
    expect(options.lines.map((line: { returnable: number }) => line.returnable)).toEqual([0, 0]);
    const mails = await readOutbox(api.database.db, buyer.email!);
    expect(mails.some((mail) => mail.subject.includes(answer.body.number))).toBe(true);
  });

  it('after a partial return, takes only what is left; then there is nothing left to withdraw', async () => {
    const { purchaseId, options, a, b } = await deliveredOrder();
    const lineA = options.lines.find((line: { sku: string }) => line.sku === a.sku);
    expect(
      (await buyer.post(`/api/returns/purchase/${purchaseId}`, { reason: 'other', lines: [{ item_id: lineA.item_id, quantity: 1 }] }))
        .status,
    ).toBe(201);
    const answer = await withdraw(purchaseId);
    expect(answer.status).toBe(201);
    const units = Object.fromEntries(answer.body.lines.map((line: { sku: string; quantity: number }) => [line.sku, line.quantity]));
    expect(units).toEqual({ [a.sku]: 1, [b.sku]: 1 });
    expect(await withdraw(purchaseId)).toMatchObject({
      status: 409,
      body: { code: 'already_returned', detail: expect.stringContaining('nothing left to return') },
    });
  });

  it('five at once make one withdrawal: the others are told there is nothing left', async () => {
    const { purchaseId } = await deliveredOrder();
    const answers = await Promise.all(Array.from({ length: 5 }, () => withdraw(purchaseId)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 201).every((answer) => answer.body.code === 'already_returned')).toBe(true);
    const returns = (await buyer.get(`/api/returns/purchase/${purchaseId}`)).body.returns;
    expect(returns).toHaveLength(1);
  });

  it('refuses lines beside it, no lines at all, and an order not yet delivered, changing nothing', async () => {
    const { purchaseId, options } = await deliveredOrder();
    const line = options.lines[0];
    const withLines = await withdraw(purchaseId, { lines: [{ item_id: line.item_id, quantity: 1 }] });
    expect(withLines.status).toBe(422);
    expect(JSON.stringify(withLines.body.detail)).toContain('A withdrawal from the whole order names no lines');
    const none = await buyer.post(`/api/returns/purchase/${purchaseId}`, { reason: 'changed_mind' });
    expect(none.status).toBe(422);
    expect(JSON.stringify(none.body.detail)).toContain('Choose at least one item to return');
    expect((await buyer.get(`/api/returns/purchase/${purchaseId}`)).body.returns).toEqual([]);

    const paidOnly = await buyThroughCheckout(api, buyer, [{ id: api.stocked[api.stocked.length - 1].id, quantity: 1 }]);
    expect(await withdraw(paidOnly)).toMatchObject({ status: 409, body: { code: 'order_status_conflict' } });
  });

  it("the confirmation email carries the instructions, the return page and the model form filled in, in the order's language", async () => {
    const confirmation = async (who: Shopper) =>
      (await readOutbox(api.database.db, who.email!)).find((mail) =>
        /^(Your FILO order|Il tuo ordine FILO) ORD-[^ ]+$/.test(mail.subject),
      )!;

    const purchaseId = await buyThroughCheckout(api, buyer, [{ id: api.stocked[10].id, quantity: 1 }]);
    const mail = await confirmation(buyer);
    const number = /ORD-[^ ]+$/.exec(mail.subject)![0];
    expect(mail.text).toContain('You may withdraw from this order within 14 days of delivery, without giving a reason.');
    expect(mail.text).toContain(`http://shop.test/orders/${purchaseId}/return`);
    expect(mail.text).toContain('I hereby give notice that I withdraw from my contract of sale of the following goods: 1 × ');
    expect(mail.text).toContain(`Order number: ${number}`);
    expect(mail.html).toContain('Model withdrawal form, filled in for this order:');

    // A guest's link is the signed return page; an Italian order's words are Italian.
    const guest = shopper(api, { locale: 'it' });
    await guest.signInAsGuest();
    await buyThroughCheckout(api, guest, [{ id: api.stocked[11].id, quantity: 1 }]);
    const italian = await confirmation(guest);
    expect(italian.text).toMatch(/http:\/\/shop\.test\/it\/returns\/[0-9a-f-]{36}\.[\w-]+/);
    expect(italian.text).toContain('Puoi recedere da questo ordine entro 14 giorni dalla consegna');
    expect(italian.text).toContain('Con la presente notifico il recesso dal mio contratto di vendita dei seguenti beni: 1 × ');
  });
});
