// One module on purpose (a little over 300 lines): the layers of a card frame share its geometry and timing.
import sharp from 'sharp';

import type { Storage } from '../../services/storage.js';
import {
  CARD_ANIMATION_LENGTH,
  CARD_CAPTURE_FRAME,
  CARD_DESIGNS,
  CARD_HEIGHT,
  CARD_STATIC_SCALE,
  CARD_WIDTH,
  type CardDesign,
  cardPaths,
  type CardRarity,
} from '../card-data.js';
import { hashString, prng } from './backgrounds.js';
import { garmentCutoutSvg } from './garments.js';

/**
 * The animated artwork of the collectible cards: a still scene (card ground, frame, the product's
 * illustration) drawn once as SVG, then per frame a holographic foil whose hues drift across the
 * card, a sheen that sweeps over it once per loop, and glints that twinkle. The foil is computed
 * on raw pixels, so a frame costs one WebP encode; the loop is seamless (frame 148 would be frame 0).
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

interface Layers {
  width: number;
  height: number;
  /** The still scene, RGB 0–1. */
  base: Float32Array;
  /** How much of the foil shows per pixel (pattern, less over the garment and the text). */
  foil: Float32Array;
  /** Gloss the sheen leaves per pixel. */
  gloss: Float32Array;
  /** Position along the sweep direction, 0–1. */
  sweep: Float32Array;
  /** Hue offset per pixel. */
  hue: Float32Array;
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

async function garmentRaster(design: CardDesign, scale: number) {
  const box = { width: Math.round((WINDOW.width - 24) * scale), height: Math.round((WINDOW.height - 8) * scale) };
  // Rendered small enough to be quick, large enough to stay sharp once trimmed and fitted.
  const svg = Buffer.from(garmentCutoutSvg(design.kind, design.garmentColour));
  const trimmed = await sharp(svg, { density: 72 * 0.45 * scale })
    .trim({ threshold: 1 })
    .png()
    .toBuffer();
  const fitted = await sharp(trimmed)
    .resize({ ...box, fit: 'inside' })
    .png()
    .toBuffer({ resolveWithObject: true });
  return {
    input: fitted.data,
    left: Math.round((WINDOW.x + WINDOW.width / 2) * scale - fitted.info.width / 2),
    top: Math.round((WINDOW.y + WINDOW.height / 2 + 6) * scale - fitted.info.height / 2),
  };
}

export async function buildLayers(design: CardDesign, scale: number): Promise<Layers> {
  const width = CARD_WIDTH * scale;
  const height = CARD_HEIGHT * scale;
  const garment = await garmentRaster(design, scale);
  const [scene, cutout] = await Promise.all([
    sharp(Buffer.from(groundSvg(design, scale)))
      .composite([garment])
      .removeAlpha()
      .raw()
      .toBuffer(),
    sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([garment])
      .extractChannel(3)
      .raw()
      .toBuffer(),
  ]);
  const n = width * height;
  const base = new Float32Array(n * 3);
  for (let i = 0; i < n * 3; i++) base[i] = scene[i] / 255;
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
  return { width, height, base, foil, gloss, sweep, hue };
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

/** Frame `index` of `length` as 8-bit RGB. */
function renderFrame(design: CardDesign, layers: Layers, glints: Glint[], index: number, length: number): Buffer {
  const { width, height, base, foil, gloss, sweep, hue } = layers;
  const t = index / length;
  const look = RARITY_LOOK[design.rarity];
  const [h0, span] = design.hue;
  const sat = look.saturation;
  const centre = t < SWEEP_SHARE ? -0.2 + 1.4 * (t / SWEEP_SHARE) : 9;
  const n = width * height;
  const out = Buffer.alloc(n * 3);
  for (let i = 0; i < n; i++) {
    const d = sweep[i] - centre;
    const k = d <= -2 || d >= 2 ? -1 : ((d + 2) * 1024) | 0;
    const band = k < 0 ? 0 : NARROW[k];
    const wide = k < 0 ? 0 : WIDE[k];
    const h = frac(h0 + span * frac(hue[i] + t));
    const r = ((h * 1024) | 0) * 3;
    const amount = foil[i] * ((0.2 + 0.55 * wide) * look.strength + band * 0.3);
    const shine = band * 0.32 * gloss[i];
    for (let c = 0; c < 3; c++) {
      const a = Math.min(1, (1 - sat + sat * RAINBOW[r + c]) * amount + shine);
      // Screen blend: light only ever adds, so dark grounds glow and light ones never blow out to flat white.
      out[i * 3 + c] = Math.round((1 - (1 - base[i * 3 + c]) * (1 - a)) * 255);
    }
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
        for (let c = 0; c < 3; c++) out[i + c] = Math.round(255 - (255 - out[i + c]) * (1 - v));
      }
    }
  }
  return out;
}

async function encode(layers: Layers, pixels: Buffer, quality: number): Promise<Buffer> {
  return sharp(pixels, { raw: { width: layers.width, height: layers.height, channels: 3 } })
    .webp({ quality, effort: 2, smartSubsample: true })
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

/**
 * Draws what storage lacks of every card's artwork: the frames at display size and the static
 * image (the capture frame at twice that). Cards already complete cost a few file checks.
 */
export async function generateCardArt(
  storage: Storage,
  designs: readonly CardDesign[] = CARD_DESIGNS,
  countOnly = false,
): Promise<CardArtResult> {
  let cards = 0;
  let frames = 0;
  for (const design of designs) {
    const folder = cardPaths.folder(design.kind);
    const framePath = (i: number) => cardPaths.frame(folder, cardPaths.filePrefix, i, cardPaths.format);
    const indexes = Array.from({ length: CARD_ANIMATION_LENGTH }, (_, i) => i);
    const missing: number[] = [];
    for (const i of indexes) if (!(await storage.exists(BUCKET, framePath(i)))) missing.push(i);
    const staticMissing = !(await storage.exists(BUCKET, cardPaths.image(design.kind)));
    if (!missing.length && !staticMissing) continue;
    if (countOnly) {
      cards++;
      frames += missing.length;
      continue;
    }

    const glints = glintsFor(design);
    if (missing.length) {
      const layers = await buildLayers(design, 1);
      await pool(missing, 3, async (i) => {
        await storage.put(BUCKET, framePath(i), await encode(layers, renderFrame(design, layers, glints, i, CARD_ANIMATION_LENGTH), 72));
      });
      frames += missing.length;
    }
    if (staticMissing) {
      const large = await buildLayers(design, CARD_STATIC_SCALE);
      const pixels = renderFrame(design, large, glints, CARD_CAPTURE_FRAME, CARD_ANIMATION_LENGTH);
      await storage.put(BUCKET, cardPaths.image(design.kind), await encode(large, pixels, 85));
    }
    cards++;
  }
  return { cards, frames };
}
