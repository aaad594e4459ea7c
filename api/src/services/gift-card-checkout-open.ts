import type { GiftRecipientInput } from '@contract/api/gift-cards';
import { shopDay, shopDayStart, shopWallTimeToDate } from '@contract/shop-time';

import type { UserRow } from '../auth/users.js';
import { DomainError } from '../domain-error.js';
import { type CheckoutDeps, openCheckoutSession } from './checkout.js';
import { requireGiftCardVariant } from './gift-card-sales.js';

const DAY_MS = 86_400_000;

/**
 * A checkout for one gift card (ADR 052): for the buyer, or for a recipient whose email goes out on the
 * chosen day (today or within a year, in the shop's day, Italian time, as the storefront's date field
 * offers it), from 09:00 Italian time; today's goes out at once, whatever the hour.
 */
export async function openGiftCardCheckout(
  deps: CheckoutDeps,
  input: {
    user: UserRow;
    variantId: string;
    recipient: GiftRecipientInput | null;
    successUrl: string;
    cancelUrl: string;
    metadata: Record<string, unknown>;
    cartTokenHash: string | null;
    locale?: 'en' | 'it';
    signal?: AbortSignal;
  },
) {
  await requireGiftCardVariant(deps.db, input.variantId);
  const now = deps.clock.now();
  let gift = null;
  if (input.recipient) {
    const today = shopDay(now);
    const day = shopWallTimeToDate(`${input.recipient.send_on}T09:00`);
    if (!day || day < shopDayStart(today) || day.getTime() > now.getTime() + 366 * DAY_MS)
      throw new DomainError('bad_request', 'Choose a send date from today to a year ahead');
    gift = {
      name: input.recipient.name,
      email: input.recipient.email.toLowerCase(),
      message: input.recipient.message || null,
      send_at: (input.recipient.send_on === today || day < now ? now : day).toISOString(),
    };
  }
  return openCheckoutSession(deps, {
    user: input.user,
    kind: 'quick',
    cartId: null,
    cartTokenHash: input.cartTokenHash,
    lines: [{ variantId: input.variantId, quantity: 1 }],
    successUrl: input.successUrl,
    cancelUrl: input.cancelUrl,
    metadata: input.metadata,
    gift,
    signal: input.signal,
    locale: input.locale,
  });
}
