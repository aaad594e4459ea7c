import { createHmac, timingSafeEqual } from 'node:crypto';

import { z } from 'zod';

import { type ApiCard, apiCardSchema, type CardFace, cardFaceSchema, cardListSchema, userCardsSchema } from '@contract/api/cards';

import { ApiRequestError } from './api.server';
import { catalogueCache } from './cache.server';
import { cardCode, cardDate, cardLabel, type CardOwner, cardOwnerName, type CardView } from './cards';
import type { ShopContext } from './context.server';
import { getEnv } from './env.server';
import type { Locale } from './i18n';
import { storageObjectUrl } from './images';

const CARDS_BUCKET = 'cards';
/** The shop's number of cards changes only when the owner adds one: a minute, and the catalogue hook drops it. */
const CARD_TOTAL_CACHE = { ttlMs: 60_000, staleMs: 10 * 60_000 };

/** The face a card's PNG is drawn from, with its words in `locale` (English links carry no language, as before). */
export function cardFace(card: ApiCard, owner: CardOwner | null, locale: Locale = 'en'): CardFace {
  return {
    v: 1,
    id: card.id,
    n: card.name,
    r: card.rarity ?? null,
    o: cardOwnerName(owner, locale),
    u: card.unlocked_at ?? null,
    i: card.image_path,
    tc: card.text_color,
    ac: card.accent_color,
    bc: card.bg_color,
    ...(card.serial ? { s: card.serial } : {}),
    ...(locale === 'en' ? {} : { l: locale }),
  };
}

function signature(payload: string): string {
  return createHmac('sha256', getEnv().SESSION_SECRET).update(`card-share.v1.${payload}`).digest('base64url');
}

/** A share token: the face as base64url JSON, a dot, and its HMAC-SHA256 under the session secret. */
export function signCardFace(face: CardFace): string {
  const payload = Buffer.from(JSON.stringify(face)).toString('base64url');
  return `${payload}.${signature(payload)}`;
}

/** The face a share token carries, if its signature holds and it is for card `id`; otherwise null. */
export function verifyCardShare(token: string, id: string): CardFace | null {
  const [payload, sig, ...rest] = token.split('.');
  if (!payload || !sig || rest.length || token.length > 4096) return null;
  const expected = Buffer.from(signature(payload));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const face = cardFaceSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return face.id === id ? face : null;
  } catch {
    return null;
  }
}

export function cardPngPath(id: string): string {
  return `/cards/${encodeURIComponent(id)}.png`;
}

export function cardSharePath(face: CardFace): string {
  return `${cardPngPath(face.id)}?share=${signCardFace(face)}`;
}

/** The face's texts (in the page's language) and the card's image addresses, for the Card component. */
export function toCardView(card: ApiCard, owner: CardOwner | null, locale: Locale = 'en'): CardView {
  const storage = getEnv().STORAGE_URL;
  const folder = card.animation_folder_path.replace(/\/+$/, '');
  return {
    id: card.id,
    name: card.name,
    label: cardLabel(card.rarity, locale),
    owner: cardOwnerName(owner, locale),
    code: cardCode(card.serial ?? card.id),
    date: cardDate(card.unlocked_at ?? card.created_at),
    unlockedAt: card.unlocked_at ?? null,
    textColor: card.text_color,
    accentColor: card.accent_color,
    bgColor: card.bg_color,
    imageUrl: storageObjectUrl(storage, CARDS_BUCKET, card.image_path),
    framePrefix: storageObjectUrl(storage, CARDS_BUCKET, `${folder}/${card.animation_file_name}`),
    frameFormat: card.animation_file_format,
    frameCount: card.animation_length,
    sharePath: cardSharePath(cardFace(card, owner, locale)),
  };
}

/** Cards of a purchase-success answer (first_time_purchase_info.unlocked_cards), drawn for `owner`. */
export function unlockedCardViews(unlocked: unknown, owner: CardOwner | null, locale: Locale = 'en'): CardView[] {
  const parsed = z.array(apiCardSchema).safeParse(unlocked ?? []);
  return parsed.success ? parsed.data.map((card) => toCardView(card, owner, locale)) : [];
}

/**
 * How many cards there are to collect: the same for every shopper, so kept with the catalogue (its
 * hook drops it) rather than asked on every profile page; null when it could not be read.
 */
export async function shopCardTotal(context: ShopContext): Promise<number | null> {
  const { api } = await context.shopApi();
  try {
    return await catalogueCache.get(
      `${getEnv().API_URL}|cards/total`,
      async () => (await api.request('GET', 'cards/cards', cardListSchema, { query: { per_page: 1 } })).total,
      CARD_TOTAL_CACHE,
    );
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    console.error('The number of cards could not be loaded:', error.message);
    return null;
  }
}

/** The face of card `id` for the signed-in shopper who unlocked it, or null. */
export async function ownCardFace(context: ShopContext, id: string): Promise<{ face: CardFace | null; headers: Record<string, string> }> {
  const { api, session, commit } = await context.shopApi();
  const owner = session.get('user');
  if (!owner || !session.get('accessToken')) return { face: null, headers: await commit() };
  try {
    const { unlocked_cards } = await api.request('GET', 'cards/user-cards', userCardsSchema);
    const card = unlocked_cards.find((c: ApiCard) => c.id === id);
    return { face: card ? cardFace(card, owner) : null, headers: await commit() };
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status >= 500) throw error;
    return { face: null, headers: await commit() };
  }
}
