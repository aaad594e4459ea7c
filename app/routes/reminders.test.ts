import { createRemixStub } from '@remix-run/testing';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { REMINDER_DEFAULTS } from '@contract/api/insights';
import { formatEuro } from '@contract/money';

import { runDueJobs } from '../../api/src/services/jobs';
import { readOutbox } from '../../api/src/services/mail';
import { reminderJobHandlers } from '../../api/src/services/reminders/cart-reminders';
import { runAdminRoute as run } from '../../tests/support/admin-route';
import { callRoute, sessionFor } from '../../tests/support/route-context';
import { buyThroughCheckout, shopper } from '../../tests/support/shopper';
import { storefrontTestApi } from '../../tests/support/storefront-api';
import { nextCookie, shopperCookie, storefrontGet, storefrontPost } from '../../tests/support/storefront-session';
import { TEST_ADMIN_TOKEN } from '../../tests/support/test-api';
import { loader as dashboardLoader } from './admin._index';
import { loader as funnelCsv } from './admin.funnel[.]csv';
import { action as loginAction } from './admin.login';
import AdminReminders, { action as remindersAction, loader as remindersLoader } from './admin.reminders';
import { loader as restoreLoader } from './cart_.restore';
import { action as confirmAction, loader as confirmLoader } from './marketing.confirm';
import { action as unsubscribeAction } from './marketing.unsubscribe';
import { action as profileAction, loader as profileLoader } from './profile';

/** Issue 41 and 39 (marketing consent) in the storefront: loaders and actions as functions against the real API. */
const api = storefrontTestApi();

const tokenIn = (text: string, path: string) =>
  new URL(new RegExp(`https?://\\S+${path}\\?token=\\S+`).exec(text)![0]).searchParams.get('token')!;
const PASSWORD = 'Back-Office-2026';

async function ownerCookie(): Promise<string> {
  const email = `owner-reminders-${Date.now()}@brand.example`;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    api.app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  expect((await post('/api/admin/staff', { email, role: 'owner' }, { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` })).status).toBe(201);
  const code = /\d{6}/.exec((await readOutbox(api.database.db, email))[0]!.subject)![0];
  expect((await post('/api/staff/set-password', { email, code, password: PASSWORD })).status).toBe(204);
  const response = await run(
    loginAction,
    '/admin/login',
    {},
    {
      form: [
        ['intent', 'login'],
        ['email', email],
        ['password', PASSWORD],
      ],
    },
  );
  return (response.headers.get('Set-Cookie') ?? '').split(';')[0]!;
}

describe('marketing consent in the profile, and the links of its emails', () => {
  it('is asked for from the profile, confirmed from the email’s page, shown, and stopped in one click from a reminder’s page', async () => {
    const s = shopper(api);
    await s.register();
    let cookie = await shopperCookie(s);
    const profile = async () => ((await callRoute(profileLoader, storefrontGet('/profile', cookie))) as Response).json();
    expect((await profile()).consents.some((c: { kind: string }) => c.kind === 'marketing')).toBe(false);

    const asked = (await callRoute(profileAction, storefrontPost('/profile', cookie, { intent: 'ask-marketing' }))) as Response;
    expect(asked.status).toBe(303);
    cookie = nextCookie(asked, cookie)!;
    expect((await sessionFor(storefrontGet('/', cookie))).get('flash')).toEqual({
      kind: 'success',
      message: 'We sent you an email: follow its link to confirm.',
    });
    const pending = (await profile()).consents.find((c: { kind: string }) => c.kind === 'marketing');
    expect(pending).toMatchObject({ confirmed_at: null, withdrawn_at: null });

    const [mail] = await readOutbox(api.database.db, s.email!);
    const token = tokenIn(mail!.text, '/marketing/confirm');
    // The page asks first (a scanner following the link confirms nothing), then the post confirms.
    const page = (await callRoute(confirmLoader, new Request(`http://shop.test/marketing/confirm?token=${token}`))) as Response;
    expect((await page.json()).token).toBe(token);
    const confirmed = (await callRoute(
      confirmAction,
      new Request('http://shop.test/marketing/confirm', { method: 'POST', body: new URLSearchParams({ token }) }),
    )) as Response;
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('Location')).toBe('/marketing/confirm?done=1');
    const done = (await callRoute(
      confirmLoader,
      new Request('http://shop.test/marketing/confirm?done=1', { headers: { Cookie: nextCookie(confirmed, '')! } }),
    )) as Response;
    expect((await done.json()).result).toEqual({ ok: true, message: 'Thank you: your choice is confirmed.' });
    expect((await profile()).consents.find((c: { kind: string }) => c.kind === 'marketing').confirmed_at).toEqual(expect.any(String));

    const forged = (await callRoute(
      unsubscribeAction,
      new Request('http://shop.test/marketing/unsubscribe', { method: 'POST', body: new URLSearchParams({ token: 'x.y' }) }),
    )) as Response;
    expect(forged.status).toBe(303);
    expect((await profile()).consents.find((c: { kind: string }) => c.kind === 'marketing').withdrawn_at).toBeNull();
  });
});

describe('the restore link and the back office', () => {
  it('restores a reminded cart in another browser, whose paid order the owner sees recovered, with reminders turned on, the funnel and its CSV', async () => {
    const owner = await ownerCookie();
    const saved = await run(
      remindersAction,
      '/admin/reminders',
      {},
      {
        cookie: owner,
        form: [
          ['enabled', 'on'],
          ['first_hours', '4'],
          ['followup_hours', '48'],
          ['subject_en', 'Your cart misses you'],
          ['subject_it', REMINDER_DEFAULTS.subject_it],
        ],
      },
    );
    expect(saved.status).toBe(303);
    const refused = await run(
      remindersAction,
      '/admin/reminders',
      {},
      {
        cookie: owner,
        form: [
          ['first_hours', '50'],
          ['followup_hours', '10'],
          ['subject_en', 'x'],
          ['subject_it', 'y'],
        ],
      },
    );
    expect(refused.status).toBe(400);

    const s = shopper(api);
    await s.register();
    await s.post('/api/user/consents/marketing');
    await s.post('/api/marketing/confirm', {
      token: tokenIn((await readOutbox(api.database.db, s.email!))[0]!.text, '/marketing/confirm'),
    });
    const [variant] = await api.database.db.selectFrom('product_variants').select('id').where('stock_quantity', '>', 0).execute();
    await s.post('/api/cart/add', { variant_id: variant!.id, quantity: 1 });
    api.clock.advance(4 * 60 * 60 * 1000 + 60_000);
    await runDueJobs(api.deps, reminderJobHandlers(api.deps));
    const [reminder] = await readOutbox(api.database.db, s.email!);
    expect(reminder!.subject).toBe('Your cart misses you');

    // Another browser, nobody signed in: to the cart, with the items back.
    const restored = (await callRoute(
      restoreLoader,
      new Request(`http://shop.test/cart/restore?token=${tokenIn(reminder!.text, '/cart/restore')}`),
    )) as Response;
    expect(restored.status).toBe(303);
    expect(restored.headers.get('Location')).toBe('/cart');
    const session = await sessionFor(storefrontGet('/', nextCookie(restored, '')!));
    expect(session.get('flash')).toEqual({ kind: 'success', message: '1 item is back in your cart.' });
    expect(session.get('apiCartCookie')).toEqual(expect.any(String));
    const broken = (await callRoute(restoreLoader, new Request('http://shop.test/cart/restore?token=nope'))) as Response;
    expect(broken.status).toBe(404);

    // That browser's shopper checks out as a guest and pays: the order is the reminder's, recovered.
    const phone = shopper(api, { cartCookie: String(session.get('apiCartCookie')).replace(/^cart_token=/, '') });
    await phone.signInAsGuest();
    await buyThroughCheckout(api, phone, []);
    const [paid] = await api.database.db.selectFrom('purchases').select('total').orderBy('created_at', 'desc').limit(1).execute();

    const report = await (await run(remindersLoader, '/admin/reminders', {}, { cookie: owner })).json();
    expect(report.report.settings.enabled).toBe(true);
    expect(report.report.weeks[0]).toMatchObject({ sent: 1, opened: 1, recovered: 1, revenue: paid!.total });
    // The page draws that week as a row of its table: sent, opened, recovered, and the revenue in euros.
    const Page = createRemixStub([{ path: '/admin/reminders', Component: AdminReminders, loader: () => report }]);
    const html = renderToStaticMarkup(
      createElement(Page, { initialEntries: ['/admin/reminders'], hydrationData: { loaderData: { '0': report } } }),
    );
    expect(html).toContain(`<td>1</td><td>1</td><td>1</td><td>${formatEuro(paid!.total)}</td>`);

    const dashboard = await (await run(dashboardLoader, '/admin?funnel=30', {}, { cookie: owner })).json();
    expect(dashboard.days).toBe(30);
    expect(dashboard.funnel.totals.add_to_cart).toBeGreaterThanOrEqual(1);
    const csv = await run(funnelCsv, '/admin/funnel.csv?days=7', {}, { cookie: owner });
    expect(csv.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    const lines = (await csv.text()).trim().split(/\r?\n/);
    expect(lines[0]).toBe('Day,Product,Product views,Added to cart,Checkout started,Payment page reached,Paid');
    expect(lines.filter((line) => line.includes('All products'))).toHaveLength(7);
  });
});
