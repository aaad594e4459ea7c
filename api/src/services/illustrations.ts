/**
 * Flat vector illustrations of the catalogue garments, drawn as plain SVG strings.
 *
 * Pure and deterministic: no I/O, no randomness (a seeded PRNG drives the background layouts),
 * no external references, no text except the A–D labels of the size guides. The seed rasterises
 * these strings with sharp (librsvg), so only features librsvg renders well are used: paths,
 * gradients, patterns, clip paths and Gaussian blur.
 */

export type GarmentKind = 'tracer-tee' | 'padded-tee' | 'padded-jorts' | 'tracer-hoodie';
export type GarmentColour = 'BLACK' | 'RED' | 'BEIGE' | 'GREY';
export type GarmentView = 'front' | 'back' | 'detail';

export const ILLUSTRATION_WIDTH = 1200;
export const ILLUSTRATION_HEIGHT = 1500;
export const BACKGROUND_WIDTH = 1920;
export const BACKGROUND_HEIGHT = 1080;

const W = ILLUSTRATION_WIDTH;
const H = ILLUSTRATION_HEIGHT;
const CX = W / 2;

// ---------------------------------------------------------------------------------------------
// Colour

const BASE: Record<GarmentColour, string> = { BLACK: '#1d1d1f', RED: '#b3261e', BEIGE: '#d8c3a5', GREY: '#8e9196' };
/** The contrasting tracer line / drawcord colour for each garment colour. */
const TRACER: Record<GarmentColour, string> = { BLACK: '#ece5d8', RED: '#f3ede3', BEIGE: '#232325', GREY: '#1d1d1f' };

const STUDIO = '#f4f1ec';
const INK = '#1d1d1f';
const BRAND_RED = '#b3261e';

type Rgb = readonly [number, number, number];

function parseHex(hex: string): Rgb {
  const h = hex.replace('#', '');
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((v) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0')).join('')}`;
}

/** Linear blend of two hex colours; t = 0 gives a, t = 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
function luminance(hex: string): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = parseHex(hex);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

interface Palette {
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

function palette(colour: GarmentColour): Palette {
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

// ---------------------------------------------------------------------------------------------
// Geometry and SVG helpers

type Pt = readonly [number, number];

const add = (a: Pt, b: Pt): Pt => [a[0] + b[0], a[1] + b[1]];
const sub = (a: Pt, b: Pt): Pt => [a[0] - b[0], a[1] - b[1]];
const mul = (a: Pt, k: number): Pt => [a[0] * k, a[1] * k];
const lerp = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
const dot = (a: Pt, b: Pt): number => a[0] * b[0] + a[1] * b[1];
const dist = (a: Pt, b: Pt): number => Math.hypot(a[0] - b[0], a[1] - b[1]);
const unit = (a: Pt): Pt => {
  const l = Math.hypot(a[0], a[1]) || 1;
  return [a[0] / l, a[1] / l];
};
/** Mirror across the vertical centre line of the illustration. */
const mx = (p: Pt): Pt => [W - p[0], p[1]];

function num(v: number): string {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
}
const pt = (p: Pt): string => `${num(p[0])} ${num(p[1])}`;
const poly = (pts: readonly Pt[]): string => `M${pts.map(pt).join(' L')} Z`;
const line = (pts: readonly Pt[]): string => `M${pts.map(pt).join(' L')}`;

interface PaintOpts {
  fill?: string;
  stroke?: string;
  width?: number;
  opacity?: number;
  dash?: string;
  cap?: 'round' | 'butt' | 'square';
  join?: 'round' | 'miter' | 'bevel';
  extra?: string;
}

function path(d: string, o: PaintOpts): string {
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

const STITCH_DASH = '11 7';

interface Ctx {
  p: Palette;
  /** Makes a document-unique id. */
  id: (name: string) => string;
  defs: string[];
}

function makeCtx(prefix: string, colour: GarmentColour): Ctx {
  return { p: palette(colour), id: (name) => `${prefix}-${name}`, defs: [] };
}

function stitch(ctx: Ctx, d: string, width = 3, colour?: string): string {
  return path(d, { stroke: colour ?? ctx.p.stitch, width, dash: STITCH_DASH, cap: 'butt' });
}

function svgDoc(width: number, height: number, defs: string[], body: string[]): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs>${defs.join('')}</defs>${body.join('')}</svg>`
  );
}

function blurFilter(id: string, sd: number): string {
  return (
    `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%" color-interpolation-filters="sRGB">` +
    `<feGaussianBlur stdDeviation="${sd}"/></filter>`
  );
}

/** Quilted diamond texture: a puffy radial tone per cell, a pressed seam and stitching along the seams. */
function quiltPattern(ctx: Ctx, name: string, size: number): string {
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
function ribStripes(ctx: Ctx, centreLine: string, width: number, opacity = 0.35): string {
  return path(centreLine, { stroke: ctx.p.shade, width, dash: '2.5 6.5', opacity, cap: 'butt' });
}

function neckFwd(hw: number, y: number, drop: number): string {
  return (
    `C${num(CX - hw)} ${num(y + drop * 0.8)} ${num(CX - hw * 0.5)} ${num(y + drop)} ${CX} ${num(y + drop)} ` +
    `C${num(CX + hw * 0.5)} ${num(y + drop)} ${num(CX + hw)} ${num(y + drop * 0.8)} ${num(CX + hw)} ${num(y)}`
  );
}

function neckRev(hw: number, y: number, drop: number): string {
  return (
    `C${num(CX + hw)} ${num(y + drop * 0.8)} ${num(CX + hw * 0.5)} ${num(y + drop)} ${CX} ${num(y + drop)} ` +
    `C${num(CX - hw * 0.5)} ${num(y + drop)} ${num(CX - hw)} ${num(y + drop * 0.8)} ${num(CX - hw)} ${num(y)}`
  );
}

/** A neckline curve drawn as an open path from left to right. */
const neckLine = (hw: number, y: number, drop: number): string => `M${num(CX - hw)} ${num(y)} ${neckFwd(hw, y, drop)}`;

// ---------------------------------------------------------------------------------------------
// Tops (tees and hoodie) share one construction: body, two set-in sleeves and a neckline.

interface Sleeve {
  /** Shoulder point, armpit, the armhole midpoint, the hem midpoint. */
  S: Pt;
  A: Pt;
  M: Pt;
  E: Pt;
  /** Hem corners: outer (shoulder side) and inner (underarm side). */
  O: Pt;
  I: Pt;
  /** Unit vector from armhole to hem, and the unit normal pointing to the outer edge. */
  d: Pt;
  n: Pt;
  len: number;
  /** Point along the sleeve: t from armhole (0) to hem (1), s from inner (-1) to outer (+1) edge. */
  at: (t: number, s: number) => Pt;
}

function makeSleeve(S: Pt, A: Pt, dir: Pt, len: number, hemWidth: number): Sleeve {
  const M = lerp(S, A, 0.5);
  const d = unit(dir);
  let n: Pt = [d[1], -d[0]];
  if (dot(n, sub(S, M)) < 0) n = [-n[0], -n[1]];
  const E = add(M, mul(d, len));
  const O = add(E, mul(n, hemWidth / 2));
  const I = sub(E, mul(n, hemWidth / 2));
  const at = (t: number, s: number): Pt => {
    const outer = lerp(S, O, t);
    const inner = lerp(A, I, t);
    return lerp(inner, outer, (s + 1) / 2);
  };
  return { S, A, M, E, O, I, d, n, len, at };
}

const mirrorSleeve = (s: Sleeve): Sleeve => {
  const S = mx(s.S);
  const A = mx(s.A);
  const O = mx(s.O);
  const I = mx(s.I);
  return {
    S,
    A,
    M: mx(s.M),
    E: mx(s.E),
    O,
    I,
    d: [-s.d[0], s.d[1]],
    n: [-s.n[0], s.n[1]],
    len: s.len,
    at: (t, k) => mx(s.at(t, k)),
  };
};

/** A line across the sleeve parallel to its hem, `back` px up from the hem, overshooting both edges. */
function acrossSleeve(s: Sleeve, back: number, from: Pt = s.O, to: Pt = s.I): string {
  const shift = mul(s.d, -back);
  const over = unit(sub(from, to));
  return line([add(add(from, shift), mul(over, 30)), add(add(to, shift), mul(over, -30))]);
}

interface TopGeo {
  neckHw: number;
  neckY: number;
  frontDrop: number;
  backDrop: number;
  collar: number;
  shoulder: Pt;
  armpit: Pt;
  sleeveDir: Pt;
  sleeveLen: number;
  sleeveHem: number;
  hem: Pt;
  hemCurve: number;
  /** Ribbed cuffs and waistband (hoodie). */
  cuff?: number;
  band?: number;
}

interface TopShape {
  g: TopGeo;
  L: Sleeve;
  R: Sleeve;
  silhouette: string;
  /** The body alone, without sleeves (for the quilted panel). */
  body: string;
  armholeL: string;
  armholeR: string;
  hemY: number;
  /** Bottom of the whole garment including any band. */
  bottom: number;
  cuffL?: readonly Pt[];
  cuffR?: readonly Pt[];
  bandPts?: readonly Pt[];
}

function topShape(g: TopGeo): TopShape {
  const NL: Pt = [CX - g.neckHw, g.neckY];
  const NR = mx(NL);
  const L = makeSleeve(g.shoulder, g.armpit, g.sleeveDir, g.sleeveLen, g.sleeveHem);
  const R = mirrorSleeve(L);
  const S = g.shoulder;
  const A = g.armpit;
  const Hm = g.hem;
  const shoulderCtl: Pt = [(NL[0] + S[0]) / 2, (NL[1] + S[1]) / 2 - 5];
  const sleeveTopCtl = add(lerp(S, L.O, 0.5), mul(L.n, 9));
  const sideC1: Pt = [A[0] + 7, A[1] + (Hm[1] - A[1]) * 0.4];
  const sideC2: Pt = [Hm[0] + 2, Hm[1] - (Hm[1] - A[1]) * 0.25];
  const armCtl: Pt = add(lerp(S, A, 0.5), [14, 0]);
  const hemCtl: Pt = [CX, Hm[1] + g.hemCurve];

  let cuffL: Pt[] | undefined;
  let cuffR: Pt[] | undefined;
  let sleeveEndL: string;
  let sleeveEndR: string;
  if (g.cuff) {
    const inset = 9;
    const O2 = sub(add(L.O, mul(L.d, g.cuff)), mul(L.n, inset));
    const I2 = add(add(L.I, mul(L.d, g.cuff)), mul(L.n, inset));
    cuffL = [L.O, O2, I2, L.I];
    cuffR = cuffL.map(mx);
    sleeveEndL = `L${pt(O2)} L${pt(I2)} L${pt(L.I)}`;
    sleeveEndR = `L${pt(mx(I2))} L${pt(mx(O2))} L${pt(R.O)}`;
  } else {
    sleeveEndL = `L${pt(L.I)}`;
    sleeveEndR = `L${pt(R.O)}`;
  }

  let hemPart: string;
  let bandPts: Pt[] | undefined;
  let bottom = Hm[1] + Math.max(0, g.hemCurve);
  if (g.band) {
    const b0: Pt = [Hm[0] + 10, Hm[1]];
    const b1: Pt = [Hm[0] + 14, Hm[1] + g.band];
    bandPts = [b0, b1, mx(b1), mx(b0)];
    hemPart = `L${pt(b0)} L${pt(b1)} L${pt(mx(b1))} L${pt(mx(b0))} L${pt(mx(Hm))}`;
    bottom = Hm[1] + g.band;
  } else {
    hemPart = `Q${pt(hemCtl)} ${pt(mx(Hm))}`;
  }

  const silhouette = [
    `M${pt(NL)}`,
    `Q${pt(shoulderCtl)} ${pt(S)}`,
    `Q${pt(sleeveTopCtl)} ${pt(L.O)}`,
    sleeveEndL,
    `L${pt(A)}`,
    `C${pt(sideC1)} ${pt(sideC2)} ${pt(Hm)}`,
    hemPart,
    `C${pt(mx(sideC2))} ${pt(mx(sideC1))} ${pt(mx(A))}`,
    `L${pt(R.I)}`,
    sleeveEndR,
    `Q${pt(mx(sleeveTopCtl))} ${pt(R.S)}`,
    `Q${pt(mx(shoulderCtl))} ${pt(NR)}`,
    neckRev(g.neckHw, g.neckY, g.backDrop),
    'Z',
  ].join(' ');

  const body = [
    `M${pt(NL)}`,
    `Q${pt(shoulderCtl)} ${pt(S)}`,
    `Q${pt(armCtl)} ${pt(A)}`,
    `C${pt(sideC1)} ${pt(sideC2)} ${pt(Hm)}`,
    hemPart,
    `C${pt(mx(sideC2))} ${pt(mx(sideC1))} ${pt(mx(A))}`,
    `Q${pt(mx(armCtl))} ${pt(R.S)}`,
    `Q${pt(mx(shoulderCtl))} ${pt(NR)}`,
    neckRev(g.neckHw, g.neckY, g.backDrop),
    'Z',
  ].join(' ');

  return {
    g,
    L,
    R,
    silhouette,
    body,
    armholeL: `M${pt(S)} Q${pt(armCtl)} ${pt(A)}`,
    armholeR: `M${pt(R.S)} Q${pt(mx(armCtl))} ${pt(R.A)}`,
    hemY: Hm[1],
    bottom,
    cuffL,
    cuffR,
    bandPts,
  };
}

const TRACER_TEE: TopGeo = {
  neckHw: 105,
  neckY: 330,
  frontDrop: 82,
  backDrop: 22,
  collar: 26,
  shoulder: [292, 392],
  armpit: [290, 610],
  sleeveDir: [-0.74, 0.67],
  sleeveLen: 182,
  sleeveHem: 186,
  hem: [298, 1196],
  hemCurve: 10,
};

const PADDED_TEE: TopGeo = {
  neckHw: 100,
  neckY: 352,
  frontDrop: 70,
  backDrop: 20,
  collar: 32,
  shoulder: [262, 418],
  armpit: [266, 652],
  sleeveDir: [-0.86, 0.5],
  sleeveLen: 150,
  sleeveHem: 228,
  hem: [266, 1090],
  hemCurve: 4,
};

const HOODIE: TopGeo = {
  neckHw: 118,
  neckY: 398,
  frontDrop: 40,
  backDrop: 18,
  collar: 0,
  shoulder: [296, 428],
  armpit: [306, 662],
  sleeveDir: [-0.25, 0.97],
  sleeveLen: 500,
  sleeveHem: 142,
  hem: [312, 1148],
  hemCurve: 0,
  cuff: 78,
  band: 78,
};

/** Soft shading shared by all tops: light comes from the upper left. */
function topShading(ctx: Ctx, t: TopShape, long: boolean, quilted: boolean): string {
  const { p } = ctx;
  const { L, R, g } = t;
  const A = g.armpit;
  const Hm = g.hem;
  const out: string[] = [];
  const xr = W - Hm[0];
  const ar = W - A[0];
  // Shadow side of the body.
  out.push(
    path(
      `M${num(ar - 70)} ${num(A[1] - 10)} C${num(ar - 30)} ${num(A[1] + 220)} ${num(xr - 120)} ${num(Hm[1] - 260)} ${num(xr - 80)} ${num(Hm[1] + 60)} L${W} ${num(Hm[1] + 100)} L${W} ${num(A[1] - 60)} Z`,
      { fill: p.shade, opacity: 0.5 },
    ),
  );
  // Underside of both sleeves.
  out.push(path(poly([R.A, R.at(0, 0.05), R.at(1, -0.1), R.I]), { fill: p.shade, opacity: 0.6 }));
  out.push(path(poly([L.A, L.at(0, -0.1), L.at(1, -0.35), L.I]), { fill: p.shade, opacity: 0.3 }));
  // Highlights: top of the left sleeve, left chest, left shoulder.
  out.push(path(poly([L.S, L.O, L.at(1, 0.55), L.at(0, 0.6)]), { fill: p.highlight, opacity: 0.55 }));
  out.push(path(poly([R.S, R.O, R.at(1, 0.75), R.at(0, 0.75)]), { fill: p.highlight, opacity: 0.25 }));
  // A soft streak of light down the left of the body and across the left shoulder.
  out.push(
    path(
      `M${num(A[0] + 22)} ${num(A[1] + 40)} C${num(A[0] + 58)} ${num(A[1] + 240)} ${num(Hm[0] + 40)} ${num(Hm[1] - 260)} ${num(Hm[0] + 62)} ${num(Hm[1] + 20)} ` +
        `L${num(Hm[0] + 128)} ${num(Hm[1] + 20)} C${num(Hm[0] + 104)} ${num(Hm[1] - 260)} ${num(A[0] + 124)} ${num(A[1] + 240)} ${num(A[0] + 92)} ${num(A[1] + 40)} Z`,
      { fill: p.highlight, opacity: 0.4 },
    ),
  );
  const NL: Pt = [CX - g.neckHw, g.neckY];
  out.push(path(poly([add(NL, [-4, 0]), L.S, add(L.S, [30, 70]), add(NL, [-40, 70])]), { fill: p.highlight, opacity: 0.3 }));
  // Folds: drag lines from the armpits, a long soft fold down the body, ripples at the hem.
  const fold = (d: string, w: number, o: number) => path(d, { stroke: p.shade, width: w, opacity: o, cap: 'round' });
  const lift = (d: string, w: number, o: number) => path(d, { stroke: p.highlight, width: w, opacity: o, cap: 'round' });
  out.push(fold(`M${num(A[0] + 14)} ${num(A[1] + 24)} Q${num(A[0] + 90)} ${num(A[1] + 70)} ${num(A[0] + 200)} ${num(A[1] + 78)}`, 9, 0.5));
  out.push(fold(`M${num(ar - 14)} ${num(A[1] + 24)} Q${num(ar - 90)} ${num(A[1] + 66)} ${num(ar - 190)} ${num(A[1] + 64)}`, 9, 0.55));
  out.push(lift(`M${num(A[0] + 30)} ${num(A[1] + 52)} Q${num(A[0] + 100)} ${num(A[1] + 92)} ${num(A[0] + 190)} ${num(A[1] + 100)}`, 5, 0.5));
  if (!quilted) out.push(fold(`M${num(CX + 70)} ${num(A[1] + 170)} Q${num(CX + 40)} ${num(A[1] + 380)} ${num(CX + 95)} ${num(Hm[1] - 70)}`, 12, 0.22));
  if (!quilted) out.push(fold(`M${num(Hm[0] + 120)} ${num(Hm[1] - 20)} Q${num(Hm[0] + 150)} ${num(Hm[1] - 120)} ${num(Hm[0] + 235)} ${num(Hm[1] - 175)}`, 8, 0.32));
  if (!quilted) out.push(lift(`M${num(Hm[0] + 140)} ${num(Hm[1] - 12)} Q${num(Hm[0] + 172)} ${num(Hm[1] - 110)} ${num(Hm[0] + 255)} ${num(Hm[1] - 160)}`, 4, 0.45));
  if (!quilted) out.push(fold(`M${num(xr - 200)} ${num(Hm[1] - 10)} Q${num(xr - 230)} ${num(Hm[1] - 90)} ${num(xr - 300)} ${num(Hm[1] - 130)}`, 7, 0.3));
  // Sleeve folds (elbow creases on long sleeves, a soft crease on short ones).
  for (const s of [L, R]) {
    if (long) {
      out.push(fold(`M${pt(s.at(0.5, 1.05))} Q${pt(s.at(0.56, 0.3))} ${pt(s.at(0.5, -0.4))}`, 8, 0.45));
      out.push(fold(`M${pt(s.at(0.62, 1.05))} Q${pt(s.at(0.66, 0.45))} ${pt(s.at(0.6, -0.05))}`, 6, 0.35));
      out.push(lift(`M${pt(s.at(0.53, 1.05))} Q${pt(s.at(0.59, 0.35))} ${pt(s.at(0.54, -0.3))}`, 4, 0.45));
      out.push(fold(`M${pt(s.at(0.2, -0.9))} Q${pt(s.at(0.3, -0.5))} ${pt(s.at(0.34, 0.1))}`, 7, 0.3));
    } else {
      out.push(fold(`M${pt(s.at(0.15, -0.95))} Q${pt(s.at(0.45, -0.45))} ${pt(s.at(0.75, -0.2))}`, 7, 0.35));
    }
  }
  return out.join('');
}

interface TopOpts {
  tracer: 'chest' | 'hood' | 'none';
  quilted: boolean;
  hood: boolean;
}

/** The continuous tracer line of the Tracer Tee: cuff, up the sleeve, across the chest, down the other sleeve. */
function chestTracerPath(t: TopShape): string {
  const { L, R } = t;
  const y = L.A[1] - 78;
  const s = (2 * (L.A[1] - y)) / (L.A[1] - L.S[1]) - 1;
  return line([L.at(1.2, s), L.at(0, s), R.at(0, s), R.at(1.2, s)]);
}

function hoodShape(): { outer: string; opening: string; rim: string; seamBase: string; top: Pt } {
  const outer =
    'M462 438 C424 300 450 150 600 128 C750 150 776 300 738 438 Q600 470 462 438 Z';
  const opening = 'M514 470 C484 360 512 224 600 212 C688 224 716 360 686 470 Q600 500 514 470 Z';
  const rim = 'M514 470 C484 360 512 224 600 212 C688 224 716 360 686 470';
  const seamBase = 'M462 438 Q600 470 738 438';
  return { outer, opening, rim, seamBase, top: [600, 128] };
}

function renderTop(ctx: Ctx, t: TopShape, view: 'front' | 'back', o: TopOpts): { art: string; silhouette: string } {
  const { p } = ctx;
  const { g, L, R } = t;
  const clip = ctx.id('clip');
  const bodyClip = ctx.id('body');
  const hood = o.hood ? hoodShape() : undefined;
  const silhouette = hood ? `${t.silhouette} ${hood.outer}` : t.silhouette;
  ctx.defs.push(`<clipPath id="${clip}"><path d="${silhouette}"/></clipPath>`);
  ctx.defs.push(`<clipPath id="${bodyClip}"><path d="${t.body}"/></clipPath>`);

  const out: string[] = [];
  // Hood first: in flat lay it sits behind the shoulders.
  if (hood) {
    const hc = ctx.id('hood');
    ctx.defs.push(`<clipPath id="${hc}"><path d="${hood.outer}"/></clipPath>`);
    out.push(path(hood.outer, { fill: p.base }));
    out.push(`<g clip-path="url(#${hc})">`);
    out.push(path('M600 100 C700 130 790 260 760 470 L800 470 L800 100 Z', { fill: p.shade, opacity: 0.5 }));
    out.push(path('M470 420 C440 300 470 180 560 150 C500 200 488 300 500 420 Z', { fill: p.highlight, opacity: 0.45 }));
    if (view === 'back') {
      out.push(path('M600 128 C606 250 606 350 600 460', { stroke: p.seam, width: 5, opacity: 0.9 }));
      out.push(stitch(ctx, 'M586 140 C592 250 592 350 586 460'));
      out.push(stitch(ctx, 'M614 140 C620 250 620 350 614 460'));
      out.push(path('M540 300 Q560 360 548 430', { stroke: p.shade, width: 8, opacity: 0.35, cap: 'round' }));
    } else {
      out.push(stitch(ctx, 'M486 432 C452 306 476 174 600 150 C724 174 748 306 714 432'));
    }
    out.push('</g>');
    out.push(path(hood.outer, { stroke: p.edge, width: 3 }));
  }

  out.push(path(t.silhouette, { fill: p.base }));
  out.push(`<g clip-path="url(#${clip})">`);
  if (o.quilted) {
    const fillUrl = quiltPattern(ctx, 'quilt', 92);
    out.push(`<g clip-path="url(#${bodyClip})"><rect x="0" y="0" width="${W}" height="${H}" fill="${fillUrl}"/></g>`);
  }
  out.push(topShading(ctx, t, Boolean(g.cuff), o.quilted));

  // Armhole seams (piped on the padded tee) with a row of stitching on the body side.
  for (const [d, shift] of [
    [t.armholeL, 13],
    [t.armholeR, -13],
  ] as const) {
    out.push(path(d, { stroke: p.seam, width: o.quilted ? 9 : 4, opacity: 0.85 }));
    if (o.quilted) out.push(path(d, { stroke: p.highlight, width: 3, opacity: 0.6, extra: 'transform="translate(-2 -2)"' }));
    out.push(`<g transform="translate(${shift} 0)">${stitch(ctx, d)}</g>`);
  }
  if (o.quilted) out.push(path(t.body, { stroke: p.seam, width: 3, opacity: 0.5 }));

  // Sleeve hems: twin-needle stitching, or ribbed cuffs.
  for (const s of [L, R]) {
    if (g.cuff) continue;
    out.push(path(acrossSleeve(s, 2), { stroke: p.seam, width: 4, opacity: 0.5 }));
    out.push(stitch(ctx, acrossSleeve(s, 26)));
    out.push(stitch(ctx, acrossSleeve(s, 38)));
  }
  if (g.cuff && t.cuffL && t.cuffR) {
    for (const [cuff, s] of [
      [t.cuffL, L],
      [t.cuffR, R],
    ] as const) {
      const [c0, c1, c2, c3] = cuff;
      out.push(path(poly(cuff), { fill: p.rib }));
      out.push(ribStripes(ctx, line([lerp(c0, c3, 0.5), lerp(c1, c2, 0.5)]), dist(c0, c3) + 10, 0.45));
      out.push(path(poly(s === R ? [lerp(c0, c3, 0.45), lerp(c1, c2, 0.45), c2, c3] : [c0, c1, c2, c3]), { fill: p.shade, opacity: 0.25 }));
      out.push(path(line([add(c0, mul(s.n, 20)), add(c3, mul(s.n, -20))]), { stroke: p.seam, width: 5, opacity: 0.8 }));
      out.push(stitch(ctx, line([add(add(c0, mul(s.d, -10)), mul(s.n, 20)), add(add(c3, mul(s.d, -10)), mul(s.n, -20))])));
    }
  }

  // Body hem.
  const Hm = g.hem;
  if (t.bandPts) {
    const [b0, b1, b2, b3] = t.bandPts;
    out.push(path(poly([b0, b1, b2, b3]), { fill: p.rib }));
    out.push(ribStripes(ctx, line([[0, (b0[1] + b1[1]) / 2], [W, (b0[1] + b1[1]) / 2]]), g.band ?? 0, 0.45));
    out.push(path(poly([[CX + 60, b0[1]], [b3[0] + 20, b0[1]], [b3[0] + 20, b1[1] + 10], [CX + 60, b1[1] + 10]]), { fill: p.shade, opacity: 0.35 }));
    out.push(path(line([[0, b0[1]], [W, b0[1]]]), { stroke: p.seam, width: 5, opacity: 0.85 }));
    out.push(stitch(ctx, line([[0, b0[1] - 12], [W, b0[1] - 12]])));
  } else {
    const hemLine = (off: number) => `M${num(Hm[0] - 40)} ${num(Hm[1] - off)} Q${num(CX)} ${num(Hm[1] + g.hemCurve - off)} ${num(W - Hm[0] + 40)} ${num(Hm[1] - off)}`;
    out.push(path(hemLine(4), { stroke: p.seam, width: 4, opacity: 0.45 }));
    out.push(stitch(ctx, hemLine(28)));
    out.push(stitch(ctx, hemLine(40)));
  }

  // Tracer line.
  if (o.tracer !== 'none') {
    const d = o.tracer === 'chest' ? chestTracerPath(t) : hoodTracerPath(t);
    out.push(path(d, { stroke: p.deep, width: 14, opacity: 0.35, extra: 'transform="translate(0 3)"' }));
    out.push(path(d, { stroke: p.tracer, width: 9 }));
  }

  // Neckline.
  const hw = g.neckHw;
  const y = g.neckY;
  if (!hood) {
    const slope = (g.shoulder[1] - y) / (CX - hw - g.shoulder[0]);
    const c = g.collar;
    const yo = y + slope * c * 0.9;
    if (view === 'front') {
      // Inside of the back neck, then the back rib seen from inside, then the front rib.
      out.push(path(`${neckLine(hw, y, g.frontDrop)} ${neckRev(hw, y, g.backDrop)} Z`, { fill: p.deep }));
      out.push(path(`${neckLine(hw, y, g.backDrop)} ${neckRev(hw - c * 0.25, y, g.backDrop + c * 0.85)} Z`, { fill: p.rib }));
      out.push(path(`${neckLine(hw, y, g.backDrop)} ${neckRev(hw - c * 0.25, y, g.backDrop + c * 0.85)} Z`, { fill: p.shade, opacity: 0.55 }));
      out.push(path(`M${num(CX - hw - c)} ${num(yo)} ${neckFwd(hw + c, yo, g.frontDrop + c + (y - yo))} L${num(CX + hw)} ${num(y)} ${neckRev(hw, y, g.frontDrop)} Z`, { fill: p.rib }));
      out.push(ribStripes(ctx, neckLine(hw + c / 2, (y + yo) / 2, g.frontDrop + c / 2), c * 0.9));
      out.push(path(neckLine(hw, y, g.frontDrop), { stroke: p.seam, width: 3, opacity: 0.7 }));
      out.push(stitch(ctx, neckLine(hw + c + 11, yo + 4, g.frontDrop + c + 9)));
    } else {
      out.push(path(`M${num(CX - hw - c)} ${num(yo)} ${neckFwd(hw + c, yo, g.backDrop + c + (y - yo))} L${num(CX + hw)} ${num(y)} ${neckRev(hw, y, g.backDrop)} Z`, { fill: p.rib }));
      out.push(ribStripes(ctx, neckLine(hw + c / 2, (y + yo) / 2, g.backDrop + c / 2), c * 0.9));
      out.push(stitch(ctx, neckLine(hw + c + 11, yo + 4, g.backDrop + c + 9)));
    }
  }
  out.push('</g>');

  out.push(path(t.silhouette, { stroke: p.edge, width: 3 }));

  if (hood && view === 'front') {
    // The hood's opening, its double-layer rim, then the flat drawcords.
    out.push(path(hood.opening, { fill: p.deep }));
    out.push(path('M540 470 C520 380 540 270 600 256 C660 270 680 380 660 470 Z', { fill: p.shade, opacity: 0.6 }));
    out.push(path(hood.rim, { stroke: p.rib, width: 26 }));
    out.push(path(hood.rim, { stroke: p.highlight, width: 4, opacity: 0.5, extra: 'transform="translate(-3 -4)"' }));
    out.push(stitch(ctx, 'M497 470 C466 350 496 208 600 194 C704 208 734 350 703 470'));
    // Crossed front edges at the base of the hood.
    out.push(path('M514 470 Q560 500 640 486 L686 470 Q640 506 600 508 Q548 504 514 470 Z', { fill: p.base }));
    out.push(path('M514 470 Q560 500 640 486', { stroke: p.seam, width: 3, opacity: 0.7 }));
    const cordL = 'M560 478 C552 540 536 610 546 690';
    const cordR = 'M640 478 C652 546 664 620 652 706';
    for (const [c, end, endTo] of [
      [cordL, [546, 690], [547, 730]],
      [cordR, [652, 706], [651, 746]],
    ] as const) {
      out.push(path(c, { stroke: p.deep, width: 13, opacity: 0.3, cap: 'round', extra: 'transform="translate(3 4)"' }));
      out.push(path(c, { stroke: p.tracer, width: 10, cap: 'butt' }));
      out.push(path(line([end, endTo]), { stroke: p.metalDark, width: 13, cap: 'round' }));
      out.push(path(line([end, endTo]), { stroke: p.metal, width: 8, cap: 'round' }));
    }
    for (const x of [560, 640]) {
      out.push(`<circle cx="${x}" cy="476" r="11" fill="${p.metal}" stroke="${p.metalDark}" stroke-width="3"/>`);
      out.push(`<circle cx="${x}" cy="476" r="4.5" fill="${p.deep}"/>`);
    }
  }
  if (hood && view === 'back') {
    out.push(path(hood.seamBase, { stroke: p.seam, width: 4, opacity: 0.8 }));
  }

  // Woven label at the back neck.
  if (view === 'back') {
    const ly = hood ? 462 : g.neckY + g.backDrop + g.collar + 8;
    out.push(`<rect x="${CX - 34}" y="${num(ly)}" width="68" height="30" rx="3" fill="${p.label}"/>`);
    out.push(`<rect x="${CX - 28}" y="${num(ly + 5)}" width="56" height="20" rx="2" fill="none" stroke="${p.labelDetail}" stroke-width="2" stroke-dasharray="5 4"/>`);
    out.push(`<rect x="${CX - 14}" y="${num(ly + 12)}" width="28" height="6" rx="3" fill="${BRAND_RED}"/>`);
  }

  // Kangaroo pocket.
  if (hood && view === 'front') {
    const pocket = 'M452 866 L748 866 C772 940 800 990 824 1046 L828 1148 L372 1148 L376 1046 C400 990 428 940 452 866 Z';
    out.push(`<g clip-path="url(#${clip})">`);
    out.push(path(pocket, { fill: p.deep, opacity: 0.35, extra: 'transform="translate(6 10)"' }));
    out.push(path(pocket, { fill: p.base }));
    out.push(path('M452 866 L600 866 C610 960 560 1060 376 1110 L376 1046 C400 990 428 940 452 866 Z', { fill: p.highlight, opacity: 0.3 }));
    out.push(path('M748 866 C772 940 800 990 824 1046 L828 1148 L700 1148 C760 1060 760 960 748 866 Z', { fill: p.shade, opacity: 0.45 }));
    out.push(path('M452 866 C428 940 400 990 376 1046', { stroke: p.deep, width: 7 }));
    out.push(path('M748 866 C772 940 800 990 824 1046', { stroke: p.deep, width: 7 }));
    out.push(stitch(ctx, 'M468 882 L732 882'));
    out.push(stitch(ctx, 'M470 872 C446 944 420 996 396 1050 L396 1148'));
    out.push(stitch(ctx, 'M730 872 C754 944 780 996 804 1050 L804 1148'));
    out.push(path('M452 866 L748 866', { stroke: p.seam, width: 3, opacity: 0.6 }));
    out.push('</g>');
  }

  return { art: out.join(''), silhouette };
}

/** Tracer of the hoodie: from one cuff, up the sleeve, over the shoulder and across the hood, down the other sleeve. */
function hoodTracerPath(t: TopShape): string {
  const { L, R } = t;
  const sL = L.at(1.05, 0.45);
  const mL = L.at(0, 0.45);
  const sR = R.at(1.05, 0.45);
  const mR = R.at(0, 0.45);
  const neckL: Pt = [478, 430];
  const neckR = mx(neckL);
  return `M${pt(sL)} L${pt(mL)} Q${pt([mL[0] + 70, mL[1] - 10])} ${pt(neckL)} C452 300 476 176 600 156 C724 176 748 300 ${pt(neckR)} Q${pt([mR[0] - 70, mR[1] - 10])} ${pt(mR)} L${pt(sR)}`;
}

// ---------------------------------------------------------------------------------------------
// Padded jorts

const J = {
  waistL: [332, 338] as Pt,
  waistBot: 412,
  hipL: [284, 640] as Pt,
  hemOuterL: [200, 1150] as Pt,
  hemInnerL: [566, 1150] as Pt,
  crotch: [600, 806] as Pt,
  panelY: 700,
  cuffTop: 1082,
};

function jortsSilhouette(): string {
  const { waistL, hipL, hemOuterL, hemInnerL, crotch } = J;
  return [
    `M${pt(waistL)}`,
    `L${pt(mx(waistL))}`,
    `C${pt([W - 316, 480])} ${pt([W - 288, 580])} ${pt(mx(hipL))}`,
    `C${pt([W - 270, 760])} ${pt([W - 236, 980])} ${pt(mx(hemOuterL))}`,
    `L${pt(mx(hemInnerL))}`,
    `L${pt(add(crotch, [10, 30]))} Q${pt(crotch)} ${pt(add(crotch, [-10, 30]))}`,
    `L${pt(hemInnerL)}`,
    `L${pt(hemOuterL)}`,
    `C${pt([236, 980])} ${pt([270, 760])} ${pt(hipL)}`,
    `C${pt([288, 580])} ${pt([316, 480])} ${pt(waistL)}`,
    'Z',
  ].join(' ');
}

function renderJorts(ctx: Ctx, view: 'front' | 'back'): { art: string; silhouette: string } {
  const { p } = ctx;
  const silhouette = jortsSilhouette();
  const clip = ctx.id('clip');
  ctx.defs.push(`<clipPath id="${clip}"><path d="${silhouette}"/></clipPath>`);
  const twill = ctx.id('twill');
  ctx.defs.push(
    `<pattern id="${twill}" patternUnits="userSpaceOnUse" width="12" height="12">` +
      path('M-3 3 L3 -3 M0 12 L12 0 M9 15 L15 9', { stroke: p.shade, width: 2.2, opacity: 0.55 }) +
      `</pattern>`,
  );
  const quilt = quiltPattern(ctx, 'quilt', 100);
  const ts = p.topstitch;
  const out: string[] = [];
  const { waistL, waistBot, panelY, cuffTop } = J;
  const wTop = waistL[1];

  out.push(path(silhouette, { fill: p.base }));
  out.push(`<g clip-path="url(#${clip})">`);
  out.push(`<rect x="0" y="0" width="${W}" height="${H}" fill="url(#${twill})" opacity="0.4"/>`);
  // Quilted front leg panels below the panel seam, above the turned-up cuffs (the back is plain twill).
  if (view === 'front') out.push(`<rect x="0" y="${panelY}" width="${W}" height="${cuffTop - panelY}" fill="${quilt}"/>`);

  // Shading: shadow side, inner legs, crotch drag lines; highlight on the left thigh.
  out.push(path(`M${W - 400} 420 C${W - 330} 620 ${W - 330} 860 ${W - 360} 1160 L${W} 1160 L${W} 420 Z`, { fill: p.shade, opacity: 0.5 }));
  out.push(path('M600 780 L566 1160 L520 1160 C540 1000 560 880 600 780 Z', { fill: p.shade, opacity: 0.5 }));
  out.push(path('M600 780 L634 1160 L700 1160 C676 1000 650 880 600 780 Z', { fill: p.shade, opacity: 0.6 }));
  out.push(path('M300 520 C380 500 460 560 470 700 C480 880 420 1040 330 1120 C280 1000 268 760 300 520 Z', { fill: p.highlight, opacity: 0.35 }));
  const fold = (d: string, w: number, o: number) => path(d, { stroke: p.shade, width: w, opacity: o, cap: 'round' });
  const lift = (d: string, w: number, o: number) => path(d, { stroke: p.highlight, width: w, opacity: o, cap: 'round' });
  // Whiskers at the top of the thighs.
  for (const flip of [false, true]) {
    const f = (d: string) => (flip ? `<g transform="translate(${W} 0) scale(-1 1)">${d}</g>` : d);
    out.push(f(fold('M584 676 Q530 640 452 640', 7, 0.45)));
    out.push(f(lift('M580 690 Q526 660 456 662', 4, 0.45)));
    out.push(f(fold('M578 630 Q540 606 488 604', 5, 0.35)));
  }
  if (view === 'back') {
    out.push(fold('M588 800 Q540 760 470 750', 8, 0.5));
    out.push(fold('M612 800 Q660 760 730 750', 8, 0.55));
  }

  // Panel seam above the quilting, and the turned-up cuffs.
  if (view === 'front') {
    out.push(path(`M0 ${panelY} L${W} ${panelY}`, { stroke: p.seam, width: 5, opacity: 0.85 }));
    out.push(stitch(ctx, `M0 ${panelY - 12} L${W} ${panelY - 12}`, 3, ts));
  }
  out.push(path(`M0 ${cuffTop} L${W} ${cuffTop} L${W} 1200 L0 1200 Z`, { fill: p.rib }));
  out.push(`<rect x="0" y="${cuffTop}" width="${W}" height="${1200 - cuffTop}" fill="url(#${twill})" opacity="0.4"/>`);
  out.push(path(`M0 ${cuffTop + 4} L${W} ${cuffTop + 4}`, { stroke: p.highlight, width: 5, opacity: 0.5 }));
  out.push(path(`M0 ${cuffTop} L${W} ${cuffTop}`, { stroke: p.seam, width: 5, opacity: 0.9 }));
  out.push(path(`M0 1100 L${W} 1100 L${W} 1200 L0 1200 Z`, { fill: p.shade, opacity: 0.12 }));
  out.push(stitch(ctx, `M0 ${cuffTop + 20} L${W} ${cuffTop + 20}`, 3, ts));
  out.push(stitch(ctx, `M0 ${cuffTop + 32} L${W} ${cuffTop + 32}`, 3, ts));
  out.push(path('M560 1082 L604 1082 L600 1160 L560 1160 Z', { fill: p.shade, opacity: 0.4 }));

  // Waistband.
  out.push(path(`M0 ${wTop} L${W} ${wTop} L${W} ${waistBot} L0 ${waistBot} Z`, { fill: p.rib }));
  out.push(`<rect x="0" y="${wTop}" width="${W}" height="${waistBot - wTop}" fill="url(#${twill})" opacity="0.4"/>`);
  out.push(path(`M0 ${waistBot} L${W} ${waistBot}`, { stroke: p.seam, width: 5, opacity: 0.9 }));
  out.push(path(`M0 ${waistBot + 6} L${W} ${waistBot + 6}`, { stroke: p.shade, width: 8, opacity: 0.35 }));
  out.push(stitch(ctx, `M0 ${wTop + 12} L${W} ${wTop + 12}`, 3, ts));
  out.push(stitch(ctx, `M0 ${waistBot - 12} L${W} ${waistBot - 12}`, 3, ts));

  if (view === 'front') {
    // Front pockets with rivets, coin pocket, fly with J-stitch and the button.
    for (const flip of [false, true]) {
      const f = (q: Pt): Pt => (flip ? mx(q) : q);
      const curve = (off: number) =>
        `M${pt(f([428 + off, waistBot]))} C${pt(f([432 + off, 520 + off * 0.3]))} ${pt(f([380 + off * 0.4, 590 + off]))} ${pt(f([270, 606 + off]))}`;
      const facing = `${curve(0)} L${pt(f([250, 420]))} Z`;
      out.push(path(facing, { fill: p.shade, opacity: 0.28 }));
      out.push(path(curve(0), { stroke: p.deep, width: 7 }));
      out.push(path(curve(3), { stroke: p.highlight, width: 3, opacity: 0.5 }));
      out.push(stitch(ctx, curve(14), 3, ts));
      out.push(stitch(ctx, curve(24), 3, ts));
      for (const r of [f([424, waistBot + 16]), f([302, 598])]) {
        out.push(`<circle cx="${num(r[0])}" cy="${num(r[1])}" r="8" fill="${p.metal}" stroke="${p.metalDark}" stroke-width="2.5"/>`);
      }
    }
    // Coin pocket on the wearer's right (viewer's left).
    out.push(path('M336 428 L404 428 L404 500 L336 500', { fill: 'none', stroke: p.seam, width: 3, opacity: 0.7 }));
    out.push(stitch(ctx, 'M340 438 L398 438', 2.5, ts));
    out.push(stitch(ctx, 'M398 438 L398 494', 2.5, ts));
    // Fly.
    out.push(path('M600 412 L600 700', { stroke: p.seam, width: 5, opacity: 0.85 }));
    out.push(path('M604 412 L604 700', { stroke: p.highlight, width: 3, opacity: 0.35 }));
    out.push(path('M648 412 L648 610 Q648 664 604 680', { stroke: p.shade, width: 6, opacity: 0.3 }));
    out.push(stitch(ctx, 'M654 412 L654 610 Q654 672 604 690', 3, ts));
    out.push(stitch(ctx, 'M642 412 L642 610 Q642 660 604 676', 3, ts));
    out.push(`<circle cx="600" cy="376" r="21" fill="${p.metalDark}"/>`);
    out.push(`<circle cx="598" cy="373" r="17" fill="${p.metal}"/>`);
    out.push(`<circle cx="598" cy="373" r="9" fill="none" stroke="${p.metalDark}" stroke-width="2.5"/>`);
  } else {
    // Back: yoke, centre seam, patch pockets and the waistband label.
    const yoke = 'M250 500 L600 566 L950 500';
    out.push(path('M250 420 L600 420 L600 566 L250 500 Z', { fill: p.highlight, opacity: 0.15 }));
    out.push(path(yoke, { stroke: p.seam, width: 5, opacity: 0.85 }));
    out.push(stitch(ctx, 'M250 514 L600 580 L950 514', 3, ts));
    out.push(stitch(ctx, 'M250 526 L600 592 L950 526', 3, ts));
    out.push(path('M600 412 L600 790', { stroke: p.seam, width: 5, opacity: 0.85 }));
    out.push(stitch(ctx, 'M612 412 L612 790', 3, ts));
    out.push(stitch(ctx, 'M624 412 L624 790', 3, ts));
    for (const flip of [false, true]) {
      const f = (q: Pt): Pt => (flip ? mx(q) : q);
      const pocket = (i: number): Pt[] => [f([352 + i, 600 + i]), f([560 - i, 618 + i]), f([554 - i, 772 - i * 0.6]), f([452, 806 - i]), f([350 + i, 766 - i * 0.6])];
      out.push(path(poly(pocket(0)), { fill: p.deep, opacity: 0.3, extra: 'transform="translate(4 6)"' }));
      out.push(path(poly(pocket(0)), { fill: p.base }));
      out.push(`<path d="${poly(pocket(0))}" fill="url(#${twill})" opacity="0.4"/>`);
      out.push(path(poly(pocket(0)), { stroke: p.seam, width: 3, opacity: 0.7 }));
      out.push(stitch(ctx, line([...pocket(10), pocket(10)[0]]), 3, ts));
      out.push(stitch(ctx, line([...pocket(20), pocket(20)[0]]), 3, ts));
    }
    out.push(`<rect x="646" y="352" width="104" height="46" rx="4" fill="${mix(p.label, '#a0763f', 0.35)}"/>`);
    out.push(`<rect x="654" y="359" width="88" height="32" rx="3" fill="none" stroke="${p.labelDetail}" stroke-width="2" stroke-dasharray="5 4"/>`);
    out.push(`<rect x="680" y="371" width="36" height="8" rx="4" fill="${BRAND_RED}"/>`);
  }

  // Belt loops (with bar tacks).
  const loops = view === 'front' ? [372, 488, 712, 828] : [372, 488, 600, 712, 828];
  for (const x of loops) {
    out.push(`<rect x="${x - 12}" y="${wTop - 10}" width="24" height="${waistBot - wTop + 26}" rx="5" fill="${p.shade}" opacity="0.6" transform="translate(3 4)"/>`);
    out.push(`<rect x="${x - 12}" y="${wTop - 10}" width="24" height="${waistBot - wTop + 26}" rx="5" fill="${p.base}" stroke="${p.seam}" stroke-width="2.5"/>`);
    out.push(path(`M${x - 7} ${wTop} L${x + 7} ${wTop} M${x - 7} ${waistBot + 6} L${x + 7} ${waistBot + 6}`, { stroke: ts, width: 4 }));
  }
  out.push('</g>');
  out.push(path(silhouette, { stroke: p.edge, width: 3 }));
  return { art: out.join(''), silhouette };
}

// ---------------------------------------------------------------------------------------------
// Assembly

interface Rendered {
  art: string;
  silhouette: string;
  bottom: number;
}

const SHAPES = {
  'tracer-tee': () => topShape(TRACER_TEE),
  'padded-tee': () => topShape(PADDED_TEE),
  'tracer-hoodie': () => topShape(HOODIE),
};

function renderGarment(ctx: Ctx, kind: GarmentKind, view: 'front' | 'back'): Rendered {
  switch (kind) {
    case 'tracer-tee': {
      const t = SHAPES[kind]();
      return { ...renderTop(ctx, t, view, { tracer: 'chest', quilted: false, hood: false }), bottom: t.bottom };
    }
    case 'padded-tee': {
      const t = SHAPES[kind]();
      return { ...renderTop(ctx, t, view, { tracer: 'none', quilted: true, hood: false }), bottom: t.bottom };
    }
    case 'tracer-hoodie': {
      const t = SHAPES[kind]();
      return { ...renderTop(ctx, t, view, { tracer: 'hood', quilted: false, hood: true }), bottom: t.bottom };
    }
    case 'padded-jorts':
      return { ...renderJorts(ctx, view), bottom: J.hemOuterL[1] };
  }
}

/** Where the close-up looks: centre of the crop in garment coordinates and the zoom factor. */
const DETAIL: Record<GarmentKind, { c: Pt; zoom: number }> = {
  'tracer-tee': { c: [392, 500], zoom: 2.5 },
  'padded-tee': { c: [470, 640], zoom: 2.3 },
  'padded-jorts': { c: [470, 560], zoom: 2.2 },
  'tracer-hoodie': { c: [600, 470], zoom: 2.0 },
};

function studioBackdrop(ctx: Ctx): string {
  const g = ctx.id('studio');
  const v = ctx.id('vignette');
  ctx.defs.push(
    `<linearGradient id="${g}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7f5f1"/><stop offset="0.72" stop-color="${STUDIO}"/><stop offset="1" stop-color="#ece7df"/></linearGradient>`,
    `<radialGradient id="${v}" cx="0.5" cy="0.45" r="0.75"><stop offset="0.55" stop-color="#e6dfd3" stop-opacity="0"/><stop offset="1" stop-color="#e6dfd3" stop-opacity="0.55"/></radialGradient>`,
  );
  return `<rect width="${W}" height="${H}" fill="url(#${g})"/><rect width="${W}" height="${H}" fill="url(#${v})"/>`;
}

/** Centres a front or back view vertically, leaving room for the floor shadow. */
function frontOffset(kind: GarmentKind, bottom: number): number {
  const top = kind === 'tracer-hoodie' ? 128 : kind === 'padded-jorts' ? 328 : kind === 'padded-tee' ? PADDED_TEE.neckY : TRACER_TEE.neckY;
  return Math.round((H - top - (bottom + 70)) / 2);
}

export function garmentSvg(kind: GarmentKind, colour: GarmentColour, view: GarmentView): string {
  const ctx = makeCtx(`ill-${kind}-${colour.toLowerCase()}-${view}`, colour);
  const backdrop = studioBackdrop(ctx);
  const r = renderGarment(ctx, kind, view === 'back' ? 'back' : 'front');
  const soft = ctx.id('soft');
  const floor = ctx.id('floor');
  ctx.defs.push(blurFilter(soft, 14), blurFilter(floor, 22));
  const scene =
    `<ellipse cx="${CX}" cy="${num(r.bottom + 70)}" rx="430" ry="34" fill="#cfc6b8" opacity="0.55" filter="url(#${floor})"/>` +
    `<path d="${r.silhouette}" fill="#3d3124" opacity="0.2" transform="translate(10 22)" filter="url(#${soft})"/>` +
    r.art;
  let body: string;
  if (view === 'detail') {
    const { c, zoom } = DETAIL[kind];
    body = `<g transform="translate(${CX} ${H / 2}) scale(${zoom}) translate(${num(-c[0])} ${num(-c[1])})">${scene}</g>`;
  } else {
    body = `<g transform="translate(0 ${frontOffset(kind, r.bottom)})">${scene}</g>`;
  }
  return svgDoc(W, H, ctx.defs, [backdrop, body]);
}

/**
 * The garment alone, front view, on a transparent ground with a soft shadow: the artwork of its
 * collectible card. Same framing as the front product image.
 */
export function garmentCutoutSvg(kind: GarmentKind, colour: GarmentColour): string {
  const ctx = makeCtx(`cut-${kind}-${colour.toLowerCase()}`, colour);
  const r = renderGarment(ctx, kind, 'front');
  const soft = ctx.id('soft');
  ctx.defs.push(blurFilter(soft, 18));
  const scene = `<path d="${r.silhouette}" fill="#000000" opacity="0.45" transform="translate(14 30)" filter="url(#${soft})"/>` + r.art;
  return svgDoc(W, H, ctx.defs, [`<g transform="translate(0 ${frontOffset(kind, r.bottom)})">${scene}</g>`]);
}

// ---------------------------------------------------------------------------------------------
// Backgrounds

/** mulberry32: tiny seeded PRNG so backgrounds vary per product but never between runs. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

export function backgroundSvg(kind: GarmentKind): string {
  const BW = BACKGROUND_WIDTH;
  const BH = BACKGROUND_HEIGHT;
  const rnd = prng(hashString(kind));
  const id = (n: string) => `bg-${kind}-${n}`;
  const defs: string[] = [
    `<linearGradient id="${id('wash')}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f6f3ee"/><stop offset="1" stop-color="#efeae2"/></linearGradient>`,
    // Fades patterns out on the left, where page copy usually sits.
    `<linearGradient id="${id('fade')}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${STUDIO}" stop-opacity="0.85"/><stop offset="0.55" stop-color="${STUDIO}" stop-opacity="0.25"/><stop offset="1" stop-color="${STUDIO}" stop-opacity="0"/></linearGradient>`,
  ];
  const body: string[] = [`<rect width="${BW}" height="${BH}" fill="url(#${id('wash')})"/>`];
  const tints = ['#e8dfd1', '#e6e0d6', '#eddfd5', '#e3ddd3'];
  tints.forEach((t, i) =>
    defs.push(
      `<radialGradient id="${id(`blob${i}`)}"><stop offset="0" stop-color="${t}" stop-opacity="0.95"/>` +
        `<stop offset="0.5" stop-color="${t}" stop-opacity="0.55"/><stop offset="1" stop-color="${t}" stop-opacity="0"/></radialGradient>`,
    ),
  );
  const blobs = (count: number) => {
    const out: string[] = [];
    for (let i = 0; i < count; i++) {
      const cx = BW * (0.15 + rnd() * 0.8);
      const cy = BH * (0.1 + rnd() * 0.8);
      const rx = 420 + rnd() * 360;
      const ry = rx * (0.6 + rnd() * 0.5);
      out.push(`<ellipse cx="${num(cx)}" cy="${num(cy)}" rx="${num(rx)}" ry="${num(ry)}" fill="url(#${id(`blob${i % tints.length}`)})"/>`);
    }
    return out.join('');
  };
  const sweep = (y0: number, amp: number, colour: string, width: number) => {
    const y1 = y0 + (rnd() - 0.5) * amp;
    const y2 = y0 + (rnd() - 0.5) * amp;
    return path(`M-40 ${num(y0)} C${num(BW * 0.3)} ${num(y1)} ${num(BW * 0.6)} ${num(y2)} ${BW + 40} ${num(y0 + (rnd() - 0.5) * amp * 0.5)}`, {
      stroke: colour,
      width,
    });
  };

  switch (kind) {
    case 'tracer-tee': {
      body.push(blobs(3));
      for (let y = 0; y < BH; y += 120) body.push(`<rect x="0" y="${y}" width="${BW}" height="60" fill="#ece6dd" opacity="0.45"/>`);
      body.push(`<rect width="${BW}" height="${BH}" fill="url(#${id('fade')})"/>`);
      body.push(sweep(BH * 0.38, 220, '#e2d9cc', 5), sweep(BH * 0.62, 260, '#e9dfd6', 3));
      break;
    }
    case 'padded-tee': {
      body.push(blobs(3));
      defs.push(
        `<pattern id="${id('quilt')}" patternUnits="userSpaceOnUse" width="132" height="132" patternTransform="rotate(45)">` +
          path('M0 0 H132 M0 132 H132 M0 0 V132 M132 0 V132', { stroke: '#e4ddd2', width: 5 }) +
          path('M0 0 H132 M0 132 H132 M0 0 V132 M132 0 V132', { stroke: '#ddd4c6', width: 1.6, dash: '8 6', cap: 'butt' }) +
          `</pattern>`,
      );
      body.push(`<rect width="${BW}" height="${BH}" fill="url(#${id('quilt')})" opacity="0.8"/>`);
      body.push(`<rect width="${BW}" height="${BH}" fill="url(#${id('fade')})"/>`);
      break;
    }
    case 'padded-jorts': {
      body.push(blobs(4));
      defs.push(`<pattern id="${id('dots')}" patternUnits="userSpaceOnUse" width="40" height="40"><circle cx="20" cy="20" r="2.6" fill="#ddd4c7"/></pattern>`);
      body.push(`<rect width="${BW}" height="${BH}" fill="url(#${id('dots')})" opacity="0.75"/>`);
      body.push(`<rect width="${BW}" height="${BH}" fill="url(#${id('fade')})"/>`);
      break;
    }
    case 'tracer-hoodie': {
      body.push(blobs(5));
      body.push(`<rect width="${BW}" height="${BH}" fill="url(#${id('fade')})"/>`);
      body.push(
        path(`M${BW * 0.55} ${BH + 40} C${BW * 0.6} ${BH * 0.45} ${BW * 0.78} ${BH * 0.15} ${BW + 40} ${BH * 0.22}`, { stroke: '#e3dacd', width: 5 }),
        path(`M${BW * 0.62} ${BH + 40} C${BW * 0.67} ${BH * 0.55} ${BW * 0.83} ${BH * 0.3} ${BW + 40} ${BH * 0.36}`, { stroke: '#ebe2d8', width: 3 }),
      );
      break;
    }
  }
  return svgDoc(BW, BH, defs, body);
}

// ---------------------------------------------------------------------------------------------
// Size guides

const GUIDE_INK = '#2b2a28';
const GUIDE_FILL = '#e9e3d9';
const GUIDE_ARROW = BRAND_RED;

/** A two-headed measurement arrow with end ticks and a round letter badge. */
function measure(a: Pt, b: Pt, label: string, badgeAt = 0.5): string {
  const d = unit(sub(b, a));
  const n: Pt = [-d[1], d[0]];
  const head = (tip: Pt, dir: Pt) => {
    const base = sub(tip, mul(dir, 22));
    return poly([tip, add(base, mul(n, 9)), sub(base, mul(n, 9))]);
  };
  const a2 = add(a, mul(d, 4));
  const b2 = sub(b, mul(d, 4));
  const c = lerp(a, b, badgeAt);
  return (
    path(line([add(a, mul(n, 16)), sub(a, mul(n, 16))]), { stroke: GUIDE_ARROW, width: 3 }) +
    path(line([add(b, mul(n, 16)), sub(b, mul(n, 16))]), { stroke: GUIDE_ARROW, width: 3 }) +
    path(line([add(a2, mul(d, 18)), sub(b2, mul(d, 18))]), { stroke: GUIDE_ARROW, width: 4 }) +
    path(head(a2, mul(d, -1)), { fill: GUIDE_ARROW }) +
    path(head(b2, d), { fill: GUIDE_ARROW }) +
    `<circle cx="${num(c[0])}" cy="${num(c[1])}" r="30" fill="${GUIDE_ARROW}" stroke="${STUDIO}" stroke-width="6"/>` +
    `<text x="${num(c[0])}" y="${num(c[1] + 12)}" font-family="sans-serif" font-size="34" font-weight="700" text-anchor="middle" fill="#ffffff">${label}</text>`
  );
}

/** Thin dotted extension line from the garment to an offset arrow. */
const ext = (a: Pt, b: Pt): string => path(line([a, b]), { stroke: GUIDE_ARROW, width: 2, dash: '4 6', opacity: 0.8 });

export function sizeGuideSvg(kind: GarmentKind): string {
  const defs: string[] = [];
  const body: string[] = [`<rect width="${W}" height="${H}" fill="${STUDIO}"/>`];
  const draw = (d: string, w = 4) => path(d, { stroke: GUIDE_INK, width: w });
  const thin = (d: string) => path(d, { stroke: GUIDE_INK, width: 2.5, opacity: 0.7 });
  const dashed = (d: string) => path(d, { stroke: GUIDE_INK, width: 2, dash: '9 7', opacity: 0.55, cap: 'butt' });
  // Scale the garment down a little so the outside arrows fit.
  const k = 0.86;
  const extent: Record<GarmentKind, readonly [number, number]> = {
    'tracer-tee': [TRACER_TEE.neckY - 100, TRACER_TEE.hem[1]],
    'padded-tee': [PADDED_TEE.neckY - 100, PADDED_TEE.hem[1]],
    'tracer-hoodie': [90, HOODIE.hem[1] + (HOODIE.band ?? 0)],
    'padded-jorts': [J.waistL[1] - 110, J.hemOuterL[1]],
  };
  const oy = H / 2 - (k * (extent[kind][0] + extent[kind][1])) / 2;
  const T = (q: Pt): Pt => [CX + (q[0] - CX) * k, oy + q[1] * k];
  const garment: string[] = [];
  const arrows: string[] = [];

  if (kind === 'padded-jorts') {
    const sil = jortsSilhouette();
    garment.push(path(sil, { fill: GUIDE_FILL }));
    defs.push(`<clipPath id="guide-jorts"><path d="${sil}"/></clipPath>`);
    garment.push('<g clip-path="url(#guide-jorts)">');
    garment.push(thin(`M${pt(J.waistL)} L${pt(mx(J.waistL))} M250 ${J.waistBot} L950 ${J.waistBot}`));
    garment.push(thin(`M0 ${J.cuffTop} L${W} ${J.cuffTop}`));
    garment.push(dashed(`M0 ${J.panelY} L${W} ${J.panelY}`));
    garment.push(thin('M428 412 C432 520 380 590 270 606 M772 412 C768 520 820 590 930 606 M600 412 L600 700'));
    garment.push(dashed('M648 412 L648 610 Q648 664 604 680'));
    garment.push('</g>');
    for (const x of [372, 488, 712, 828]) garment.push(thin(`M${x - 12} ${J.waistL[1] - 8} h24 v${J.waistBot - J.waistL[1] + 22} h-24 Z`));
    garment.push(draw(sil));
    const wl = T(J.waistL);
    const wr = T(mx(J.waistL));
    const yA = wl[1] - 70;
    arrows.push(ext(wl, [wl[0], yA - 20]), ext(wr, [wr[0], yA - 20]), measure([wl[0], yA], [wr[0], yA], 'A'));
    const hl = T(J.hipL);
    const hr = T(mx(J.hipL));
    arrows.push(measure(add(hl, [6, 0]), add(hr, [-6, 0]), 'B', 0.3));
    const crotch = T(add(J.crotch, [10, 30]));
    const inner = T(mx(J.hemInnerL));
    const cn = unit([inner[1] - crotch[1], -(inner[0] - crotch[0])]);
    arrows.push(measure(add(crotch, mul(cn, 60)), add(inner, mul(cn, 60)), 'C'), ext(crotch, add(crotch, mul(cn, 74))), ext(inner, add(inner, mul(cn, 74))));
    const top = T(J.waistL);
    const hem = T(J.hemOuterL);
    arrows.push(ext(top, [hem[0] - 80, top[1]]), ext(hem, [hem[0] - 80, hem[1]]), measure([hem[0] - 64, top[1]], [hem[0] - 64, hem[1]], 'D'));
  } else {
    const geo = kind === 'tracer-tee' ? TRACER_TEE : kind === 'padded-tee' ? PADDED_TEE : HOODIE;
    const t = topShape(geo);
    const hooded = kind === 'tracer-hoodie';
    const hood = hooded ? hoodShape() : undefined;
    if (hood) {
      garment.push(path(hood.outer, { fill: GUIDE_FILL }), draw(hood.outer), thin(hood.rim));
    }
    garment.push(path(t.silhouette, { fill: GUIDE_FILL }));
    garment.push(thin(t.armholeL), thin(t.armholeR));
    if (!hooded) garment.push(thin(neckLine(geo.neckHw, geo.neckY, geo.frontDrop)));
    if (t.cuffL && t.cuffR) garment.push(thin(line([t.cuffL[0], t.cuffL[3]])), thin(line([t.cuffR[0], t.cuffR[3]])));
    if (t.bandPts) garment.push(thin(line([t.bandPts[0], t.bandPts[3]])));
    if (hooded) garment.push(thin('M452 866 L748 866 C772 940 800 990 824 1046 L828 1148 M452 866 C428 940 400 990 376 1046 L372 1148'));
    if (kind === 'padded-tee') {
      defs.push(`<clipPath id="guide-body"><path d="${t.body}"/></clipPath>`);
      defs.push(
        `<pattern id="guide-quilt" patternUnits="userSpaceOnUse" width="92" height="92" patternTransform="rotate(45 ${CX} 700)">` +
          path('M0 0 H92 M0 0 V92 M0 92 H92 M92 0 V92', { stroke: GUIDE_INK, width: 1.5, dash: '6 6', opacity: 0.35, cap: 'butt' }) +
          `</pattern>`,
      );
      garment.push(`<g clip-path="url(#guide-body)"><rect width="${W}" height="${H}" fill="url(#guide-quilt)"/></g>`);
    }
    garment.push(draw(t.silhouette));

    const { L, R } = t;
    const a = T(add(L.A, [8, 40]));
    const a2 = T(add(R.A, [-8, 40]));
    arrows.push(measure([a[0], a[1]], [a2[0], a[1]], 'A', 0.36));
    const hps = T([CX + geo.neckHw, geo.neckY + (hooded ? 8 : 0)]);
    const hem = T([CX + geo.neckHw, t.bottom + (hooded ? 0 : geo.hemCurve * 0.6)]);
    arrows.push(measure(add(hps, [0, 6]), hem, 'B', 0.62));
    const s1 = T(L.S);
    const s2 = T(R.S);
    const yC = T([0, hooded ? 96 : geo.neckY - 80])[1];
    arrows.push(ext(s1, [s1[0], yC - 22]), ext(s2, [s2[0], yC - 22]), measure([s1[0], yC], [s2[0], yC], 'C'));
    const end = t.cuffL ? lerp(t.cuffL[1], t.cuffL[2], 0) : L.O;
    const sO = T(L.S);
    const eO = T(end);
    const off = mul(L.n, 62);
    arrows.push(ext(sO, add(sO, mul(L.n, 78))), ext(eO, add(eO, mul(L.n, 78))), measure(add(sO, off), add(eO, off), 'D'));
  }
  body.push(`<g transform="translate(${num(CX * (1 - k))} ${num(oy)}) scale(${k})">${garment.join('')}</g>`);
  body.push(arrows.join(''));
  return svgDoc(W, H, defs, body);
}
