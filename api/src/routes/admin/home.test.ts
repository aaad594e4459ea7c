import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { cliHeaders, staffMember } from '../../../../tests/support/staff';
import { useTestApi } from '../../../../tests/support/use-test-api';
import { homeJobHandlers } from '../../services/home';
import { runDueJobs } from '../../services/jobs';

const api = useTestApi();

type Json = Record<string, unknown>;

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = cliHeaders) {
  const res = await api.app.request(`/api${path}`, {
    method,
    headers: { ...headers, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Json };
}

async function upload(headers: Record<string, string> = cliHeaders) {
  const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#b3261e' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('file', new File([png], 'hero.png', { type: 'image/png' }));
  const res = await api.app.request('/api/admin/home/images', { method: 'POST', headers, body: form });
  return { status: res.status, body: (await res.json()) as Json };
}

async function firstProduct() {
  return api.database.db.selectFrom('products').select(['id', 'name']).orderBy('name').executeTakeFirstOrThrow();
}

const words = { headline_en: 'The winter drop', headline_it: '', text_en: 'Heavy cotton, small batches.', button_en: 'Shop it' };
const audit = async () => (await call('GET', '/admin/audit?subject_type=home')).body as unknown as Json[];

describe("the home page's hero (ADR 073)", () => {
  it('none set: shoppers get no hero (the newest product leads, as before)', async () => {
    expect(await call('GET', '/home')).toEqual({ status: 200, body: { hero: null, next_change_at: null } });
  });

  it('the owner uploads an image and sets the hero: shoppers see it at once, the caches are cleared, and it is audited', async () => {
    const image = await upload();
    expect(image).toMatchObject({ status: 201, body: { width: 1600, height: 900 } });
    expect(String(image.body.path)).toMatch(/^home\/.+\.webp$/);
    expect(await api.storage.get('product-images', String(image.body.path))).not.toBeNull();
    const product = await firstProduct();
    let cleared = 0;
    api.deps.onCatalogueChange = () => (cleared += 1);
    const saved = await call('PUT', '/admin/home/hero/current', { ...words, link: `product:${product.id}`, image: image.body });
    expect(saved).toMatchObject({ status: 200, body: { current: { headline_en: 'The winter drop' }, scheduled: null } });
    expect(cleared).toBe(1);
    expect((await call('GET', '/home')).body).toMatchObject({
      hero: {
        headline_en: 'The winter drop',
        headline_it: '',
        button_en: 'Shop it',
        image: { path: image.body.path, width: 1600, height: 900, bucket_name: 'product-images' },
        target: { kind: 'product', id: product.id, name: product.name },
      },
      next_change_at: null,
    });
    // A save without an image keeps the one it had.
    await call('PUT', '/admin/home/hero/current', { ...words, headline_it: "L'inverno", link: `product:${product.id}` });
    expect(((await call('GET', '/home')).body.hero as Json).image).toMatchObject({ path: image.body.path });
    const [latest, first] = await audit();
    expect(first).toMatchObject({
      action: 'home.hero.current',
      before: null,
      after: { headline_en: 'The winter drop', link_target: product.id },
    });
    expect(latest).toMatchObject({ before: { headline_it: '' }, after: { headline_it: "L'inverno", image_path: image.body.path } });
  });

  it('staff see the hero but may not change it; bad input is refused with its code', async () => {
    const staff = await staffMember(api, 'staff');
    const asStaff = { Authorization: `Bearer ${staff.token}` };
    expect((await call('GET', '/admin/home', undefined, asStaff)).status).toBe(200);
    const product = await firstProduct();
    const body = { ...words, link: `product:${product.id}` };
    expect(await call('PUT', '/admin/home/hero/current', body, asStaff)).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect((await call('DELETE', '/admin/home/hero/current', undefined, asStaff)).status).toBe(403);
    expect((await upload(asStaff)).status).toBe(403);

    const noHeadline = await call('PUT', '/admin/home/hero/current', { ...body, headline_en: ' ' });
    expect(noHeadline).toMatchObject({ status: 422, body: { code: 'invalid_request' } });
    expect((await call('PUT', '/admin/home/hero/current', { ...body, link: 'product:nope' })).status).toBe(422);
    expect((await call('PUT', '/admin/home/hero/elsewhere', body)).status).toBe(422);
    const gone = await call('PUT', '/admin/home/hero/current', { ...body, link: 'product:00000000-0000-4000-8000-000000000000' });
    expect(gone).toMatchObject({ status: 400, body: { code: 'bad_request', detail: 'That product is not in the shop' } });
    expect(await call('PUT', '/admin/home/hero/current', { ...body, link: 'category:Nowhere' })).toMatchObject({ status: 400 });
    const past = new Date(api.clock.now().getTime() - 60_000).toISOString();
    expect(await call('PUT', '/admin/home/hero/scheduled', { ...body, starts_at: past })).toMatchObject({
      status: 400,
      body: { code: 'bad_request', detail: 'Choose a start time ahead of now' },
    });
    expect((await call('PUT', '/admin/home/hero/scheduled', body)).status).toBe(400);
    const badImage = await call('PUT', '/admin/home/hero/current', { ...body, image: { path: '../../etc/passwd', width: 1, height: 1 } });
    expect(badImage.status).toBe(422);
  });

  it('a scheduled hero shows from its start time by the shop clock, and the scheduled job makes it current, clearing the caches', async () => {
    const category = await api.database.db.selectFrom('categories').select('name').orderBy('name').executeTakeFirstOrThrow();
    const startsAt = new Date(api.clock.now().getTime() + 60 * 60_000);
    const scheduled = await call('PUT', '/admin/home/hero/scheduled', {
      headline_en: 'Launch night',
      button_en: 'See the collection',
      button_it: 'Scopri la collezione',
      link: `category:${category.name}`,
      starts_at: startsAt.toISOString(),
    });
    expect(scheduled.body).toMatchObject({ current: { headline_en: 'The winter drop' }, scheduled: { starts_at: startsAt.toISOString() } });
    expect((await call('GET', '/home')).body).toMatchObject({
      hero: { headline_en: 'The winter drop' },
      next_change_at: startsAt.toISOString(),
    });
    const handlers = homeJobHandlers(api.deps);
    expect(await runDueJobs(api.deps, handlers)).toBe(0);

    api.clock.advance(60 * 60_000);
    // Due by the clock: shown before the job has run.
    expect((await call('GET', '/home')).body).toMatchObject({ hero: { headline_en: 'Launch night' }, next_change_at: null });
    let cleared = 0;
    api.deps.onCatalogueChange = () => (cleared += 1);
    expect(await runDueJobs(api.deps, homeJobHandlers(api.deps))).toBe(1);
    expect(cleared).toBe(1);
    const after = await call('GET', '/admin/home');
    expect(after.body).toMatchObject({
      current: { headline_en: 'Launch night', target: { kind: 'category', name: category.name }, starts_at: null },
      scheduled: null,
    });
    expect((await audit())[0]).toMatchObject({
      action: 'home.hero.switch',
      actor: 'schedule of cli',
      before: { headline_en: 'The winter drop' },
      after: { headline_en: 'Launch night', slot: 'current' },
    });
  });

  it('a scheduled hero taken away calls its job off; the current one taken away brings back the newest product', async () => {
    const product = await firstProduct();
    const startsAt = new Date(api.clock.now().getTime() + 60_000).toISOString();
    await call('PUT', '/admin/home/hero/scheduled', { ...words, link: `product:${product.id}`, starts_at: startsAt });
    expect((await call('DELETE', '/admin/home/hero/scheduled')).body).toMatchObject({ scheduled: null });
    api.clock.advance(120_000);
    expect(await runDueJobs(api.deps, homeJobHandlers(api.deps))).toBe(0);
    expect((await call('DELETE', '/admin/home/hero/current')).status).toBe(200);
    expect((await call('GET', '/home')).body).toEqual({ hero: null, next_change_at: null });
    expect((await audit())[0]).toMatchObject({ action: 'home.hero.current.remove', before: { headline_en: 'Launch night' } });
    expect((await call('DELETE', '/admin/home/hero/current')).status).toBe(404);
  });

  it('the products the owner features come first on the home page, in their order; the rest stay newest first', async () => {
    const browse = async () =>
      ((await call('GET', '/products/browse')).body.items as { id: string; name: string; is_variant_listing: boolean }[]).filter(
        (item) => !item.is_variant_listing,
      );
    const newestFirst = await browse();
    const [a, b] = [newestFirst[newestFirst.length - 1], newestFirst[newestFirst.length - 2]];
    let cleared = 0;
    api.deps.onCatalogueChange = () => (cleared += 1);
    const saved = await call('PUT', '/admin/home/featured', { product_ids: [a.id, b.id] });
    expect(saved).toMatchObject({ status: 200, body: { featured: [a.id, b.id] } });
    expect(cleared).toBe(1);
    const featuredFirst = await browse();
    expect(featuredFirst.map((item) => item.name)).toEqual([a.name, b.name, ...newestFirst.slice(0, -2).map((item) => item.name)]);
    // A search orders by its matches, as before.
    expect((await call('GET', `/products/browse?q=${encodeURIComponent(newestFirst[0].name)}`)).status).toBe(200);
    expect((await audit())[0]).toMatchObject({
      action: 'home.featured',
      before: { product_ids: [] },
      after: { product_ids: [a.id, b.id] },
    });

    const staff = await staffMember(api, 'staff');
    expect((await call('PUT', '/admin/home/featured', { product_ids: [] }, { Authorization: `Bearer ${staff.token}` })).status).toBe(403);
    expect(await call('PUT', '/admin/home/featured', { product_ids: [a.id, a.id] })).toMatchObject({
      status: 422,
      body: { code: 'invalid_request' },
    });
    const unknown = await call('PUT', '/admin/home/featured', { product_ids: ['00000000-0000-4000-8000-000000000000'] });
    expect(unknown).toMatchObject({ status: 400, body: { code: 'bad_request' } });
    expect((await call('PUT', '/admin/home/featured', { product_ids: [] })).body).toMatchObject({ featured: [] });
    expect((await browse()).map((item) => item.id)).toEqual(newestFirst.map((item) => item.id));
  });
});
