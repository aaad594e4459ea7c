import type { Context } from 'hono';

import { DISCOUNT_MESSAGES, normaliseDiscountCode } from '@contract/discounts';

import { clientIp } from '../client-ip.js';
import type { AppEnv } from '../deps.js';
import { DomainError } from '../domain-error.js';
import { enforceRateLimit, RATE_RULES, type RateRule } from '../services/rate-limits.js';

/** Whom a code attempt is counted against besides the client's address: a signed-in user, else a cart. */
export type CodeTrier = { userId: string } | { cartId: string } | null;

const isCodeRefusal = (error: unknown): error is DomainError => error instanceof DomainError && error.code.startsWith('discount_');

/**
 * Runs `attempt`, which tries the code `raw`, as a guess the shop limits (ADR 043): a point of the
 * client's and the shopper's budgets is taken first (429 once they are spent) and given back unless
 * the code was refused. To a caller who is not signed in, every refusal reads as an unknown code, so
 * a code's existence shows only once it actually applies.
 */
export async function tryingCode<T>(c: Context<AppEnv>, raw: string, trier: CodeTrier, attempt: () => Promise<T>): Promise<T> {
  const giveBack = await countCodeAttempt(c, trier);
  try {
    const result = await attempt();
    await giveBack();
    return result;
  } catch (error) {
    if (!isCodeRefusal(error)) {
      await giveBack();
      throw error;
    }
    if (trier && 'userId' in trier) throw error;
    const code = normaliseDiscountCode(raw);
    throw new DomainError('discount_invalid', DISCOUNT_MESSAGES.discount_invalid(code || raw.trim()));
  }
}

/**
 * The same budgets for a gift card's code (ADR 052): a refused card (unknown, disabled, expired: all
 * read as unknown) costs a point; anything else gives it back.
 */
export async function tryingGiftCard<T>(c: Context<AppEnv>, trier: CodeTrier, attempt: () => Promise<T>): Promise<T> {
  const giveBack = await countCodeAttempt(c, trier);
  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    if (!(error instanceof DomainError && error.code === 'gift_card_invalid')) await giveBack();
    throw error;
  }
  await giveBack();
  return result;
}

/**
 * Takes a point of the client's and the shopper's budgets of refused codes (429 once either is spent)
 * and answers the call that gives it back, for an attempt that turned out not to be a refused code.
 */
export async function countCodeAttempt(c: Context<AppEnv>, trier: CodeTrier): Promise<() => Promise<void>> {
  const { rateLimits } = c.var.deps;
  const budgets: [RateRule, string][] = [[RATE_RULES.codePerIp, clientIp(c)]];
  if (trier) budgets.push([RATE_RULES.codePerShopper, 'userId' in trier ? `user:${trier.userId}` : `cart:${trier.cartId}`]);
  for (const [rule, key] of budgets) await enforceRateLimit(c, rateLimits, rule, key);
  return async () => {
    for (const [rule, key] of budgets) await rateLimits.reward(rule, key);
  };
}
