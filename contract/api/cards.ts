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
});
export type ApiCard = z.infer<typeof apiCardSchema>;

export const userCardsSchema = z.object({ unlocked_cards: z.array(apiCardSchema) });
export const cardListSchema = z.object({ cards: z.array(apiCardSchema).default([]), total: z.number().int() });

/** `GET cards/cards?page=&per_page=`. */
export const cardsQuerySchema = z.object({
  per_page: z.coerce.number({ invalid_type_error: 'per_page must be a whole number' }).int('per_page must be a whole number').min(1).max(100).default(20),
  page: z.coerce.number({ invalid_type_error: 'page must be a whole number' }).int('page must be a whole number').min(1).max(100_000).default(1),
});
