import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { useTestApi } from '../../../tests/support/use-test-api';
import { cardArts, cardPaths } from '../seed/card-data';
import { imagePaths } from '../seed/catalogue-data';
import type { Logger } from '../services/logger';

// An API on a storage folder nothing has been drawn into, as `npm start`'s first serves (ADR 074).
const drawnOnDemand: string[] = [];
const log: Logger = {
  info: (message) => {
    if (message.includes('on demand')) drawnOnDemand.push(message);
  },
  error: () => undefined,
  request: () => undefined,
};
/** How many drawings on demand were of `what` (a path, or a path and width: 'x.webp at 320px'). */
const drawn = (what: string) => drawnOnDemand.filter((line) => line.startsWith(`images: drew ${what} on demand`)).length;
const api = useTestApi({ seed: false, artOnDemand: true, log });

const base = '/storage/v1/object/public';
const accept = { Accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8' };

describe('seed art asked for before it is drawn', () => {
  it('draws a catalogue image then, straight at the width asked for, and keeps it', async () => {
    const path = imagePaths.garment('tracer-tee', 'BLACK', 'front');
    expect(await api.storage.exists('product-images', path)).toBe(false);
    const res = await api.app.request(`${base}/product-images/${path}?width=320`, { headers: accept });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 400]);
    expect(drawn(`${path} at 320px`)).toBe(1);
    // The full size, which srcset names last, is drawn when it is asked for and stored where the background drawing puts it.
    expect(await api.storage.exists('product-images', path)).toBe(false);
    const original = await api.app.request(`${base}/product-images/${path}`, { headers: accept });
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await original.arrayBuffer())).metadata()).width).toBe(1200);
    expect(await api.storage.exists('product-images', path)).toBe(true);
    // Kept: asked again, nothing is drawn.
    for (const url of [
      `${base}/product-images/${path}?width=320`,
      `${base}/product-images/${path}`,
      `${base}/product-images/${path}?width=640`,
    ])
      expect((await api.app.request(url, { headers: accept })).status).toBe(200);
    expect(drawnOnDemand.filter((line) => line.includes(path))).toHaveLength(2);
  });

  it('draws an image once however many ask for it at the same time', async () => {
    const path = imagePaths.garment('padded-tee', 'GREY', 'back');
    const urls = [...Array(3).fill(`${base}/product-images/${path}`), ...Array(3).fill(`${base}/product-images/${path}?width=640`)];
    const answers = await Promise.all(urls.map((url) => api.app.request(url, { headers: accept })));
    expect(answers.map((res) => [res.status, res.headers.get('content-type')])).toEqual(Array(6).fill([200, 'image/webp']));
    const bodies = await Promise.all(answers.map(async (res) => Buffer.from(await res.arrayBuffer())));
    expect(bodies[0].equals(bodies[2]) && bodies[3].equals(bodies[5])).toBe(true);
    expect(drawn(path)).toBe(1);
    expect(drawn(`${path} at 640px`)).toBe(1);
  });

  it("still answers a path that is no seed image with the 'No Image' placeholder, 404", async () => {
    for (const path of ['tracer-tee/purple-front.webp', 'uploads/missing.png', 'tracer-tee/black-front.webp.w320.webp']) {
      const res = await api.app.request(`${base}/product-images/${path}?width=320`, { headers: accept });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(await res.text()).toContain('>No Image</text>');
    }
    expect((await api.app.request(`${base}/documents/privacy-policy.md`)).status).toBe(404);
  });

  it("draws a card's frames and static image, its whole colour at once, when one of them is asked for", async () => {
    const art = cardArts()[0];
    const folder = cardPaths.folder(art.design.kind, art.colour);
    const frame = cardPaths.frame(folder, cardPaths.filePrefix, 5, cardPaths.format);
    const res = await api.app.request(`${base}/cards/${frame}`);
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 300, 400]);
    expect(await api.storage.exists('cards', cardPaths.image(art.design.kind, art.colour))).toBe(true);
    expect(drawn(`the card ${folder}`)).toBe(1);
    // A name in that folder that no card has stays missing.
    expect((await api.app.request(`${base}/cards/${folder}/frame_9999.webp`)).status).toBe(404);
  });
});
