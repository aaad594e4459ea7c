/** A garment as the catalogue shows it: studio view, close-up, and the cut-out the cards use. */
import { CX, type GarmentColour, type GarmentKind, type GarmentView, H, W } from './canvas.js';
import { STUDIO } from './colour.js';
import { J, renderJorts } from './jorts.js';
import { blurFilter, type Ctx, makeCtx, num, type Pt, svgDoc } from './svg.js';
import { renderTop } from './top-render.js';
import { HOODIE, PADDED_TEE, topShape, TRACER_TEE } from './top-shape.js';

export interface Rendered {
  art: string;
  silhouette: string;
  bottom: number;
}

export const SHAPES = {
  'tracer-tee': () => topShape(TRACER_TEE),
  'padded-tee': () => topShape(PADDED_TEE),
  'tracer-hoodie': () => topShape(HOODIE),
};

export function renderGarment(ctx: Ctx, kind: GarmentKind, view: 'front' | 'back'): Rendered {
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
export const DETAIL: Record<GarmentKind, { c: Pt; zoom: number }> = {
  'tracer-tee': { c: [392, 500], zoom: 2.5 },
  'padded-tee': { c: [470, 640], zoom: 2.3 },
  'padded-jorts': { c: [470, 560], zoom: 2.2 },
  'tracer-hoodie': { c: [600, 470], zoom: 2.0 },
};

export function studioBackdrop(ctx: Ctx): string {
  const g = ctx.id('studio');
  const v = ctx.id('vignette');
  ctx.defs.push(
    `<linearGradient id="${g}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7f5f1"/><stop offset="0.72" stop-color="${STUDIO}"/><stop offset="1" stop-color="#ece7df"/></linearGradient>`,
    `<radialGradient id="${v}" cx="0.5" cy="0.45" r="0.75"><stop offset="0.55" stop-color="#e6dfd3" stop-opacity="0"/><stop offset="1" stop-color="#e6dfd3" stop-opacity="0.55"/></radialGradient>`,
  );
  return `<rect width="${W}" height="${H}" fill="url(#${g})"/><rect width="${W}" height="${H}" fill="url(#${v})"/>`;
}

/** Centres a front or back view vertically, leaving room for the floor shadow. */
export function frontOffset(kind: GarmentKind, bottom: number): number {
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
