import { describe, expect, it } from 'vitest';

import { cliHeaders, staffMember } from '../../../../tests/support/staff';
import { useTestApi } from '../../../../tests/support/use-test-api';

const api = useTestApi();

async function call(method: 'GET' | 'POST', body?: unknown, headers: Record<string, string> = cliHeaders) {
  const res = await api.app.request('/api/admin/settings', {
    method,
    headers: { ...headers, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

describe('shop settings', () => {
  it('the low-stock threshold starts at its default; an owner changes it, audited; staff read it but may not change it', async () => {
    expect(await call('GET')).toEqual({ status: 200, body: { low_stock_threshold: 5, store_credit_bonus_percent: 0 } });
    const owner = await staffMember(api, 'owner');
    expect(await call('POST', { low_stock_threshold: 12 }, { Authorization: `Bearer ${owner.token}` })).toEqual({
      status: 200,
      body: { low_stock_threshold: 12, store_credit_bonus_percent: 0 },
    });
    expect((await call('GET')).body).toEqual({ low_stock_threshold: 12, store_credit_bonus_percent: 0 });
    const audit = await api.app.request('/api/admin/audit?subject_type=setting', { headers: cliHeaders });
    expect((await audit.json())[0]).toMatchObject({
      actor: owner.email,
      action: 'settings.change',
      subject_id: 'low_stock_threshold',
      before: { low_stock_threshold: 5 },
      after: { low_stock_threshold: 12 },
    });

    const staff = await staffMember(api, 'staff');
    expect(await call('POST', { low_stock_threshold: 1 }, { Authorization: `Bearer ${staff.token}` })).toEqual({
      status: 403,
      body: { detail: 'Only an owner may do this', code: 'forbidden' },
    });
    expect((await call('GET', undefined, { Authorization: `Bearer ${staff.token}` })).body).toEqual({
      low_stock_threshold: 12,
      store_credit_bonus_percent: 0,
    });

    for (const wrong of [
      { low_stock_threshold: -1 },
      { low_stock_threshold: 2.5 },
      { low_stock_threshold: '7' },
      { low_stock_threshold: null },
      {},
    ]) {
      expect((await call('POST', wrong)).status).toBe(422);
    }
    expect((await call('GET')).body).toEqual({ low_stock_threshold: 12, store_credit_bonus_percent: 0 });
  });

  it("an owner chooses the menu's products, in order, audited; anyone reads them; staff may not choose; unknown or too many are refused", async () => {
    const menu = async () => (await api.app.request('/api/products/menu')).json();
    expect(await menu()).toEqual({ product_ids: [] });
    const products = await api.database.db
      .selectFrom('products')
      .select(['id', 'name'])
      .where('gift_card', '=', false)
      .orderBy('name')
      .execute();
    const [first, second] = products;
    const choose = (ids: unknown, headers: Record<string, string> = cliHeaders) =>
      api.app.request('/api/admin/settings/menu', {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ product_ids: ids }),
      });
    const owner = await staffMember(api, 'owner');
    const chosen = await choose([second.id, first.id], { Authorization: `Bearer ${owner.token}` });
    expect(chosen.status).toBe(200);
    expect(await chosen.json()).toEqual({ product_ids: [second.id, first.id] });
    expect(await menu()).toEqual({ product_ids: [second.id, first.id] });
    const audit = await api.app.request('/api/admin/audit?subject_type=setting', { headers: cliHeaders });
    expect((await audit.json())[0]).toMatchObject({
      actor: owner.email,
      subject_id: 'menu_products',
      before: { menu_products: [] },
      after: { menu_products: [second.id, first.id] },
    });

    const staff = await staffMember(api, 'staff');
    expect((await choose([first.id], { Authorization: `Bearer ${staff.token}` })).status).toBe(403);
    for (const wrong of [['00000000-0000-4000-8000-000000000000'], [first.id, first.id], Array(9).fill(first.id), 'x', null]) {
      expect((await choose(wrong)).status, JSON.stringify(wrong)).toBe(422);
    }
    expect(await menu()).toEqual({ product_ids: [second.id, first.id] });
    // None chosen: the menu goes back to the newest.
    expect((await choose([])).status).toBe(200);
    expect(await menu()).toEqual({ product_ids: [] });
  });
});
