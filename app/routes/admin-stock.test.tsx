import { createRemixStub } from '@remix-run/testing';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';

import { backOfficeMember } from '../../tests/support/admin-member';
import { runAdminRoute } from '../../tests/support/admin-route';
import { setVariant, variants } from '../../tests/support/shopper';
import { withStorefrontApi } from '../../tests/support/storefront-api';
import AdminStock, { action as stockAction, loader as stockLoader } from './admin.stock';

/** The stock page: Low and Sold out rows, the owner's threshold, restocking and its refusals. */
const api = withStorefrontApi();

const cookieOf = (response: Response) => (response.headers.get('Set-Cookie') ?? '').split(';')[0];
type Row = { sku: string; stock_quantity: number };
type Data = Record<string, unknown> & { notice: string | null; rows: Row[]; threshold: number };

async function signedIn(role: 'owner' | 'staff'): Promise<string> {
  return (await backOfficeMember(api.current, role)).cookie;
}

const load = async (cookie: string) => (await (await runAdminRoute(stockLoader, '/admin/stock', {}, { cookie })).json()) as Data;
const post = (cookie: string, form: [string, string][]) => runAdminRoute(stockAction, '/admin/stock', {}, { cookie, form });

function draw(data: Data, actionData?: unknown): string {
  const Page = createRemixStub([{ path: '/admin/stock', Component: AdminStock, loader: () => data, action: () => actionData ?? null }]);
  const hydrationData = { loaderData: { '0': data }, ...(actionData ? { actionData: { '0': actionData } } : {}) };
  return renderToStaticMarkup(createElement(Page, { initialEntries: ['/admin/stock'], hydrationData }));
}

/** The table row of one SKU. */
const rowOf = (html: string, sku: string) => new RegExp(`<tr[^>]*><th scope="row">${sku}</th>.*?</tr>`).exec(html)?.[0] ?? '';

let owner: string;
let staff: string;
let soldOut: { id: string; sku: string };
let plenty: { id: string; sku: string };

beforeAll(async () => {
  owner = await signedIn('owner');
  staff = await signedIn('staff');
  [soldOut, plenty] = await variants(api.current);
  await setVariant(api.current, soldOut.id, { stock_quantity: 0 });
  await setVariant(api.current, plenty.id, { stock_quantity: 500 });
});

describe('the stock page', () => {
  it('marks a sold-out variant and a low one, and lets only an owner set the threshold', async () => {
    const data = await load(owner);
    const html = draw(data);
    expect(rowOf(html, soldOut.sku)).toContain('class="admin-table__low"');
    expect(rowOf(html, soldOut.sku)).toContain('<strong class="admin-badge">Sold out</strong>');
    expect(rowOf(html, plenty.sku)).not.toContain('admin-badge');
    const low = data.rows.filter((row) => row.stock_quantity <= data.threshold).length;
    expect(html).toContain(`${low} of ${data.rows.length} variants are at ${data.threshold} units or fewer (marked Low).`);
    expect(html).toContain('id="low-stock-threshold"');

    const staffHtml = draw(await load(staff));
    expect(staffHtml).toContain('(marked Low; an owner sets the number)');
    expect(staffHtml).not.toContain('id="low-stock-threshold"');
  });

  it('marks a variant Low, not Sold out, once the threshold is above its units', async () => {
    await setVariant(api.current, plenty.id, { stock_quantity: 3 });
    const saved = await post(owner, [
      ['intent', 'threshold'],
      ['low_stock_threshold', '5'],
    ]);
    expect(saved.status).toBe(303);
    const data = await load(cookieOf(saved));
    expect(data.notice).toBe('Variants at 5 units or fewer are now marked Low.');
    expect(data.threshold).toBe(5);
    expect(rowOf(draw(data), plenty.sku)).toContain('<strong class="admin-badge">Low</strong>');
    await setVariant(api.current, plenty.id, { stock_quantity: 500 });
  });

  it('refuses a threshold that is not a whole number, and one from staff', async () => {
    const bad = await post(owner, [
      ['intent', 'threshold'],
      ['low_stock_threshold', '2.5'],
    ]);
    expect(bad.status).toBe(400);
    const answer = await bad.json();
    expect(answer).toMatchObject({ intent: 'threshold', result: { error: { low_stock_threshold: ['Enter a whole number of units'] } } });
    expect(draw(await load(owner), answer)).toContain('Enter a whole number of units');

    const fromStaff = await post(staff, [
      ['intent', 'threshold'],
      ['low_stock_threshold', '4'],
    ]);
    expect(fromStaff.status).toBe(403);
    const refused = (await fromStaff.json()) as { result: { error: Record<string, string[]> } };
    expect(refused.result.error[''][0]).toBeTruthy();
    expect((await load(owner)).threshold).toBe(5);
  });

  it('restocks a variant with a notice of before and after', async () => {
    const added = await post(staff, [
      ['sku', soldOut.sku],
      ['quantity', '7'],
    ]);
    expect(added.status).toBe(303);
    const data = await load(cookieOf(added));
    expect(data.notice).toMatch(new RegExp(`^${soldOut.sku} \\(.+\\): 0 → 7\\.$`));
    expect(rowOf(draw(data), soldOut.sku)).not.toContain('Sold out');
  });

  it("shows a refused restock's message beside that variant's field only", async () => {
    const none = await post(staff, [
      ['sku', plenty.sku],
      ['quantity', '0'],
    ]);
    expect(none.status).toBe(400);
    const answer = await none.json();
    expect(answer).toEqual({ intent: 'restock', result: null, sku: plenty.sku, error: 'Add at least 1 unit' });
    const html = draw(await load(staff), answer);
    const row = rowOf(html, plenty.sku);
    expect(row).toContain('aria-invalid="true"');
    expect(row).toContain('role="alert">Add at least 1 unit</p>');
    expect(rowOf(html, soldOut.sku)).not.toContain('role="alert"');

    const unknown = await post(staff, [
      ['sku', 'NO-SUCH-SKU'],
      ['quantity', '2'],
    ]);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ intent: 'restock', sku: 'NO-SUCH-SKU', error: expect.any(String) });
  });
});
