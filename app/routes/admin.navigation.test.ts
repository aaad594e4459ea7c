import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AdminNavigation } from '@contract/api/navigation';

import { readOutbox } from '../../api/src/services/mail';
import { runAdminRoute } from '../../tests/support/admin-route';
import { callRoute } from '../../tests/support/route-context';
import { startTestApi, TEST_ADMIN_TOKEN } from '../../tests/support/test-api';
import { loader as rootLoader } from '../root';
import { action as loginAction } from './admin.login';
import { action as navigationAction, loader as navigationLoader } from './admin.navigation';
import { action as hookAction } from './hooks.catalogue-changed';

/** The back office's navigation page (ADR 071) as plain functions against the real API, and the shop's pages that show it. */
type Api = Awaited<ReturnType<typeof startTestApi>>;
let api: Api;
let owner: string;
let staff: string;
let pageId: string;

const PASSWORD = 'Back-Office-2026';
const cli = { Authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'Content-Type': 'application/json' };
const apiCall = async (method: string, path: string, body?: unknown) =>
  api.app.request(`/api/${path}`, { method, headers: cli, body: body ? JSON.stringify(body) : undefined });

async function signedIn(role: 'owner' | 'staff'): Promise<string> {
  const email = `${role}-nav-${Date.now()}@brand.example`;
  expect((await apiCall('POST', 'admin/staff', { email, role })).status).toBe(201);
  const code = /\d{6}/.exec((await readOutbox(api.database.db, email))[0].subject)![0];
  expect((await apiCall('POST', 'staff/set-password', { email, code, password: PASSWORD })).status).toBe(204);
  const form: [string, string][] = [
    ['intent', 'login'],
    ['email', email],
    ['password', PASSWORD],
    ['redirectTo', ''],
  ];
  return ((await runAdminRoute(loginAction, '/admin/login', {}, { form })).headers.get('Set-Cookie') ?? '').split(';')[0];
}

beforeAll(async () => {
  api = await startTestApi();
  process.env.API_URL = api.url;
  [owner, staff] = await Promise.all([signedIn('owner'), signedIn('staff')]);
  const page = await apiCall('POST', 'admin/pages', {
    slug: 'size-guide',
    title_en: 'Size guide',
    title_it: 'Guida alle taglie',
    body_en: 'Fit.',
  });
  pageId = ((await page.json()) as { id: string }).id;
  expect((await apiCall('POST', `admin/pages/${pageId}/publish`, { version: 1 })).status).toBe(200);
});
afterAll(() => api.cleanup());

const page = async (cookie: string, path = '/admin/navigation') =>
  (await (await runAdminRoute(navigationLoader, path, {}, { cookie })).json()) as {
    navigation: AdminNavigation;
    owner: boolean;
    editing: string | null;
  };
const post = (cookie: string, form: [string, string][], path = '/admin/navigation') =>
  runAdminRoute(navigationAction, path, {}, { cookie, form });
const group = async (key: string) => (await page(owner)).navigation.groups.find((g) => g.key === key)!;

type Shown = {
  navigation: {
    header: { links: { label?: string }[] };
    footer: { key: string; heading: string; links: { label?: string; href?: string }[] }[];
  };
};
const shopPage = async (path: string) => (await (await callRoute(rootLoader, new Request(`http://shop.test${path}`))).json()) as Shown;
const headerLabels = (shown: Shown) => shown.navigation.header.links.map((link) => link.label ?? '(catalogue)');
const column = (shown: Shown, key: string) => shown.navigation.footer.find((g) => g.key === key)!;

describe('staff', () => {
  it('see the navigation, with no form to change it, and every change is refused them', async () => {
    const seen = await page(staff, `/admin/navigation?edit=x`);
    expect(seen).toMatchObject({ owner: false, editing: null });
    const header = seen.navigation.groups[0]!;
    const support = seen.navigation.groups.find((g) => g.key === 'support')!;
    const item = header.items[1]!;
    const link = (intent: string): [string, string][] => [
      ['intent', intent],
      ['id', item.id],
      ['group_id', support.id],
      ['kind', 'path'],
      ['address', '/about'],
      ['label_en', 'About'],
      ['version', String(item.version)],
    ];
    const column = (intent: string): [string, string][] => [
      ['intent', intent],
      ['id', support.id],
      ['confirm', 'on'],
      ['heading_en', 'Help'],
    ];
    const forms = [
      link('add-link'),
      link('change-link'),
      link('link-up'),
      link('link-down'),
      link('remove-link'),
      column('add-column'),
      column('change-heading'),
      column('column-up'),
      column('column-down'),
      column('remove-column'),
    ];
    for (const form of forms) {
      const refused = await post(staff, form);
      // Refused as the owner's alone: 403 with the API's sentence, as every owner-only back-office form is (failureStatus).
      expect(refused.status, form[0]![1]).toBe(403);
      expect(JSON.stringify(await refused.json())).toContain('Only an owner may do this');
    }
    expect((await page(owner)).navigation).toEqual(seen.navigation);
  });
});

describe('an owner', () => {
  it('renames a header link and adds a footer link to their page: every shop page shows both once the kept ones are dropped', async () => {
    // Every page read once: the navigation is kept by the storefront.
    expect(headerLabels(await shopPage('/about'))).toEqual(['(catalogue)', 'All products']);
    const header = await group('products');
    const support = await group('support');
    const all = header.items[1]!;

    const editing = await page(owner, `/admin/navigation?edit=${all.id}`);
    expect(editing.editing).toBe(all.id);
    const renamed = await post(
      owner,
      [
        ['intent', 'change-link'],
        ['id', all.id],
        ['version', String(all.version)],
        ['kind', 'path'],
        ['address', '/'],
        ['label_en', 'Shop everything'],
        ['label_it', 'Tutto il negozio'],
      ],
      `/admin/navigation?edit=${all.id}`,
    );
    expect(renamed.status).toBe(303);
    expect(renamed.headers.get('Location')).toBe('/admin/navigation');
    const added = await post(owner, [
      ['intent', 'add-link'],
      ['group_id', support.id],
      ['kind', 'page'],
      ['page_id', pageId],
      ['product_id', ''],
      ['address', ''],
    ]);
    expect(added.status).toBe(303);

    for (const path of ['/', '/about', '/cart', '/product/Tracer%20Tee']) {
      const shown = await shopPage(path);
      expect(headerLabels(shown), path).toEqual(['(catalogue)', 'Shop everything']);
      expect(column(shown, 'support').links.at(-1), path).toEqual({
        kind: 'link',
        label: 'Size guide',
        href: '/pages/size-guide',
        external: false,
      });
    }
    // The not-found page of an address no route takes has no loader data: its 404 brings the menus.
    const notFound = await callRoute(rootLoader, new Request('http://shop.test/nowhere'), { lang: 'nowhere' }).catch(
      (thrown: unknown) => thrown,
    );
    expect(notFound).toBeInstanceOf(Response);
    expect((notFound as Response).status).toBe(404);
    expect(headerLabels((await (notFound as Response).json()) as Shown)).toEqual(['(catalogue)', 'Shop everything']);
    const italian = await shopPage('/it/about');
    expect(headerLabels(italian)).toEqual(['(catalogue)', 'Tutto il negozio']);
    expect(column(italian, 'support').links.at(-1)).toMatchObject({ label: 'Guida alle taglie' });

    // A change made elsewhere (another instance, the API) shows once the API's hook drops the kept navigation.
    const moved = column(await shopPage('/contact'), 'support').links.map((link) => link.label);
    const [, second] = (await group('support')).items;
    expect((await apiCall('POST', `admin/navigation/items/${second!.id}/move`, { direction: 'up' })).status).toBe(200);
    expect(column(await shopPage('/contact'), 'support').links.map((link) => link.label)).toEqual(moved);
    const token = 'the-storefront-hook-token-0123456789abcdef';
    process.env.ADMIN_TOKEN = token;
    try {
      const hook = await callRoute(
        hookAction,
        new Request('http://shop.test/hooks/catalogue-changed', { method: 'POST', headers: { Authorization: `Bearer ${token}` } }),
      );
      expect((hook as Response).status).toBe(204);
    } finally {
      delete process.env.ADMIN_TOKEN;
    }
    expect(column(await shopPage('/contact'), 'support').links.map((link) => link.label)).toEqual([moved[1], moved[0], ...moved.slice(2)]);
  });

  it('is told what is wrong with a link, and that someone changed it meanwhile', async () => {
    const support = await group('support');
    const bad = await post(owner, [
      ['intent', 'add-link'],
      ['group_id', support.id],
      ['kind', 'url'],
      ['address', 'ftp://files.example/x'],
      ['label_en', 'Files'],
    ]);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      form: 'add-link',
      result: { error: { address: ['Use a full address that starts with https://'] } },
    });
    const item = support.items[0]!;
    const stale: [string, string][] = [
      ['intent', 'change-link'],
      ['id', item.id],
      ['version', String(item.version)],
      ['kind', 'path'],
      ['address', '/contact'],
      ['label_en', 'Write to us'],
    ];
    expect((await post(owner, stale)).status).toBe(303);
    const refused = await post(owner, stale);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      form: `change-link-${item.id}`,
      result: { error: { '': ['Someone changed this link meanwhile; look at it again before saving'] } },
    });
  });

  it('moves, removes and adds columns with buttons, each a plain post', async () => {
    const added = await post(owner, [
      ['intent', 'add-column'],
      ['heading_en', 'Guides'],
      ['heading_it', ''],
    ]);
    expect(added.status).toBe(303);
    const guides = (await page(owner)).navigation.groups.at(-1)!;
    expect(guides).toMatchObject({ heading_en: 'Guides', position: 5 });
    expect(
      (
        await post(owner, [
          ['intent', 'column-up'],
          ['id', guides.id],
        ])
      ).status,
    ).toBe(303);
    expect((await group(guides.key)).position).toBe(4);
    // A column goes with its links only once its box is ticked; unticked, nothing changes.
    const unticked = await post(owner, [
      ['intent', 'remove-column'],
      ['id', guides.id],
    ]);
    expect(unticked.status).toBe(400);
    expect(await unticked.json()).toMatchObject({
      form: `row-${guides.id}`,
      error: 'Tick the box to confirm that the column goes with its links.',
    });
    expect((await group(guides.key)).position).toBe(4);
    const removed = await post(owner, [
      ['intent', 'remove-column'],
      ['id', guides.id],
      ['confirm', 'on'],
    ]);
    expect(removed.status).toBe(303);
    expect((await page(owner)).navigation.groups.map((g) => g.key)).toEqual(['products', 'shop', 'account', 'policies', 'support']);
    expect((await post(owner, [['intent', 'nothing']])).status).toBe(400);
  });
});
