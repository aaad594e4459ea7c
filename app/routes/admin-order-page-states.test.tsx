import { createRemixStub } from '@remix-run/testing';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';

import { backOfficeMember } from '../../tests/support/admin-member';
import { runAdminRoute } from '../../tests/support/admin-route';
import { buyThroughCheckout, shopper, variants } from '../../tests/support/shopper';
import { withStorefrontApi } from '../../tests/support/storefront-api';
import AdminOrder, { action as orderAction, loader as orderLoader } from './admin.orders.$order';

/** An order's page in each state it passes through, for an owner and for staff, and its forms refused. */
const api = withStorefrontApi();

const cookieOf = (response: Response) => (response.headers.get('Set-Cookie') ?? '').split(';')[0];
type Data = Record<string, unknown> & {
  notice: string | null;
  keys: Record<string, string>;
  order: { lines: { item_id: string }[] };
};

async function signedIn(role: 'owner' | 'staff'): Promise<string> {
  return (await backOfficeMember(api.current, role)).cookie;
}

async function newOrder(): Promise<string> {
  const buyer = shopper(api.current);
  await buyer.register();
  const [roomiest] = (await variants(api.current)).sort((a, b) => b.stock_quantity - a.stock_quantity);
  return buyThroughCheckout(api.current, buyer, [{ id: roomiest.id, quantity: 2 }]);
}

const load = async (order: string, cookie: string) =>
  (await (await runAdminRoute(orderLoader, `/admin/orders/${order}`, { order }, { cookie })).json()) as Data;

const post = (order: string, cookie: string, form: [string, string][]) =>
  runAdminRoute(orderAction, `/admin/orders/${order}`, { order }, { cookie, form });

/** The page as the browser first gets it, after the action's answer when there is one. */
function draw(order: string, data: Data, actionData?: unknown): string {
  const Page = createRemixStub([
    { path: '/admin/orders/:order', Component: AdminOrder, loader: () => data, action: () => actionData ?? null },
  ]);
  const hydrationData = { loaderData: { '0': data }, ...(actionData ? { actionData: { '0': actionData } } : {}) };
  return renderToStaticMarkup(createElement(Page, { initialEntries: [`/admin/orders/${order}`], hydrationData }));
}

/** Posts a form and follows its redirect: the notice the next page shows, and that page's data. */
async function done(order: string, cookie: string, form: [string, string][]): Promise<Data> {
  const answer = await post(order, cookie, form);
  expect(answer.status, JSON.stringify(form)).toBe(303);
  return load(order, cookieOf(answer));
}

let owner: string;
let staff: string;

beforeAll(async () => {
  owner = await signedIn('owner');
  staff = await signedIn('staff');
});

describe("an order's page", () => {
  it('offers an owner the ship, cancel and refund forms on a paid order, and staff only the shipping', async () => {
    const order = await newOrder();
    const html = draw(order, await load(order, owner));
    for (const text of [
      'Processing',
      'Not shipped yet',
      'Test payment page',
      'Cancel the order',
      'Refund part of it',
      'Refund everything left',
    ])
      expect(html, text).toContain(text);
    expect(html).toMatch(/Up to €[\d.,]+ can still be refunded\./);
    expect(html).not.toContain('Only an owner can cancel or refund an order.');
    expect(html).not.toContain('Mark delivered');

    const staffHtml = draw(order, await load(order, staff));
    expect(staffHtml).toContain('Only an owner can cancel or refund an order.');
    expect(staffHtml).toContain('id="ship-order"');
    for (const text of ['Cancel the order', 'Refund part of it', 'Refund everything left']) expect(staffHtml, text).not.toContain(text);
  });

  it('shows the refused forms with their messages: no tick, no units or amount, a bad amount, an empty note', async () => {
    const order = await newOrder();
    const data = await load(order, owner);

    const cancel = await post(order, owner, [
      ['intent', 'cancel'],
      ['idempotency_key', data.keys.cancel],
    ]);
    expect(cancel.status).toBe(400);
    const cancelled = await cancel.json();
    expect(cancelled).toMatchObject({ intent: 'cancel', result: { error: { confirm: ['Tick the box to confirm'] } } });
    expect(draw(order, data, cancelled)).toContain('Tick the box to confirm');

    const nothing = await post(order, owner, [
      ['intent', 'refund'],
      ['idempotency_key', data.keys.refund],
      ['amount', ''],
    ]);
    expect(nothing.status).toBe(400);
    const noUnits = await nothing.json();
    expect(noUnits).toMatchObject({ intent: 'refund', result: { error: { amount: ['Choose units to refund or enter an amount'] } } });
    expect(draw(order, data, noUnits)).toContain('Choose units to refund or enter an amount');

    const badAmount = await (
      await post(order, owner, [
        ['intent', 'refund'],
        ['idempotency_key', data.keys.refund],
        ['amount', 'twelve'],
      ])
    ).json();
    expect(badAmount).toMatchObject({ result: { error: { amount: ['Enter an amount in euros, like 12.50'] } } });
    expect(draw(order, data, badAmount)).toContain('Enter an amount in euros, like 12.50');

    const note = await post(order, staff, [
      ['intent', 'note'],
      ['note', ''],
    ]);
    expect(note.status).toBe(400);
    expect(await note.json()).toMatchObject({ intent: 'note', result: { error: { note: [expect.any(String)] } } });
  });

  it("refuses a member of staff's refund with the API's reason, and keeps no key to retry", async () => {
    const order = await newOrder();
    const data = await load(order, staff);
    const refused = await post(order, staff, [
      ['intent', 'refund-all'],
      ['idempotency_key', data.keys['refund-all']],
      ['confirm', 'on'],
    ]);
    expect(refused.status).toBe(403);
    const answer = (await refused.json()) as { intent: string; result: { error: Record<string, string[]> }; retryKey: string | null };
    expect(answer.intent).toBe('refund-all');
    expect(answer.result.error[''][0]).toBeTruthy();
    expect(answer.retryKey).toBeNull();
  });

  it('refunds part, then the rest, showing each refund and the order refunded in full', async () => {
    const order = await newOrder();
    const first = await load(order, owner);
    const part = await done(order, owner, [
      ['intent', 'refund'],
      ['idempotency_key', first.keys.refund],
      ['lines[0].item_id', first.order.lines[0].item_id],
      ['lines[0].quantity', '1'],
      ['amount', '1,50'],
      ['reason', 'Scratched box'],
    ]);
    expect(part.notice).toMatch(/^€[\d.,]+ was refunded on order ORD-\S+\. The buyer was emailed\.$/);
    const partHtml = draw(order, part);
    for (const text of ['Refund: 1 × ', 'Refunds', '(Scratched box)', 'Refund everything left']) expect(partHtml, text).toContain(text);
    // One of the two units is left to refund.
    expect(partHtml).toMatch(/<td>1<\/td><td>€[\d.,]+<\/td><td><input type="hidden" name="lines\[0\].item_id"/);

    // The same key again is the same refund: nothing more goes back.
    const replay = await done(order, owner, [
      ['intent', 'refund'],
      ['idempotency_key', first.keys.refund],
      ['lines[0].item_id', first.order.lines[0].item_id],
      ['lines[0].quantity', '1'],
      ['amount', '1,50'],
    ]);
    expect(replay.notice).toMatch(/^That refund was already made: €[\d.,]+ on order ORD-\S+\. Nothing more was refunded\.$/);

    const all = await done(order, owner, [
      ['intent', 'refund-all'],
      ['idempotency_key', part.keys['refund-all']],
      ['restock', 'on'],
      ['confirm', 'on'],
    ]);
    expect(all.notice).toMatch(/ was refunded on order ORD-\S+ and the units are back on sale\. The buyer was emailed\.$/);
    const allHtml = draw(order, all);
    expect(allHtml).toContain('<dt>Status</dt><dd>Refunded</dd>');
    expect(allHtml).toContain(', back on sale');
    for (const text of ['can still be refunded', 'Refund part of it', 'Refund everything left', 'id="ship-order"'])
      expect(allHtml, text).not.toContain(text);
  });

  it('cancels a paid order with a reason: refunded in full, no forms left', async () => {
    const order = await newOrder();
    const data = await load(order, owner);
    const cancelled = await done(order, owner, [
      ['intent', 'cancel'],
      ['idempotency_key', data.keys.cancel],
      ['reason', 'Out of stock at the warehouse'],
      ['confirm', 'on'],
    ]);
    expect(cancelled.notice).toMatch(
      /^Order ORD-\S+ is cancelled: €[\d.,]+ was refunded, the units are back on sale and the buyer was emailed\.$/,
    );
    const html = draw(order, cancelled);
    expect(html).toContain('<dt>Status</dt><dd>Cancelled</dd>');
    expect(html).toContain('Cancellation');
    for (const text of ['id="ship-order"', 'Mark delivered', 'Cancel the order', 'Refund part of it'])
      expect(html, text).not.toContain(text);
  });

  it('ships, then marks delivered, and refuses to deliver twice', async () => {
    const order = await newOrder();
    const shipped = await done(order, staff, [
      ['intent', 'ship'],
      ['carrier', 'BRT'],
      ['tracking', 'BRT-1234'],
    ]);
    const shippedHtml = draw(order, shipped);
    expect(shippedHtml).toContain('Mark delivered');
    expect(shippedHtml).toContain('BRT BRT-1234');
    expect(shippedHtml).not.toContain('id="ship-order"');
    // Once shipped an owner can still refund, but no longer cancel.
    const ownerHtml = draw(order, await load(order, owner));
    expect(ownerHtml).toContain('Refund part of it');
    expect(ownerHtml).not.toContain('Cancel the order');

    const delivered = await done(order, staff, [['intent', 'deliver']]);
    expect(delivered.notice).toMatch(/^Order ORD-\S+ is marked delivered\. The buyer was emailed\.$/);
    const deliveredHtml = draw(order, delivered);
    expect(deliveredHtml).toContain('<dt>Status</dt><dd>Delivered</dd>');
    expect(deliveredHtml).not.toContain('Mark delivered');

    const again = await post(order, staff, [['intent', 'deliver']]);
    expect(again.status).toBeGreaterThanOrEqual(400);
    const refusal = (await again.json()) as { intent: string; error: string };
    expect(refusal.intent).toBe('deliver');
    expect(refusal.error).toBeTruthy();
    expect(draw(order, delivered, refusal)).toContain(`role="alert">${refusal.error.replace(/'/g, '&#x27;')}<`);
  });

  it('saves a note and refuses a shipment with an unknown carrier', async () => {
    const order = await newOrder();
    const noted = await done(order, staff, [
      ['intent', 'note'],
      ['note', 'Gift wrap please'],
    ]);
    expect(noted.notice).toBe('Your note is saved.');
    expect(draw(order, noted)).toContain('Gift wrap please');

    const unknown = await post(order, staff, [
      ['carrier', 'Pony Express'],
      ['tracking', 'PX1'],
    ]);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ intent: 'ship', result: { error: { carrier: [expect.any(String)] } } });
  });
});
