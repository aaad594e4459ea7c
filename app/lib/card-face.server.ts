import sharp from 'sharp';
import { CARD_RULES } from '@contract/cards';
import { CARD_BRAND_LINE, cardCode, cardDate, cardLabel } from './cards';
import type { CardFace } from './cards.server';
import { getEnv } from './env.server';
import { storageObjectUrl } from './images';

const SCALE = CARD_RULES.exportScale;
const WIDTH = CARD_RULES.width * SCALE;
const HEIGHT = CARD_RULES.height * SCALE;
const FONT = "'Helvetica Neue', Helvetica, Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif";
const MONO = "'DejaVu Sans Mono', 'Liberation Mono', monospace";

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
const colour = (value: string, fallback: string) => (/^#[0-9a-f]{3,8}$/i.test(value) ? value : fallback);

/** A line of text that is squeezed to `max` card units when it would run longer. */
function line(text: string, x: number, y: number, size: number, max: number, attrs: string, widthPerChar = 0.58) {
  const squeeze = text.length * size * widthPerChar > max ? ` textLength="${max}" lengthAdjust="spacingAndGlyphs"` : '';
  return `<text x="${x}" y="${y}" font-size="${size}"${squeeze} ${attrs}>${escapeXml(text)}</text>`;
}

/**
 * The card face over its static image, in card units (300 x 400) drawn at twice the size. The
 * positions follow .collectible-card in app/styles/cards.css, so the PNG matches the browser's export.
 */
function faceSvg(face: CardFace): string {
  const text = colour(face.tc, '#ffffff');
  const accent = colour(face.ac, '#b3261e');
  const ground = colour(face.bc, '#1d1d1f');
  const label = cardLabel(face.r);
  const labelWidth = Math.round(label.length * 7.9 + 18);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${CARD_RULES.width} ${CARD_RULES.height}">` +
    `<g font-family="${FONT}">` +
    `<rect x="16" y="14" width="${labelWidth}" height="22" rx="11" fill="${accent}"/>` +
    `<text x="${16 + labelWidth / 2}" y="30" font-size="10.5" font-weight="700" letter-spacing="1.4" text-anchor="middle" fill="${ground}">${escapeXml(label)}</text>` +
    line(face.n, 20, 287, 22, 260, `font-weight="700" fill="${text}"`, 0.62) +
    line(face.o, 20, 309, 13, 260, `fill="${text}" fill-opacity="0.85"`) +
    `<text x="20" y="331" font-family="${MONO}" font-size="11" letter-spacing="1" fill="${accent}">${escapeXml(cardCode(face.id))}</text>` +
    `<text x="20" y="374" font-size="10" fill="${text}" fill-opacity="0.8">${escapeXml(CARD_BRAND_LINE)}</text>` +
    `<text x="280" y="374" font-size="10" text-anchor="end" fill="${text}" fill-opacity="0.8">${escapeXml(cardDate(face.u))}</text>` +
    `</g></svg>`
  );
}

const corners = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="${WIDTH}" height="${HEIGHT}" rx="${16 * SCALE}" fill="#fff"/></svg>`,
);

async function staticImage(face: CardFace): Promise<{ image: Buffer; found: boolean }> {
  const env = getEnv();
  try {
    const response = await fetch(storageObjectUrl(env.STORAGE_URL, 'cards', face.i), { signal: AbortSignal.timeout(env.API_TIMEOUT_MS) });
    if (response.ok) {
      const image = await sharp(Buffer.from(await response.arrayBuffer())).resize(WIDTH, HEIGHT, { fit: 'cover' }).png().toBuffer();
      return { image, found: true };
    }
  } catch {
    // Drawn on the card's ground colour instead.
  }
  const image = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: colour(face.bc, '#1d1d1f') } }).png().toBuffer();
  return { image, found: false };
}

// A face never changes for a given payload: keep the last few, so a shared link opened often costs one render.
const rendered = new Map<string, Buffer>();
const KEEP = 64;

/** The card face as a 600 x 800 PNG with rounded corners: what the browser's export downloads. */
export async function renderCardPng(face: CardFace): Promise<Buffer> {
  const key = JSON.stringify(face);
  const hit = rendered.get(key);
  if (hit) return hit;
  const { image, found } = await staticImage(face);
  const png = await sharp(image)
    .ensureAlpha()
    .composite([{ input: Buffer.from(faceSvg(face)) }, { input: corners, blend: 'dest-in' }])
    .png({ compressionLevel: 8 })
    .toBuffer();
  if (!found) return png;
  rendered.set(key, png);
  if (rendered.size > KEEP) rendered.delete(rendered.keys().next().value!);
  return png;
}
