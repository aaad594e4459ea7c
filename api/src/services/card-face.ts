import type { Kysely } from 'kysely';
import sharp from 'sharp';

import type { CardFace } from '@contract/api/cards';
import { CARD_BRAND_LINE, CARD_RULES, cardCode, cardDate, cardLabel } from '@contract/cards';

import type { Database } from '../db/schema.js';
import { DomainError } from '../domain-error.js';
import type { Storage } from './storage.js';

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
  const label = cardLabel(face.r, face.l);
  const labelWidth = Math.round(label.length * 7.9 + 18);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${CARD_RULES.width} ${CARD_RULES.height}">` +
    `<g font-family="${FONT}">` +
    `<rect x="16" y="14" width="${labelWidth}" height="22" rx="11" fill="${accent}"/>` +
    `<text x="${16 + labelWidth / 2}" y="30" font-size="10.5" font-weight="700" letter-spacing="1.4" text-anchor="middle" fill="${ground}">${escapeXml(label)}</text>` +
    line(face.n, 20, 287, 22, 260, `font-weight="700" fill="${text}"`, 0.62) +
    line(face.o, 20, 309, 13, 260, `fill="${text}" fill-opacity="0.85"`) +
    `<text x="20" y="331" font-family="${MONO}" font-size="11" letter-spacing="1" fill="${accent}">${escapeXml(cardCode(face.s ?? face.id))}</text>` +
    `<text x="20" y="374" font-size="10" fill="${text}" fill-opacity="0.8">${escapeXml(CARD_BRAND_LINE)}</text>` +
    `<text x="280" y="374" font-size="10" text-anchor="end" fill="${text}" fill-opacity="0.8">${escapeXml(cardDate(face.u))}</text>` +
    `</g></svg>`
  );
}

const corners = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="${WIDTH}" height="${HEIGHT}" rx="${16 * SCALE}" fill="#fff"/></svg>`,
);

async function staticImage(storage: Storage, face: CardFace): Promise<{ image: Buffer; found: boolean }> {
  const stored = await storage.get('cards', face.i).catch(() => null);
  if (stored) {
    try {
      const image = await sharp(stored.body).resize(WIDTH, HEIGHT, { fit: 'cover' }).png().toBuffer();
      return { image, found: true };
    } catch {
      // Drawn on the card's ground colour instead.
    }
  }
  const image = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: colour(face.bc, '#1d1d1f') } })
    .png()
    .toBuffer();
  return { image, found: false };
}

/**
 * Refuses a face that is not one of the shop's cards as the shop holds it: only the owner's name and
 * the unlock date are the shopper's, so no one can have the shop draw a card it never made.
 */
async function checkFace(db: Kysely<Database>, face: CardFace) {
  const [card, colours] = await Promise.all([
    db
      .selectFrom('cards')
      .select(['name', 'rarity', 'image_path', 'text_color', 'accent_color', 'bg_color'])
      .where('id', '=', face.id)
      .executeTakeFirst(),
    db.selectFrom('card_colours').select('image_path').where('card_id', '=', face.id).execute(),
  ]);
  // Its image is the card's own or that of one of its colours (the one its holder bought).
  const images = new Set([card?.image_path, ...colours.map((art) => art.image_path)]);
  const matches =
    card &&
    card.name === face.n &&
    (card.rarity ?? null) === face.r &&
    images.has(face.i) &&
    card.text_color === face.tc &&
    card.accent_color === face.ac &&
    card.bg_color === face.bc;
  if (!matches) throw new DomainError('not_found', 'Card not found');
}

// A face never changes for a given payload: keep the last few, so a shared link opened often costs one render.
const rendered = new Map<string, Buffer>();
const KEEP = 64;

/**
 * The card face as a 600 x 800 PNG with rounded corners: what the browser's export downloads. Drawn
 * here for the storefront on every host (sharp needs Node; docs/decisions/021-edge-target.md).
 */
export async function renderCardPng(deps: { db: Kysely<Database>; storage: Storage }, face: CardFace): Promise<Buffer> {
  const key = JSON.stringify(face);
  const hit = rendered.get(key);
  if (hit) return hit;
  await checkFace(deps.db, face);
  const { image, found } = await staticImage(deps.storage, face);
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
