import { describe, expect, it } from 'vitest';

import { cliHeaders, staffMember } from '../../../../tests/support/staff';
import { useTestApi } from '../../../../tests/support/use-test-api';

// A database of its own: the owner counts below are this file's alone.
const api = useTestApi();

async function post(path: string, body: unknown, headers: Record<string, string> = cliHeaders) {
  const res = await api.app.request(`/api/admin/${path}`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}
const me = async (token: string) => (await api.app.request('/api/admin/me', { headers: { Authorization: `Bearer ${token}` } })).status;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('removing staff', () => {
  it('ends the member’s sessions at once, is audited, and is for owners only', async () => {
    const owner = await staffMember(api, 'owner');
    const staff = await staffMember(api, 'staff');
    const other = await staffMember(api, 'staff');
    expect(await me(staff.token)).toBe(200);
    expect(await post('staff/remove', { email: other.email }, bearer(staff.token))).toEqual({
      status: 403,
      body: { detail: 'Only an owner may do this', code: 'forbidden' },
    });

    const removed = await post('staff/remove', { email: staff.email.toUpperCase() }, bearer(owner.token));
    expect(removed).toMatchObject({ status: 200, body: { email: staff.email, role: 'staff' } });
    expect(await me(staff.token)).toBe(401);
    const login = await api.app.request('/api/staff/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: staff.email, password: 'Back-Office-2026' }),
    });
    expect(login.status).toBe(401);
    const audit = await (
      await api.app.request(`/api/admin/audit?subject_type=staff&subject_id=${encodeURIComponent(staff.email)}`, { headers: cliHeaders })
    ).json();
    expect(audit[0]).toMatchObject({ actor: owner.email, action: 'staff.remove', before: { role: 'staff' } });
    expect(await post('staff/remove', { email: staff.email })).toEqual({
      status: 404,
      body: { detail: `${staff.email} is not on the staff`, code: 'not_found' },
    });
    expect((await post('staff/remove', { email: 'not-an-email' })).status).toBe(422);
  });

  it('an owner cannot remove themself, and the last owner is never removed, even by two owners removing each other at once', async () => {
    const earlier = (await (await api.app.request('/api/admin/staff', { headers: cliHeaders })).json()).filter(
      (m: { role: string }) => m.role === 'owner',
    );
    const a = await staffMember(api, 'owner');
    const b = await staffMember(api, 'owner');
    // Leave exactly these two owners.
    for (const extra of earlier) expect((await post('staff/remove', { email: extra.email })).status).toBe(200);
    const remaining = async () =>
      (await (await api.app.request('/api/admin/staff', { headers: cliHeaders })).json()).filter(
        (m: { role: string }) => m.role === 'owner',
      );
    expect((await remaining()).map((m: { email: string }) => m.email).sort()).toEqual([a.email, b.email].sort());

    expect(await post('staff/remove', { email: a.email }, bearer(a.token))).toEqual({
      status: 409,
      body: { detail: 'You cannot remove yourself; another owner can', code: 'conflict' },
    });
    const [one, two] = await Promise.all([
      post('staff/remove', { email: b.email }, bearer(a.token)),
      post('staff/remove', { email: a.email }, bearer(b.token)),
    ]);
    expect([one.status, two.status].filter((status) => status === 200)).toHaveLength(1);
    expect(await remaining()).toHaveLength(1);
    const [last] = await remaining();
    expect(await post('staff/remove', { email: last.email })).toEqual({
      status: 409,
      body: { detail: `${last.email} is the last owner; add another owner first`, code: 'conflict' },
    });
  });
});
