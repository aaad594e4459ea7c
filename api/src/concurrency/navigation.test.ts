import { describe, expect, it } from 'vitest';

import type { AdminNavigation } from '@contract/api/navigation';

import { cliHeaders } from '../../../tests/support/staff';
import { useTestApi } from '../../../tests/support/use-test-api';

// Two owners (or a double click) changing one menu at the same moment (ADR 071): every change takes
// the group's lock first, so the links keep one place each, 1..n, and an edit from a stale version is refused.
const api = useTestApi({ seed: false });

async function call(method: string, path: string, body?: unknown) {
  const res = await api.app.request(`/api/admin/navigation${path}`, {
    method,
    headers: { ...cliHeaders, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as AdminNavigation };
}

const groupOf = async (key: string) => (await call('GET', '')).body.groups.find((group) => group.key === key)!;

describe('concurrent changes to one menu', () => {
  it('moves, adds and removes at once and leaves the links at places 1..n, each once', async () => {
    const support = await groupOf('support');
    const [contact, problem, returns, about] = support.items;
    const results = await Promise.all([
      call('POST', `/items/${about!.id}/move`, { direction: 'up' }),
      call('POST', `/items/${contact!.id}/move`, { direction: 'down' }),
      call('POST', `/items/${about!.id}/move`, { direction: 'up' }),
      call('POST', `/groups/${support.id}/items`, { kind: 'path', address: '/gift-cards', label_en: 'Gift cards' }),
      call('POST', `/groups/${support.id}/items`, { kind: 'path', address: '/orders', label_en: 'Orders' }),
      call('DELETE', `/items/${problem!.id}`),
      call('POST', `/items/${returns!.id}/move`, { direction: 'down' }),
    ]);
    expect(results.map((result) => result.status)).toEqual([200, 200, 200, 201, 201, 200, 200]);
    const after = await groupOf('support');
    expect(after.items.map((item) => item.position)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(after.items.map((item) => item.label_en))).toEqual(
      new Set(['Contact us', 'Returns', 'About us', 'Gift cards', 'Orders']),
    );
  });

  it('moves footer columns from both ends at once and keeps them at places 1..n', async () => {
    const footer = (await call('GET', '')).body.groups.filter((group) => group.menu === 'footer');
    const results = await Promise.all([
      call('POST', `/groups/${footer[0]!.id}/move`, { direction: 'down' }),
      call('POST', `/groups/${footer[3]!.id}/move`, { direction: 'up' }),
      call('POST', '/groups', { heading_en: 'Guides' }),
      call('POST', `/groups/${footer[1]!.id}/move`, { direction: 'down' }),
    ]);
    expect(results.map((result) => result.status)).toEqual([200, 200, 201, 200]);
    const after = (await call('GET', '')).body.groups.filter((group) => group.menu === 'footer');
    expect(after.map((group) => group.position)).toEqual([1, 2, 3, 4, 5]);
    expect(after.at(-1)!.heading_en).toBe('Guides');
  });

  it('keeps one of two edits made from the same version and refuses the other', async () => {
    const header = await groupOf('products');
    const all = header.items.find((item) => item.kind === 'path')!;
    const edit = (label: string) => call('PUT', `/items/${all.id}`, { kind: 'path', address: '/', label_en: label, version: all.version });
    const results = await Promise.all([edit('Everything'), edit('The whole shop')]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const kept = (await groupOf('products')).items.find((item) => item.id === all.id)!;
    expect(['Everything', 'The whole shop']).toContain(kept.label_en);
    expect(kept.version).toBe(all.version + 1);
  });
});
