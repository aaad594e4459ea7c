/** The padded jorts, front and back. */
import { H, W } from './canvas.js';
import { BRAND_RED, mix } from './colour.js';
import { add, type Ctx, line, mx, num, path, poly, type Pt, pt, quiltPattern, stitch } from './svg.js';

export const J = {
  waistL: [332, 338] as Pt,
  waistBot: 412,
  hipL: [284, 640] as Pt,
  hemOuterL: [200, 1150] as Pt,
  hemInnerL: [566, 1150] as Pt,
  crotch: [600, 806] as Pt,
  panelY: 700,
  cuffTop: 1082,
};

export function jortsSilhouette(): string {
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

/** What every part of the jorts draws with: the palette, the twill pattern, the topstitch colour, the waistband top. */
interface Cloth {
  ctx: Ctx;
  p: Ctx['p'];
  twill: string;
  ts: string;
  wTop: number;
}

export function renderJorts(ctx: Ctx, view: 'front' | 'back'): { art: string; silhouette: string } {
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
  const cloth: Cloth = { ctx, p, twill, ts: p.topstitch, wTop: J.waistL[1] };
  const { panelY, cuffTop } = J;
  const out: string[] = [];

  out.push(path(silhouette, { fill: p.base }));
  out.push(`<g clip-path="url(#${clip})">`);
  out.push(`<rect x="0" y="0" width="${W}" height="${H}" fill="url(#${twill})" opacity="0.4"/>`);
  // Quilted front leg panels below the panel seam, above the turned-up cuffs (the back is plain twill).
  if (view === 'front') out.push(`<rect x="0" y="${panelY}" width="${W}" height="${cuffTop - panelY}" fill="${quilt}"/>`);
  drawShading(cloth, view, out);
  drawCuffs(cloth, view, out);
  drawWaistband(cloth, out);
  if (view === 'front') drawFrontDetails(cloth, out);
  else drawBackDetails(cloth, out);
  drawBeltLoops(cloth, view, out);
  out.push('</g>');
  out.push(path(silhouette, { stroke: p.edge, width: 3 }));
  return { art: out.join(''), silhouette };
}

/** Shading: shadow side, inner legs, crotch drag lines; highlight on the left thigh; whiskers and back folds. */
function drawShading({ p }: Cloth, view: 'front' | 'back', out: string[]): void {
  out.push(path(`M${W - 400} 420 C${W - 330} 620 ${W - 330} 860 ${W - 360} 1160 L${W} 1160 L${W} 420 Z`, { fill: p.shade, opacity: 0.5 }));
  out.push(path('M600 780 L566 1160 L520 1160 C540 1000 560 880 600 780 Z', { fill: p.shade, opacity: 0.5 }));
  out.push(path('M600 780 L634 1160 L700 1160 C676 1000 650 880 600 780 Z', { fill: p.shade, opacity: 0.6 }));
  out.push(
    path('M300 520 C380 500 460 560 470 700 C480 880 420 1040 330 1120 C280 1000 268 760 300 520 Z', { fill: p.highlight, opacity: 0.35 }),
  );
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
}

/** The panel seam above the quilting (front only), and the turned-up cuffs. */
function drawCuffs({ ctx, p, twill, ts }: Cloth, view: 'front' | 'back', out: string[]): void {
  const { panelY, cuffTop } = J;
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
}

function drawWaistband({ ctx, p, twill, ts, wTop }: Cloth, out: string[]): void {
  const { waistBot } = J;
  out.push(path(`M0 ${wTop} L${W} ${wTop} L${W} ${waistBot} L0 ${waistBot} Z`, { fill: p.rib }));
  out.push(`<rect x="0" y="${wTop}" width="${W}" height="${waistBot - wTop}" fill="url(#${twill})" opacity="0.4"/>`);
  out.push(path(`M0 ${waistBot} L${W} ${waistBot}`, { stroke: p.seam, width: 5, opacity: 0.9 }));
  out.push(path(`M0 ${waistBot + 6} L${W} ${waistBot + 6}`, { stroke: p.shade, width: 8, opacity: 0.35 }));
  out.push(stitch(ctx, `M0 ${wTop + 12} L${W} ${wTop + 12}`, 3, ts));
  out.push(stitch(ctx, `M0 ${waistBot - 12} L${W} ${waistBot - 12}`, 3, ts));
}

/** Front pockets with rivets, coin pocket, fly with J-stitch and the button. */
function drawFrontDetails({ ctx, p, ts }: Cloth, out: string[]): void {
  const { waistBot } = J;
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
}

/** Back: yoke, centre seam, patch pockets and the waistband label. */
function drawBackDetails({ ctx, p, twill, ts }: Cloth, out: string[]): void {
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
    const pocket = (i: number): Pt[] => [
      f([352 + i, 600 + i]),
      f([560 - i, 618 + i]),
      f([554 - i, 772 - i * 0.6]),
      f([452, 806 - i]),
      f([350 + i, 766 - i * 0.6]),
    ];
    out.push(path(poly(pocket(0)), { fill: p.deep, opacity: 0.3, extra: 'transform="translate(4 6)"' }));
    out.push(path(poly(pocket(0)), { fill: p.base }));
    out.push(`<path d="${poly(pocket(0))}" fill="url(#${twill})" opacity="0.4"/>`);
    out.push(path(poly(pocket(0)), { stroke: p.seam, width: 3, opacity: 0.7 }));
    out.push(stitch(ctx, line([...pocket(10), pocket(10)[0]]), 3, ts));
    out.push(stitch(ctx, line([...pocket(20), pocket(20)[0]]), 3, ts));
  }
  out.push(`<rect x="646" y="352" width="104" height="46" rx="4" fill="${mix(p.label, '#a0763f', 0.35)}"/>`);
  out.push(
    `<rect x="654" y="359" width="88" height="32" rx="3" fill="none" stroke="${p.labelDetail}" stroke-width="2" stroke-dasharray="5 4"/>`,
  );
  out.push(`<rect x="680" y="371" width="36" height="8" rx="4" fill="${BRAND_RED}"/>`);
}

/** Belt loops (with bar tacks). */
function drawBeltLoops({ p, ts, wTop }: Cloth, view: 'front' | 'back', out: string[]): void {
  const { waistBot } = J;
  const loops = view === 'front' ? [372, 488, 712, 828] : [372, 488, 600, 712, 828];
  for (const x of loops) {
    out.push(
      `<rect x="${x - 12}" y="${wTop - 10}" width="24" height="${waistBot - wTop + 26}" rx="5" fill="${p.shade}" opacity="0.6" transform="translate(3 4)"/>`,
    );
    out.push(
      `<rect x="${x - 12}" y="${wTop - 10}" width="24" height="${waistBot - wTop + 26}" rx="5" fill="${p.base}" stroke="${p.seam}" stroke-width="2.5"/>`,
    );
    out.push(path(`M${x - 7} ${wTop} L${x + 7} ${wTop} M${x - 7} ${waistBot + 6} L${x + 7} ${waistBot + 6}`, { stroke: ts, width: 4 }));
  }
}
