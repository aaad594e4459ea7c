import { z } from 'zod';

import { GIFT_CARD_LIMITS } from '@contract/gift-cards';
import { formatEuro } from '@contract/money';

/** Euros as the owner types them ("25" or "25,50"), in cents, within a card's limits. */
const euros = z
  .string()
  .trim()
  .transform((value) => Math.round(Number(value.replace(',', '.')) * 100))
  .pipe(
    z
      .number({ invalid_type_error: 'Enter an amount in euros' })
      .int('Enter an amount in euros')
      .min(GIFT_CARD_LIMITS.minAmount, `At least ${formatEuro(GIFT_CARD_LIMITS.minAmount)}`)
      .max(GIFT_CARD_LIMITS.maxAmount, `At most ${formatEuro(GIFT_CARD_LIMITS.maxAmount)}`),
  );

/** The back office's gift-card forms (ADR 052): issue a card, add a gift-card product, set the bonus on credit. */
export const giftCardAdminForm = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('issue'),
    amount: euros,
    expires_on: z
      .string()
      .trim()
      .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Enter a date')
      .optional(),
    recipient_email: z
      .string()
      .trim()
      .max(254, 'Please enter a valid email address')
      .pipe(z.union([z.literal(''), z.string().email('Please enter a valid email address')]))
      .optional()
      .transform((value) => value || null),
  }),
  z.object({
    intent: z.literal('product'),
    name: z.string().trim().min(2, 'Give the gift card a name').max(80, 'At most 80 characters'),
    amounts: z
      .string()
      .transform((value) => value.split(/[\s;]+|,\s+/).filter(Boolean))
      .pipe(z.array(euros).min(1, 'Give at least one amount').max(8, 'At most 8 amounts')),
  }),
  z.object({
    intent: z.literal('bonus'),
    percent: z.coerce
      .number({ invalid_type_error: 'Enter a whole percentage' })
      .int('Enter a whole percentage')
      .min(0)
      .max(25, 'At most 25%'),
  }),
]);
