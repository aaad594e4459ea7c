import { describe, expect, it } from 'vitest';

import { SHOP_PAGE_FIRST_TEXTS } from '@contract/shop-pages';

import { cliHeaders, staffMember } from '../../../../tests/support/staff';
import { useTestApi } from '../../../../tests/support/use-test-api';
import { seedShopPages } from '../../seed/shop-pages';

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

const contact = SHOP_PAGE_FIRST_TEXTS.contact;
const newHours = {
  address_en: 'FILO Studio\nVia del Campo 4\n16124 Genova, Italy',
  address_it: '',
  hours: [
    { days_en: 'Tue-Sat', days_it: 'Mar-Sab', hours_en: '11:00-19:00', hours_it: '' },
    { days_en: 'Sun-Mon', days_it: '', hours_en: 'closed', hours_it: 'chiuso' },
  ],
};

async function pageId(slug: string) {
  const list = await call('GET', '/admin/pages');
  return (list.body.pages as Json[]).find((page) => page.slug === slug)!.id!;
}

describe('the about and contact pages as builtin pages (ADR 073)', () => {
  it("the seed writes today's texts as their first published versions, once; shoppers read them in their language", async () => {
    expect(await seedShopPages(api.database.db, api.clock.now())).toEqual(['about', 'contact']);
    expect(await seedShopPages(api.database.db, api.clock.now())).toEqual([]);
    const about = await call('GET', '/pages/about?locale=en');
    expect(about).toMatchObject({
      status: 200,
      body: { kind: 'page', builtin: 'about', path: '/about', title: SHOP_PAGE_FIRST_TEXTS.about.title_en },
    });
    expect(about.body.markdown).toBe(SHOP_PAGE_FIRST_TEXTS.about.body_en);
    expect(about.body.contact).toBeUndefined();
    const it = await call('GET', '/pages/contact?locale=it');
    expect(it.body).toMatchObject({
      path: '/contact',
      title: contact.title_it,
      markdown: contact.body_it,
      contact: {
        address: ['Laboratorio FILO', 'Via San Lorenzo 23', '16123 Genova, Italia'],
        hours: [
          { days: 'Lun-Ven', hours: '10:00-18:00' },
          { days: 'Sab', hours: '10:00-14:00' },
          { days: 'Dom', hours: 'chiuso' },
        ],
      },
    });
  });

  it("staff save the contact page's hours as a draft; the owner's publish shows them, clears the cache, and is audited before and after", async () => {
    const id = await pageId('contact');
    const staff = await staffMember(api, 'staff');
    const asStaff = { Authorization: `Bearer ${staff.token}` };
    const { fields: _fields, ...texts } = contact;
    const draft = await call('PUT', `/admin/pages/${id}`, { ...texts, fields: newHours, base_version: 1 }, asStaff);
    expect(draft).toMatchObject({ status: 200, body: { latest_version: 2, published_version: 1, latest: { fields: newHours } } });
    expect((await call('GET', '/pages/contact')).body.contact).toMatchObject({ hours: [{ days: 'Mon-Fri' }, {}, {}] });
    // Staff may not publish.
    expect(await call('POST', `/admin/pages/${id}/publish`, { version: 2 }, asStaff)).toMatchObject({ status: 403 });

    let cleared = 0;
    api.deps.onCatalogueChange = () => (cleared += 1);
    const owner = await staffMember(api, 'owner');
    await call('POST', `/admin/pages/${id}/publish`, { version: 2 }, { Authorization: `Bearer ${owner.token}` });
    expect(cleared).toBe(1);
    expect((await call('GET', '/pages/contact?locale=en')).body.contact).toEqual({
      address: ['FILO Studio', 'Via del Campo 4', '16124 Genova, Italy'],
      hours: [
        { days: 'Tue-Sat', hours: '11:00-19:00' },
        { days: 'Sun-Mon', hours: 'closed' },
      ],
    });
    // Italian left empty reads in English, cell by cell.
    expect((await call('GET', '/pages/contact?locale=it')).body.contact).toEqual({
      address: ['FILO Studio', 'Via del Campo 4', '16124 Genova, Italy'],
      hours: [
        { days: 'Mar-Sab', hours: '11:00-19:00' },
        { days: 'Sun-Mon', hours: 'chiuso' },
      ],
    });
    // A policy is mirrored to storage when published; the contact page is not a policy.
    expect(await api.storage.get('documents', 'policies/contact.md')).toBeNull();

    const audit = (await call('GET', `/admin/audit?subject_type=page&subject_id=${id}`)).body as unknown as Json[];
    expect(audit[1]).toMatchObject({
      actor: staff.email,
      action: 'page.save',
      before: { version: 1, fields: contact.fields },
      after: { version: 2, fields: newHours },
    });
  });

  it('a save without the address and hours keeps the last ones; a restore brings back its own', async () => {
    const id = await pageId('contact');
    const { fields: _fields, ...texts } = contact;
    const kept = await call('PUT', `/admin/pages/${id}`, { ...texts, body_en: 'Write to us.', base_version: 2 });
    expect(kept.body).toMatchObject({ latest_version: 3, latest: { body_en: 'Write to us.', fields: newHours } });
    const restored = await call('POST', `/admin/pages/${id}/restore`, { version: 1 });
    expect(restored.body).toMatchObject({ latest_version: 4, latest: { body_en: contact.body_en, fields: contact.fields } });
  });

  it('refuses hours without their days, too many rows, and an address for any other page', async () => {
    const id = await pageId('contact');
    const { fields: _fields, ...texts } = contact;
    const noDays = { ...newHours, hours: [{ days_en: '', hours_en: '10:00' }] };
    expect(await call('PUT', `/admin/pages/${id}`, { ...texts, fields: noDays, base_version: 4 })).toMatchObject({
      status: 422,
      body: { code: 'invalid_request' },
    });
    const eight = { ...newHours, hours: Array.from({ length: 8 }, () => newHours.hours[0]) };
    expect((await call('PUT', `/admin/pages/${id}`, { ...texts, fields: eight, base_version: 4 })).status).toBe(422);
    const about = await pageId('about');
    const { fields: _none, ...aboutTexts } = SHOP_PAGE_FIRST_TEXTS.about;
    expect(await call('PUT', `/admin/pages/${about}`, { ...aboutTexts, fields: newHours, base_version: 1 })).toMatchObject({
      status: 400,
      body: { code: 'bad_request' },
    });
    // The shop's own pages keep their address and stay published.
    expect((await call('PUT', `/admin/pages/${about}`, { ...aboutTexts, slug: 'our-story', base_version: 1 })).status).toBe(400);
    expect((await call('POST', `/admin/pages/${about}/publish`, { version: null })).status).toBe(400);
  });

  it("an owner's page already at /pages/about keeps its address: the shop's about page then stays as the code has it", async () => {
    await api.database.db.deleteFrom('pages').where('builtin', 'in', ['about', 'contact']).execute();
    await call('POST', '/admin/pages', { title_en: 'About us', body_en: 'x', slug: 'about' });
    expect(await seedShopPages(api.database.db, api.clock.now())).toEqual(['contact']);
  });
});
