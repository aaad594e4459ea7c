import { type Context, Hono } from 'hono';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import type { z } from 'zod';

import {
  cartCheckoutRequestSchema,
  checkoutAnswerSchema,
  giftCardCheckoutRequestSchema,
  quickCheckoutRequestSchema,
  webhookAnswerSchema,
} from '@contract/api/checkout';
import { DELIVERY_ADDRESS_MESSAGES, type DeliveryAddress } from '@contract/delivery-address';

import { answer } from '../answer.js';
import { readCartToken, shopperCart } from '../auth/cart-cookie.js';
import { countCodeAttempt, tryingCode, tryingGiftCard } from '../auth/code-attempts.js';
import { requireUser } from '../auth/middleware.js';
import type { AppEnv } from '../deps.js';
import { ApiError, validate } from '../http-errors.js';
import { hashCartToken } from '../services/cart.js';
import { cartLines } from '../services/cart-lines.js';
import { openCheckoutSession } from '../services/checkout.js';
import { giveConsent } from '../services/consents.js';
import { openGiftCardCheckout } from '../services/gift-card-checkout-open.js';
import { handlePaymentEvent } from '../services/payment-events.js';
import { completePrepaidCheckout } from '../services/prepaid-checkout.js';

/** A delivery address's postal code in the shape its country uses (checked here: the contract runs without the validator's tables). */
function postalCodeFits(body: { shipping_address?: DeliveryAddress | null }, ctx: z.RefinementCtx) {
  const address = body.shipping_address;
  if (address && postcodeValidatorExistsForCountry(address.country) && !postcodeValidator(address.postal_code, address.country)) {
    ctx.addIssue({ code: 'custom', path: ['shipping_address', 'postal_code'], message: DELIVERY_ADDRESS_MESSAGES.postalCodeFits });
  }
}

/** docs/product.md#api-checkout; mounted at /api/checkout/. */
/**
 * The shopper pressed a checkout button that says it accepts the terms and the privacy policy: recorded
 * with their version, once while in force, for a guest as for an account (issue 39).
 */
const acceptTerms = (c: Context<AppEnv>) => giveConsent(c.var.deps.db, c.var.deps.clock.now(), c.var.user.id, 'terms');

export function checkoutRoutes() {
  const app = new Hono<AppEnv>();

  app.post('/', requireUser, validate('json', cartCheckoutRequestSchema.superRefine(postalCodeFits)), async (c) => {
    const body = c.req.valid('json');
    const user = c.var.user;
    const { cartId } = await shopperCart(c, { create: false });
    const items = await cartLines(c.var.deps.db, cartId);
    if (items.length === 0) throw new ApiError(400, 'Your cart is empty', 'cart_empty');
    const token = readCartToken(c);
    const open = () =>
      openCheckoutSession(c.var.deps, {
        user,
        kind: 'cart',
        cartId,
        cartTokenHash: token ? hashCartToken(token) : null,
        lines: items.map((item) => ({ variantId: item.variant_id, quantity: item.quantity })),
        successUrl: body.success_url,
        cancelUrl: body.cancel_url,
        metadata: { ...body.metadata, cart_id: cartId },
        discountCode: body.discount_code ? { code: body.discount_code, lenient: false } : null,
        giftCardCode: body.gift_card_code ?? null,
        useStoreCredit: body.use_store_credit,
        shippingAddress: body.shipping_address ?? null,
        signal: c.req.raw.signal,
        locale: c.var.locale,
      });
    // A code refused here counts as a guess, as in the cart.
    const withCode = () => (body.discount_code ? tryingCode(c, body.discount_code, { userId: user.id }, open) : open());
    // A gift card's code is a guess too, counted on the same budgets.
    const result = body.gift_card_code ? await tryingGiftCard(c, { userId: user.id }, withCode) : await withCode();
    await acceptTerms(c);
    if (result.paid_in_full) await completePrepaidCheckout(c.var.deps, result.session_id, user.id, body.shipping_address ?? null);
    return answer(c, checkoutAnswerSchema, { checkout_url: result.checkout_url });
  });

  app.post('/quick', requireUser, validate('json', quickCheckoutRequestSchema.superRefine(postalCodeFits)), async (c) => {
    const body = c.req.valid('json');
    const token = readCartToken(c);
    // A code carried into a quick purchase is left out when it does not apply: that still counts as a guess.
    const giveBack = body.discount_code ? await countCodeAttempt(c, { userId: c.var.user.id }) : null;
    const open = () =>
      openCheckoutSession(c.var.deps, {
        user: c.var.user,
        kind: 'quick',
        cartId: null,
        cartTokenHash: token ? hashCartToken(token) : null,
        lines: [{ variantId: body.product_variant_id, quantity: body.quantity }],
        successUrl: body.success_url,
        cancelUrl: body.cancel_url,
        metadata: body.metadata,
        discountCode: body.discount_code ? { code: body.discount_code, lenient: true } : null,
        giftCardCode: body.gift_card_code ?? null,
        useStoreCredit: body.use_store_credit,
        shippingAddress: body.shipping_address ?? null,
        signal: c.req.raw.signal,
        locale: c.var.locale,
      });
    const result = await (body.gift_card_code ? tryingGiftCard(c, { userId: c.var.user.id }, open) : open()).catch(
      async (error: unknown) => {
        await giveBack?.();
        throw error;
      },
    );
    if (result.discount_applied) await giveBack?.();
    await acceptTerms(c);
    if (result.paid_in_full) await completePrepaidCheckout(c.var.deps, result.session_id, c.var.user.id, body.shipping_address ?? null);
    return answer(c, checkoutAnswerSchema, { checkout_url: result.checkout_url });
  });

  // One gift card, for the buyer or a recipient (ADR 052): its own page, never the cart.
  app.post('/gift-card', requireUser, validate('json', giftCardCheckoutRequestSchema), async (c) => {
    const body = c.req.valid('json');
    const token = readCartToken(c);
    const result = await openGiftCardCheckout(c.var.deps, {
      user: c.var.user,
      variantId: body.product_variant_id,
      recipient: body.recipient ?? null,
      successUrl: body.success_url,
      cancelUrl: body.cancel_url,
      metadata: body.metadata,
      cartTokenHash: token ? hashCartToken(token) : null,
      locale: c.var.locale,
      signal: c.req.raw.signal,
    });
    await acceptTerms(c);
    return answer(c, checkoutAnswerSchema, { checkout_url: result.checkout_url });
  });

  // Provider notifications (Stripe): verified by signature, then fulfilled or released idempotently.
  app.post('/webhook', async (c) => {
    const { payments } = c.var.deps;
    if (!payments.parseWebhook) throw new ApiError(404, 'No payment provider sends webhooks here');
    const outcome = payments.parseWebhook(await c.req.text(), c.req.header('stripe-signature'));
    return answer(c, webhookAnswerSchema, await handlePaymentEvent(c.var.deps, outcome));
  });

  return app;
}
