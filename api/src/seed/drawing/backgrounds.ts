/** Product backgrounds, laid out by a seeded PRNG so they vary per product but never between runs. */
import { BACKGROUND_HEIGHT, BACKGROUND_WIDTH, type GarmentKind } from './canvas.js';
import { STUDIO } from './colour.js';
import { num, path, svgDoc } from './svg.js';

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
    return path(
      `M-40 ${num(y0)} C${num(BW * 0.3)} ${num(y1)} ${num(BW * 0.6)} ${num(y2)} ${BW + 40} ${num(y0 + (rnd() - 0.5) * amp * 0.5)}`,
      {
        stroke: colour,
        width,
      },
    );
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
      defs.push(
        `<pattern id="${id('dots')}" patternUnits="userSpaceOnUse" width="40" height="40"><circle cx="20" cy="20" r="2.6" fill="#ddd4c7"/></pattern>`,
      );
      body.push(`<rect width="${BW}" height="${BH}" fill="url(#${id('dots')})" opacity="0.75"/>`);
      body.push(`<rect width="${BW}" height="${BH}" fill="url(#${id('fade')})"/>`);
      break;
    }
    case 'tracer-hoodie': {
      body.push(blobs(5));
      body.push(`<rect width="${BW}" height="${BH}" fill="url(#${id('fade')})"/>`);
      body.push(
        path(`M${BW * 0.55} ${BH + 40} C${BW * 0.6} ${BH * 0.45} ${BW * 0.78} ${BH * 0.15} ${BW + 40} ${BH * 0.22}`, {
          stroke: '#e3dacd',
          width: 5,
        }),
        path(`M${BW * 0.62} ${BH + 40} C${BW * 0.67} ${BH * 0.55} ${BW * 0.83} ${BH * 0.3} ${BW + 40} ${BH * 0.36}`, {
          stroke: '#ebe2d8',
          width: 3,
        }),
      );
      break;
    }
  }
  return svgDoc(BW, BH, defs, body);
}
