// One module on purpose (about 400 lines): the layers of a card frame share its geometry and timing.
import sharp from 'sharp';

import type { Storage } from '../../services/storage.js';
import {
  CARD_ANIMATION_LENGTH,
  CARD_CAPTURE_FRAME,
  CARD_HEIGHT,
  CARD_STATIC_SCALE,
  CARD_WIDTH,
  type CardArt,
  cardArts,
  type CardDesign,
  cardPaths,
  type CardRarity,
} from '../card-data.js';
import { hashString, prng } from './backgrounds.js';
import type { GarmentColour } from './canvas.js';
import { garmentCutoutSvg } from './garments.js';

/**
 * The animated artwork of the collectible cards: a still scene (card ground, frame, the product's
 * illustration) drawn once as SVG, then per frame a holographic foil whose hues drift across the
 * card, a sheen that sweeps over it once per loop, and glints that twinkle. The foil is computed
 * on raw pixels, so a frame costs one WebP encode; the loop is seamless (frame 148 would be frame 0).
 * Each card is drawn in every colour of its product: the light of a frame is worked out once and
 * laid over each colour's scene.
 */

const BUCKET = 'cards' as const;

/** How strongly each rarity shines: foil saturation (0 silver, 1 full rainbow), foil strength, glints. */
const RARITY_LOOK: Record<CardRarity, { saturation: number; strength: number; glints: number }> = {
  common: { saturation: 0.28, strength: 0.7, glints: 5 },
  rare: { saturation: 0.6, strength: 0.85, glints: 9 },
  epic: { saturation: 0.8, strength: 0.95, glints: 13 },
  legendary: { saturation: 1, strength: 1.05, glints: 18 },
};

/** The part of the loop the sheen takes to cross the card; the rest of the loop the foil only drifts. */
const SWEEP_SHARE = 0.6;

function hexRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

function shade(hex: string, amount: number): string {
  const target = amount < 0 ? 0 : 255;
  const t = Math.abs(amount);
  return `#${hexRgb(hex)
    .map((v) =>
      Math.round(v + (target - v) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const smoothstep = (a: number, b: number, x: number) => {
  const t = Math.min(1, Math.max(0, (x - a) / (b - a)));
  return t * t * (3 - 2 * t);
};
const frac = (x: number) => x - Math.floor(x);

/** The still ground of a card, in card units (300 x 400), rendered at `scale`. */
function groundSvg(design: CardDesign, scale: number): string {
  const { bgColor: bg, accentColor: accent } = design;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH * scale}" height="${CARD_HEIGHT * scale}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">` +
    `<defs>` +
    `<linearGradient id="g" x1="0" y1="0" x2="0.35" y2="1"><stop offset="0" stop-color="${shade(bg, 0.16)}"/><stop offset="0.55" stop-color="${bg}"/><stop offset="1" stop-color="${shade(bg, -0.45)}"/></linearGradient>` +
    `<radialGradient id="glow" cx="150" cy="150" r="150" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${accent}" stop-opacity="0.42"/><stop offset="0.6" stop-color="${accent}" stop-opacity="0.08"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="scrim" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(bg, -0.55)}" stop-opacity="0"/><stop offset="0.35" stop-color="${shade(bg, -0.55)}" stop-opacity="0.7"/><stop offset="1" stop-color="${shade(bg, -0.6)}" stop-opacity="0.92"/></linearGradient>` +
    `</defs>` +
    `<rect width="300" height="400" fill="url(#g)"/>` +
    `<rect x="18" y="44" width="264" height="214" rx="10" fill="${shade(bg, -0.35)}" fill-opacity="0.45"/>` +
    `<rect width="300" height="300" fill="url(#glow)"/>` +
    `<rect x="18.5" y="44.5" width="263" height="213" rx="10" fill="none" stroke="${accent}" stroke-opacity="0.3"/>` +
    `<rect y="240" width="300" height="160" fill="url(#scrim)"/>` +
    `<rect x="8.5" y="8.5" width="283" height="383" rx="12" fill="none" stroke="${accent}" stroke-opacity="0.6" stroke-width="1.2"/>` +
    `<path d="M150 350.5 H278" stroke="${accent}" stroke-opacity="0.35"/><path d="M22 350.5 H150" stroke="${accent}" stroke-opacity="0.35"/>` +
    `</svg>`
  );
}

/** Where the garment sits: centred in the picture window, in card units. */
const WINDOW = { x: 18, y: 44, width: 264, height: 214 };

/** What a card's light plays over, the same for every colour of its garment (the cut-out is). */
interface Light {
  width: number;
  height: number;
  /** How much of the foil shows per pixel (pattern, less over the garment and the text). */
  foil: Float32Array;
  /** Gloss the sheen leaves per pixel. */
  gloss: Float32Array;
  /** Position along the sweep direction, 0–1. */
  sweep: Float32Array;
  /** Hue offset per pixel. */
  hue: Float32Array;
}

interface Layers extends Light {
  /** The still scene, RGB 0–1. */
  base: Float32Array;
}

function foilPattern(design: CardDesign, x: number, y: number): number {
  // x, y in card units
  switch (design.foil) {
    case 'lines': {
      const s = frac((x * 0.5 + y * 0.866) / 9);
      return smoothstep(0.62, 0.72, s) * (1 - smoothstep(0.86, 0.96, s));
    }
    case 'quilt': {
      const a = frac((x + y) / 34);
      const b = frac((x - y) / 34);
      const edge = Math.min(Math.min(a, 1 - a), Math.min(b, 1 - b));
      return 0.25 + 0.75 * (1 - smoothstep(0, 0.09, edge));
    }
    case 'ridges': {
      const s = Math.sin((y / 11 + 0.9 * Math.sin(x / 37)) * Math.PI * 2);
      return 0.2 + 0.8 * smoothstep(0.2, 0.95, s);
    }
    case 'rings': {
      const d = Math.hypot(x - 150, y - 150);
      const s = frac(d / 13);
      return 0.15 + 0.85 * smoothstep(0.55, 0.75, s) * (1 - smoothstep(0.8, 0.98, s));
    }
  }
}

/** A garment placed in the picture window, ready to composite. */
interface Placed {
  input: Buffer;
  left: number;
  top: number;
}

/**
 * The garment in `colour` on a transparent ground, trimmed to its edges: rasterised once (librsvg's
 * patterns and blur make it most of a card's drawing time) for every size it is shown at, a little
 * larger than the largest of them (the static image), so it stays sharp once fitted.
 */
async function garmentCutout(design: CardDesign, colour: GarmentColour): Promise<Buffer> {
  const svg = Buffer.from(garmentCutoutSvg(design.kind, colour));
  return sharp(svg, { density: 72 * 0.27 * CARD_STATIC_SCALE })
    .trim({ threshold: 1 })
    .png()
    .toBuffer();
}

/** The cut-out fitted into the picture window at `scale`, centred. */
async function place(cutout: Buffer, scale: number): Promise<Placed> {
  const box = { width: Math.round((WINDOW.width - 24) * scale), height: Math.round((WINDOW.height - 8) * scale) };
  const fitted = await sharp(cutout)
    .resize({ ...box, fit: 'inside' })
    .png()
    .toBuffer({ resolveWithObject: true });
  return {
    input: fitted.data,
    left: Math.round((WINDOW.x + WINDOW.width / 2) * scale - fitted.info.width / 2),
    top: Math.round((WINDOW.y + WINDOW.height / 2 + 6) * scale - fitted.info.height / 2),
  };
}

/** The still scene, RGB 0–1: the card's ground with the garment. */
async function sceneOf(design: CardDesign, scale: number, garment: Placed): Promise<Float32Array> {
  const scene = await sharp(Buffer.from(groundSvg(design, scale)))
    .composite([garment])
    .removeAlpha()
    .raw()
    .toBuffer();
  const base = new Float32Array(scene.length);
  for (let i = 0; i < scene.length; i++) base[i] = scene[i] / 255;
  return base;
}

/** The light layers over the placed garment (any colour of it: their cut-outs are the same). */
async function lightOf(design: CardDesign, scale: number, garment: Placed): Promise<Light> {
  const width = CARD_WIDTH * scale;
  const height = CARD_HEIGHT * scale;
  const cutout = await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([garment])
    .extractChannel(3)
    .raw()
    .toBuffer();
  const n = width * height;
  const foil = new Float32Array(n);
  const gloss = new Float32Array(n);
  const sweep = new Float32Array(n);
  const hue = new Float32Array(n);
  const angle = (design.sweepDegrees * Math.PI) / 180;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const corners = [0, CARD_WIDTH * cos, CARD_HEIGHT * sin, CARD_WIDTH * cos + CARD_HEIGHT * sin];
  const [dMin, dMax] = [Math.min(...corners), Math.max(...corners)];
  for (let py = 0; py < height; py++) {
    const y = (py + 0.5) / scale;
    const text = smoothstep(262, 292, y);
    for (let px = 0; px < width; px++) {
      const i = py * width + px;
      const x = (px + 0.5) / scale;
      // Shadow pixels have partial alpha; only the garment's body counts as garment.
      const g = smoothstep(120, 250, cutout[i]);
      const pattern = foilPattern(design, x, y);
      foil[i] = pattern * (1 - 0.8 * g) * (1 - 0.75 * text);
      gloss[i] = (0.55 + 0.45 * g) * (1 - 0.6 * text);
      sweep[i] = (x * cos + y * sin - dMin) / (dMax - dMin);
      hue[i] = 0.45 * (x / CARD_WIDTH) + 0.3 * (y / CARD_HEIGHT) + 0.12 * pattern;
    }
  }
  return { width, height, foil, gloss, sweep, hue };
}

/** The layers of a card's frames, the garment in `colour` (by default the colour the design shows locked). */
export async function buildLayers(design: CardDesign, scale: number, colour: GarmentColour = design.garmentColour): Promise<Layers> {
  const garment = await place(await garmentCutout(design, colour), scale);
  const [base, light] = await Promise.all([sceneOf(design, scale, garment), lightOf(design, scale, garment)]);
  return { ...light, base };
}

/** A 1024-step rainbow (cosine palette), so a frame never calls Math.cos per pixel. */
const RAINBOW = (() => {
  const table = new Float32Array(1024 * 3);
  for (let i = 0; i < 1024; i++) {
    const h = i / 1024;
    for (let c = 0; c < 3; c++) table[i * 3 + c] = 0.5 + 0.5 * Math.cos(2 * Math.PI * (h + c / 3));
  }
  return table;
})();

interface Glint {
  x: number;
  y: number;
  radius: number;
  phase: number;
  speed: number;
}

function glintsFor(design: CardDesign): Glint[] {
  const random = prng(hashString(`card-${design.kind}`));
  const count = RARITY_LOOK[design.rarity].glints;
  return Array.from({ length: count }, () => ({
    x: 24 + random() * 252,
    y: 30 + random() * 230,
    radius: 4 + random() * 5,
    phase: random(),
    speed: 1 + Math.floor(random() * 3),
  }));
}

/** exp(-(d / width)^2) over d in [-2, 2), in 4096 steps, for the sheen bands. */
function gaussianTable(width: number): Float32Array {
  const table = new Float32Array(4096);
  for (let i = 0; i < 4096; i++) {
    const d = i / 1024 - 2;
    table[i] = Math.exp(-(d * d) / (width * width));
  }
  return table;
}
const NARROW = gaussianTable(0.075);
const WIDE = gaussianTable(0.3);

/**
 * The light of frame `index` of `length`, per pixel and channel (0–1): the foil, the sheen and the
 * glints. It is the same over every colour of the garment, so it is worked out once per frame.
 */
function frameLight(design: CardDesign, layers: Light, glints: Glint[], index: number, length: number): Float32Array {
  const { width, height, foil, gloss, sweep, hue } = layers;
  const t = index / length;
  const look = RARITY_LOOK[design.rarity];
  const [h0, span] = design.hue;
  const sat = look.saturation;
  const centre = t < SWEEP_SHARE ? -0.2 + 1.4 * (t / SWEEP_SHARE) : 9;
  const n = width * height;
  const light = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) {
    const d = sweep[i] - centre;
    const k = d <= -2 || d >= 2 ? -1 : ((d + 2) * 1024) | 0;
    const band = k < 0 ? 0 : NARROW[k];
    const wide = k < 0 ? 0 : WIDE[k];
    const h = frac(h0 + span * frac(hue[i] + t));
    const r = ((h * 1024) | 0) * 3;
    const amount = foil[i] * ((0.2 + 0.55 * wide) * look.strength + band * 0.3);
    const shine = band * 0.32 * gloss[i];
    for (let c = 0; c < 3; c++) light[i * 3 + c] = Math.min(1, (1 - sat + sat * RAINBOW[r + c]) * amount + shine);
  }
  const scale = width / CARD_WIDTH;
  for (const glint of glints) {
    const pulse = Math.max(0, Math.sin(2 * Math.PI * (glint.speed * t + glint.phase)));
    const intensity = pulse ** 8;
    if (intensity < 0.01) continue;
    const r = glint.radius * scale;
    const cx = glint.x * scale;
    const cy = glint.y * scale;
    const thin = 0.09 * r;
    for (let py = Math.max(0, Math.floor(cy - r)); py < Math.min(height, Math.ceil(cy + r)); py++) {
      for (let px = Math.max(0, Math.floor(cx - r)); px < Math.min(width, Math.ceil(cx + r)); px++) {
        const dx = px + 0.5 - cx;
        const dy = py + 0.5 - cy;
        const core = Math.exp(-(dx * dx + dy * dy) / (0.06 * r * r));
        const rays =
          Math.exp(-(dy * dy) / (thin * thin)) * Math.max(0, 1 - Math.abs(dx) / r) +
          Math.exp(-(dx * dx) / (thin * thin)) * Math.max(0, 1 - Math.abs(dy) / r);
        const v = Math.min(1, intensity * (core + 0.8 * rays));
        const i = (py * width + px) * 3;
        for (let c = 0; c < 3; c++) light[i + c] = 1 - (1 - light[i + c]) * (1 - v);
      }
    }
  }
  return light;
}

/** A frame as 8-bit RGB: the light screened over the scene (light only ever adds, so dark grounds glow and light ones never blow out to flat white). */
function screen(base: Float32Array, light: Float32Array): Buffer {
  const out = Buffer.alloc(base.length);
  for (let i = 0; i < base.length; i++) out[i] = (255.5 - 255 * (1 - base[i]) * (1 - light[i])) | 0;
  return out;
}

/**
 * WebP at `quality`. The frames skip sharp's smart chroma subsampling: it made an encode three to
 * five times slower (measured: about 50 ms a frame against 10–15) for files no smaller, and each
 * colour of a card has its 148 frames. The static image keeps it.
 */
async function encode(size: { width: number; height: number }, pixels: Buffer, quality: number, smartSubsample = false): Promise<Buffer> {
  return sharp(pixels, { raw: { width: size.width, height: size.height, channels: 3 } })
    .webp({ quality, effort: 2, smartSubsample })
    .toBuffer();
}

/** Runs `jobs` with at most `limit` in flight. */
async function pool<T>(items: readonly T[], limit: number, job: (item: T) => Promise<void>) {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await job(item);
  };
  await Promise.all(Array.from({ length: Math.min(limit, queue.length) }, worker));
}

export interface CardArtResult {
  cards: number;
  frames: number;
}

/** One colour of a card with something to draw: the frames missing, whether the static image is, and the garment's cut-out. */
interface ArtToDraw {
  colour: GarmentColour;
  folder: string;
  missing: Set<number>;
  staticMissing: boolean;
  cutout?: Buffer;
}

const framePath = (folder: string, i: number) => cardPaths.frame(folder, cardPaths.filePrefix, i, cardPaths.format);

/**
 * Draws what storage lacks of every card's artwork, in each colour of its product: the frames at
 * display size and the static image (the capture frame at twice that). Artworks already complete
 * cost a few file checks. `cards` counts the artworks drawn (or to draw, with `countOnly`).
 */
export async function generateCardArt(storage: Storage, arts: readonly CardArt[] = cardArts(), countOnly = false): Promise<CardArtResult> {
  let cards = 0;
  let frames = 0;
  for (const design of new Set(arts.map((art) => art.design))) {
    const todo: ArtToDraw[] = [];
    for (const { colour } of arts.filter((art) => art.design === design)) {
      const folder = cardPaths.folder(design.kind, colour);
      const missing = new Set<number>();
      for (let i = 0; i < CARD_ANIMATION_LENGTH; i++) if (!(await storage.exists(BUCKET, framePath(folder, i)))) missing.add(i);
      const staticMissing = !(await storage.exists(BUCKET, cardPaths.image(design.kind, colour)));
      if (missing.size || staticMissing) todo.push({ colour, folder, missing, staticMissing });
    }
    cards += todo.length;
    frames += todo.reduce((sum, art) => sum + art.missing.size, 0);
    if (countOnly || !todo.length) continue;
    // Each colour's garment rasterised side by side (sharp's threads), once for both sizes.
    await Promise.all(todo.map(async (art) => (art.cutout = await garmentCutout(design, art.colour))));
    const glints = glintsFor(design);
    await drawFrames(
      storage,
      design,
      glints,
      todo.filter((art) => art.missing.size),
    );
    await drawStatics(
      storage,
      design,
      glints,
      todo.filter((art) => art.staticMissing),
    );
  }
  return { cards, frames };
}

/** The missing frames of each colour: a frame's light worked out once, screened over each colour's scene. */
async function drawFrames(storage: Storage, design: CardDesign, glints: Glint[], todo: ArtToDraw[]) {
  if (!todo.length) return;
  const placed = await Promise.all(todo.map((art) => place(art.cutout!, 1)));
  const [light, scenes] = await Promise.all([
    lightOf(design, 1, placed[0]),
    Promise.all(placed.map((garment) => sceneOf(design, 1, garment))),
  ]);
  const indexes = [...new Set(todo.flatMap((art) => [...art.missing]))].sort((a, b) => a - b);
  await pool(indexes, 3, async (i) => {
    const lit = frameLight(design, light, glints, i, CARD_ANIMATION_LENGTH);
    for (const [k, art] of todo.entries()) {
      if (art.missing.has(i)) await storage.put(BUCKET, framePath(art.folder, i), await encode(light, screen(scenes[k], lit), 72));
    }
  });
}

/** The static image of each colour: the capture frame at the export scale. */
async function drawStatics(storage: Storage, design: CardDesign, glints: Glint[], todo: ArtToDraw[]) {
  if (!todo.length) return;
  const placed = await Promise.all(todo.map((art) => place(art.cutout!, CARD_STATIC_SCALE)));
  const light = await lightOf(design, CARD_STATIC_SCALE, placed[0]);
  const lit = frameLight(design, light, glints, CARD_CAPTURE_FRAME, CARD_ANIMATION_LENGTH);
  await Promise.all(
    todo.map(async (art, k) => {
      const scene = await sceneOf(design, CARD_STATIC_SCALE, placed[k]);
      await storage.put(BUCKET, cardPaths.image(design.kind, art.colour), await encode(light, screen(scene, lit), 85, true));
    }),
  );
}
