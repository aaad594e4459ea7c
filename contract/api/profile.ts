import { z } from 'zod';

import { nameField, PHONE_PATTERN, PROFILE_LIMITS } from '../fields';
import { DEFAULT_SHOP_LOCALE, SHOP_LOCALES } from '../locale';
import { userCardsSchema } from './cards';
import { purchaseListSchema, purchaseStatsSchema } from './orders';
import { consentListSchema } from './privacy';

/** GET/PUT user/profile (docs/product.md#api-profile). */
export const profileAnswerSchema = z.object({
  email: z.string(),
  first_name: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  last_name: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  phone: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  address: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  member_since: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  /** The language of the shopper's emails and receipts, and of the shop when they come back signed in. */
  locale: z.enum(SHOP_LOCALES).default(DEFAULT_SHOP_LOCALE),
});
export type Profile = z.infer<typeof profileAnswerSchema>;

/** `PUT user/locale`: the shopper's language, remembered in their account (the switcher, or the profile's choice). */
export const localeRequestSchema = z.object({ locale: z.enum(SHOP_LOCALES) });
export const localeAnswerSchema = z.object({ locale: z.enum(SHOP_LOCALES) });

/** `PUT user/profile`: names as at registration; an empty phone or address clears it. */
export const profileUpdateRequestSchema = z.object({
  first_name: nameField('First name'),
  last_name: nameField('Last name'),
  phone: z
    .string()
    .trim()
    .max(PROFILE_LIMITS.phone, 'Phone number is too long')
    .refine((value) => value === '' || PHONE_PATTERN.test(value), 'Please enter a valid phone number')
    .nullish()
    .transform((v) => v || null),
  address: z
    .string()
    .trim()
    .max(PROFILE_LIMITS.address, 'Address is too long')
    .nullish()
    .transform((v) => v || null),
});

/**
 * `GET user/overview?purchases=N` (issue #21): what the profile page shows, in one call. The profile
 * is required; a part that could not be read is null (the API logs why), as the page only logs those.
 */
export const accountOverviewQuerySchema = z.object({
  purchases: z.coerce.number().int().min(0).max(50).default(5),
});
export const accountOverviewSchema = z.object({
  profile: profileAnswerSchema,
  purchases: purchaseListSchema.nullable(),
  stats: purchaseStatsSchema.nullable(),
  unlocked_cards: userCardsSchema.shape.unlocked_cards.nullable(),
  /** The consents given (issue 39), newest first. */
  consents: consentListSchema.nullable(),
  /** The shopper's store credit in cents (issue 40); 0 when they have none. */
  store_credit: z.number().int().min(0).nullable(),
});
export type AccountOverview = z.infer<typeof accountOverviewSchema>;
