import { createRemixStub } from '@remix-run/testing';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';

import { deliverOrder, shipOrder } from '../../api/src/services/fulfilment';
import { requestReturn } from '../../api/src/services/returns/request';
import { backOfficeMember } from '../../tests/support/admin-member';
import { runAdminRoute } from '../../tests/support/admin-route';
import { buyThroughCheckout, shopper, variants } from '../../tests/support/shopper';
import { withStorefrontApi } from '../../tests/support/storefront-api';
import AdminReturn, { action as returnAction, loader as returnLoader } from './admin.returns.$number';

/** A return's page at each step (requested, received, refunded, exchanged, cancelled), for an owner and for staff. */
const api = withStorefrontApi();

const cookieOf = (response: Response) => (response.headers.get('Set-Cookie') ?? '').split(';')[0];
type Data = Record<string, unknown> & { notice: string | null };

async function signedIn(role: 'owner' | 'staff'): Promise<string> {
  return (await backOfficeMember(api.current, role)).cookie;
}

/** A delivered order of one unit and a return of it: a refund, or an exchange for the product's other variant. */
async function newReturn(kind: 'refund' | 'exchange'): Promise<string> {
  const all = await variants(api.current);
  const bought = all.find((v) => all.some((other) => other.product_id === v.product_id && other.id !== v.id))!;
  const other = all.find((v) => v.product_id === bought.product_id && v.id !== bought.id)!;
  const buyer = shopper(api.current);
  await buyer.register();
  const order = await buyThroughCheckout(api.current, buyer, [{ id: bought.id }]);
  const CLI = { kind: 'cli', role: 'owner' } as const;
  await shipOrder(api.current.deps, order, 'BRT', 'BRT 9', CLI);
  await deliverOrder(api.current.deps, order, CLI);
  const line = await api.current.database.db
    .selectFrom('purchase_items')
    .select('id')
    .where('purchase_id', '=', order)
    .executeTakeFirstOrThrow();
  const exchange = kind === 'exchange' ? { exchange_variant_id: other.id } : {};
  const { number } = await requestReturn(api.current.deps, order, {
    reason: 'too_small',
    comment: 'Tight at the shoulders',
    refund_to: 'payment',
    whole_order: false,
    lines: [{ item_id: line.id, quantity: 1, ...exchange }],
  });
  return number;
}

const load = async (number: string, cookie: string) =>
  (await (await runAdminRoute(returnLoader, `/admin/returns/${number}`, { number }, { cookie })).json()) as Data;
const post = (number: string, cookie: string, form: [string, string][]) =>
  runAdminRoute(returnAction, `/admin/returns/${number}`, { number }, { cookie, form });

function draw(number: string, data: Data, actionData?: unknown): string {
  const Page = createRemixStub([
    { path: '/admin/returns/:number', Component: AdminReturn, loader: () => data, action: () => actionData ?? null },
  ]);
  const hydrationData = { loaderData: { '0': data }, ...(actionData ? { actionData: { '0': actionData } } : {}) };
  return renderToStaticMarkup(createElement(Page, { initialEntries: [`/admin/returns/${number}`], hydrationData }));
}

async function done(number: string, cookie: string, intent: string): Promise<Data> {
  const answer = await post(number, cookie, [['intent', intent]]);
  expect(answer.status, intent).toBe(303);
  return load(number, cookieOf(answer));
}

let owner: string;
let staff: string;

beforeAll(async () => {
  owner = await signedIn('owner');
  staff = await signedIn('staff');
});

describe("a return's page", () => {
  it('offers staff the receipt of a requested return, and an owner its cancelling too', async () => {
    const number = await newReturn('refund');
    const staffHtml = draw(number, await load(number, staff));
    for (const text of ['Return requested', 'A refund', 'Too small: Tight at the shoulders', 'Mark the parcel received'])
      expect(staffHtml, text).toContain(text);
    expect(staffHtml).not.toContain('Cancel the return');

    const ownerHtml = draw(number, await load(number, owner));
    expect(ownerHtml).toContain('Mark the parcel received');
    expect(ownerHtml).toContain('Cancel the return');
  });

  it('once received, tells staff only an owner refunds it, and the owner refunds it', async () => {
    const number = await newReturn('refund');
    const received = await done(number, staff, 'receive');
    expect(received.notice).toBe(`Return ${number} is marked received. The buyer was emailed.`);
    const staffHtml = draw(number, received);
    for (const text of ['Return received', 'Received (Italian time)', 'Only an owner can refund a return or ship an exchange.'])
      expect(staffHtml, text).toContain(text);
    expect(staffHtml).not.toContain('Refund the returned items');

    // Staff cannot refund: the API says no, and the page shows why.
    const refused = await post(number, staff, [['intent', 'refund']]);
    expect(refused.status).toBe(403);
    const refusal = (await refused.json()) as { intent: string; error: string };
    expect(refusal.intent).toBe('refund');
    expect(draw(number, received, refusal)).toContain('class="notice notice--error" role="alert"');

    expect(draw(number, await load(number, owner))).toContain('Refund the returned items (back on sale) and email the buyer');
    const refunded = await done(number, owner, 'refund');
    expect(refunded.notice).toBe(`Return ${number} is refunded and its units are back on sale. The buyer was emailed.`);
    const html = draw(number, refunded);
    expect(html).toContain('Return refunded');
    for (const text of ['Mark the parcel received', 'Refund the returned items', 'Cancel the return'])
      expect(html, text).not.toContain(text);
  });

  it('ships an exchange for an owner, after refusing a shipment without a carrier', async () => {
    const number = await newReturn('exchange');
    const requested = draw(number, await load(number, owner));
    expect(requested).toContain('An exchange for another size');
    expect(requested).not.toMatch(/<td>Refund<\/td>/);

    const received = await done(number, owner, 'receive');
    expect(draw(number, received)).toContain('Ship the exchange');

    const noCarrier = await post(number, owner, [
      ['intent', 'ship'],
      ['carrier', ''],
      ['tracking', 'GLS-77'],
    ]);
    expect(noCarrier.status).toBe(400);
    const answer = (await noCarrier.json()) as { intent: string; result: { error: Record<string, string[]> } };
    expect(answer.intent).toBe('ship');
    expect(answer.result.error.carrier?.[0]).toBeTruthy();
    expect(draw(number, received, answer)).toContain(answer.result.error.carrier[0]);

    const shipped = await post(number, owner, [
      ['intent', 'ship'],
      ['carrier', 'GLS'],
      ['tracking', 'GLS-77'],
    ]);
    expect(shipped.status).toBe(303);
    const data = await load(number, cookieOf(shipped));
    expect(data.notice).toBe(`The exchange of return ${number} is marked shipped with GLS. The buyer was emailed the tracking link.`);
    const html = draw(number, data);
    for (const text of ['Exchange shipped', 'Exchange parcel', 'GLS GLS-77']) expect(html, text).toContain(text);
    expect(html).not.toContain('Ship the exchange');
  });

  it('cancels a return, and refuses a step it does not know or one too late', async () => {
    const number = await newReturn('refund');
    const unknown = await post(number, owner, [['intent', 'lose']]);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ intent: null, result: null, error: 'Choose what to do with the return' });

    const cancelled = await done(number, owner, 'cancel');
    expect(cancelled.notice).toBe(`Return ${number} is cancelled. The buyer was emailed.`);
    const html = draw(number, cancelled);
    expect(html).toContain('Return cancelled');
    for (const text of ['Mark the parcel received', 'Cancel the return']) expect(html, text).not.toContain(text);

    const late = await post(number, staff, [['intent', 'receive']]);
    expect(late.status).toBeGreaterThanOrEqual(400);
    expect(await late.json()).toMatchObject({ intent: 'receive', result: null, error: expect.any(String) });
  });
});
