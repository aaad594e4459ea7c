/** Size guides: the garment outline with lettered measurement arrows. */
import { CX, type GarmentKind, H, W } from './canvas.js';
import { BRAND_RED, STUDIO } from './colour.js';
import { J, jortsSilhouette } from './jorts.js';
import { add, lerp, line, mul, mx, neckLine, num, path, poly, type Pt, pt, sub, svgDoc, unit } from './svg.js';
import { hoodShape } from './top-render.js';
import { HOODIE, PADDED_TEE, topShape, TRACER_TEE } from './top-shape.js';

export const GUIDE_INK = '#2b2a28';
export const GUIDE_FILL = '#e9e3d9';
export const GUIDE_ARROW = BRAND_RED;

/** A two-headed measurement arrow with end ticks and a round letter badge. */
export function measure(a: Pt, b: Pt, label: string, badgeAt = 0.5): string {
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
export const ext = (a: Pt, b: Pt): string => path(line([a, b]), { stroke: GUIDE_ARROW, width: 2, dash: '4 6', opacity: 0.8 });

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
    arrows.push(
      measure(add(crotch, mul(cn, 60)), add(inner, mul(cn, 60)), 'C'),
      ext(crotch, add(crotch, mul(cn, 74))),
      ext(inner, add(inner, mul(cn, 74))),
    );
    const top = T(J.waistL);
    const hem = T(J.hemOuterL);
    arrows.push(
      ext(top, [hem[0] - 80, top[1]]),
      ext(hem, [hem[0] - 80, hem[1]]),
      measure([hem[0] - 64, top[1]], [hem[0] - 64, hem[1]], 'D'),
    );
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
