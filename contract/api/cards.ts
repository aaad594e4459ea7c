import { z } from 'zod';

import { CARD_RULES } from '../cards';

/** The Collectible card of docs/product.md#data-card as the API answers it. */
export const apiCardSchema = z.object({
  id: z.string(),
  product_id: z.string().nullish(),
  product_name: z.string().nullish(),
  name: z.string(),
  rarity: z.string().nullish(),
  animation_folder_path: z.string(),
  animation_file_name: z.string(),
  animation_file_format: z.string().default('webp'),
  animation_length: z.number().int().positive().default(CARD_RULES.animationLength),
  image_path: z.string(),
  text_color: z.string(),
  accent_color: z.string(),
  bg_color: z.string(),
  unlocked_at: z.string().nullish(),
  created_at: z.string().nullish(),
  /** The serial of this shopper's card (each unlocked card has its own); null for a card not unlocked. */
  serial: z.string().nullish(),
});
export type ApiCard = z.infer<typeof apiCardSchema>;

export const userCardsSchema = z.object({ unlocked_cards: z.array(apiCardSchema) });
export const cardListSchema = z.object({ cards: z.array(apiCardSchema).default([]), total: z.number().int() });

/** `GET cards/cards?page=&per_page=`. */
export const cardsQuerySchema = z.object({
  per_page: z.coerce
    .number({ invalid_type_error: 'per_page must be a whole number' })
    .int('per_page must be a whole number')
    .min(1)
    .max(100)
    .default(20),
  page: z.coerce
    .number({ invalid_type_error: 'page must be a whole number' })
    .int('page must be a whole number')
    .min(1)
    .max(100_000)
    .default(1),
});

/**
 * What a card's face shows (ADR 011): what a share link carries, and what the storefront asks the
 * API to draw as a PNG (`POST cards/face.png`). The card's own fields must match the card the API
 * holds; the owner's name and the unlock date are the shopper's.
 */
export const cardFaceSchema = z.object({
  v: z.literal(1),
  id: z.string().uuid(),
  n: z.string().max(200),
  r: z.string().max(50).nullable(),
  o: z.string().max(200),
  u: z.string().max(40).nullable(),
  i: z.string().max(300),
  tc: z.string().max(20),
  ac: z.string().max(20),
  bc: z.string().max(20),
  /** The owned card's serial, whose first characters the face shows (older links have none: the card's id stands in). */
  s: z.string().uuid().optional(),
  /** The face's language (its label's words); absent: English, as links made before it. */
  l: z.enum(['en', 'it']).optional(),
});
export type CardFace = z.infer<typeof cardFaceSchema>;
