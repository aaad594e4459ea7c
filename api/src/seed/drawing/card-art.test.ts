import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createLocalStorage, type Storage } from '../../services/storage';
import { CARD_ANIMATION_LENGTH, CARD_DESIGNS, cardPaths } from '../card-data';
import { buildLayers, generateCardArt } from './card-art';

let dir: string;
let storage: Storage;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'card-art-'));
  storage = createLocalStorage(dir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const design = CARD_DESIGNS[0];
const folder = cardPaths.folder(design.kind);
const frame = async (i: number) => (await storage.get('cards', cardPaths.frame(folder, cardPaths.filePrefix, i, cardPaths.format)))!.body;

async function difference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((image) => sharp(image).removeAlpha().raw().toBuffer()));
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i] - y[i]);
  return sum / x.length;
}

describe('card artwork', () => {
  it('draws every frame at display size and the static image at twice that, once', async () => {
    const first = await generateCardArt(storage, [design]);
    expect(first).toEqual({ cards: 1, frames: CARD_ANIMATION_LENGTH });
    for (const i of [0, 1, 28, CARD_ANIMATION_LENGTH - 1]) {
      const meta = await sharp(await frame(i)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 300, 400]);
    }
    expect(await storage.exists('cards', cardPaths.frame(folder, cardPaths.filePrefix, CARD_ANIMATION_LENGTH, cardPaths.format))).toBe(
      false,
    );
    const still = (await storage.get('cards', cardPaths.image(design.kind)))!.body;
    const meta = await sharp(still).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 600, 800]);

    expect(await generateCardArt(storage, [design])).toEqual({ cards: 0, frames: 0 });
    // Drawing every frame is pure CPU: 5–10 s alone, several times that while Playwright's browsers
    // have the cores first (npm test runs vitest niced beside them, ADR 057).
  }, 120_000);

  it('redraws only what is missing', async () => {
    const path = cardPaths.frame(folder, cardPaths.filePrefix, 5, cardPaths.format);
    await rm(join(dir, 'cards', path));
    expect(await generateCardArt(storage, [design])).toEqual({ cards: 1, frames: 1 });
    expect(await storage.exists('cards', path)).toBe(true);
  });

  it('animates: frames change over the loop, and the last leads smoothly back to the first', async () => {
    const [f0, f1, f40, last] = await Promise.all([frame(0), frame(1), frame(40), frame(CARD_ANIMATION_LENGTH - 1)]);
    const sweep = await difference(f0, f40);
    expect(sweep).toBeGreaterThan(3 * (await difference(f0, f1)));
    expect(await difference(last, f0)).toBeLessThan(sweep / 2);
  });

  it('keeps frames small: compressed WebP', async () => {
    let total = 0;
    for (let i = 0; i < CARD_ANIMATION_LENGTH; i += 10) total += (await frame(i)).length;
    expect(total / Math.ceil(CARD_ANIMATION_LENGTH / 10)).toBeLessThan(40_000);
  });

  it('gives every card artwork of its own', async () => {
    const grounds = await Promise.all(CARD_DESIGNS.map(async (d) => Buffer.from((await buildLayers(d, 1)).base.buffer).toString('base64')));
    expect(new Set(grounds).size).toBe(CARD_DESIGNS.length);
    expect(new Set(CARD_DESIGNS.map((d) => d.foil)).size).toBe(CARD_DESIGNS.length);
  });
});
