import { z } from 'zod';

import { DISCOUNT_CODE_PATTERN, DISCOUNT_KINDS, normaliseDiscountCode } from '../discounts';
import { shopWallTimeToDate } from '../shop-time';

/**
 * Discount codes (ADR 031). The shopper's side: `POST cart/discount` prices the cart with a code;
 * `GET discounts/{code}` says whether a code can be used at all (a link to the shop carries one
 * before there is a cart). The owner's side: `/api/admin/discounts`.
 */

/** A code as a shopper types it; the API normalises it. */
export const discountCodeInput = z.string().trim().min(1, 'Enter a discount code').max(64, 'Enter a discount code');
/** `GET /api/discounts/{code}`: the path's code. */
export const discountCodeParamSchema = z.object({ code: discountCodeInput });

export const discountQuoteRequestSchema = z.object({ code: discountCodeInput });

const kind = z.enum(DISCOUNT_KINDS);

/** A usable code, as the shopper may see it. */
export const discountCheckSchema = z.object({
  code: z.string(),
  kind,
  value: z.number().int(),
  /** "10% off", "€5.00 off", "Free shipping". */
  description: z.string(),
});
export type DiscountCheck = z.infer<typeof discountCheckSchema>;

/** The cart priced with a code: what it takes off, and the totals that follow (contract/totals.ts). */
export const discountQuoteSchema = discountCheckSchema.extend({
  discount: z.number().int(),
  free_shipping: z.boolean(),
  subtotal: z.number().int(),
  shipping_cost: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
});
export type DiscountQuote = z.infer<typeof discountQuoteSchema>;

// The owner's routes.

const cents = (label: string) =>
  z
    .number({ invalid_type_error: `Enter ${label} in euros` })
    .int()
    .min(0)
    .max(10_000_000, `Enter ${label} of at most €100,000`);
const when = z.string().datetime({ offset: true, message: 'Enter a date and time' }).nullable();
const count = (label: string) =>
  z
    .number()
    .int()
    .min(1, `Enter ${label} of at least 1, or leave it empty`)
    .max(1_000_000, `Enter ${label} of at most 1,000,000`)
    .nullable();

export const discountCodeRequestSchema = z
  .object({
    code: z
      .string({ required_error: 'Enter a code' })
      .transform(normaliseDiscountCode)
      .pipe(z.string().regex(DISCOUNT_CODE_PATTERN, 'Use 3 to 32 letters, digits, - or _ for the code')),
    kind,
    /** Percent for 'percent', cents for 'amount', 0 for 'free_shipping'. */
    value: z.number().int().min(0).max(10_000_000).default(0),
    min_total: cents('a minimum cart total').default(0),
    starts_at: when.default(null),
    ends_at: when.default(null),
    max_uses: count('a total number of uses').default(null),
    max_uses_per_customer: count('a number of uses per customer').default(null),
    product_ids: z.array(z.string().uuid()).max(200).default([]),
    category_ids: z.array(z.string().uuid()).max(50).default([]),
    active: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'percent' && (value.value < 1 || value.value > 100))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Enter a percentage from 1 to 100' });
    if (value.kind === 'amount' && value.value < 1)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Enter an amount above €0.00' });
    if (value.kind === 'free_shipping' && value.value !== 0)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A free-shipping code takes no amount' });
    if (value.starts_at && value.ends_at && Date.parse(value.starts_at) >= Date.parse(value.ends_at)) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The end must come after the start' });
    }
  });
export type DiscountCodeRequest = z.infer<typeof discountCodeRequestSchema>;

export const adminDiscountCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind,
  value: z.number().int(),
  description: z.string(),
  min_total: z.number().int(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  max_uses_per_customer: z.number().int().nullable(),
  uses: z.number().int(),
  product_ids: z.array(z.string()),
  category_ids: z.array(z.string()),
  active: z.boolean(),
  /** Whether a shopper can use it now: active, within its dates, uses left. */
  usable: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminDiscountCode = z.infer<typeof adminDiscountCodeSchema>;

const choice = z.object({ id: z.string(), name: z.string() });
/** The codes, newest first, and what a code may be limited to. */
export const adminDiscountListSchema = z.object({
  codes: z.array(adminDiscountCodeSchema),
  products: z.array(choice),
  categories: z.array(choice),
});
export const discountIdParamSchema = z.object({ id: z.string().uuid() });

// The owner's form: text as posted, euros and shop-zone wall times, then the API's own rules.

const optionalText = z.string().trim().optional().default('');
const euroAmount = (label: string) =>
  optionalText.transform((v, ctx) => {
    if (!v) return null;
    if (!/^\d{1,6}([.,]\d{1,2})?$/.test(v)) {
      ctx.addIssue({ code: 'custom', message: `Enter ${label} in euros, e.g. 10 or 12.50` });
      return z.NEVER;
    }
    return Math.round(Number(v.replace(',', '.')) * 100);
  });
const wholeNumber = (message: string) =>
  optionalText.transform((v, ctx) => {
    if (!v) return null;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > 1_000_000) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });
const wallTime = optionalText.transform((v, ctx) => {
  if (!v) return null;
  const at = shopWallTimeToDate(v);
  if (!at) {
    ctx.addIssue({ code: 'custom', message: 'Enter a date and time' });
    return z.NEVER;
  }
  return at.toISOString();
});
const ids = z.preprocess((v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]), z.array(z.string().uuid()));

export const discountCodeFormSchema = z
  .object({
    code: z
      .string({ required_error: 'Enter a code' })
      .transform(normaliseDiscountCode)
      .pipe(z.string().regex(DISCOUNT_CODE_PATTERN, 'Use 3 to 32 letters, digits, - or _ for the code')),
    kind: z.enum(DISCOUNT_KINDS, { errorMap: () => ({ message: 'Choose what the code takes off' }) }),
    percent: optionalText,
    amount: euroAmount('the amount'),
    min_total: euroAmount('the minimum cart total'),
    starts_at: wallTime,
    ends_at: wallTime,
    max_uses: wholeNumber('Enter a total number of uses from 1, or leave it empty'),
    max_uses_per_customer: wholeNumber('Enter a number of uses per customer from 1, or leave it empty'),
    product_ids: ids,
    category_ids: ids,
    active: z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean()),
  })
  .superRefine((form, ctx) => {
    if (form.kind === 'percent') {
      const n = Number(form.percent);
      if (!form.percent || !Number.isInteger(n) || n < 1 || n > 100)
        ctx.addIssue({ code: 'custom', path: ['percent'], message: 'Enter a percentage from 1 to 100' });
    }
    if (form.kind === 'amount' && !form.amount) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter an amount above €0.00' });
    if (form.starts_at && form.ends_at && Date.parse(form.starts_at) >= Date.parse(form.ends_at)) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The end must come after the start' });
    }
  })
  .transform(({ percent, amount, ...form }) => ({
    ...form,
    value: form.kind === 'percent' ? Number(percent) : form.kind === 'amount' ? (amount ?? 0) : 0,
    min_total: form.min_total ?? 0,
  }))
  .pipe(discountCodeRequestSchema);
