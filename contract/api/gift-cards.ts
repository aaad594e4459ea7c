import { z } from 'zod';

import { GIFT_CARD_LIMITS } from '../gift-cards';

/** A gift card's code as a shopper types it (spaces and dashes allowed). */
export const giftCardCodeInput = z.string().trim().min(1, 'Enter a gift card code').max(64, 'Enter a gift card code');

/** `POST gift-cards/balance`: a card's balance by its code. */
export const giftCardBalanceRequestSchema = z.object({ code: giftCardCodeInput });
export const giftCardBalanceSchema = z.object({
  last4: z.string(),
  balance: z.number().int(),
  expires_at: z.string().nullable(),
});
export type GiftCardBalance = z.infer<typeof giftCardBalanceSchema>;

/** The shopper's store credit (`GET user/store-credit`). */
export const storeCreditSchema = z.object({ balance: z.number().int() });

const ledgerEntry = z.object({
  amount: z.number().int(),
  reason: z.string(),
  actor: z.string(),
  purchase_id: z.string().nullable(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

/** The back office's view of a card: never its code. */
export const adminGiftCardSchema = z.object({
  id: z.string(),
  last4: z.string(),
  initial_amount: z.number().int(),
  balance: z.number().int(),
  expires_at: z.string().nullable(),
  disabled_at: z.string().nullable(),
  issued_by: z.string(),
  recipient_email: z.string().nullable(),
  created_at: z.string(),
});
export type AdminGiftCard = z.infer<typeof adminGiftCardSchema>;
export const adminGiftCardListSchema = z.object({
  cards: z.array(adminGiftCardSchema),
  outstanding: z.number().int(),
  store_credit_outstanding: z.number().int(),
});
export const adminGiftCardDetailSchema = z.object({ card: adminGiftCardSchema, ledger: z.array(ledgerEntry) });

/** `POST admin/gift-cards`: the owner issues a card; the answer carries its code, shown this once. */
export const issueGiftCardRequestSchema = z.object({
  amount: z.number().int().min(GIFT_CARD_LIMITS.minAmount).max(GIFT_CARD_LIMITS.maxAmount),
  expires_at: z.string().datetime({ offset: true }).nullish(),
  recipient_email: z.string().trim().max(254).email('Please enter a valid email address').nullish(),
});
export const issuedGiftCardSchema = z.object({ card: adminGiftCardSchema, code: z.string() });

export const giftCardIdParamSchema = z.object({ id: z.string().uuid() });

/** `POST admin/customers/{id}/store-credit`: the owner adds (positive) or removes (negative) credit, with a reason. */
export const storeCreditAdjustRequestSchema = z.object({
  amount: z
    .number()
    .int()
    .refine((value) => value !== 0 && Math.abs(value) <= 100_000, 'Enter an amount other than zero, at most €1,000'),
  reason: z.string().trim().min(3, 'Give a reason').max(200),
});
export const customerStoreCreditSchema = z.object({ balance: z.number().int(), ledger: z.array(ledgerEntry) });

/** `GET gift-cards/products`: the gift cards on sale, each with its fixed amounts. */
export const giftCardProductsSchema = z.object({
  products: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      amounts: z.array(z.object({ variant_id: z.string(), amount: z.number().int() })),
    }),
  ),
});
export type GiftCardProducts = z.infer<typeof giftCardProductsSchema>;

/** `POST admin/gift-cards/products`: the owner's gift-card product with its fixed amounts (cents). */
export const giftCardProductRequestSchema = z.object({
  name: z.string().trim().min(2, 'Give the gift card a name').max(80),
  amounts: z
    .array(z.number().int().min(GIFT_CARD_LIMITS.minAmount).max(GIFT_CARD_LIMITS.maxAmount))
    .min(1, 'Give at least one amount')
    .max(8, 'At most 8 amounts'),
});
export const giftCardProductCreatedSchema = z.object({ id: z.string() });

/** For whom a gift card is bought: name, email, a short message and the day its email goes out. */
export const giftRecipientSchema = z.object({
  name: z.string().trim().min(1, 'Enter their name').max(100, 'At most 100 characters'),
  email: z.string().trim().max(254).email('Please enter a valid email address'),
  message: z.string().trim().max(300, 'At most 300 characters').nullish(),
  /** YYYY-MM-DD; today or within a year. */
  send_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date'),
});
export type GiftRecipientInput = z.infer<typeof giftRecipientSchema>;
