/** Tops (tees and hoodie) share one construction: body, two set-in sleeves and a neckline. */
import { CX } from './canvas.js';
import { add, dot, lerp, line, mul, mx, neckRev, type Pt, pt, sub, unit } from './svg.js';

export interface Sleeve {
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

export function makeSleeve(S: Pt, A: Pt, dir: Pt, len: number, hemWidth: number): Sleeve {
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

export const mirrorSleeve = (s: Sleeve): Sleeve => {
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
export function acrossSleeve(s: Sleeve, back: number, from: Pt = s.O, to: Pt = s.I): string {
  const shift = mul(s.d, -back);
  const over = unit(sub(from, to));
  return line([add(add(from, shift), mul(over, 30)), add(add(to, shift), mul(over, -30))]);
}

export interface TopGeo {
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

export interface TopShape {
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

export function topShape(g: TopGeo): TopShape {
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

export const TRACER_TEE: TopGeo = {
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

export const PADDED_TEE: TopGeo = {
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

export const HOODIE: TopGeo = {
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
