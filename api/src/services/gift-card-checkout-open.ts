import type { GiftRecipientInput } from '@contract/api/gift-cards';

import type { UserRow } from '../auth/users.js';
import { DomainError } from '../domain-error.js';
import { type CheckoutDeps, openCheckoutSession } from './checkout.js';
import { requireGiftCardVariant } from './gift-card-sales.js';

const DAY_MS = 86_400_000;

/**
 * A checkout for one gift card (ADR 052): for the buyer, or for a recipient whose email goes out on the
 * chosen day (today or within a year, shop time UTC), from 09:00 UTC; today's goes out at once, whatever the hour.
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
    const day = new Date(`${input.recipient.send_on}T09:00:00Z`);
    const todayIso = now.toISOString().slice(0, 10);
    const today = new Date(`${todayIso}T00:00:00Z`);
    if (Number.isNaN(day.getTime()) || day < today || day.getTime() > now.getTime() + 366 * DAY_MS)
      throw new DomainError('bad_request', 'Choose a send date from today to a year ahead');
    gift = {
      name: input.recipient.name,
      email: input.recipient.email.toLowerCase(),
      message: input.recipient.message || null,
      send_at: (input.recipient.send_on === todayIso || day < now ? now : day).toISOString(),
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
