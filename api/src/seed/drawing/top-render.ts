/** Drawing a top: shading, tracer lines, the hood, and the front and back views. */
import { CX, H, W } from './canvas.js';
import { BRAND_RED } from './colour.js';
import {
  add,
  type Ctx,
  dist,
  lerp,
  line,
  mul,
  mx,
  neckFwd,
  neckLine,
  neckRev,
  num,
  path,
  poly,
  type Pt,
  pt,
  quiltPattern,
  ribStripes,
  stitch,
} from './svg.js';
import { acrossSleeve, type TopShape } from './top-shape.js';

/** Soft shading shared by all tops: light comes from the upper left. */
export function topShading(ctx: Ctx, t: TopShape, long: boolean, quilted: boolean): string {
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
  out.push(
    lift(`M${num(A[0] + 30)} ${num(A[1] + 52)} Q${num(A[0] + 100)} ${num(A[1] + 92)} ${num(A[0] + 190)} ${num(A[1] + 100)}`, 5, 0.5),
  );
  if (!quilted)
    out.push(fold(`M${num(CX + 70)} ${num(A[1] + 170)} Q${num(CX + 40)} ${num(A[1] + 380)} ${num(CX + 95)} ${num(Hm[1] - 70)}`, 12, 0.22));
  if (!quilted)
    out.push(
      fold(
        `M${num(Hm[0] + 120)} ${num(Hm[1] - 20)} Q${num(Hm[0] + 150)} ${num(Hm[1] - 120)} ${num(Hm[0] + 235)} ${num(Hm[1] - 175)}`,
        8,
        0.32,
      ),
    );
  if (!quilted)
    out.push(
      lift(
        `M${num(Hm[0] + 140)} ${num(Hm[1] - 12)} Q${num(Hm[0] + 172)} ${num(Hm[1] - 110)} ${num(Hm[0] + 255)} ${num(Hm[1] - 160)}`,
        4,
        0.45,
      ),
    );
  if (!quilted)
    out.push(
      fold(`M${num(xr - 200)} ${num(Hm[1] - 10)} Q${num(xr - 230)} ${num(Hm[1] - 90)} ${num(xr - 300)} ${num(Hm[1] - 130)}`, 7, 0.3),
    );
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

export interface TopOpts {
  tracer: 'chest' | 'hood' | 'none';
  quilted: boolean;
  hood: boolean;
}

/** The continuous tracer line of the Tracer Tee: cuff, up the sleeve, across the chest, down the other sleeve. */
export function chestTracerPath(t: TopShape): string {
  const { L, R } = t;
  const y = L.A[1] - 78;
  const s = (2 * (L.A[1] - y)) / (L.A[1] - L.S[1]) - 1;
  return line([L.at(1.2, s), L.at(0, s), R.at(0, s), R.at(1.2, s)]);
}

export function hoodShape(): { outer: string; opening: string; rim: string; seamBase: string; top: Pt } {
  const outer = 'M462 438 C424 300 450 150 600 128 C750 150 776 300 738 438 Q600 470 462 438 Z';
  const opening = 'M514 470 C484 360 512 224 600 212 C688 224 716 360 686 470 Q600 500 514 470 Z';
  const rim = 'M514 470 C484 360 512 224 600 212 C688 224 716 360 686 470';
  const seamBase = 'M462 438 Q600 470 738 438';
  return { outer, opening, rim, seamBase, top: [600, 128] };
}

/** What every part of a top is drawn with. */
interface Piece {
  ctx: Ctx;
  t: TopShape;
  view: 'front' | 'back';
  o: TopOpts;
  hood: ReturnType<typeof hoodShape> | undefined;
  clip: string;
}

export function renderTop(ctx: Ctx, t: TopShape, view: 'front' | 'back', o: TopOpts): { art: string; silhouette: string } {
  const { p } = ctx;
  const { g } = t;
  const clip = ctx.id('clip');
  const bodyClip = ctx.id('body');
  const hood = o.hood ? hoodShape() : undefined;
  const silhouette = hood ? `${t.silhouette} ${hood.outer}` : t.silhouette;
  ctx.defs.push(`<clipPath id="${clip}"><path d="${silhouette}"/></clipPath>`);
  ctx.defs.push(`<clipPath id="${bodyClip}"><path d="${t.body}"/></clipPath>`);
  const piece: Piece = { ctx, t, view, o, hood, clip };

  const out: string[] = [];
  // Hood first: in flat lay it sits behind the shoulders.
  if (hood) drawHoodBehind(piece, hood, out);

  out.push(path(t.silhouette, { fill: p.base }));
  out.push(`<g clip-path="url(#${clip})">`);
  if (o.quilted) {
    const fillUrl = quiltPattern(ctx, 'quilt', 92);
    out.push(`<g clip-path="url(#${bodyClip})"><rect x="0" y="0" width="${W}" height="${H}" fill="${fillUrl}"/></g>`);
  }
  out.push(topShading(ctx, t, Boolean(g.cuff), o.quilted));
  drawSleeveSeams(piece, out);
  drawBodyHem(piece, out);
  // Tracer line.
  if (o.tracer !== 'none') {
    const d = o.tracer === 'chest' ? chestTracerPath(t) : hoodTracerPath(t);
    out.push(path(d, { stroke: p.deep, width: 14, opacity: 0.35, extra: 'transform="translate(0 3)"' }));
    out.push(path(d, { stroke: p.tracer, width: 9 }));
  }

  if (!hood) drawNeckline(piece, out);
  out.push('</g>');

  out.push(path(t.silhouette, { stroke: p.edge, width: 3 }));

  if (hood && view === 'front') drawHoodFront(piece, hood, out);
  if (hood && view === 'back') {
    out.push(path(hood.seamBase, { stroke: p.seam, width: 4, opacity: 0.8 }));
  }
  // Woven label at the back neck.
  if (view === 'back') drawBackLabel(piece, out);
  if (hood && view === 'front') drawKangarooPocket(piece, out);

  return { art: out.join(''), silhouette };
}

/** The hood as it lies behind the shoulders: shading, and its centre seam (back) or edge stitching (front). */
function drawHoodBehind({ ctx, view }: Piece, hood: ReturnType<typeof hoodShape>, out: string[]): void {
  const { p } = ctx;
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

/** Armhole seams (piped on the padded tee) with a row of stitching on the body side; sleeve hems or ribbed cuffs. */
function drawSleeveSeams({ ctx, t, o }: Piece, out: string[]): void {
  const { p } = ctx;
  const { g, L, R } = t;
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
}

/** The body's hem: a ribbed band, or twin-needle stitching along the curved hem. */
function drawBodyHem({ ctx, t }: Piece, out: string[]): void {
  const { p } = ctx;
  const { g } = t;
  const Hm = g.hem;
  if (t.bandPts) {
    const [b0, b1, b2, b3] = t.bandPts;
    out.push(path(poly([b0, b1, b2, b3]), { fill: p.rib }));
    out.push(
      ribStripes(
        ctx,
        line([
          [0, (b0[1] + b1[1]) / 2],
          [W, (b0[1] + b1[1]) / 2],
        ]),
        g.band ?? 0,
        0.45,
      ),
    );
    out.push(
      path(
        poly([
          [CX + 60, b0[1]],
          [b3[0] + 20, b0[1]],
          [b3[0] + 20, b1[1] + 10],
          [CX + 60, b1[1] + 10],
        ]),
        { fill: p.shade, opacity: 0.35 },
      ),
    );
    out.push(
      path(
        line([
          [0, b0[1]],
          [W, b0[1]],
        ]),
        { stroke: p.seam, width: 5, opacity: 0.85 },
      ),
    );
    out.push(
      stitch(
        ctx,
        line([
          [0, b0[1] - 12],
          [W, b0[1] - 12],
        ]),
      ),
    );
  } else {
    const hemLine = (off: number) =>
      `M${num(Hm[0] - 40)} ${num(Hm[1] - off)} Q${num(CX)} ${num(Hm[1] + g.hemCurve - off)} ${num(W - Hm[0] + 40)} ${num(Hm[1] - off)}`;
    out.push(path(hemLine(4), { stroke: p.seam, width: 4, opacity: 0.45 }));
    out.push(stitch(ctx, hemLine(28)));
    out.push(stitch(ctx, hemLine(40)));
  }
}

/** The ribbed neckline of a top without a hood: seen from the front with the inside of the back neck, or from the back. */
function drawNeckline({ ctx, t, view }: Piece, out: string[]): void {
  const { p } = ctx;
  const { g } = t;
  const hw = g.neckHw;
  const y = g.neckY;
  const slope = (g.shoulder[1] - y) / (CX - hw - g.shoulder[0]);
  const c = g.collar;
  const yo = y + slope * c * 0.9;
  if (view === 'front') {
    // Inside of the back neck, then the back rib seen from inside, then the front rib.
    out.push(path(`${neckLine(hw, y, g.frontDrop)} ${neckRev(hw, y, g.backDrop)} Z`, { fill: p.deep }));
    out.push(path(`${neckLine(hw, y, g.backDrop)} ${neckRev(hw - c * 0.25, y, g.backDrop + c * 0.85)} Z`, { fill: p.rib }));
    out.push(
      path(`${neckLine(hw, y, g.backDrop)} ${neckRev(hw - c * 0.25, y, g.backDrop + c * 0.85)} Z`, { fill: p.shade, opacity: 0.55 }),
    );
    out.push(
      path(
        `M${num(CX - hw - c)} ${num(yo)} ${neckFwd(hw + c, yo, g.frontDrop + c + (y - yo))} L${num(CX + hw)} ${num(y)} ${neckRev(hw, y, g.frontDrop)} Z`,
        { fill: p.rib },
      ),
    );
    out.push(ribStripes(ctx, neckLine(hw + c / 2, (y + yo) / 2, g.frontDrop + c / 2), c * 0.9));
    out.push(path(neckLine(hw, y, g.frontDrop), { stroke: p.seam, width: 3, opacity: 0.7 }));
    out.push(stitch(ctx, neckLine(hw + c + 11, yo + 4, g.frontDrop + c + 9)));
  } else {
    out.push(
      path(
        `M${num(CX - hw - c)} ${num(yo)} ${neckFwd(hw + c, yo, g.backDrop + c + (y - yo))} L${num(CX + hw)} ${num(y)} ${neckRev(hw, y, g.backDrop)} Z`,
        { fill: p.rib },
      ),
    );
    out.push(ribStripes(ctx, neckLine(hw + c / 2, (y + yo) / 2, g.backDrop + c / 2), c * 0.9));
    out.push(stitch(ctx, neckLine(hw + c + 11, yo + 4, g.backDrop + c + 9)));
  }
}

/** The hood's opening, its double-layer rim, then the flat drawcords. */
function drawHoodFront({ ctx }: Piece, hood: ReturnType<typeof hoodShape>, out: string[]): void {
  const { p } = ctx;
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

/** The woven label at the back neck. */
function drawBackLabel({ ctx, t, hood }: Piece, out: string[]): void {
  const { p } = ctx;
  const { g } = t;
  const ly = hood ? 462 : g.neckY + g.backDrop + g.collar + 8;
  out.push(`<rect x="${CX - 34}" y="${num(ly)}" width="68" height="30" rx="3" fill="${p.label}"/>`);
  out.push(
    `<rect x="${CX - 28}" y="${num(ly + 5)}" width="56" height="20" rx="2" fill="none" stroke="${p.labelDetail}" stroke-width="2" stroke-dasharray="5 4"/>`,
  );
  out.push(`<rect x="${CX - 14}" y="${num(ly + 12)}" width="28" height="6" rx="3" fill="${BRAND_RED}"/>`);
}

/** The hoodie's kangaroo pocket. */
function drawKangarooPocket({ ctx, clip }: Piece, out: string[]): void {
  const { p } = ctx;
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

/** Tracer of the hoodie: from one cuff, up the sleeve, over the shoulder and across the hood, down the other sleeve. */
export function hoodTracerPath(t: TopShape): string {
  const { L, R } = t;
  const sL = L.at(1.05, 0.45);
  const mL = L.at(0, 0.45);
  const sR = R.at(1.05, 0.45);
  const mR = R.at(0, 0.45);
  const neckL: Pt = [478, 430];
  const neckR = mx(neckL);
  return `M${pt(sL)} L${pt(mL)} Q${pt([mL[0] + 70, mL[1] - 10])} ${pt(neckL)} C452 300 476 176 600 156 C724 176 748 300 ${pt(neckR)} Q${pt([mR[0] - 70, mR[1] - 10])} ${pt(mR)} L${pt(sR)}`;
}
