import { describe, expect, it } from 'vitest';

import { cliHeaders, staffMember } from '../../../../tests/support/staff';
import { useTestApi } from '../../../../tests/support/use-test-api';
import { seedPages } from '../../seed/pages';
import { POLICY_MARKDOWN, seedPolicyDocuments } from '../../seed/policy-documents';
import { POLICY_MARKDOWN_IT } from '../../seed/policy-documents-it';

const api = useTestApi({ seed: false });

type Json = Record<string, unknown> & { id?: string; latest_version?: number };

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = cliHeaders) {
  const res = await api.app.request(`/api${path}`, {
    method,
    headers: { ...headers, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Json };
}

const texts = (title: string, body: string) => ({ title_en: title, title_it: '', description_en: `${title}, told`, body_en: body });

describe('content pages', () => {
  it("the seed makes each policy's text of today its first published version, once", async () => {
    await seedPolicyDocuments(api.storage);
    expect(await seedPages(api.database.db, api.storage)).toHaveLength(4);
    expect(await seedPages(api.database.db, api.storage)).toEqual([]);
    const en = await call('GET', '/pages/return-policy?locale=en');
    expect(en).toMatchObject({
      status: 200,
      body: { kind: 'page', path: '/return-policy', title: 'Return Policy', markdown: POLICY_MARKDOWN['return-policy'] },
    });
    const it = await call('GET', '/pages/return-policy?locale=it');
    expect(it.body).toMatchObject({ title: 'Politica di reso', markdown: POLICY_MARKDOWN_IT['return-policy'] });
    const list = await call('GET', '/admin/pages');
    expect((list.body.pages as Json[]).map((page) => [page.slug, page.published_version])).toEqual([
      ['privacy-policy', 1],
      ['return-policy', 1],
      ['terms-and-conditions', 1],
      ['website-use-agreement', 1],
    ]);
  });

  it('a policy saved as a draft changes nothing for shoppers; published, it is in storage in both languages, audited before and after', async () => {
    const list = await call('GET', '/admin/pages');
    const page = (list.body.pages as Json[]).find((row) => row.slug === 'return-policy')!;
    const staff = await staffMember(api, 'staff');
    const asStaff = { Authorization: `Bearer ${staff.token}` };
    const draft = await call(
      'PUT',
      `/admin/pages/${page.id}`,
      { ...texts('Return Policy', '## Returns\n\n30 days now.'), base_version: 1 },
      asStaff,
    );
    expect(draft.body).toMatchObject({ latest_version: 2, published_version: 1 });
    expect((await call('GET', '/pages/return-policy')).body.markdown).toBe(POLICY_MARKDOWN['return-policy']);

    // Staff may not publish; an owner may.
    const refused = await call('POST', `/admin/pages/${page.id}/publish`, { version: 2 }, asStaff);
    expect(refused).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    const refusedSave = await call('PUT', `/admin/pages/${page.id}`, { ...texts('X', 'y'), base_version: 2, publish: true }, asStaff);
    expect(refusedSave).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    let cleared = 0;
    api.deps.onCatalogueChange = () => (cleared += 1);
    const owner = await staffMember(api, 'owner');
    const published = await call('POST', `/admin/pages/${page.id}/publish`, { version: 2 }, { Authorization: `Bearer ${owner.token}` });
    expect(published.body).toMatchObject({ published_version: 2 });
    expect(cleared).toBe(1);
    expect((await call('GET', '/pages/return-policy')).body.markdown).toBe('## Returns\n\n30 days now.');
    expect((await api.storage.get('documents', 'policies/return-policy.md'))?.body.toString()).toBe('## Returns\n\n30 days now.');
    // No Italian written: the Italian page shows the English.
    expect((await api.storage.get('documents', 'policies/it/return-policy.md'))?.body.toString()).toBe('## Returns\n\n30 days now.');

    const audit = await call('GET', `/admin/audit?subject_type=page&subject_id=${page.id}`);
    const entries = audit.body as unknown as Json[];
    expect(entries[0]).toMatchObject({
      actor: owner.email,
      action: 'page.publish',
      before: { published_version: 1 },
      after: { published_version: 2 },
    });
    expect(entries[1]).toMatchObject({
      actor: staff.email,
      action: 'page.save',
      before: { version: 1, body_en: POLICY_MARKDOWN['return-policy'] },
      after: { version: 2, body_en: '## Returns\n\n30 days now.' },
    });

    // The history: who and when; restoring version 1 writes it again as version 3, a draft.
    const history = await call('GET', `/admin/pages/${page.id}`);
    expect((history.body.versions as Json[]).map((v) => [v.number, v.created_by])).toEqual([
      [2, staff.email],
      [1, 'seed'],
    ]);
    const restored = await call('POST', `/admin/pages/${page.id}/restore`, { version: 1 }, asStaff);
    expect(restored.body).toMatchObject({ latest_version: 3, published_version: 2, latest: { body_en: POLICY_MARKDOWN['return-policy'] } });
    await call('POST', `/admin/pages/${page.id}/publish`, { version: 3 });
    expect((await api.storage.get('documents', 'policies/return-policy.md'))?.body.toString()).toBe(POLICY_MARKDOWN['return-policy']);
    // A policy keeps its address, and stays published.
    expect((await call('PUT', `/admin/pages/${page.id}`, { ...texts('R', 'r'), slug: 'returns', base_version: 3 })).status).toBe(400);
    expect((await call('POST', `/admin/pages/${page.id}/publish`, { version: null })).status).toBe(400);
  });

  it('lists the published pages for everyone, by address and publishing day; a draft is not among them', async () => {
    const draft = await call('POST', '/admin/pages', { ...texts('Shops abroad', '## Paris'), slug: 'shops-abroad' });
    expect(draft.status).toBe(201);
    const before = await api.app.request('/api/pages');
    expect(before.status).toBe(200);
    const paths = ((await before.json()) as { pages: { path: string; updated_at: string }[] }).pages;
    expect(paths.map((page) => page.path)).toEqual(expect.arrayContaining(['/privacy-policy', '/return-policy']));
    expect(paths.map((page) => page.path)).not.toContain('/pages/shops-abroad');
    await call('POST', `/admin/pages/${draft.body.id}/publish`, { version: 1 });
    const after = ((await (await api.app.request('/api/pages')).json()) as { pages: { path: string; updated_at: string }[] }).pages;
    expect(after.find((page) => page.path === '/pages/shops-abroad')).toEqual({
      path: '/pages/shops-abroad',
      updated_at: api.clock.now().toISOString(),
    });
  });

  it("an owner's new page is a draft until published; a new slug leaves the old one redirecting", async () => {
    const created = await call('POST', '/admin/pages', { ...texts('Size guide', '## Tops\n\nTrue to size.'), slug: 'size-guide' });
    expect(created).toMatchObject({
      status: 201,
      body: { slug: 'size-guide', path: '/pages/size-guide', latest_version: 1, published_version: null },
    });
    expect((await call('GET', '/pages/size-guide')).status).toBe(404);
    const id = created.body.id!;
    await call('PUT', `/admin/pages/${id}`, { ...texts('Size guide', '## Tops\n\nTrue to size.'), base_version: 1, publish: true });
    expect((await call('GET', '/pages/size-guide')).body).toMatchObject({
      kind: 'page',
      title: 'Size guide',
      description: 'Size guide, told',
    });

    const moved = await call('PUT', `/admin/pages/${id}`, { ...texts('Sizes', 'Fits.'), slug: 'sizes', base_version: 2, publish: true });
    expect(moved.body).toMatchObject({ slug: 'sizes', path: '/pages/sizes' });
    expect((await call('GET', '/pages/size-guide')).body).toEqual({ kind: 'moved', slug: 'sizes', path: '/pages/sizes' });
    expect((await call('GET', '/pages/sizes')).body).toMatchObject({ kind: 'page', markdown: 'Fits.' });

    // Saving from an old version is refused: nobody's edit is lost.
    const stale = await call('PUT', `/admin/pages/${id}`, { ...texts('Old', 'old'), base_version: 2 });
    expect(stale).toMatchObject({ status: 409, body: { code: 'conflict' } });
    // Staff may not add pages or move them.
    const staff = await staffMember(api, 'staff');
    const asStaff = { Authorization: `Bearer ${staff.token}` };
    expect((await call('POST', '/admin/pages', { ...texts('S', 's'), slug: 'stockists' }, asStaff)).status).toBe(403);
    expect((await call('PUT', `/admin/pages/${id}`, { ...texts('S', 's'), slug: 'other', base_version: 3 }, asStaff)).status).toBe(403);
    // A taken slug, and slugs that are not lower-case words with hyphens, are refused.
    expect((await call('POST', '/admin/pages', { ...texts('P', 'p'), slug: 'privacy-policy' })).body).toMatchObject({
      code: 'already_exists',
    });
    for (const slug of ['Size Guide', 'a--b', '-a', 'x'.repeat(81), '../etc']) {
      expect((await call('POST', '/admin/pages', { ...texts('P', 'p'), slug })).status).toBe(422);
    }
  });

  it('an owner deletes a page of their own: gone for shoppers with its old addresses, audited; staff and the policies may not be', async () => {
    const made = await call('POST', '/admin/pages', { ...texts('Lookbook', '## Autumn'), slug: 'lookbook' });
    const id = made.body.id!;
    await call('POST', `/admin/pages/${id}/publish`, { version: 1 });
    await call('PUT', `/admin/pages/${id}`, { ...texts('Lookbook', '## Autumn'), slug: 'lookbook-2026', base_version: 1 });
    expect((await call('GET', '/pages/lookbook')).body).toMatchObject({ kind: 'moved', path: '/pages/lookbook-2026' });

    const staff = await staffMember(api, 'staff');
    const asStaff = { Authorization: `Bearer ${staff.token}` };
    const refused = await api.app.request(`/api/admin/pages/${id}`, { method: 'DELETE', headers: asStaff });
    expect(refused.status).toBe(403);
    const policy = ((await call('GET', '/admin/pages')).body.pages as Json[]).find((page) => page.slug === 'privacy-policy')!;
    const kept = await api.app.request(`/api/admin/pages/${policy.id}`, { method: 'DELETE', headers: cliHeaders });
    expect(kept.status).toBe(400);
    expect(((await kept.json()) as Json).detail).toBe("The shop's own pages cannot be deleted");

    let cleared = 0;
    api.deps.onCatalogueChange = () => (cleared += 1);
    // Deleted twice at once: one deletes it, the other finds nothing.
    const both = await Promise.all([1, 2].map(() => api.app.request(`/api/admin/pages/${id}`, { method: 'DELETE', headers: cliHeaders })));
    expect(both.map((r) => r.status).sort()).toEqual([204, 404]);
    expect(cleared).toBe(1);
    expect((await call('GET', '/pages/lookbook-2026')).status).toBe(404);
    expect((await call('GET', '/pages/lookbook')).status).toBe(404);
    expect((await call('GET', `/admin/pages/${id}`)).status).toBe(404);
    const audit = await call('GET', `/admin/audit?subject_type=page&subject_id=${id}`);
    expect((audit.body as unknown as Json[])[0]).toMatchObject({
      action: 'page.delete',
      before: { slug: 'lookbook-2026', title_en: 'Lookbook', published_version: 1 },
      after: null,
    });
    // The address is free again.
    expect((await call('POST', '/admin/pages', { ...texts('Lookbook', '## Winter'), slug: 'lookbook' })).status).toBe(201);
  });

  it('two owners giving two pages one slug at the same moment: one gets it, the other is told it is taken', async () => {
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) => call('POST', '/admin/pages', { ...texts(`Stockists ${n}`, 'Shops.'), slug: 'stockists' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'already_exists')).toBe(true);
  });

  it('two saves from the same version at once: one becomes the next version, the other is refused', async () => {
    const created = await call('POST', '/admin/pages', { ...texts('FAQ', 'Q.'), slug: 'faq' });
    const id = created.body.id!;
    const results = await Promise.all(
      [1, 2, 3].map((n) => call('PUT', `/admin/pages/${id}`, { ...texts('FAQ', `A${n}.`), base_version: 1 })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const page = await call('GET', `/admin/pages/${id}`);
    expect((page.body.versions as Json[]).map((v) => v.number)).toEqual([2, 1]);
  });
});
