import { createRemixStub } from '@remix-run/testing';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';

import { runAdminRoute } from '../../tests/support/admin-route';
import { buyThroughCheckout, shopper, variants } from '../../tests/support/shopper';
import { STAFF_PASSWORD, staffMember } from '../../tests/support/staff';
import { withStorefrontApi } from '../../tests/support/storefront-api';
import { action as loginAction } from './admin.login';
import AdminOrders, { loader as ordersLoader } from './admin.orders._index';

/** The order list: a shop with none, a search that finds none, wrong days named beside their fields, a filled list, a later page. */
const api = withStorefrontApi();

type Data = Record<string, unknown> & { orders: { order_number: string }[]; filters: string };

const load = async (cookie: string, query = '') =>
  (await (await runAdminRoute(ordersLoader, `/admin/orders${query}`, {}, { cookie })).json()) as Data;

function draw(data: Data, query = ''): string {
  const Page = createRemixStub([{ path: '/admin/orders', Component: AdminOrders, loader: () => data }]);
  return renderToStaticMarkup(
    createElement(Page, { initialEntries: [`/admin/orders${query}`], hydrationData: { loaderData: { '0': data } } }),
  );
}

let staff: string;

beforeAll(async () => {
  const { email } = await staffMember(api.current, 'staff');
  const form: [string, string][] = [
    ['intent', 'login'],
    ['email', email],
    ['password', STAFF_PASSWORD],
    ['redirectTo', ''],
  ];
  staff = ((await runAdminRoute(loginAction, '/admin/login', {}, { form })).headers.get('Set-Cookie') ?? '').split(';')[0];
});

describe('the order list', () => {
  it('says there are no orders yet in a shop without any', async () => {
    const data = await load(staff);
    expect(data.orders).toEqual([]);
    const html = draw(data);
    expect(html).toContain('<p role="status">No orders yet.</p>');
    expect(html).toContain('href="/admin/orders.csv"');
    expect(html).not.toContain('Newer orders');
    expect(html).not.toContain('Older orders');
  });

  it('names wrong days beside their fields and searches without them', async () => {
    const query = '?from=2026-02-31&to=tomorrow';
    const data = await load(staff, query);
    const html = draw(data, query);
    expect(html).toMatch(/<p class="notice notice--error" role="alert">The dates were not used: from: [^;<]+; to: [^<]+\.<\/p>/);
    expect(html).toContain('id="orders-from-error"');
    expect(html).toContain('id="orders-to-error"');
    expect(html).toMatch(/id="orders-from"[^>]*aria-invalid="true"/);
  });

  it('lists orders, finds none for a search that matches nothing, and links back from a later page', async () => {
    const buyer = shopper(api.current);
    await buyer.register();
    await buyThroughCheckout(api.current, buyer, [{ id: (await variants(api.current))[0].id }]);

    const data = await load(staff);
    expect(data.orders).toHaveLength(1);
    const html = draw(data);
    expect(html).toContain(data.orders[0].order_number);
    expect(html).not.toContain('No orders yet.');

    const query = '?q=nothing-like-this&status=Shipped';
    const none = await load(staff, query);
    expect(none.filters).toContain('q=nothing-like-this');
    expect(none.filters).toContain('status=Shipped');
    const noneHtml = draw(none, query);
    expect(noneHtml).toContain('<p role="status">No orders match this search.</p>');
    expect(noneHtml).toContain(`href="/admin/orders.csv?${none.filters.replace(/&/g, '&amp;')}"`);

    const later = await load(staff, '?status=Processing&page=2');
    expect(later.orders).toEqual([]);
    const laterHtml = draw(later, '?status=Processing&page=2');
    expect(laterHtml).toContain('No orders match this search.');
    expect(laterHtml).toMatch(/<a[^>]*href="\/admin\/orders\?status=Processing"[^>]*>Newer orders<\/a>/);
    expect(laterHtml).not.toContain('Older orders');
  });
});
