import { z } from 'zod';

/** The gift cards page's posts (ADR 052): buy one (for me, or for someone with their details), or check a code's balance. */
export const giftCardPageSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('buy'),
    variant_id: z.string().uuid(),
    for: z.enum(['me', 'someone']).default('me'),
    recipient_name: z.string().trim().max(100).default(''),
    recipient_email: z.string().trim().max(254).default(''),
    message: z.string().trim().max(300).default(''),
    send_on: z.string().trim().max(10).default(''),
  }),
  z.object({ intent: z.literal('check-balance'), code: z.string().trim().max(64).default('') }),
]);
export type GiftCardPagePost = z.infer<typeof giftCardPageSchema>;
