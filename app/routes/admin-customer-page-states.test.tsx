import { createRemixStub } from '@remix-run/testing';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';

import { backOfficeMember } from '../../tests/support/admin-member';
import { runAdminRoute } from '../../tests/support/admin-route';
import { buyThroughCheckout, setVariant, shopper, variants } from '../../tests/support/shopper';
import { withStorefrontApi } from '../../tests/support/storefront-api';
import AdminCustomer, { action as customerAction, loader as customerLoader } from './admin.customers.$id';

/** A customer's page: with nothing yet and with orders and requests, for an owner and for staff; notes and erasure, refused and done. */
const api = withStorefrontApi();

const cookieOf = (response: Response) => (response.headers.get('Set-Cookie') ?? '').split(';')[0];
type Data = Record<string, unknown> & { notice: string | null };

async function signedIn(role: 'owner' | 'staff'): Promise<string> {
  return (await backOfficeMember(api.current, role)).cookie;
}

const load = async (id: string, cookie: string) =>
  (await (await runAdminRoute(customerLoader, `/admin/customers/${id}`, { id }, { cookie })).json()) as Data;
const post = (id: string, cookie: string, form: [string, string][]) =>
  runAdminRoute(customerAction, `/admin/customers/${id}`, { id }, { cookie, form });

function draw(id: string, data: Data, actionData?: unknown): string {
  const Page = createRemixStub([
    { path: '/admin/customers/:id', Component: AdminCustomer, loader: () => data, action: () => actionData ?? null },
  ]);
  const hydrationData = { loaderData: { '0': data }, ...(actionData ? { actionData: { '0': actionData } } : {}) };
  return renderToStaticMarkup(createElement(Page, { initialEntries: [`/admin/customers/${id}`], hydrationData }));
}

async function newCustomer(): Promise<{ id: string; email: string; buyer: ReturnType<typeof shopper> }> {
  const buyer = shopper(api.current);
  const { user } = await buyer.register();
  return { id: user.id as string, email: user.email as string, buyer };
}

let owner: string;
let staff: string;

beforeAll(async () => {
  owner = await signedIn('owner');
  staff = await signedIn('staff');
});

describe("a customer's page", () => {
  it('says so when a new customer has no orders, cards, requests or delivery yet', async () => {
    const { id, email } = await newCustomer();
    const html = draw(id, await load(id, owner));
    for (const text of [email, 'No orders yet.', 'None yet.', 'None.', 'Registered, since', 'Erase customer'])
      expect(html, text).toContain(text);
    expect(html).toMatch(/Last delivery<\/dt><dd>–<\/dd>/);

    const staffHtml = draw(id, await load(id, staff));
    expect(staffHtml).not.toContain('Privacy requests');
    expect(staffHtml).not.toContain('Erase customer');
  });

  it('lists their orders, last delivery and a back-in-stock request still waiting', async () => {
    const { id, buyer, email } = await newCustomer();
    const [bought, wanted] = await variants(api.current);
    await buyThroughCheckout(api.current, buyer, [{ id: bought.id }]);
    await setVariant(api.current, wanted.id, { stock_quantity: 0 });
    const asked = await buyer.post('/api/products/wishlist', { email, product_variant_id: wanted.id });
    expect(asked.status).toBe(201);

    const html = draw(id, await load(id, staff));
    expect(html).not.toContain('No orders yet.');
    expect(html).toMatch(/ORD-\d{4}-\d{2}-\d{2}-[0-9A-F]{8}/);
    expect(html).toContain('<span class="admin-address-line">Via Po 1</span>');
    expect(html).toMatch(/: waiting \(since \d{4}-\d{2}-\d{2} \d{2}:\d{2}\)/);
  });

  it('saves a staff note, and refuses an empty one with its message', async () => {
    const { id } = await newCustomer();
    const saved = await post(id, staff, [['note', 'Prefers deliveries after 5 pm']]);
    expect(saved.status).toBe(303);
    const data = await load(id, cookieOf(saved));
    expect(data.notice).toBe('Your note is saved.');
    expect(draw(id, data)).toContain('Prefers deliveries after 5 pm');

    const empty = await post(id, staff, [['note', '']]);
    expect(empty.status).toBe(400);
    const answer = (await empty.json()) as { result: { error: Record<string, string[]> }; eraseError: null };
    expect(answer.eraseError).toBeNull();
    expect(answer.result.error.note?.[0]).toBeTruthy();
  });

  it("erases a customer once the owner types their email, after refusing a wrong one and staff's", async () => {
    const { id, email } = await newCustomer();
    const wrong = await post(id, owner, [
      ['intent', 'erase'],
      ['confirm_email', 'not-an-email'],
    ]);
    expect(wrong.status).toBe(400);
    const refusal = (await wrong.json()) as { result: null; eraseError: string };
    expect(refusal.eraseError).toBeTruthy();
    const refusedHtml = draw(id, await load(id, owner), refusal);
    expect(refusedHtml).toContain('id="erase-customer-error" role="alert"');
    expect(refusedHtml).toContain('aria-invalid="true"');

    const fromStaff = await post(id, staff, [
      ['intent', 'erase'],
      ['confirm_email', email],
    ]);
    expect(fromStaff.status).toBe(403);
    expect(((await fromStaff.json()) as { eraseError: string }).eraseError).toBeTruthy();

    const erased = await post(id, owner, [
      ['intent', 'erase'],
      ['confirm_email', email],
    ]);
    expect(erased.status).toBe(303);
    const data = await load(id, cookieOf(erased));
    expect(data.notice).toBe('The customer has been erased.');
    const html = draw(id, data);
    expect(html).toContain('This customer has been erased: their orders are kept for tax without their name or address.');
    expect(html).not.toContain('Type the customer&#x27;s email to confirm');
    expect(html).not.toContain(email);
  });

  it('answers no such customer for an id that is not one', async () => {
    const answer = await runAdminRoute(customerLoader, '/admin/customers/nope', { id: 'nope' }, { cookie: staff });
    expect(answer.status).toBe(404);
  });
});
