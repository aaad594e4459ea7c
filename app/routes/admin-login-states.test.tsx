import { createRemixStub } from '@remix-run/testing';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';

import { runAdminRoute } from '../../tests/support/admin-route';
import { cliHeaders, mailedStaffCode, STAFF_PASSWORD, staffAddress, staffMember } from '../../tests/support/staff';
import { withStorefrontApi } from '../../tests/support/storefront-api';
import AdminLogin, { action as loginAction, loader as loginLoader } from './admin.login';

/** The back office's sign-in page: its two steps, the notices it carries, refusals drawn, and where a sign-in leads. */
const api = withStorefrontApi();

type Data = Record<string, unknown> & { step: string; notice: string | null };

const load = async (query: string, cookie?: string) => runAdminRoute(loginLoader, `/admin/login${query}`, {}, { cookie });
const post = (form: [string, string][]) => runAdminRoute(loginAction, '/admin/login', {}, { form });

function draw(query: string, data: Data, actionData?: unknown): string {
  const Page = createRemixStub([{ path: '/admin/login', Component: AdminLogin, loader: () => data, action: () => actionData ?? null }]);
  const hydrationData = { loaderData: { '0': data }, ...(actionData ? { actionData: { '0': actionData } } : {}) };
  return renderToStaticMarkup(createElement(Page, { initialEntries: [`/admin/login${query}`], hydrationData }));
}

const signIn = (email: string, password: string, redirectTo: string) =>
  post([
    ['intent', 'login'],
    ['email', email],
    ['password', password],
    ['redirectTo', redirectTo],
  ]);

let member: string;

beforeAll(async () => {
  member = (await staffMember(api.current, 'staff')).email;
});

describe('the sign-in page', () => {
  it('carries the notice a redirect asks for, and none for a word it does not know', async () => {
    const data = (await (await load('?done=signed-out')).json()) as Data;
    expect(data.notice).toBe('You have signed out of the back office.');
    const html = draw('?done=signed-out', data);
    expect(html).toContain('You have signed out of the back office.');
    expect(html).toContain('Sign in to the back office');
    expect(((await (await load('?done=toString')).json()) as Data).notice).toBeNull();
  });

  it("shows the code step with the member's email carried into the link and the form", async () => {
    const query = `?step=code&email=${encodeURIComponent(member)}`;
    const data = (await (await load(query)).json()) as Data;
    expect(data).toMatchObject({ step: 'code', email: member });
    const html = draw(query, data);
    expect(html).toContain('Choose your back-office password');
    expect(html).toContain(`value="${member}"`);
    expect(html).toContain('Back to sign-in');
    expect(html).not.toContain('Sign in to the back office');
  });

  it('refuses a wrong password with a message drawn above the form, and an empty form field by field', async () => {
    const wrong = await signIn(member, 'Not-The-Password-1', '');
    expect(wrong.status).toBe(400);
    const refusal = (await wrong.json()) as { intent: string; result: { error: Record<string, string[]> } };
    expect(refusal.intent).toBe('login');
    const message = refusal.result.error[''][0];
    expect(message).toBe('Invalid email or password');
    const data = (await (await load('')).json()) as Data;
    expect(draw('', data, refusal)).toContain(message);

    const empty = await signIn('', '', '');
    expect(empty.status).toBe(400);
    const fields = ((await empty.json()) as { result: { error: Record<string, string[]> } }).result.error;
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('leads to the back-office page asked for, never outside it, and sends a signed-in member on', async () => {
    const toOrders = await signIn(member, STAFF_PASSWORD, '/admin/orders?status=Shipped');
    expect(toOrders.status).toBe(303);
    expect(toOrders.headers.get('Location')).toBe('/admin/orders?status=Shipped');

    const outside = await signIn(member, STAFF_PASSWORD, '/account');
    expect(outside.headers.get('Location')).toBe('/admin');
    const lookalike = await signIn(member, STAFF_PASSWORD, '/administrator');
    expect(lookalike.headers.get('Location')).toBe('/admin');

    const cookie = (toOrders.headers.get('Set-Cookie') ?? '').split(';')[0];
    const again = await load('?redirectTo=/admin/stock', cookie);
    expect(again.status).toBe(302);
    expect(again.headers.get('Location')).toBe('/admin/stock');
  });

  it('sets a password with the mailed code, after refusing a wrong code and a confirmation that differs', async () => {
    const email = staffAddress('newcomer');
    const added = await api.current.app.request('/api/admin/staff', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...cliHeaders },
      body: JSON.stringify({ email, role: 'staff' }),
    });
    expect(added.status).toBe(201);
    const code = await mailedStaffCode(api.current, email);
    const choose = (codeTyped: string, confirm: string) =>
      post([
        ['intent', 'set-password'],
        ['email', email],
        ['code', codeTyped],
        ['password', 'Fresh-Start-2026'],
        ['confirm', confirm],
      ]);

    const differs = await choose(code, 'Fresh-Start-2027');
    expect(differs.status).toBe(400);
    const mismatch = await differs.json();
    expect(mismatch).toMatchObject({ intent: 'set-password', result: { error: { confirm: ['Passwords do not match'] } } });
    const query = `?step=code&email=${encodeURIComponent(email)}`;
    const data = (await (await load(query)).json()) as Data;
    expect(draw(query, data, mismatch)).toContain('Passwords do not match');

    const wrongCode = await choose(code === '000000' ? '111111' : '000000', 'Fresh-Start-2026');
    expect(wrongCode.status).toBeGreaterThanOrEqual(400);
    expect(((await wrongCode.json()) as { result: { error: Record<string, string[]> } }).result.error[''][0]).toBeTruthy();

    const set = await choose(code, 'Fresh-Start-2026');
    expect(set.status).toBe(303);
    expect(set.headers.get('Location')).toBe(`/admin/login?done=password-set&email=${encodeURIComponent(email)}`);
    expect((await signIn(email, 'Fresh-Start-2026', '')).status).toBe(303);
  });
});
