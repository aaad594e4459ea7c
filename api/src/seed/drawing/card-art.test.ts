import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createLocalStorage, type Storage } from '../../services/storage';
import { CARD_ANIMATION_LENGTH, CARD_DESIGNS, cardArts, cardPaths } from '../card-data';
import { CATALOGUE } from '../catalogue-data';
import { buildLayers, generateCardArt } from './card-art';
import { BASE, parseHex } from './colour';

let dir: string;
let storage: Storage;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'card-art-'));
  storage = createLocalStorage(dir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const design = CARD_DESIGNS[0];
const art = { design, colour: design.garmentColour };
const folder = cardPaths.folder(design.kind, art.colour);
const frame = async (i: number) => (await storage.get('cards', cardPaths.frame(folder, cardPaths.filePrefix, i, cardPaths.format)))!.body;

async function difference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((image) => sharp(image).removeAlpha().raw().toBuffer()));
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i] - y[i]);
  return sum / x.length;
}

describe('card artwork', () => {
  it('draws every frame at display size and the static image at twice that, once', async () => {
    const first = await generateCardArt(storage, [art]);
    expect(first).toEqual({ cards: 1, frames: CARD_ANIMATION_LENGTH });
    for (const i of [0, 1, 28, CARD_ANIMATION_LENGTH - 1]) {
      const meta = await sharp(await frame(i)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 300, 400]);
    }
    expect(await storage.exists('cards', cardPaths.frame(folder, cardPaths.filePrefix, CARD_ANIMATION_LENGTH, cardPaths.format))).toBe(
      false,
    );
    const still = (await storage.get('cards', cardPaths.image(design.kind, art.colour)))!.body;
    const meta = await sharp(still).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 600, 800]);

    expect(await generateCardArt(storage, [art])).toEqual({ cards: 0, frames: 0 });
    // Drawing every frame is pure CPU: 5–10 s alone, several times that while Playwright's browsers
    // have the cores first (npm test runs vitest niced beside them, ADR 057).
  }, 120_000);

  it('redraws only what is missing', async () => {
    const path = cardPaths.frame(folder, cardPaths.filePrefix, 5, cardPaths.format);
    await rm(join(dir, 'cards', path));
    expect(await generateCardArt(storage, [art])).toEqual({ cards: 1, frames: 1 });
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

  it('has an artwork in every colour of the product, each in a folder of its own', () => {
    for (const d of CARD_DESIGNS) {
      const colours = CATALOGUE.find((product) => product.name === d.productName)!.colours;
      const arts = cardArts([d]);
      expect(arts.map((a) => a.colour)).toEqual(colours);
      expect(new Set(arts.map((a) => cardPaths.folder(d.kind, a.colour))).size).toBe(colours.length);
      expect(new Set(arts.map((a) => cardPaths.image(d.kind, a.colour))).size).toBe(colours.length);
    }
    expect(cardPaths.image('padded-jorts', 'BLACK')).toBe(`${cardPaths.folder('padded-jorts', 'BLACK')}/static.webp`);
  });

  it('draws the garment in the colour of its artwork: Padded Jorts in black, beige and grey', async () => {
    const jorts = CARD_DESIGNS.find((d) => d.productName === 'Padded Jorts')!;
    const arts = cardArts([jorts]);
    expect(arts.map((a) => a.colour).sort()).toEqual(['BEIGE', 'BLACK', 'GREY']);
    for (const { colour } of arts) {
      const cloth = garmentColour(await buildLayers(jorts, 1, colour));
      // The cloth's mean colour is nearer this colour's than any other the jorts are sold in.
      const distance = (other: keyof typeof BASE) => Math.hypot(...parseHex(BASE[other]).map((v, c) => v - cloth[c]));
      const nearest = arts.map((a) => a.colour).sort((a, b) => distance(a) - distance(b))[0];
      expect({ colour, nearest }).toEqual({ colour, nearest: colour });
    }
  });
});

/** The mean colour (0–255) of a card's garment: the pixels its body covers in full, away from the text. */
function garmentColour(layers: Awaited<ReturnType<typeof buildLayers>>): [number, number, number] {
  const sum = [0, 0, 0];
  let count = 0;
  for (let i = 0; i < layers.width * layers.height; i++) {
    // Gloss is 1 only on the garment's body (its cut-out fully opaque) above the text.
    if (layers.gloss[i] < 0.999) continue;
    for (let c = 0; c < 3; c++) sum[c] += layers.base[i * 3 + c] * 255;
    count++;
  }
  expect(count).toBeGreaterThan(0.1 * layers.width * layers.height);
  return [sum[0] / count, sum[1] / count, sum[2] / count];
}
