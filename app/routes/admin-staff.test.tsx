import { createRemixStub } from '@remix-run/testing';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';

import { backOfficeMember } from '../../tests/support/admin-member';
import { runAdminRoute } from '../../tests/support/admin-route';
import { staffAddress } from '../../tests/support/staff';
import { withStorefrontApi } from '../../tests/support/storefront-api';
import AdminStaff, { action as staffAction, loader as staffLoader } from './admin.staff';

/** The staff page: only for an owner; adding, sending a new code and removing a member, each refused and done. */
const api = withStorefrontApi();

const cookieOf = (response: Response) => (response.headers.get('Set-Cookie') ?? '').split(';')[0];
type Data = Record<string, unknown> & { notice: string | null; forbidden: boolean };

function signedIn(role: 'owner' | 'staff'): Promise<{ cookie: string; email: string }> {
  return backOfficeMember(api.current, role);
}

const load = async (cookie: string, path = '/admin/staff') =>
  (await (await runAdminRoute(staffLoader, path, {}, { cookie })).json()) as Data;
const post = (cookie: string, form: [string, string][]) => runAdminRoute(staffAction, '/admin/staff', {}, { cookie, form });

function draw(data: Data, actionData?: unknown, path = '/admin/staff'): string {
  const Page = createRemixStub([{ path: '/admin/staff', Component: AdminStaff, loader: () => data, action: () => actionData ?? null }]);
  const hydrationData = { loaderData: { '0': data }, ...(actionData ? { actionData: { '0': actionData } } : {}) };
  return renderToStaticMarkup(createElement(Page, { initialEntries: [path], hydrationData }));
}

let owner: { cookie: string; email: string };
let staff: { cookie: string; email: string };

beforeAll(async () => {
  owner = await signedIn('owner');
  staff = await signedIn('staff');
});

describe('the staff page', () => {
  it('is refused to a member of staff, who reads that only an owner manages staff', async () => {
    const answer = await runAdminRoute(staffLoader, '/admin/staff', {}, { cookie: staff.cookie });
    expect(answer.status).toBe(403);
    const data = (await answer.json()) as Data;
    expect(data).toMatchObject({ forbidden: true, members: [] });
    const html = draw(data);
    expect(html).toContain('<p role="alert">Only an owner may manage staff.</p>');
    expect(html).not.toContain('Add someone');
  });

  it('lists the members for an owner, with no Remove link beside themselves', async () => {
    const html = draw(await load(owner.cookie));
    const rowOf = (email: string) => new RegExp(`<tr><td>${email}</td>.*?</tr>`).exec(html)?.[0] ?? '';
    expect(rowOf(owner.email)).toContain('<td>owner</td><td>Chosen</td>');
    expect(rowOf(owner.email)).not.toContain('?remove=');
    expect(rowOf(staff.email)).toContain('<td>staff</td><td>Chosen</td>');
    expect(rowOf(staff.email)).toContain(`/admin/staff?remove=${encodeURIComponent(staff.email)}`);
    expect(html).toContain('Add someone');
  });

  it('adds a member, who has not chosen a password yet, and refuses a form without a role', async () => {
    const noRole = await post(owner.cookie, [
      ['intent', 'add'],
      ['email', 'newcomer@brand.example'],
      ['role', ''],
    ]);
    expect(noRole.status).toBe(400);
    const refusal = await noRole.json();
    expect(refusal).toMatchObject({ intent: 'add', result: { error: { role: ['Choose a role: owner or staff'] } } });
    expect(draw(await load(owner.cookie), refusal)).toContain('Choose a role: owner or staff');

    const email = staffAddress('newcomer');
    const added = await post(owner.cookie, [
      ['intent', 'add'],
      ['email', email],
      ['role', 'owner'],
    ]);
    expect(added.status).toBe(303);
    const data = await load(cookieOf(added));
    expect(data.notice).toBe(`${email} was added as owner. They have been mailed a code to choose a password.`);
    expect(draw(data)).toContain(`<tr><td>${email}</td><td>owner</td><td>Not chosen yet</td>`);

    const twice = await post(owner.cookie, [
      ['intent', 'add'],
      ['email', email],
      ['role', 'staff'],
    ]);
    expect(twice.status).toBeGreaterThanOrEqual(400);
    expect(((await twice.json()) as { result: { error: Record<string, string[]> } }).result.error[''][0]).toBeTruthy();
  });

  it('refuses a new code asked for too soon after the last one, at the top of the page, and an address that is not one', async () => {
    // staffMember mailed this member a code moments ago.
    const tooSoon = await post(owner.cookie, [
      ['intent', 'resend'],
      ['email', staff.email],
    ]);
    expect(tooSoon.status).toBe(429);
    const refusal = (await tooSoon.json()) as { intent: string; result: { error: Record<string, string[]> } };
    expect(refusal.intent).toBe('resend');
    const message = refusal.result.error[''][0];
    expect(message).toBeTruthy();
    const html = draw(await load(owner.cookie), refusal);
    expect(html).toMatch(/id="staff-resend-error"[^>]*>[^<]+</);

    const bad = await post(owner.cookie, [
      ['intent', 'resend'],
      ['email', 'not an email'],
    ]);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ intent: 'resend', result: { error: { email: [expect.any(String)] } } });
  });

  it('asks to confirm a removal on a page of its own, then removes the member', async () => {
    const leaving = await signedIn('staff');
    const path = `/admin/staff?remove=${encodeURIComponent(leaving.email)}`;
    const asking = await load(owner.cookie, path);
    expect(asking.removing).toMatchObject({ email: leaving.email });
    const html = draw(asking, undefined, path);
    expect(html).toContain(`Remove ${leaving.email}?`);
    expect(html).toContain(`Yes, remove ${leaving.email}`);
    expect(html).toContain('Keep them');
    // Asking to remove oneself asks nothing.
    expect((await load(owner.cookie, `/admin/staff?remove=${encodeURIComponent(owner.email)}`)).removing).toBeNull();

    const removed = await post(owner.cookie, [
      ['intent', 'remove'],
      ['email', leaving.email],
    ]);
    expect(removed.status).toBe(303);
    const data = await load(cookieOf(removed));
    expect(data.notice).toBe(`${leaving.email} is no longer on the staff; their sessions have ended.`);
    expect(draw(data)).not.toContain(`<td>${leaving.email}</td>`);

    const again = await post(owner.cookie, [
      ['intent', 'remove'],
      ['email', leaving.email],
    ]);
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(((await again.json()) as { intent: string }).intent).toBe('resend');
  });
});
