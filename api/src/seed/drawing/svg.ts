/** Geometry and SVG building blocks: points, paths, stitching, quilting, ribs and necklines. */
import { CX, type GarmentColour, W } from './canvas.js';
import { type Palette, palette } from './colour.js';

export type Pt = readonly [number, number];

export const add = (a: Pt, b: Pt): Pt => [a[0] + b[0], a[1] + b[1]];
export const sub = (a: Pt, b: Pt): Pt => [a[0] - b[0], a[1] - b[1]];
export const mul = (a: Pt, k: number): Pt => [a[0] * k, a[1] * k];
export const lerp = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
export const dot = (a: Pt, b: Pt): number => a[0] * b[0] + a[1] * b[1];
export const dist = (a: Pt, b: Pt): number => Math.hypot(a[0] - b[0], a[1] - b[1]);
export const unit = (a: Pt): Pt => {
  const l = Math.hypot(a[0], a[1]) || 1;
  return [a[0] / l, a[1] / l];
};
/** Mirror across the vertical centre line of the illustration. */
export const mx = (p: Pt): Pt => [W - p[0], p[1]];

export function num(v: number): string {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
}
export const pt = (p: Pt): string => `${num(p[0])} ${num(p[1])}`;
export const poly = (pts: readonly Pt[]): string => `M${pts.map(pt).join(' L')} Z`;
export const line = (pts: readonly Pt[]): string => `M${pts.map(pt).join(' L')}`;

export interface PaintOpts {
  fill?: string;
  stroke?: string;
  width?: number;
  opacity?: number;
  dash?: string;
  cap?: 'round' | 'butt' | 'square';
  join?: 'round' | 'miter' | 'bevel';
  extra?: string;
}

export function path(d: string, o: PaintOpts): string {
  const attrs = [`d="${d}"`, `fill="${o.fill ?? 'none'}"`];
  if (o.stroke) {
    attrs.push(`stroke="${o.stroke}"`, `stroke-width="${num(o.width ?? 1)}"`);
    if (o.cap) attrs.push(`stroke-linecap="${o.cap}"`);
    attrs.push(`stroke-linejoin="${o.join ?? 'round'}"`);
    if (o.dash) attrs.push(`stroke-dasharray="${o.dash}"`);
  }
  if (o.opacity !== undefined && o.opacity < 1) attrs.push(`opacity="${Math.round(o.opacity * 1000) / 1000}"`);
  if (o.extra) attrs.push(o.extra);
  return `<path ${attrs.join(' ')}/>`;
}

export const STITCH_DASH = '11 7';

export interface Ctx {
  p: Palette;
  /** Makes a document-unique id. */
  id: (name: string) => string;
  defs: string[];
}

export function makeCtx(prefix: string, colour: GarmentColour): Ctx {
  return { p: palette(colour), id: (name) => `${prefix}-${name}`, defs: [] };
}

export function stitch(ctx: Ctx, d: string, width = 3, colour?: string): string {
  return path(d, { stroke: colour ?? ctx.p.stitch, width, dash: STITCH_DASH, cap: 'butt' });
}

export function svgDoc(width: number, height: number, defs: string[], body: string[]): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs>${defs.join('')}</defs>${body.join('')}</svg>`
  );
}

export function blurFilter(id: string, sd: number): string {
  return (
    `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%" color-interpolation-filters="sRGB">` +
    `<feGaussianBlur stdDeviation="${sd}"/></filter>`
  );
}

/** Quilted diamond texture: a puffy radial tone per cell, a pressed seam and stitching along the seams. */
export function quiltPattern(ctx: Ctx, name: string, size: number): string {
  const { p } = ctx;
  const gid = ctx.id(`${name}-puff`);
  const s = num(size);
  const seams = `M0 0 H${s} M0 ${s} H${s} M0 0 V${s} M${s} 0 V${s}`;
  ctx.defs.push(
    `<radialGradient id="${gid}" cx="0.5" cy="0.5" r="0.62" fx="0.38" fy="0.36">` +
      `<stop offset="0" stop-color="${p.highlight}" stop-opacity="0.55"/>` +
      `<stop offset="0.55" stop-color="${p.base}" stop-opacity="0"/>` +
      `<stop offset="1" stop-color="${p.shade}" stop-opacity="0.75"/></radialGradient>`,
    `<pattern id="${ctx.id(name)}" patternUnits="userSpaceOnUse" width="${s}" height="${s}" patternTransform="rotate(45 ${CX} 700)">` +
      `<rect width="${s}" height="${s}" fill="url(#${gid})"/>` +
      path(seams, { stroke: p.shade, width: 6, opacity: 0.7 }) +
      path(seams, { stroke: p.stitch, width: 2.6, dash: `${num(size / 10)} ${num(size / 15)}`, cap: 'butt' }) +
      `</pattern>`,
  );
  return `url(#${ctx.id(name)})`;
}

/** A knitted rib: a band with fine stripes across it, drawn as a wide dashed stroke along its centre line. */
export function ribStripes(ctx: Ctx, centreLine: string, width: number, opacity = 0.35): string {
  return path(centreLine, { stroke: ctx.p.shade, width, dash: '2.5 6.5', opacity, cap: 'butt' });
}

export function neckFwd(hw: number, y: number, drop: number): string {
  return (
    `C${num(CX - hw)} ${num(y + drop * 0.8)} ${num(CX - hw * 0.5)} ${num(y + drop)} ${CX} ${num(y + drop)} ` +
    `C${num(CX + hw * 0.5)} ${num(y + drop)} ${num(CX + hw)} ${num(y + drop * 0.8)} ${num(CX + hw)} ${num(y)}`
  );
}

export function neckRev(hw: number, y: number, drop: number): string {
  return (
    `C${num(CX + hw)} ${num(y + drop * 0.8)} ${num(CX + hw * 0.5)} ${num(y + drop)} ${CX} ${num(y + drop)} ` +
    `C${num(CX - hw * 0.5)} ${num(y + drop)} ${num(CX - hw)} ${num(y + drop * 0.8)} ${num(CX - hw)} ${num(y)}`
  );
}

/** A neckline curve drawn as an open path from left to right. */
export const neckLine = (hw: number, y: number, drop: number): string => `M${num(CX - hw)} ${num(y)} ${neckFwd(hw, y, drop)}`;
