import type { LoaderFunction } from '@remix-run/node';
import { beforeAll, describe, expect, it } from 'vitest';

import { seedPages } from '../../api/src/seed/pages';
import { POLICY_MARKDOWN, seedPolicyDocuments } from '../../api/src/seed/policy-documents';
import { runAdminRoute } from '../../tests/support/admin-route';
import { callRoute } from '../../tests/support/route-context';
import { STAFF_PASSWORD, staffAddress, staffMember } from '../../tests/support/staff';
import { storefrontTestApi } from '../../tests/support/storefront-api';
import { action as loginAction } from './admin.login';
import { action as pagesAction, loader as pagesLoader } from './admin.pages._index';
import { action as pageAction, loader as pageLoader } from './admin.pages.$id';
import { loader as contentLoader } from './pages.$slug';
import { loader as returnPolicyLoader } from './return-policy';

/** Pages edited in the back office and read by the storefront: loaders and actions called as functions against the real API. */
const api = storefrontTestApi({ seed: false, storage: 'api' });

beforeAll(async () => {
  await seedPolicyDocuments(api.storage);
  await seedPages(api.database.db, api.storage);
});

async function signIn(role: 'owner' | 'staff'): Promise<string> {
  const { email } = await staffMember(api, role, staffAddress(`pages-${role}`));
  const response = await runAdminRoute(
    loginAction,
    '/admin/login',
    {},
    {
      form: [
        ['intent', 'login'],
        ['email', email],
        ['password', STAFF_PASSWORD],
        ['redirectTo', ''],
      ],
    },
  );
  return (response.headers.get('Set-Cookie') ?? '').split(';')[0];
}

/** A storefront loader as Remix calls it for `path` (its language from the address): its answer, or what it threw. */
async function storefront(fn: LoaderFunction, path: string, params: Record<string, string> = {}): Promise<Response> {
  const lang = path.startsWith('/it/') ? { lang: 'it' } : {};
  try {
    return (await callRoute(fn, new Request(`http://shop.test${path}`), { ...lang, ...params })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

type AdminPageData = { page: { id: string; latest_version: number; published_version: number | null; slug: string } };

async function pageIdOf(cookie: string, slug: string): Promise<string> {
  const list = (await (await runAdminRoute(pagesLoader, '/admin/pages', {}, { cookie })).json()) as {
    pages: { id: string; slug: string }[];
  };
  return list.pages.find((page) => page.slug === slug)!.id;
}

const form = (intent: string, version: number, fields: Record<string, string>): [string, string][] => [
  ['intent', intent],
  ['base_version', String(version)],
  ...Object.entries(fields),
];

describe('content pages from the back office to the storefront', () => {
  it('an owner edits the return policy and publishes it: the storefront page shows it, in both languages', async () => {
    const cookie = await signIn('owner');
    const id = await pageIdOf(cookie, 'return-policy');
    const path = `/admin/pages/${id}`;
    const body = '## Returns\n\nYou have **30 days** to send anything back.';
    const published = await runAdminRoute(
      pageAction,
      path,
      { id },
      {
        cookie,
        form: form('publish', 1, {
          title_en: 'Returns and refunds',
          title_it: 'Resi e rimborsi',
          description_en: 'How to send an order back.',
          body_en: body,
          body_it: '## Resi\n\nHai **30 giorni**.',
        }),
      },
    );
    expect(published.status).toBe(303);
    expect(published.headers.get('Location')).toBe(path);

    const en = await storefront(returnPolicyLoader, '/return-policy');
    expect(en.status).toBe(200);
    expect(await en.json()).toMatchObject({
      title: 'Returns and refunds',
      description: 'How to send an order back.',
      markdown: body,
      error: null,
    });
    const it = await storefront(returnPolicyLoader, '/it/return-policy');
    expect(await it.json()).toMatchObject({ title: 'Resi e rimborsi', markdown: '## Resi\n\nHai **30 giorni**.' });

    // The history keeps the seed's text: restoring it is a draft until published.
    const restored = await runAdminRoute(
      pageAction,
      path,
      { id },
      {
        cookie,
        form: [
          ['intent', 'restore'],
          ['version', '1'],
        ],
      },
    );
    expect(restored.status).toBe(303);
    const data = (await (await runAdminRoute(pageLoader, path, { id }, { cookie })).json()) as AdminPageData;
    expect(data.page).toMatchObject({ latest_version: 3, published_version: 2 });
    expect((await (await storefront(returnPolicyLoader, '/return-policy')).json()).markdown).toBe(body);
    await runAdminRoute(
      pageAction,
      path,
      { id },
      {
        cookie,
        form: form('publish', 3, { title_en: 'Return Policy', title_it: 'Politica di reso', body_en: POLICY_MARKDOWN['return-policy'] }),
      },
    );
    expect(await (await storefront(returnPolicyLoader, '/return-policy')).json()).toMatchObject({
      title: 'Return Policy',
      markdown: POLICY_MARKDOWN['return-policy'],
    });
  });

  it('the preview renders what is typed and saves nothing; staff save drafts but may not publish', async () => {
    const cookie = await signIn('staff');
    const id = await pageIdOf(cookie, 'terms-and-conditions');
    const path = `/admin/pages/${id}`;
    const preview = await runAdminRoute(
      pageAction,
      path,
      { id },
      {
        cookie,
        form: form('preview', 1, { title_en: 'Terms', body_en: '## New terms\n\n<script>x</script>' }),
      },
    );
    expect(await preview.json()).toMatchObject({ preview: { title_en: 'Terms', body_en: '## New terms\n\n<script>x</script>' } });
    const before = (await (await runAdminRoute(pageLoader, path, { id }, { cookie })).json()) as AdminPageData;
    expect(before.page.latest_version).toBe(1);

    const refused = await runAdminRoute(
      pageAction,
      path,
      { id },
      { cookie, form: form('publish', 1, { title_en: 'Terms', body_en: 'x' }) },
    );
    expect(refused.status).toBe(403);
    expect((await refused.json()).result.error).toEqual({ '': ['Only an owner may publish a page'] });
    const draft = await runAdminRoute(
      pageAction,
      path,
      { id },
      { cookie, form: form('save', 1, { title_en: 'Terms', body_en: 'Drafted.' }) },
    );
    expect(draft.status).toBe(303);
    expect((await (await storefront(returnPolicyLoader, '/return-policy')).json()).error).toBeNull();
    // Staff may not add a page.
    const add = await runAdminRoute(
      pagesAction,
      '/admin/pages',
      {},
      {
        cookie,
        form: [
          ['title_en', 'Stockists'],
          ['slug', 'stockists'],
        ],
      },
    );
    expect(add.status).toBe(403);
  });

  it("an owner's new page is served at /pages/<slug> once published, and its old slug redirects for good after a move", async () => {
    const cookie = await signIn('owner');
    const added = await runAdminRoute(
      pagesAction,
      '/admin/pages',
      {},
      {
        cookie,
        form: [
          ['title_en', 'Size guide'],
          ['slug', 'size-guide'],
        ],
      },
    );
    expect(added.status).toBe(303);
    const path = added.headers.get('Location')!;
    const id = path.split('/').pop()!;
    expect((await storefront(contentLoader, '/pages/size-guide', { slug: 'size-guide' })).status).toBe(404);

    const fields = { title_en: 'Size guide', description_en: 'Find your size.', body_en: '## Tops\n\nTrue to size.', slug: 'size-guide' };
    expect((await runAdminRoute(pageAction, path, { id }, { cookie, form: form('publish', 1, fields) })).status).toBe(303);
    const shown = await storefront(contentLoader, '/pages/size-guide', { slug: 'size-guide' });
    expect(shown.status).toBe(200);
    expect(shown.headers.get('Storefront-Cache-Control')).toBe('max-age=300');
    expect(await shown.json()).toMatchObject({ title: 'Size guide', description: 'Find your size.', markdown: '## Tops\n\nTrue to size.' });

    expect((await runAdminRoute(pageAction, path, { id }, { cookie, form: form('publish', 2, { ...fields, slug: 'sizes' }) })).status).toBe(
      303,
    );
    const moved = await storefront(contentLoader, '/pages/size-guide', { slug: 'size-guide' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('Location')).toBe('/pages/sizes');
    const movedIt = await storefront(contentLoader, '/it/pages/size-guide', { slug: 'size-guide' });
    expect(movedIt.status).toBe(301);
    expect(movedIt.headers.get('Location')).toBe('/it/pages/sizes');
    // The Italian page shows the English where no Italian was written.
    expect(await (await storefront(contentLoader, '/it/pages/sizes', { slug: 'sizes' })).json()).toMatchObject({ title: 'Size guide' });
    // A policy asked for under /pages/ goes to its own address.
    expect((await storefront(contentLoader, '/pages/return-policy', { slug: 'return-policy' })).headers.get('Location')).toBe(
      '/return-policy',
    );

    // Unpublished, it is gone from the shop.
    expect((await runAdminRoute(pageAction, path, { id }, { cookie, form: [['intent', 'unpublish']] })).status).toBe(303);
    expect((await storefront(contentLoader, '/pages/sizes', { slug: 'sizes' })).status).toBe(404);

    // Deleted: only with the box ticked, and never by staff; then its old address leads nowhere.
    const unticked = await runAdminRoute(pageAction, path, { id }, { cookie, form: [['intent', 'delete']] });
    expect(unticked.status).toBe(400);
    expect(await unticked.json()).toMatchObject({ error: 'Tick the box to confirm that the page and its history go for good.' });
    const staff = await signIn('staff');
    const byStaff = await runAdminRoute(
      pageAction,
      path,
      { id },
      {
        cookie: staff,
        form: [
          ['intent', 'delete'],
          ['confirm', 'on'],
        ],
      },
    );
    expect(byStaff.status).toBe(403);
    expect(await byStaff.json()).toMatchObject({ error: 'Only an owner may do this' });
    const deleted = await runAdminRoute(
      pageAction,
      path,
      { id },
      {
        cookie,
        form: [
          ['intent', 'delete'],
          ['confirm', 'on'],
        ],
      },
    );
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get('Location')).toBe('/admin/pages');
    expect((await runAdminRoute(pageLoader, path, { id }, { cookie })).status).toBe(404);
    expect((await storefront(contentLoader, '/pages/size-guide', { slug: 'size-guide' })).status).toBe(404);
    const flashed = (deleted.headers.get('Set-Cookie') ?? '').split(';')[0];
    const list = (await (await runAdminRoute(pagesLoader, '/admin/pages', {}, { cookie: flashed })).json()) as { notice: string | null };
    expect(list.notice).toBe("The page Size guide is deleted, with its history; its address now shows the shop's not-found page.");
  });

  it('the policies offer no deletion, and refuse one', async () => {
    const cookie = await signIn('owner');
    const id = await pageIdOf(cookie, 'privacy-policy');
    const refused = await runAdminRoute(
      pageAction,
      `/admin/pages/${id}`,
      { id },
      {
        cookie,
        form: [
          ['intent', 'delete'],
          ['confirm', 'on'],
        ],
      },
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: "The shop's own pages cannot be deleted" });
  });
});
