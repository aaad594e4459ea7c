import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { cliHeaders, staffMember } from '../../../../tests/support/staff';
import { useTestApi } from '../../../../tests/support/use-test-api';

const api = useTestApi();

async function admin(method: string, path: string, body?: unknown, headers: Record<string, string> = cliHeaders) {
  const res = await api.app.request(`/api/admin/${path}`, {
    method,
    headers: { ...headers, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

async function upload(productId: string, file: Blob | null, fields: Record<string, string>, headers: Record<string, string> = cliHeaders) {
  const form = new FormData();
  if (file) form.set('file', file, 'photo.jpg');
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const res = await api.app.request(`/api/admin/products/${productId}/images`, { method: 'POST', headers, body: form });
  return { status: res.status, body: await res.json() };
}

let made = 0;
async function product() {
  made += 1;
  const res = await admin('POST', 'products', {
    name: `Photo Tee ${made}`,
    category: 'Tees',
    short_description: 'A tee.',
    long_description: '',
    price: 3_500,
    launch_date: new Date(api.clock.now().getTime() - 1000).toISOString(),
    purchase_limit: null,
    sku_prefix: `PH${made}`,
    colours: ['Black'],
    sizes: ['M'],
    stock_per_variant: 3,
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string };
}

/** A 1200×800 JPEG, stored sideways with EXIF orientation 6 (a phone held upright) and a GPS tag. */
async function phonePhoto(): Promise<Blob> {
  const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#a8895a' } })
    .jpeg()
    .withMetadata({
      orientation: 6,
      exif: { IFD0: { Make: 'PhoneCo', Model: 'Snap 9' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '44/1 24/1 0/1' } },
    })
    .toBuffer();
  expect((await sharp(jpeg).metadata()).exif).toBeDefined();
  return new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' });
}

describe('product images', () => {
  it('an upload is stored upright, without its metadata, scaled and pre-rendered, and shown with its alt text and focal point', async () => {
    const p = await product();
    const res = await upload(p.id, await phonePhoto(), {
      alt: 'The tee, flat on the workroom table',
      type: 'product',
      focal_x: '30',
      focal_y: '20',
    });
    expect(res.status).toBe(201);
    const [image] = res.body.images;
    // Orientation 6 turns 1200×800 into 800×1200.
    expect(image).toMatchObject({
      type: 'product',
      alt: 'The tee, flat on the workroom table',
      width: 800,
      height: 1200,
      focal_x: 30,
      focal_y: 20,
      order: 0,
    });
    const stored = await api.storage.get('product-images', image.storage_path);
    expect(stored?.contentType).toBe('image/webp');
    const meta = await sharp(stored!.body).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 1200 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // The srcset's widths are there already.
    const small = await api.app.request(`/storage/v1/object/public/product-images/${image.storage_path}?width=320`);
    expect(small.status).toBe(200);
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(320);

    const details = await (await api.app.request(`/api/products/details?product_name=${encodeURIComponent(p.name)}`)).json();
    expect(details.product_images).toEqual([
      expect.objectContaining({ storage_path: image.storage_path, alt: 'The tee, flat on the workroom table', focal_x: 30, focal_y: 20 }),
    ]);
    const audit = (await admin('GET', `audit?subject_type=product&subject_id=${p.id}`)).body[0];
    expect(audit).toMatchObject({ action: 'product.image.add', after: { alt: 'The tee, flat on the workroom table', width: 800 } });
  });

  it('refuses what is not an image, too large, or without a description, and saves nothing', async () => {
    const p = await product();
    const text = new Blob(['not really a picture'], { type: 'image/jpeg' });
    expect(await upload(p.id, text, { alt: 'x' })).toEqual({
      status: 400,
      body: { detail: 'The file is not a JPEG, PNG or WebP image', code: 'bad_request' },
    });
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await upload(p.id, new Blob([new Uint8Array(gif)]), { alt: 'x' })).status).toBe(400);
    expect((await upload(p.id, await phonePhoto(), {})).body).toMatchObject({
      code: 'invalid_request',
      detail: [{ loc: ['body', 'alt'], msg: 'Describe the image for people who cannot see it' }],
    });
    expect((await upload(p.id, await phonePhoto(), { alt: 'x', focal_x: '140' })).status).toBe(422);
    expect((await upload(p.id, null, { alt: 'x' })).body.detail[0].msg).toBe('Choose an image file to upload');
    const huge = new Blob([new Uint8Array(10 * 1024 * 1024 + 10)]);
    expect((await upload(p.id, huge, { alt: 'x' })).status).toBe(413);
    expect((await admin('GET', `products/${p.id}`)).body.images).toEqual([]);
    const staff = await staffMember(api, 'staff');
    expect((await upload(p.id, await phonePhoto(), { alt: 'x' }, { Authorization: `Bearer ${staff.token}` })).status).toBe(403);
    expect((await upload('00000000-0000-4000-8000-000000000000', await phonePhoto(), { alt: 'x' })).status).toBe(404);
  });

  it('reorders, edits and removes images, each audited', async () => {
    const p = await product();
    for (const alt of ['Front', 'Back', 'Detail']) expect((await upload(p.id, await phonePhoto(), { alt })).status).toBe(201);
    const alts = async () => (await admin('GET', `products/${p.id}`)).body.images.map((i: { alt: string }) => i.alt);
    const idOf = async (alt: string) => (await admin('GET', `products/${p.id}`)).body.images.find((i: { alt: string }) => i.alt === alt).id;
    expect(await alts()).toEqual(['Front', 'Back', 'Detail']);
    expect((await admin('POST', `products/${p.id}/images/${await idOf('Detail')}/move`, { direction: 'up' })).status).toBe(200);
    expect(await alts()).toEqual(['Front', 'Detail', 'Back']);
    // The first cannot go further up: nothing moves.
    await admin('POST', `products/${p.id}/images/${await idOf('Front')}/move`, { direction: 'up' });
    expect(await alts()).toEqual(['Front', 'Detail', 'Back']);
    const details = await (await api.app.request(`/api/products/details?product_name=${encodeURIComponent(p.name)}`)).json();
    expect(details.product_images.map((i: { alt: string }) => i.alt)).toEqual(['Front', 'Detail', 'Back']);

    expect(
      (await admin('PUT', `products/${p.id}/images/${await idOf('Back')}`, { alt: 'Back, with the woven label', focal_x: 50, focal_y: 10 }))
        .status,
    ).toBe(200);
    expect((await admin('PUT', `products/${p.id}/images/${await idOf('Front')}`, { alt: '', focal_x: 50, focal_y: 50 })).status).toBe(422);
    expect((await admin('DELETE', `products/${p.id}/images/${await idOf('Front')}`)).status).toBe(200);
    expect(await alts()).toEqual(['Detail', 'Back, with the woven label']);
    const actions = (await admin('GET', `audit?subject_type=product&subject_id=${p.id}`)).body.map((e: { action: string }) => e.action);
    expect(actions.slice(0, 3)).toEqual(['product.image.remove', 'product.image.edit', 'product.image.move']);
    const other = await product();
    expect((await admin('DELETE', `products/${other.id}/images/${await idOf('Detail')}`)).status).toBe(404);
  });
});
