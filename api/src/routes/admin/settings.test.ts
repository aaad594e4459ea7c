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
});
