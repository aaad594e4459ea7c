import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { backgroundSvg } from './backgrounds.js';
import {
  BACKGROUND_HEIGHT,
  BACKGROUND_WIDTH,
  type GarmentColour,
  type GarmentKind,
  type GarmentView,
  ILLUSTRATION_HEIGHT,
  ILLUSTRATION_WIDTH,
} from './canvas.js';
import { garmentSvg } from './garments.js';
import { sizeGuideSvg } from './size-guides.js';

const KINDS: GarmentKind[] = ['tracer-tee', 'padded-tee', 'padded-jorts', 'tracer-hoodie'];
const COLOURS: GarmentColour[] = ['BLACK', 'RED', 'BEIGE', 'GREY'];
const VIEWS: GarmentView[] = ['front', 'back', 'detail'];

/** Rasterises like the seed does (SVG -> WebP) and reads the result back. */
async function toWebp(svg: string, width?: number): Promise<{ buffer: Buffer; width?: number; height?: number; format?: string }> {
  let image = sharp(Buffer.from(svg));
  if (width) image = image.resize(width);
  const buffer = await image.webp({ quality: 80 }).toBuffer();
  const meta = await sharp(buffer).metadata();
  return { buffer, width: meta.width, height: meta.height, format: meta.format };
}

function expectSelfContained(svg: string, size: { width: number; height: number }) {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg).toContain(`width="${size.width}" height="${size.height}" viewBox="0 0 ${size.width} ${size.height}"`);
  expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
  expect(svg).not.toMatch(/<image|href=|https?:\/\/(?!www\.w3\.org\/2000\/svg)|@import|@font-face/);
  expect(svg).not.toMatch(/NaN|undefined|Infinity/);
}

const SMALL = 300;
const smallHeight = Math.round((SMALL * ILLUSTRATION_HEIGHT) / ILLUSTRATION_WIDTH);

describe.each(KINDS)('%s illustrations', (kind) => {
  it.each(COLOURS.flatMap((colour) => VIEWS.map((view) => [colour, view] as const)))(
    '%s %s renders as a 4:5 WebP',
    async (colour, view) => {
      const svg = garmentSvg(kind, colour, view);
      expectSelfContained(svg, { width: ILLUSTRATION_WIDTH, height: ILLUSTRATION_HEIGHT });
      expect(svg).not.toContain('<text');
      const out = await toWebp(svg, SMALL);
      expect(out.format).toBe('webp');
      expect(out.width).toBe(SMALL);
      expect(out.height).toBe(smallHeight);
    },
  );

  it('renders full size at 1200 x 1500', async () => {
    const out = await toWebp(garmentSvg(kind, 'BLACK', 'front'));
    expect(out.width).toBe(ILLUSTRATION_WIDTH);
    expect(out.height).toBe(ILLUSTRATION_HEIGHT);
  });

  it('is deterministic', () => {
    expect(garmentSvg(kind, 'GREY', 'detail')).toBe(garmentSvg(kind, 'GREY', 'detail'));
    expect(backgroundSvg(kind)).toBe(backgroundSvg(kind));
    expect(sizeGuideSvg(kind)).toBe(sizeGuideSvg(kind));
  });

  it.each(VIEWS)('draws different colours differently (%s)', async (view) => {
    const black = garmentSvg(kind, 'BLACK', view);
    const beige = garmentSvg(kind, 'BEIGE', view);
    expect(black).not.toBe(beige);
    const [a, b] = await Promise.all([toWebp(black, 120), toWebp(beige, 120)]);
    expect(a.buffer.equals(b.buffer)).toBe(false);
  });

  it('draws the views differently', () => {
    const [front, back, detail] = VIEWS.map((view) => garmentSvg(kind, 'RED', view));
    expect(new Set([front, back, detail]).size).toBe(3);
  });

  it('renders the background at 1920 x 1080', async () => {
    const svg = backgroundSvg(kind);
    expectSelfContained(svg, { width: BACKGROUND_WIDTH, height: BACKGROUND_HEIGHT });
    expect(svg).not.toContain('<text');
    const out = await toWebp(svg);
    expect(out.width).toBe(BACKGROUND_WIDTH);
    expect(out.height).toBe(BACKGROUND_HEIGHT);
  });

  it('renders the size guide at 1200 x 1500 with labels A to D', async () => {
    const svg = sizeGuideSvg(kind);
    expectSelfContained(svg, { width: ILLUSTRATION_WIDTH, height: ILLUSTRATION_HEIGHT });
    const labels = [...svg.matchAll(/<text[^>]*font-family="sans-serif"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).sort();
    expect(labels).toEqual(['A', 'B', 'C', 'D']);
    const out = await toWebp(svg);
    expect(out.width).toBe(ILLUSTRATION_WIDTH);
    expect(out.height).toBe(ILLUSTRATION_HEIGHT);
  });
});

it('draws each product differently', () => {
  expect(new Set(KINDS.map((kind) => garmentSvg(kind, 'BLACK', 'front'))).size).toBe(KINDS.length);
  expect(new Set(KINDS.map((kind) => backgroundSvg(kind))).size).toBe(KINDS.length);
  expect(new Set(KINDS.map((kind) => sizeGuideSvg(kind))).size).toBe(KINDS.length);
});
