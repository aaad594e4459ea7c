import { beforeAll, describe, expect, it } from 'vitest';

import type { AdminNavigation, Navigation } from '@contract/api/navigation';

import { cliHeaders, staffMember } from '../../../../tests/support/staff';
import { useTestApi } from '../../../../tests/support/use-test-api';

const api = useTestApi();
let owner: { email: string; token: string };
let staff: { email: string; token: string };

beforeAll(async () => {
  owner = await staffMember(api, 'owner');
  staff = await staffMember(api, 'staff');
});

async function call<T = Record<string, unknown>>(token: string | null, method: string, path: string, body?: unknown) {
  const res = await api.app.request(`/api/${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : cliHeaders), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as T };
}

const shown = async (locale: 'en' | 'it' = 'en') => (await call<Navigation>(null, 'GET', `navigation?locale=${locale}`)).body;
const admin = async () => (await call<AdminNavigation>(owner.token, 'GET', 'admin/navigation')).body;
const group = async (key: string) => (await admin()).groups.find((g) => g.key === key)!;
const labels = (links: Navigation['header']['links']) => links.map((link) => (link.kind === 'catalogue' ? '(catalogue)' : link.label));
const lastAudit = async (action: string) =>
  api.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirst();

describe('the navigation as the migration writes it', () => {
  it('is the header and footer the shop drew from its code, in English and Italian', async () => {
    const en = await shown('en');
    expect(en.header).toEqual({
      key: 'products',
      heading: 'Products',
      links: [{ kind: 'catalogue' }, { kind: 'link', label: 'All products', href: '/', external: false }],
    });
    expect(en.footer.map((g) => [g.key, g.heading, labels(g.links)])).toEqual([
      ['shop', 'Shop', ['All products', '(catalogue)', 'Gift cards']],
      ['account', 'Account', ['Profile', 'Orders', 'Cart', 'Create account']],
      ['policies', 'Policies', ['Privacy Policy', 'Return Policy', 'Terms and Conditions', 'Website Use Agreement']],
      ['support', 'Support', ['Contact us', 'Problem with a purchase', 'Returns', 'About us']],
    ]);
    expect(en.footer[3]!.links[1]).toEqual({
      kind: 'link',
      label: 'Problem with a purchase',
      href: '/contact?reason=purchase_error',
      external: false,
    });
    const it = await shown('it');
    expect(it.header.heading).toBe('Prodotti');
    expect(it.footer.map((g) => g.heading)).toEqual(['Negozio', 'Account', 'Informative', 'Assistenza']);
    expect(labels(it.footer[2]!.links)).toEqual([
      'Informativa sulla privacy',
      'Politica di reso',
      'Termini e condizioni',
      "Condizioni d'uso del sito",
    ]);
  });
});

describe('roles', () => {
  it('lets staff read the navigation and refuses them every change, as it refuses anyone signed out', async () => {
    const header = await group('products');
    const support = await group('support');
    const item = header.items[1]!;
    expect((await call(staff.token, 'GET', 'admin/navigation')).status).toBe(200);
    const changes: [string, string, unknown?][] = [
      ['POST', 'admin/navigation/groups', { heading_en: 'Guides' }],
      ['PUT', `admin/navigation/groups/${support.id}`, { heading_en: 'Help' }],
      ['POST', `admin/navigation/groups/${support.id}/move`, { direction: 'up' }],
      ['DELETE', `admin/navigation/groups/${support.id}`],
      ['POST', `admin/navigation/groups/${header.id}/items`, { kind: 'path', address: '/about', label_en: 'About' }],
      ['PUT', `admin/navigation/items/${item.id}`, { kind: 'path', address: '/', label_en: 'Everything', version: item.version }],
      ['POST', `admin/navigation/items/${item.id}/move`, { direction: 'up' }],
      ['DELETE', `admin/navigation/items/${item.id}`],
    ];
    for (const [method, path, body] of changes) {
      expect(await call(staff.token, method, path, body), `${method} ${path}`).toMatchObject({ status: 403, body: { code: 'forbidden' } });
      const res = await api.app.request(`/api/${path}`, { method });
      expect(res.status, `${method} ${path} signed out`).toBe(401);
    }
    expect(await group('products')).toEqual(header);
    expect(await group('support')).toEqual(support);
  });
});

describe('an owner edits the navigation', () => {
  it('renames a header link, in both languages, audited before and after, and the storefronts are told', async () => {
    let told = 0;
    api.deps.onCatalogueChange = () => (told += 1);
    const header = await group('products');
    const all = header.items[1]!;
    const renamed = await call<AdminNavigation>(owner.token, 'PUT', `admin/navigation/items/${all.id}`, {
      kind: 'path',
      address: '/',
      label_en: 'Shop everything',
      label_it: '',
      version: all.version,
    });
    expect(renamed.status).toBe(200);
    expect(told).toBe(1);
    expect(labels((await shown('en')).header.links)).toEqual(['(catalogue)', 'Shop everything']);
    // No Italian given: the Italian page reads the English.
    expect(labels((await shown('it')).header.links)).toEqual(['(catalogue)', 'Shop everything']);
    expect(await lastAudit('navigation.link.change')).toMatchObject({
      actor: owner.email,
      subject_type: 'navigation',
      subject_id: all.id,
      before: expect.objectContaining({ group: 'products', label_en: 'All products', label_it: 'Tutti i prodotti', address: '/' }),
      after: expect.objectContaining({ group: 'products', label_en: 'Shop everything', label_it: '', address: '/' }),
    });
    // An edit made from the version before is refused, not lost.
    const stale = await call(owner.token, 'PUT', `admin/navigation/items/${all.id}`, {
      kind: 'path',
      address: '/',
      label_en: 'X',
      version: all.version,
    });
    expect(stale).toMatchObject({ status: 409, body: { code: 'conflict' } });
  });

  it('adds links to a product, a category, an owner page (shown once published), an outside address and a path', async () => {
    const footer = await group('support');
    const { choices } = await admin();
    const tee = choices.products.find((p) => p.name === 'Tracer Tee')!;
    const tops = choices.categories.find((c) => c.name === 'T-Shirts')!;
    const page = await call<{ id: string }>(owner.token, 'POST', 'admin/pages', {
      slug: 'size-guide',
      title_en: 'Size guide',
      title_it: 'Guida alle taglie',
      body_en: 'Fit.',
    });
    expect(page.status).toBe(201);
    const add = (body: unknown) => call(owner.token, 'POST', `admin/navigation/groups/${footer.id}/items`, body);
    expect((await add({ kind: 'product', product_id: tee.id })).status).toBe(201);
    expect((await add({ kind: 'category', category_id: tops.id, label_en: '', label_it: '' })).status).toBe(201);
    expect((await add({ kind: 'page', page_id: page.body.id })).status).toBe(201);
    expect((await add({ kind: 'url', address: 'https://instagram.com/filo', label_en: 'Instagram' })).status).toBe(201);
    expect((await add({ kind: 'path', address: '/gift-cards', label_en: 'Gifts', label_it: 'Regali' })).status).toBe(201);

    const links = (await shown('en')).footer.find((g) => g.key === 'support')!.links.slice(4);
    expect(links).toEqual([
      { kind: 'link', label: 'Tracer Tee', href: '/product/Tracer%20Tee', external: false },
      { kind: 'link', label: 'T-Shirts', href: '/?category=T-Shirts', external: false },
      { kind: 'link', label: 'Instagram', href: 'https://instagram.com/filo', external: true },
      { kind: 'link', label: 'Gifts', href: '/gift-cards', external: false },
    ]);
    expect((await group('support')).items[6]).toMatchObject({ kind: 'page', shown: false, points_to: 'Size guide (/pages/size-guide)' });
    await call(owner.token, 'POST', `admin/pages/${page.body.id}/publish`, { version: 1 });
    const it = (await shown('it')).footer.find((g) => g.key === 'support')!.links;
    expect(it[6]).toEqual({ kind: 'link', label: 'Guida alle taglie', href: '/pages/size-guide', external: false });
    expect(it[8]).toMatchObject({ label: 'Regali' });

    // A renamed product keeps its link; an archived one leaves the menu.
    await api.database.db.updateTable('products').set({ name: 'Tracer Tee II' }).where('id', '=', tee.id).execute();
    expect((await shown()).footer[3]!.links[4]).toMatchObject({ label: 'Tracer Tee II', href: '/product/Tracer%20Tee%20II' });
    await api.database.db.updateTable('products').set({ archived_at: new Date() }).where('id', '=', tee.id).execute();
    expect(labels((await shown()).footer[3]!.links)).not.toContain('Tracer Tee II');
    await api.database.db.updateTable('products').set({ name: 'Tracer Tee', archived_at: null }).where('id', '=', tee.id).execute();
  });

  it('refuses bad links with the fields at fault, and links to what does not exist', async () => {
    const footer = await group('support');
    const add = (body: unknown) =>
      call<{ detail: unknown; code: string }>(owner.token, 'POST', `admin/navigation/groups/${footer.id}/items`, body);
    for (const body of [
      { kind: 'url', address: 'javascript:alert(1)', label_en: 'X' },
      { kind: 'path', address: '//elsewhere.example', label_en: 'X' },
      { kind: 'path', address: '/about' },
      { kind: 'product', product_id: 'not-an-id' },
      { kind: 'menu' },
      { kind: 'path', address: '/about', label_en: 'x'.repeat(81) },
    ]) {
      const refused = await add(body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.body).toMatchObject({ code: 'invalid_request', detail: expect.any(Array) });
    }
    expect(await add({ kind: 'product', product_id: crypto.randomUUID() })).toMatchObject({ status: 404, body: { code: 'not_found' } });
    expect(await call(owner.token, 'DELETE', `admin/navigation/items/${crypto.randomUUID()}`)).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    expect(await call(owner.token, 'POST', `admin/navigation/items/x/move`, { direction: 'up' })).toMatchObject({ status: 422 });
  });

  it('moves links up and down, removes one (the rest close up), and keeps the header menu', async () => {
    const account = await group('account');
    const [profile, orders, cart] = account.items;
    await call(owner.token, 'POST', `admin/navigation/items/${cart!.id}/move`, { direction: 'up' });
    await call(owner.token, 'POST', `admin/navigation/items/${profile!.id}/move`, { direction: 'up' }); // first already: stays
    expect(labels((await shown()).footer[1]!.links)).toEqual(['Profile', 'Cart', 'Orders', 'Create account']);
    expect(await lastAudit('navigation.link.move')).toMatchObject({ before: { position: 3 }, after: { position: 2 } });
    expect((await call(owner.token, 'DELETE', `admin/navigation/items/${orders!.id}`)).status).toBe(200);
    expect((await group('account')).items.map((i) => [i.label_en, i.position])).toEqual([
      ['Profile', 1],
      ['Cart', 2],
      ['Create account', 3],
    ]);
    expect(await lastAudit('navigation.link.remove')).toMatchObject({ before: expect.objectContaining({ label_en: 'Orders' }) });
    const header = await group('products');
    expect(await call(owner.token, 'DELETE', `admin/navigation/groups/${header.id}`)).toMatchObject({ status: 400 });
  });

  it('adds, renames, moves and removes footer columns with their links', async () => {
    const added = await call<AdminNavigation>(owner.token, 'POST', 'admin/navigation/groups', {
      heading_en: 'Guides',
      heading_it: 'Guide',
    });
    expect(added.status).toBe(201);
    const guides = added.body.groups.at(-1)!;
    expect(guides).toMatchObject({ menu: 'footer', heading_en: 'Guides', position: 5, items: [] });
    await call(owner.token, 'POST', `admin/navigation/groups/${guides.id}/items`, {
      kind: 'path',
      address: '/about',
      label_en: 'Our story',
    });
    await call(owner.token, 'POST', `admin/navigation/groups/${guides.id}/move`, { direction: 'up' });
    await call(owner.token, 'PUT', `admin/navigation/groups/${guides.id}`, { heading_en: 'Guides', heading_it: 'Le guide' });
    expect((await shown('it')).footer.map((g) => g.heading)).toEqual(['Negozio', 'Account', 'Informative', 'Le guide', 'Assistenza']);
    expect(await lastAudit('navigation.group.change')).toMatchObject({
      before: expect.objectContaining({ heading_it: 'Guide' }),
      after: expect.objectContaining({ heading_it: 'Le guide' }),
    });
    expect((await call(owner.token, 'DELETE', `admin/navigation/groups/${guides.id}`)).status).toBe(200);
    expect((await admin()).groups.filter((g) => g.menu === 'footer').map((g) => [g.key, g.position])).toEqual([
      ['shop', 1],
      ['account', 2],
      ['policies', 3],
      ['support', 4],
    ]);
    expect(await lastAudit('navigation.group.remove')).toMatchObject({
      before: expect.objectContaining({ heading_en: 'Guides', links: [expect.objectContaining({ label_en: 'Our story' })] }),
    });
  });
});
