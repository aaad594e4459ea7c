import { formatEuro } from './money';

/** What a discount code takes off: a share of the eligible items, an amount from them, or the shipping. */
export const DISCOUNT_KINDS = ['percent', 'amount', 'free_shipping'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** Codes are stored and compared in capitals without spaces: "summer 10 " and "SUMMER10" are one code. */
export function normaliseDiscountCode(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

/** A code as the owner may write it (after normalising): 3 to 32 letters, digits, dashes or underscores. */
export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

/** Why a code cannot be used; each has its own message for the shopper. */
export const DISCOUNT_REFUSALS = [
  'discount_invalid',
  'discount_not_started',
  'discount_expired',
  'discount_used_up',
  'discount_customer_used_up',
  'discount_not_applicable',
  'discount_below_minimum',
] as const;
export type DiscountRefusal = (typeof DISCOUNT_REFUSALS)[number];

/** The shopper's messages, one per refusal (the code as entered, normalised). */
export const DISCOUNT_MESSAGES = {
  discount_invalid: (code: string) => `The code ${code} is not valid. Check its spelling.`,
  discount_not_started: (code: string, startsAt?: string) =>
    `The code ${code} cannot be used yet${startsAt ? `: it starts on ${startsAt}` : ''}.`,
  discount_expired: (code: string) => `The code ${code} has expired.`,
  discount_used_up: (code: string) => `The code ${code} has been used up.`,
  discount_customer_used_up: (code: string) => `You have already used the code ${code} as many times as it allows.`,
  discount_not_applicable: (code: string) => `The code ${code} does not apply to the items in your cart.`,
  discount_below_minimum: (code: string, minimum: number) => `The code ${code} needs a cart total of at least ${formatEuro(minimum)}.`,
  applied: (code: string) => `The code ${code} is applied.`,
  removed: 'The discount code was removed.',
  linkApplied: (code: string) => `The code ${code} will be applied to your cart.`,
  oneCodePerOrder: 'One code per order: remove the code applied to use another.',
  enterCode: 'Enter a discount code',
} as const;

/** What a code does, as checkout and the cart quote read it. */
export interface DiscountRule {
  kind: DiscountKind;
  /** Percent (1–100) for 'percent', cents for 'amount', unused for 'free_shipping'. */
  value: number;
  /** Limited to these products or categories; both empty: every item. */
  product_ids: readonly string[];
  category_ids: readonly string[];
}

/** A line as a discount sees it. */
export interface DiscountLine {
  product_id: string;
  category_ids: readonly string[];
  unit_price: number;
  quantity: number;
}

export interface DiscountOutcome {
  /** Cents taken off the items (0 for free shipping). */
  discount: number;
  /** The discount's share of each line, in the order given; sums to `discount`. */
  line_discounts: number[];
  free_shipping: boolean;
  /** The total of the lines the code applies to. */
  eligible_total: number;
}

export function isEligible(
  rule: Pick<DiscountRule, 'product_ids' | 'category_ids'>,
  line: Pick<DiscountLine, 'product_id' | 'category_ids'>,
): boolean {
  if (rule.product_ids.length === 0 && rule.category_ids.length === 0) return true;
  return rule.product_ids.includes(line.product_id) || line.category_ids.some((id) => rule.category_ids.includes(id));
}

/** Shares `amount` over `weights` in proportion, to the cent, the remainders going to the largest fractions. */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0 || amount <= 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (amount * weight) / total);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((sum, share) => sum + share, 0);
  const order = exact
    .map((value, index) => ({ index, fraction: value - Math.floor(value) }))
    .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index] += 1;
    left -= 1;
  }
  return shares;
}

/** What a code takes off these lines. A percentage is rounded half up on the eligible total; an amount never passes it. */
export function discountFor(rule: DiscountRule, lines: readonly DiscountLine[]): DiscountOutcome {
  const eligible = lines.map((line) => (isEligible(rule, line) ? line.unit_price * line.quantity : 0));
  const eligibleTotal = eligible.reduce((sum, value) => sum + value, 0);
  let discount = 0;
  if (rule.kind === 'percent') discount = Math.floor((eligibleTotal * Math.min(100, Math.max(0, rule.value)) + 50) / 100);
  else if (rule.kind === 'amount') discount = Math.min(eligibleTotal, Math.max(0, rule.value));
  return {
    discount,
    line_discounts: allocate(discount, eligible),
    free_shipping: rule.kind === 'free_shipping' && eligibleTotal > 0,
    eligible_total: eligibleTotal,
  };
}

/** How the owner's list and the cart describe a code: "10% off", "€5.00 off", "Free shipping". */
export function describeDiscount(rule: Pick<DiscountRule, 'kind' | 'value'>): string {
  if (rule.kind === 'percent') return `${rule.value}% off`;
  if (rule.kind === 'amount') return `${formatEuro(rule.value)} off`;
  return 'Free shipping';
}
