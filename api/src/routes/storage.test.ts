import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestApi } from '../../../tests/support/use-test-api';

const api = useTestApi({ seed: false });
beforeAll(async () => {
  const png = await sharp({ create: { width: 1200, height: 1500, channels: 3, background: '#b3261e' } })
    .png()
    .toBuffer();
  await api.storage.put('product-images', 'test/red.png', png);
  await api.storage.put('documents', 'privacy-policy.md', '# Privacy\n');
});

const base = '/storage/v1/object/public';

describe('GET /storage/v1/object/public/<bucket>/<path>', () => {
  it('serves an object with its content type and a long-lived cache header', async () => {
    const res = await api.app.request(`${base}/product-images/test/red.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 1500]);
  });

  it('serves documents with a short cache so edits show up', async () => {
    const res = await api.app.request(`${base}/documents/privacy-policy.md`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await res.text()).toBe('# Privacy\n');
  });

  it('renders a smaller WebP for ?width= and keeps it for the next request', async () => {
    for (let round = 0; round < 2; round++) {
      const res = await api.app.request(`${base}/product-images/test/red.png?width=320`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 400]);
    }
  });

  it('refuses widths it does not render', async () => {
    const res = await api.app.request(`${base}/product-images/test/red.png?width=333`);
    expect(res.status).toBe(422);
    expect((await res.json()).detail[0]).toMatchObject({ loc: ['query', 'width'], msg: 'Unsupported width' });
  });

  it("answers a browser's missing product picture with the 'No Image' placeholder, still 404", async () => {
    const accept = { Accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8' };
    for (const path of [`${base}/product-images/test/missing.png`, `${base}/product-images/test/missing.png?width=320`]) {
      const res = await api.app.request(path, { headers: accept });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(await res.text()).toContain('>No Image</text>');
    }
    // Other buckets, and clients that do not ask for an image, get the error's JSON.
    expect((await api.app.request(`${base}/cards/missing.webp`, { headers: accept })).headers.get('content-type')).toMatch(
      /^application\/json/,
    );
  });

  it.each([
    ['an unknown object', `${base}/product-images/test/missing.png`],
    ['an unknown bucket', `${base}/secrets/test/red.png`],
    ['a path that climbs out of the bucket', `${base}/product-images/..%2F..%2Fetc%2Fpasswd`],
    ['a dot-dot segment', `${base}/product-images/test/%2E%2E/red.png`],
  ])('answers 404 with a detail for %s', async (_name, path) => {
    const res = await api.app.request(path);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: expect.any(String), code: 'not_found' });
  });
});
