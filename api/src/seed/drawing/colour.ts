/** Colour maths and the palette of each garment colour. */
import type { GarmentColour } from './canvas.js';

export const BASE: Record<GarmentColour, string> = { BLACK: '#1d1d1f', RED: '#b3261e', BEIGE: '#d8c3a5', GREY: '#8e9196' };
/** The contrasting tracer line / drawcord colour for each garment colour. */
export const TRACER: Record<GarmentColour, string> = { BLACK: '#ece5d8', RED: '#f3ede3', BEIGE: '#232325', GREY: '#1d1d1f' };

export const STUDIO = '#f4f1ec';
export const INK = '#1d1d1f';
export const BRAND_RED = '#b3261e';

export type Rgb = readonly [number, number, number];

export function parseHex(hex: string): Rgb {
  const h = hex.replace('#', '');
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

export function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Linear blend of two hex colours; t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = parseHex(hex);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export interface Palette {
  base: string;
  /** Folds and the shadow side. */
  shade: string;
  /** Inside of the garment (inner neck, hood, pocket openings). */
  deep: string;
  highlight: string;
  /** Rib knit (collar, cuffs, hem bands) and waistbands. */
  rib: string;
  /** Seam lines. */
  seam: string;
  /** Tonal stitching, always readable on the base colour. */
  stitch: string;
  /** Contrast topstitching for the twill shorts. */
  topstitch: string;
  tracer: string;
  label: string;
  labelDetail: string;
  metal: string;
  metalDark: string;
  /** Thin outline around the silhouette. */
  edge: string;
}

export function palette(colour: GarmentColour): Palette {
  const base = BASE[colour];
  const lum = luminance(base);
  const veryDark = lum < 0.05;
  const dark = lum < 0.2;
  return {
    base,
    shade: veryDark ? '#0c0c0d' : mix(base, '#000000', 0.2),
    deep: veryDark ? '#050506' : mix(base, '#000000', 0.45),
    highlight: mix(base, '#ffffff', veryDark ? 0.12 : dark ? 0.13 : 0.24),
    rib: veryDark ? mix(base, '#ffffff', 0.05) : mix(base, '#000000', 0.07),
    seam: veryDark ? '#070708' : mix(base, '#000000', 0.32),
    stitch: dark ? mix(base, '#ffffff', veryDark ? 0.34 : 0.4) : mix(base, '#000000', 0.42),
    topstitch: lum > 0.35 ? '#7b5a32' : '#cfa466',
    tracer: TRACER[colour],
    label: lum > 0.3 ? INK : '#efe9df',
    labelDetail: lum > 0.3 ? '#8a8478' : '#9b9488',
    metal: '#c9c2b6',
    metalDark: '#81796d',
    edge: veryDark ? '#0a0a0b' : mix(base, '#000000', 0.28),
  };
}
