import { z } from 'zod';

import { ALL_PRODUCTS_ID, FUNNEL_PERIODS, FUNNEL_STEP_LABELS, FUNNEL_STEPS, type FunnelStep } from '../funnel';

export { ALL_PRODUCTS_ID, FUNNEL_PERIODS, FUNNEL_STEP_LABELS, FUNNEL_STEPS, type FunnelStep };

/** `GET admin/funnel?days=7|30[&product_id=]`. */
export const funnelQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((days) => (FUNNEL_PERIODS as readonly number[]).includes(days), 'days is 7 or 30')
    .default(7),
  product_id: z.string().uuid().optional(),
});

const stepCounts = z.object(Object.fromEntries(FUNNEL_STEPS.map((step) => [step, z.number().int()])) as Record<FunnelStep, z.ZodNumber>);
export type StepCounts = z.infer<typeof stepCounts>;

/** The funnel over the last `days` shop days, today included: per day, in total, and per product. */
export const funnelSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(z.object({ day: z.string() }).merge(stepCounts)),
  totals: stepCounts,
  /** The step that loses the largest share of the shoppers who reached the one before it; null without traffic. */
  biggest_drop: z.object({ from: z.enum(FUNNEL_STEPS), to: z.enum(FUNNEL_STEPS), lost: z.number().int(), rate: z.number() }).nullable(),
  products: z.array(z.object({ product_id: z.string(), name: z.string() }).merge(stepCounts)),
});
export type Funnel = z.infer<typeof funnelSchema>;

/** A calendar day, YYYY-MM-DD, that exists. */
const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is YYYY-MM-DD')
  .refine((day) => {
    const at = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(day);
  }, 'No such day');

/** `POST admin/funnel/views` (the storefront, with the admin token): product page views it counted, batched. */
export const funnelViewsRequestSchema = z.object({
  views: z
    .array(
      z.object({
        day: calendarDay,
        product: z.string().min(1).max(200),
        n: z.number().int().min(1).max(1_000_000),
      }),
    )
    .max(1000),
});
export const funnelViewsAnswerSchema = z.object({ counted: z.number().int() });

/** The owner's reminder settings (shop settings, `cart_reminders`). Off until an owner turns them on. */
export const REMINDER_DEFAULTS = {
  enabled: false,
  first_hours: 4,
  followup_hours: 48,
  subject_en: 'You left something in your cart',
  subject_it: 'Hai lasciato qualcosa nel carrello',
};
export const reminderSettingsSchema = z.object({
  enabled: z.boolean(),
  first_hours: z.number().int(),
  followup_hours: z.number().int(),
  subject_en: z.string(),
  subject_it: z.string(),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;
const hours = (number: z.ZodNumber, min: number, max: number) =>
  number.int('Whole hours').min(min, `At least ${min} hours`).max(max, `At most ${max} hours`);
const subject = z
  .string({ required_error: 'Enter a subject line' })
  .trim()
  .min(1, 'Enter a subject line')
  .max(120, 'At most 120 characters');
const followUpLater = { message: 'The follow-up comes after the first reminder', path: ['followup_hours'] };

/** `POST admin/reminders/settings` (owner only): the follow-up comes after the first. */
export const reminderSettingsRequestSchema = z
  .object({
    enabled: z.boolean(),
    first_hours: hours(z.number(), 1, 168),
    followup_hours: hours(z.number(), 2, 720),
    subject_en: subject,
    subject_it: subject,
  })
  .refine((s) => s.followup_hours > s.first_hours, followUpLater);
/** The back office's form of the same: a checkbox and text fields. */
export const reminderSettingsFormSchema = z
  .object({
    enabled: z.preprocess((value) => value === 'on' || value === 'true', z.boolean()),
    first_hours: hours(z.coerce.number({ invalid_type_error: 'Enter a number of hours' }), 1, 168),
    followup_hours: hours(z.coerce.number({ invalid_type_error: 'Enter a number of hours' }), 2, 720),
    subject_en: subject,
    subject_it: subject,
  })
  .refine((s) => s.followup_hours > s.first_hours, followUpLater);

/** `GET admin/reminders`: the settings, and per week (Monday, shop time) what the reminders did. */
export const reminderReportSchema = z.object({
  settings: reminderSettingsSchema,
  weeks: z.array(
    z.object({
      week: z.string(),
      sent: z.number().int(),
      opened: z.number().int(),
      recovered: z.number().int(),
      revenue: z.number().int(),
    }),
  ),
});
export type ReminderReport = z.infer<typeof reminderReportSchema>;

/** `GET admin/demand`: per variant, what shoppers want of it, most wanted first (what to restock or re-drop). */
export const demandSchema = z.array(
  z.object({
    sku: z.string(),
    product_name: z.string(),
    variant: z.string(),
    stock_quantity: z.number().int(),
    notify_waiting: z.number().int(),
    wishlists: z.number().int(),
    carts_abandoned: z.number().int(),
    sold: z.number().int(),
    /** Units sold since launch ÷ (sold + on hand); 0 when neither. */
    sell_through: z.number(),
  }),
);
export type Demand = z.infer<typeof demandSchema>;

/** Tokens of the links in emails: a restore link, an unsubscribe link, a confirmation link. */
export const linkTokenSchema = z.object({ token: z.string().min(1).max(200) });
export const restoreAnswerSchema = z.object({ restored: z.number().int(), sold_out: z.number().int() });
export const marketingAnswerSchema = z.object({ message: z.string() });
