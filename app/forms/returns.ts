import { z } from 'zod';

import { RETURN_REASONS, SIZE_REASONS } from '@contract/api/returns';

import { RETURN_MESSAGES } from '~/lib/returns-messages';

/**
 * The return form (ADR 032): for each line the units to send back and, for a size problem, another
 * size instead of a refund; one reason and an optional note. The browser and the action share it.
 */
export const returnFormSchema = z
  .object({
    // Optional here and required below, so a form missing both the reason and the items names both.
    reason: z.enum(RETURN_REASONS, { errorMap: () => ({ message: RETURN_MESSAGES.chooseReason }) }).optional(),
    comment: z.string({ invalid_type_error: RETURN_MESSAGES.commentTooLong }).trim().max(500, RETURN_MESSAGES.commentTooLong).optional(),
    // A refund to the payment, or as store credit (registered accounts; ADR 052).
    refund_to: z.enum(['payment', 'store_credit'], { errorMap: () => ({ message: RETURN_MESSAGES.reload }) }).default('payment'),
    lines: z
      .array(
        z.object({
          item_id: z
            .string({ required_error: RETURN_MESSAGES.reload, invalid_type_error: RETURN_MESSAGES.reload })
            .uuid(RETURN_MESSAGES.reload),
          quantity: z.coerce
            .number({ invalid_type_error: RETURN_MESSAGES.wholeUnits })
            .int(RETURN_MESSAGES.wholeUnits)
            .min(0, RETURN_MESSAGES.wholeUnits)
            .max(10_000, RETURN_MESSAGES.wholeUnits)
            .default(0),
          exchange_variant_id: z.string({ invalid_type_error: RETURN_MESSAGES.chooseSize }).uuid(RETURN_MESSAGES.chooseSize).optional(),
        }),
      )
      .max(100, RETURN_MESSAGES.reload)
      .default([]),
  })
  .superRefine((value, ctx) => {
    if (!value.reason) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['reason'], message: RETURN_MESSAGES.chooseReason });
    const chosen = value.lines.filter((line) => line.quantity > 0);
    if (chosen.length === 0) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['lines'], message: RETURN_MESSAGES.chooseItems });
      return;
    }
    const exchanged = chosen.filter((line) => line.exchange_variant_id);
    if (exchanged.length > 0 && value.reason && !SIZE_REASONS.includes(value.reason)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['reason'], message: RETURN_MESSAGES.exchangeNeedsSize });
    } else if (exchanged.length > 0 && exchanged.length < chosen.length) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['lines'], message: RETURN_MESSAGES.exchangeAllOrNone });
    }
  });
export type ReturnForm = z.infer<typeof returnFormSchema>;
